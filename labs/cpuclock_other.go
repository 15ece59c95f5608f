//go:build unix && !linux

package labs

import "time"

func threadClock() func() time.Duration { return processClock() }

//go:build !linux

package worker

// netReason is the start's error as it is: only Linux boxes ask for
// namespaces (box_linux.go).
func netReason(err string) string { return err }

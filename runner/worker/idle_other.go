//go:build !linux

package worker

// coreIdle is never sure where the OS does not say what runs now (see
// idle_linux.go): the parts wait for the grades.
func coreIdle(int) bool { return false }

//go:build !linux

package proc

// List is empty where there is no /proc to read.
func List() []Proc { return nil }

// Dir is "" where there is no /proc.
func Dir(int) string { return "" }

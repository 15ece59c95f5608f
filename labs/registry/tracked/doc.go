// Package tracked holds one test: no file git tracks gives a prediction's
// answer away (tracked_test.go).
package tracked

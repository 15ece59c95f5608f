//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"sync"
	"time"

	"termlab/runner/testrun"
)

// burn starts a CPU-bound process beside the rounds (testrun.BurnCommand:
// this program again, spinning on one core), and starts another should it
// end by itself (a burner stops after ten minutes whatever happens); stop
// kills it and returns the CPU time the burners used, the proof that one
// spun. On Linux it also dies with this program, however that ends.
func burn() (stop func() time.Duration, err error) {
	var mu sync.Mutex
	var cmd *exec.Cmd
	var cpu time.Duration
	var wg sync.WaitGroup
	stopped := false
	var start func() error
	start = func() error {
		c := testrun.BurnCommand()
		c.SysProcAttr = dieWithParent()
		if err := c.Start(); err != nil {
			return fmt.Errorf("starting the burner: %v", err)
		}
		cmd = c
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Wait()
			mu.Lock()
			defer mu.Unlock()
			cpu += c.ProcessState.UserTime() + c.ProcessState.SystemTime()
			if !stopped {
				if err := start(); err != nil {
					fmt.Fprintln(os.Stderr, "savetime:", err)
				}
			}
		}()
		return nil
	}
	mu.Lock()
	defer mu.Unlock()
	if err := start(); err != nil {
		return nil, err
	}
	return func() time.Duration {
		mu.Lock()
		stopped = true
		cmd.Process.Kill()
		mu.Unlock()
		wg.Wait()
		return cpu
	}, nil
}

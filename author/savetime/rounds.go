//go:build unix

package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"termlab/labs"
)

// round is one round's times.
type round struct {
	floor, verdict, over, still time.Duration
}

// rounds runs the rounds, printing each, then their summary.
func (l *lab) rounds(ctx context.Context, out io.Writer) error {
	fmt.Fprintf(out, "rounds (poll %v, still = the same screen for %v), load average %s\n", l.c.poll, l.c.quiet, loadavg())
	var rs []round
	began, self, server := time.Now(), cpuSelf(), cpuOf(l.term.server)
	defer func() {
		// What the measuring costs: a capture every poll, read here and
		// answered by the tmux server (which also reads everything the lab
		// draws, as any terminal would).
		fmt.Fprintf(out, "the measuring: savetime %.1f s of CPU, the tmux server %.1f s, in %.1f s\n",
			(cpuSelf() - self).Seconds(), (cpuOf(l.term.server) - server).Seconds(), time.Since(began).Seconds())
	}()
	for n := 1; n <= l.c.rounds; n++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var r round
		var err error
		if r.floor, err = l.floor.Save(n); err != nil {
			return err
		}
		verdict := map[bool]string{true: "pass", false: "fail"}[n%2 == 0]
		if r.verdict, r.over, r.still, err = l.measure(ctx, n, verdict); err != nil {
			return fmt.Errorf("round %d: %v", n, err)
		}
		rs = append(rs, r)
		f := r.floor.Seconds()
		fmt.Fprintf(out, "round %d (TODO 1 %s): floor %s · verdict %s (%.2f×) · over %s (%.2f×) · still %s (%.2f×)\n",
			n, map[string]string{"pass": "✓", "fail": "✗"}[verdict], ms(r.floor), ms(r.verdict), r.verdict.Seconds()/f,
			ms(r.over), r.over.Seconds()/f, ms(r.still), r.still.Seconds()/f)
	}
	fmt.Fprint(out, summary(rs))
	fmt.Fprintf(out, "load average after: %s\n", loadavg())
	return nil
}

// measure saves n and times the screen (see the package doc).
func (l *lab) measure(ctx context.Context, n int, verdict string) (shown, over, still time.Duration, err error) {
	start := time.Now()
	if err := l.save(n); err != nil {
		return 0, 0, 0, err
	}
	l.tracef(start, "save %d written (TODO 1 should %s)", n, verdict)
	labs.Step("savetime: save %d written", n)
	at, err := l.waitFor(ctx, "TODO 1's "+verdict+" in every place", l.c.limit, func(_ string, p pane) bool { return p.shows(verdict) })
	if err != nil {
		return 0, 0, 0, err
	}
	shown = at.Sub(start)
	labs.Step("savetime: verdict seen %d", n)
	at, err = l.waitFor(ctx, `"grading…" gone`, l.c.limit, func(_ string, p pane) bool { return p.over() })
	if err != nil {
		return 0, 0, 0, err
	}
	over = at.Sub(start)
	labs.Step("savetime: over seen %d", n)
	last, err := l.still(ctx, at, l.c.limit)
	if err != nil {
		return 0, 0, 0, err
	}
	return shown, over, last.Sub(start), nil
}

// waitFor captures the screen every poll until done holds, and returns
// when that capture's answer arrived.
func (l *lab) waitFor(ctx context.Context, what string, limit time.Duration, done func(text string, p pane) bool) (time.Time, error) {
	deadline := time.Now().Add(limit)
	var text string
	for tick := time.Now(); ; tick = tick.Add(l.c.poll) {
		if ctx.Err() != nil {
			return time.Time{}, ctx.Err()
		}
		var at time.Time
		var err error
		text, at, err = l.capture()
		if err != nil {
			return time.Time{}, err
		}
		if text != l.read.text || l.read.at.IsZero() {
			// Read only a screen that changed: most polls see the last one.
			l.read.text, l.read.pane, l.read.at = text, readPane(text, l.row), at
		}
		if done(text, l.read.pane) {
			return at, nil
		}
		if at.After(deadline) {
			return time.Time{}, fmt.Errorf("no %s on screen within %v; the screen:\n%s", what, limit, text)
		}
		if wait := time.Until(tick.Add(l.c.poll)); wait > 0 {
			time.Sleep(wait)
		} else {
			tick = time.Now() // a slow capture: the next one now, not a burst
		}
	}
}

// still waits until the screen has not changed for quiet, and returns
// when the last change was seen; since is when the screen was last seen
// to change before (the capture waitFor last returned), returned if no
// later change is.
func (l *lab) still(ctx context.Context, since time.Time, limit time.Duration) (time.Time, error) {
	last, prev := since, l.read.text
	_, err := l.waitFor(ctx, "a still screen", limit, func(text string, _ pane) bool {
		now := time.Now()
		if text != prev {
			prev, last = text, now
		}
		return now.Sub(last) >= l.c.quiet
	})
	return last, err
}

// capture is the screen now, written to the trace when it changed.
func (l *lab) capture() (string, time.Time, error) {
	text, at, err := l.term.capture()
	if err == nil && l.trace != nil && text != l.lastTrace {
		l.lastTrace = text
		fmt.Fprintf(l.trace, "--- %s\n%s", at.Format("15:04:05.000"), text)
	}
	return text, at, err
}

func (l *lab) tracef(at time.Time, format string, args ...any) {
	if l.trace != nil {
		fmt.Fprintf(l.trace, "=== %s %s\n", at.Format("15:04:05.000"), fmt.Sprintf(format, args...))
	}
}

package cli

import (
	"context"
	"errors"
	"testing"
	"time"

	"termlab/labs"
)

// blockingRunner stands for a worker run: it returns only when its context
// ends, and says whether it was let go.
type blockingRunner struct{ started, ended chan struct{} }

func (b blockingRunner) Run(ctx context.Context, _ labs.Day) (labs.Outcome, error) {
	b.started <- struct{}{}
	<-ctx.Done()
	b.ended <- struct{}{}
	return labs.Outcome{}, ctx.Err()
}

// The rest of labs.Runner: a plain runner streams no pieces, plays no
// reference and builds nothing.
func (b blockingRunner) RunStream(ctx context.Context, day labs.Day, _ func(labs.Outcome)) (labs.Outcome, error) {
	return b.Run(ctx, day)
}
func (blockingRunner) Reference(context.Context, labs.Day) (labs.Outcome, error) {
	return labs.Outcome{}, errors.New("this runner cannot play the reference")
}
func (blockingRunner) CachedReference(labs.Day) (labs.Outcome, bool) { return labs.Outcome{}, false }
func (blockingRunner) BuildDay(context.Context, labs.Day) (string, error) {
	return "", errors.New("this runner builds nothing")
}
func (blockingRunner) ReferenceBuild(context.Context, labs.Day) (string, error) {
	return "", errors.New("this runner builds nothing")
}

// The screens' runner: a signal ends the run in flight, whatever context
// the screens gave it; close waits for runs to end and refuses new ones.
func TestBoxedRunnerEndsRunsOnASignal(t *testing.T) {
	for _, c := range []struct {
		name   string
		signal bool // the signal context ends; else only close
	}{{"signal", true}, {"close", false}} {
		t.Run(c.name, func(t *testing.T) {
			sigCtx, sig := context.WithCancelCause(context.Background())
			defer sig(nil)
			inner := blockingRunner{started: make(chan struct{}, 1), ended: make(chan struct{}, 1)}
			b := newBoxedRunner(sigCtx, inner)
			errc := make(chan error, 1)
			go func() {
				_, err := b.Run(context.Background(), labs.Day{}) // the screens' own context never ends
				errc <- err
			}()
			<-inner.started
			if c.signal {
				sig(stopped{})
				select { // before any close: the signal alone ends the run
				case <-inner.ended:
				case <-time.After(10 * time.Second):
					t.Fatal("the signal did not end the run")
				}
			}
			if !b.close(10 * time.Second) {
				t.Fatal("close did not see the run end")
			}
			if !c.signal {
				select {
				case <-inner.ended:
				default:
					t.Fatal("close returned while the run was still going")
				}
			}
			if err := <-errc; !errors.Is(err, context.Canceled) {
				t.Errorf("the run ended with %v", err)
			}
			if _, err := b.Run(context.Background(), labs.Day{}); !errors.Is(err, context.Canceled) {
				t.Errorf("a run after close: %v", err)
			}
		})
	}
}

// streamingRunner is a runner that reports a run's pieces and plays the
// reference, as worker.Runner does.
type streamingRunner struct{ blockingRunner }

func (s streamingRunner) RunStream(ctx context.Context, day labs.Day, update func(labs.Outcome)) (labs.Outcome, error) {
	update(labs.Outcome{Day: 1})
	return s.Run(ctx, day)
}

func (s streamingRunner) Reference(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	return s.Run(ctx, day)
}

// The wrapper keeps what the inner runner can do (pieces as they land, the
// reference through workers), boxed the same way.
func TestBoxedRunnerPassesStreamsAndReferenceOn(t *testing.T) {
	sigCtx, sig := context.WithCancelCause(context.Background())
	inner := streamingRunner{blockingRunner{started: make(chan struct{}, 2), ended: make(chan struct{}, 2)}}
	b := newBoxedRunner(sigCtx, inner)
	pieces := make(chan labs.Outcome, 1)
	errc := make(chan error, 2)
	go func() {
		_, err := b.RunStream(context.Background(), labs.Day{}, func(o labs.Outcome) { pieces <- o })
		errc <- err
	}()
	go func() {
		_, err := b.Reference(context.Background(), labs.Day{})
		errc <- err
	}()
	<-inner.started
	<-inner.started
	if o := <-pieces; o.Day != 1 {
		t.Errorf("the piece did not come through: %+v", o)
	}
	sig(stopped{})
	for range 2 {
		if err := <-errc; !errors.Is(err, context.Canceled) {
			t.Errorf("a run ended with %v", err)
		}
	}
	if !b.close(10 * time.Second) {
		t.Error("close did not see the runs end")
	}
	// Without those abilities the wrapper says so rather than pretend.
	plain := newBoxedRunner(context.Background(), blockingRunner{})
	if _, err := plain.Reference(context.Background(), labs.Day{}); err == nil {
		t.Error("a plain runner played the reference")
	}
}

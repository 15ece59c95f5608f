package watch

import (
	"errors"
	"sync"

	"github.com/fsnotify/fsnotify"
)

// A Watcher watches one folder, not a file: many editors save by writing a
// temporary file and renaming it over the old one, which a watch on the
// file itself would lose after the first save. It reports only the changes
// its filter keeps. Nothing in it ticks: Next blocks on the kernel's
// events.
//
// New touches nothing; the watcher starts on Start or the first Next, so
// the screens can make one in their Update and start it in a Cmd, and a
// watcher closed before it started never starts.
type Watcher struct {
	dir  string
	keep func(name string) bool

	mu     sync.Mutex
	fw     *fsnotify.Watcher
	closed bool
}

// ErrClosed is what Next returns once the watcher is closed.
var ErrClosed = errors.New("the watcher is closed")

// New makes a watcher of dir for the changes of files keep keeps (Code,
// Answers).
func New(dir string, keep func(name string) bool) *Watcher {
	return &Watcher{dir: dir, keep: keep}
}

// Start starts watching, if it has not started; it says why it cannot.
func (w *Watcher) Start() error {
	_, err := w.started()
	return err
}

func (w *Watcher) started() (*fsnotify.Watcher, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil, ErrClosed
	}
	if w.fw != nil {
		return w.fw, nil
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	if err := fw.Add(w.dir); err != nil {
		fw.Close()
		return nil, err
	}
	w.fw = fw
	return fw, nil
}

// Event is one change the filter kept, or events lost.
type Event struct {
	Name string // the file that changed
	// Lost is the watcher's own error (the kernel's queue overflowed):
	// changes may have gone unreported; watching goes on.
	Lost error
}

// Next blocks until the next change, starting the watcher if need be. Its
// error says watching has ended: ErrClosed, or why it could not start.
// One caller at a time.
func (w *Watcher) Next() (Event, error) {
	fw, err := w.started()
	if err != nil {
		return Event{}, err
	}
	for {
		select {
		case ev, ok := <-fw.Events:
			if !ok {
				return Event{}, ErrClosed
			}
			if accepts(w.keep, ev) {
				return Event{Name: ev.Name}, nil
			}
		case err, ok := <-fw.Errors:
			if !ok {
				return Event{}, ErrClosed
			}
			return Event{Lost: err}, nil
		}
	}
}

// Close stops the watcher (or keeps it from starting); a Next waiting
// returns ErrClosed.
func (w *Watcher) Close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	if w.fw != nil {
		w.fw.Close()
	}
}

// Saves watches dir for keep's changes and sends on the channel for each,
// one pending at most (a burst of changes is one value); lost events are
// not changes. stop ends it. The watcher is started before Saves returns,
// so a change made after it is seen.
func Saves(dir string, keep func(name string) bool) (saves <-chan struct{}, stop func(), err error) {
	w := New(dir, keep)
	if err := w.Start(); err != nil {
		return nil, nil, err
	}
	ch := make(chan struct{}, 1)
	go func() {
		for {
			ev, err := w.Next()
			if err != nil {
				return
			}
			if ev.Lost != nil {
				continue
			}
			select {
			case ch <- struct{}{}:
			default: // one pending is enough
			}
		}
	}()
	return ch, w.Close, nil
}

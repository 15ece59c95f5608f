package worker

import "sync/atomic"

// CountTasks makes r count, in n, the tasks its runs start a worker for.
func CountTasks(r *Runner, n *atomic.Int64) { r.started = n }

// OnTask makes r call f with the kind and ID of each task its runs start a
// worker for.
func OnTask(r *Runner, f func(kind, id string)) { r.onTask = f }

package worker

import "sync/atomic"

// CountTasks makes r count, in n, the tasks its runs start a worker for.
func CountTasks(r *Runner, n *atomic.Int64) { r.started = n }

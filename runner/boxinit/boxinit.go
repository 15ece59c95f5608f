// Package boxinit closes a worker's answer pipe (fd 3) to every program the
// learner's code starts, before that code runs.
//
// The runner hands the pipe over as an inherited descriptor, which the
// kernel passes on to every exec unless it is marked close-on-exec; a
// program the learner's package started in its init (in a session of its
// own, deaf to signals) would then hold the pipe open and the runner would
// wait for it. Go initialises packages in import-path order among those
// whose imports are ready (the spec, since Go 1.21): this package imports
// only syscall and sorts before every labs/dayNN, so its init runs before
// any learner package's. The worker mains import it for that effect alone.
package boxinit

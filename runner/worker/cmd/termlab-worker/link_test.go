//go:build termlab && !termlab_oneday

package main

import (
	"reflect"
	"testing"

	"termlab/runner/worker"
)

// The worker links each day's learner code itself (link.go): a TODO added
// to the day's Funcs but not linked here would crash in the worker instead
// of running. (The learner's code is not
// called: it may be unfinished or wrong.)
func TestTheWorkerLinksEveryTODO(t *testing.T) {
	for day, funcs := range map[int]any{45: linked45, 46: linked46} {
		v := reflect.ValueOf(funcs)
		for _, f := range reflect.VisibleFields(v.Type()) {
			if v.FieldByIndex(f.Index).IsNil() {
				t.Errorf("day %d: the worker does not link the learner's %s", day, f.Name)
			}
		}
	}
	if len(worker.Linked()) != 2 {
		t.Fatalf("the worker links %d days, want 2 (45 and 46)", len(worker.Linked()))
	}
}

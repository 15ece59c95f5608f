//go:build termlab

package main

import (
	"reflect"
	"testing"
)

// The worker links each day's learner code itself (link.go): a TODO added
// to the day's Funcs but not linked here would crash in the worker instead
// of running. (The learner's code is not
// called: it may be unfinished or wrong.)
func TestTheWorkerLinksEveryTODO(t *testing.T) {
	v := reflect.ValueOf(linked45)
	for _, f := range reflect.VisibleFields(v.Type()) {
		if v.FieldByIndex(f.Index).IsNil() {
			t.Errorf("day 45: the worker does not link the learner's %s", f.Name)
		}
	}
	if len(days) == 0 {
		t.Fatal("the worker knows no days")
	}
}

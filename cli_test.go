package main

import (
	"reflect"
	"testing"
)

func TestParseArgs(t *testing.T) {
	allowed := []string{"json", "solutions", "addr=", "redis="}
	tests := []struct {
		argv      []string
		pos       []string
		flags     map[string]string
		wantError bool
	}{
		{argv: []string{"45", "--json"}, pos: []string{"45"}, flags: map[string]string{"json": ""}},
		{argv: []string{"--solutions", "45"}, pos: []string{"45"}, flags: map[string]string{"solutions": ""}},
		{argv: []string{"45", "--addr=127.0.0.1:8045"}, pos: []string{"45"}, flags: map[string]string{"addr": "127.0.0.1:8045"}},
		{argv: []string{"45", "--addr", "127.0.0.1:8045"}, pos: []string{"45"}, flags: map[string]string{"addr": "127.0.0.1:8045"}},
		{argv: []string{"--redis", "redis://127.0.0.1:6379", "45"}, pos: []string{"45"}, flags: map[string]string{"redis": "redis://127.0.0.1:6379"}},
		{argv: []string{"45", "--addr"}, wantError: true},
		{argv: []string{"45", "--addr", "--json"}, wantError: true},
		{argv: []string{"--json=yes"}, wantError: true},
		{argv: []string{"--colour"}, wantError: true},
	}
	for _, tt := range tests {
		a, err := parseArgs(tt.argv, allowed)
		if (err != nil) != tt.wantError {
			t.Errorf("%q: error %v, want error %v", tt.argv, err, tt.wantError)
			continue
		}
		if err == nil && (!reflect.DeepEqual(a.pos, tt.pos) || !reflect.DeepEqual(a.flags, tt.flags)) {
			t.Errorf("%q: pos %q flags %q, want %q %q", tt.argv, a.pos, a.flags, tt.pos, tt.flags)
		}
	}
}

package labs

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// The reference's half of a grade's experiments. A TODO's grade replays
// each experiment that calls it twice, with the learner's function in its
// slot and with the reference's, and compares the figures. The reference's
// half depends only on the course's code, yet it was up to half of a
// grade's time (Day 46's TODO 4: 0.17 s of 0.35–0.56 s). So its figures are computed
// once per version of the course's code: once per process here, and once
// per version of the day on disk when the worker names a store
// (SetReferenceStore, with runner/worker's sealed file in the day's cache
// folder, which an edit of the course or a new Go replaces).
//
// Only the reference's figures are kept, computed by the reference's
// functions alone: nothing the learner's code returns is ever stored. (The
// learner's functions are handed copies of what the experiments pass them,
// fair.Funcs.Checked, so they cannot change the reference's inputs either.)

// ReferenceStore keeps the reference's figures of a grade's experiments
// between processes, by a piece's key.
type ReferenceStore interface {
	Load(key string) ([]Metric, bool)
	Keep(key string, m []Metric)
}

var (
	refMu    sync.Mutex
	refStore ReferenceStore
	refMemo  = map[string][]Metric{}
)

// SetReferenceStore names the store ReferenceMetrics reads and fills for
// the linked reference (the worker sets it before it grades); nil, the
// default, keeps the figures in this process only.
func SetReferenceStore(s ReferenceStore) {
	refMu.Lock()
	defer refMu.Unlock()
	refStore = s
}

// ReferenceMetrics is the reference's figures of the experiment key (a
// piece of a part, as the day's parts name it), played by compute with
// ref, the day's Funcs: kept in this process by key and by ref's functions
// (a test may grade against another reference), and in the store, which
// only a worker sets, and a worker grades against the reference it links
// and no other. A compute that panics (a guard stopping it) keeps nothing.
// The figures returned are shared: read them, never change them.
func ReferenceMetrics(key string, ref any, compute func() []Metric) []Metric {
	memo := key + "\x00" + funcsKey(ref)
	refMu.Lock()
	if m, ok := refMemo[memo]; ok {
		refMu.Unlock()
		return m
	}
	store := refStore
	refMu.Unlock()
	if store != nil {
		if m, ok := store.Load(key); ok {
			remember(memo, m)
			return m
		}
	}
	m := compute()
	remember(memo, m)
	if store != nil {
		store.Keep(key, m)
	}
	return m
}

func remember(memo string, m []Metric) {
	refMu.Lock()
	refMemo[memo] = m
	refMu.Unlock()
}

// funcsKey names the code of every function field of funcs (a day's Funcs
// struct): two sets of functions with the same code have the same key.
// Closures over different state would share one, so a test that builds its
// reference from closures must not rely on it; the graders' references are
// plain functions.
func funcsKey(funcs any) string {
	v := reflect.ValueOf(funcs)
	if v.Kind() != reflect.Struct {
		return ""
	}
	var b strings.Builder
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() == reflect.Func && !f.IsNil() {
			b.WriteString(strconv.FormatUint(uint64(f.Pointer()), 16))
		}
		b.WriteByte(',')
	}
	return b.String()
}

// PieceKey is the key of day's piece of part at place i of the day's table
// of pieces, for ReferenceMetrics.
func PieceKey(day int, part string, i int) string {
	return "day" + strconv.Itoa(day) + "/part" + part + "/piece" + strconv.Itoa(i)
}

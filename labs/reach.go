package labs

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"termlab/labs/gofunc"
)

// SourceFile is one file of a learner's folder: its path in the folder
// (slash-separated) and its bytes.
type SourceFile struct {
	Name string
	Data []byte
}

// LearnerSource is a learner's folder parsed for Reach.
type LearnerSource struct {
	files []SourceFile
	// bodies are the TODO functions' bodies by function name: where each
	// is in its file, and the identifiers it holds.
	bodies map[string][]body
	// base is the identifiers (and //go: and //export directive words)
	// outside every TODO function's body.
	base map[string]bool
}

type body struct {
	file       int // index in files
	start, end int // byte offsets of the body: its '{', one past its '}'
	idents     map[string]bool
}

// ParseLearner reads files (the whole learner's folder) for Reach; todos
// are the names of the day's TODO functions. A Go file that does not
// lex, or whose brackets do not pair, is an error: nothing can be said of
// what the package reaches. (The tokens are labs/gofunc's, not go/parser's:
// the lab's own binary links no parser. A run keys only code that built.)
func ParseLearner(files []SourceFile, todos []string) (*LearnerSource, error) {
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b SourceFile) int { return strings.Compare(a.Name, b.Name) })
	s := &LearnerSource{files: files, bodies: map[string][]body{}, base: map[string]bool{}}
	for i, f := range files {
		if !strings.HasSuffix(f.Name, ".go") {
			continue
		}
		funcs, err := gofunc.Funcs(f.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		names, err := gofunc.Names(f.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		var in []*body // this file's TODO bodies
		for _, fn := range funcs {
			if fn.Body[0] < 0 || !slices.Contains(todos, fn.Name) {
				continue
			}
			s.bodies[fn.Name] = append(s.bodies[fn.Name], body{file: i, start: fn.Body[0], end: fn.Body[1], idents: map[string]bool{}})
		}
		for fn, bs := range s.bodies {
			for j := range bs {
				if bs[j].file == i {
					in = append(in, &s.bodies[fn][j])
				}
			}
		}
	name:
		for _, n := range names {
			for _, b := range in {
				if n.Off >= b.start && n.Off < b.end {
					b.idents[n.Name] = true
					continue name
				}
			}
			s.base[n.Name] = true
		}
	}
	return s, nil
}

// Reach is the TODO functions a task whose roots are roots can run: the
// roots, and every TODO function named by what is already in, to a
// fixpoint. Sorted.
func (s *LearnerSource) Reach(roots []string) []string {
	in := map[string]bool{}
	names := map[string]bool{}
	for n := range s.base {
		names[n] = true
	}
	add := func(fn string) {
		in[fn] = true
		for _, b := range s.bodies[fn] {
			for n := range b.idents {
				names[n] = true
			}
		}
	}
	for _, r := range roots {
		if _, ok := s.bodies[r]; ok {
			add(r)
		}
	}
	for grew := true; grew; {
		grew = false
		for fn := range s.bodies {
			if !in[fn] && names[fn] {
				add(fn)
				grew = true
			}
		}
	}
	out := make([]string, 0, len(in))
	for fn := range in {
		out = append(out, fn)
	}
	slices.Sort(out)
	return out
}

// Source is the text a task with roots can depend on: every file of the
// folder, by name, with the bodies of the TODO functions it cannot reach
// left out ("{…}" in their place). Two saves with the same Source give
// the task the same package, as far as it can tell.
func (s *LearnerSource) Source(roots []string) []byte {
	reach := s.Reach(roots)
	var out bytes.Buffer
	for i, f := range s.files {
		var cut [][2]int
		for fn, bs := range s.bodies {
			if slices.Contains(reach, fn) {
				continue
			}
			for _, b := range bs {
				if b.file == i {
					cut = append(cut, [2]int{b.start, b.end})
				}
			}
		}
		slices.SortFunc(cut, func(a, b [2]int) int { return a[0] - b[0] })
		text := f.Data
		var kept bytes.Buffer
		at := 0
		for _, c := range cut {
			kept.Write(text[at:c[0]])
			kept.WriteString("{…}")
			at = c[1]
		}
		kept.Write(text[at:])
		fmt.Fprintf(&out, "%s\x00%d\x00", f.Name, kept.Len())
		out.Write(kept.Bytes())
	}
	return out.Bytes()
}

// Package gofunc finds the top-level functions of a Go file from its
// tokens, without parsing it: where each starts (its doc comment
// included), where its body is, where it ends. The lab's screens, its
// history and its reset need only that, and go/parser with go/ast
// would add a second or more to the learner's first build of the lab
// (labs/BENCHMARKS.md, "The first build"). The answers are go/parser's for
// every file that parses (gofunc_test.go holds the two side by side on
// every Go file of the module); on a file that does not, Funcs still lists
// what it could make out before the fault, and says what the fault is.
// The tokens come from a lexer of its own (lex.go), not go/scanner, for the
// same reason: the lab's first build.
package gofunc

import "fmt"

// Func is one top-level function, not a method.
type Func struct {
	Name string
	Line int // the line of its func keyword, from 1
	// Start is the offset of its doc comment (go/ast's FuncDecl.Doc), or
	// of the func keyword when it has none; End is one past its last byte:
	// the body's closing brace, or the signature's end without a body.
	Start, End int
	// Body is the offsets of the body's opening brace and one past its
	// closing one; both -1 for a function without a body.
	Body [2]int
}

// comment is one comment as the parser groups them.
type comment struct{ offset, line, endLine int }

// Funcs lists src's top-level functions, in order. err is the first
// thing that keeps src from being Go as far as its tokens tell: a lexical
// error (an unclosed string or comment, a stray character) or brackets that
// do not pair. The functions complete before that point are listed even
// then; one the fault cuts short is not.
func Funcs(src []byte) (funcs []Func, err error) {
	l := newLexer(src)
	var (
		open     []kind    // the brackets open, innermost last
		prevLine int       // the line of the last token that is not a comment
		comments []comment // the comments since that token
		prev     kind      // the last token that is not a comment

		cur       *Func // the function being read, while at top level or inside it
		curDepth  bool  // cur's body has been entered
		inSig     bool  // cur's signature is being read (depth 0 after its name)
		wantName  bool  // a top-level func keyword was just read
		funcStart int   // the doc comment's (or func keyword's) offset
		funcLine  int
	)
	closer := [...]kind{kRparen: kLparen, kRbrack: kLbrack, kRbrace: kLbrace}
	for {
		t := l.scan()
		if t.kind == kComment {
			comments = append(comments, comment{t.off, t.line, t.endLine})
			continue
		}
		doc := leadComment(comments, prevLine, t.line)
		comments = comments[:0]
		if t.kind == kEOF {
			break
		}
		if wantName {
			wantName = false
			if t.kind == kIdent {
				cur = &Func{Name: string(src[t.off : t.off+t.size]), Line: funcLine, Start: funcStart, Body: [2]int{-1, -1}}
				inSig = true
			}
		}
		switch t.kind {
		case kFunc:
			if len(open) == 0 && cur == nil {
				wantName, funcLine, funcStart = true, t.line, t.off
				if doc >= 0 {
					funcStart = doc
				}
			}
		case kLparen, kLbrack, kLbrace:
			// At top level after the signature, a brace opens the body
			// unless it is a struct's or an interface's, in a result type.
			if cur != nil && inSig && len(open) == 0 && t.kind == kLbrace && prev != kStruct && prev != kInterface {
				inSig, curDepth = false, true
				cur.Body[0] = t.off
			}
			open = append(open, t.kind)
		case kRparen, kRbrack, kRbrace:
			if len(open) == 0 || open[len(open)-1] != closer[t.kind] {
				if l.err == nil {
					line, col := l.position(t.off)
					l.err = fmt.Errorf("%d:%d: unexpected %s", line, col, spelling[t.kind])
				}
				return funcs, l.err
			}
			open = open[:len(open)-1]
			if cur != nil && curDepth && len(open) == 0 {
				cur.Body[1], cur.End = t.off+1, t.off+1
				funcs = append(funcs, *cur)
				cur, curDepth = nil, false
			}
		case kSemi:
			// A signature that ends at top level without a body.
			if cur != nil && inSig && len(open) == 0 {
				funcs = append(funcs, *cur)
				cur, inSig = nil, false
			}
		}
		if cur != nil && inSig && t.kind != kSemi {
			cur.End = t.off + t.size
		}
		prev, prevLine = t.kind, t.line
	}
	if l.err == nil && len(open) > 0 {
		line, _ := l.position(len(src))
		l.err = fmt.Errorf("%d:%d: %s is not closed at the end of the file", line, 1, spelling[open[len(open)-1]])
	}
	if l.err == nil && cur != nil {
		funcs = append(funcs, *cur) // a signature that ends the file
	}
	return funcs, l.err
}

// leadComment is the offset of the doc comment of a token on line, given
// the comments between it and the token before it (on prevLine), as
// go/parser groups them: a comment on the previous token's own line starts
// a group that is that token's line comment, never a doc comment; the rest
// are grouped with no blank line between comments, and the last group is
// the doc when it ends on the line just above. -1 when there is none.
func leadComment(cs []comment, prevLine, line int) int {
	i := 0
	if len(cs) > 0 && cs[0].line == prevLine {
		end := cs[0].line
		for i < len(cs) && cs[i].line <= end {
			end = cs[i].endLine
			i++
		}
	}
	start, end := -1, -1
	for i < len(cs) {
		start, end = cs[i].offset, cs[i].line
		for i < len(cs) && cs[i].line <= end+1 {
			end = cs[i].endLine
			i++
		}
	}
	if start >= 0 && end+1 == line {
		return start
	}
	return -1
}

// Find returns the first top-level function called name in src.
func Find(src []byte, name string) (Func, bool, error) {
	funcs, err := Funcs(src)
	for _, f := range funcs {
		if f.Name == name {
			return f, true, err
		}
	}
	return Func{}, false, err
}

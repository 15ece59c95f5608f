// Package gofunc finds the top-level functions of a Go file from its
// tokens (go/scanner), without parsing it: where each starts (its doc
// comment included), where its body is, where it ends. The lab's screens,
// its history and its reset need only that, and go/parser with go/ast
// would add a second or more to the learner's first build of the lab
// (labs/BENCHMARKS.md, "The first build"). The answers are go/parser's for
// every file that parses (gofunc_test.go holds the two side by side on
// every Go file of the module); on a file that does not, Funcs still lists
// what it could make out before the fault, and says what the fault is.
package gofunc

import (
	"fmt"
	"go/scanner"
	"go/token"
)

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
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, func(pos token.Position, msg string) {
		if err == nil {
			err = fmt.Errorf("%d:%d: %s", pos.Line, pos.Column, msg)
		}
	}, scanner.ScanComments)

	var (
		open     []token.Token // the brackets open, innermost last
		prevLine int           // the line of the last token that is not a comment
		comments []comment     // the comments since that token
		prev     token.Token   // the last token that is not a comment

		cur       *Func // the function being read, while at top level or inside it
		curDepth  bool  // cur's body has been entered
		inSig     bool  // cur's signature is being read (depth 0 after its name)
		wantName  bool  // a top-level func keyword was just read
		funcStart int   // the doc comment's (or func keyword's) offset
		funcLine  int
	)
	closer := map[token.Token]token.Token{token.RPAREN: token.LPAREN, token.RBRACK: token.LBRACK, token.RBRACE: token.LBRACE}
	for {
		pos, tok, lit := s.Scan()
		off, line := file.Offset(pos), file.Line(pos)
		if tok == token.COMMENT {
			end := line
			for _, c := range lit {
				if c == '\n' {
					end++
				}
			}
			comments = append(comments, comment{off, line, end})
			continue
		}
		doc := leadComment(comments, prevLine, line)
		comments = comments[:0]
		if tok == token.EOF {
			break
		}
		if wantName {
			wantName = false
			if tok == token.IDENT {
				cur = &Func{Name: lit, Line: funcLine, Start: funcStart, Body: [2]int{-1, -1}}
				inSig = true
			}
		}
		switch tok {
		case token.FUNC:
			if len(open) == 0 && cur == nil {
				wantName, funcLine, funcStart = true, line, off
				if doc >= 0 {
					funcStart = doc
				}
			}
		case token.LPAREN, token.LBRACK, token.LBRACE:
			// At top level after the signature, a brace opens the body
			// unless it is a struct's or an interface's, in a result type.
			if cur != nil && inSig && len(open) == 0 && tok == token.LBRACE && prev != token.STRUCT && prev != token.INTERFACE {
				inSig, curDepth = false, true
				cur.Body[0] = off
			}
			open = append(open, tok)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(open) == 0 || open[len(open)-1] != closer[tok] {
				if err == nil {
					err = fmt.Errorf("%d:%d: unexpected %s", line, file.Position(pos).Column, tok)
				}
				return funcs, err
			}
			open = open[:len(open)-1]
			if cur != nil && curDepth && len(open) == 0 {
				cur.Body[1], cur.End = off+1, off+1
				funcs = append(funcs, *cur)
				cur, curDepth = nil, false
			}
		case token.SEMICOLON:
			// A signature that ends at top level without a body.
			if cur != nil && inSig && len(open) == 0 {
				funcs = append(funcs, *cur)
				cur, inSig = nil, false
			}
		}
		if cur != nil && inSig && tok != token.SEMICOLON {
			cur.End = off + len(tokenText(tok, lit))
		}
		prev, prevLine = tok, line
	}
	if err == nil && len(open) > 0 {
		err = fmt.Errorf("%d:%d: %s is not closed at the end of the file", file.Line(file.Pos(len(src))), 1, open[len(open)-1])
	}
	if err == nil && cur != nil {
		funcs = append(funcs, *cur) // a signature that ends the file
	}
	return funcs, err
}

// tokenText is the source text of a token: its literal, or its spelling.
func tokenText(tok token.Token, lit string) string {
	if lit != "" {
		return lit
	}
	return tok.String()
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

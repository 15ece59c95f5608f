package gofunc

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"regexp"
	"testing"
	"unicode/utf8"
)

// oldFuncs is Funcs as it was with go/scanner, kept to hold the new lexer
// to its answers. It lists src's top-level functions, in order. err is the first
// thing that keeps src from being Go as far as its tokens tell: a lexical
// error (an unclosed string or comment, a stray character) or brackets that
// do not pair. The functions complete before that point are listed even
// then; one the fault cuts short is not.
func oldFuncs(src []byte) (funcs []Func, err error) {
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
			cur.End = off + len(oldTokenText(tok, lit))
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
func oldTokenText(tok token.Token, lit string) string {
	if lit != "" {
		return lit
	}
	return tok.String()
}

// lineDirective matches what go/scanner reads as a //line or /*line
// directive: there its positions move, here they do not (lex.go).
var lineDirective = regexp.MustCompile(`(//|/\*)line `)

// sameAsOld fails when Funcs and oldFuncs answer src differently: the
// functions, and the error with its message. The end of a function without
// a body is left out where go/scanner's literal is not the token's bytes
// (lex.go): with a carriage return or a byte that is not UTF-8 in src.
func sameAsOld(t *testing.T, src []byte) {
	t.Helper()
	want, wantErr := oldFuncs(src)
	got, gotErr := Funcs(src)
	if bytes.IndexByte(src, '\r') >= 0 || !utf8.Valid(src) {
		for i := range want {
			if i < len(got) && want[i].Body[0] < 0 {
				want[i].End = got[i].End
			}
		}
	}
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Errorf("%q: error %v, go/scanner's %v", src, gotErr, wantErr)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%q:\n%+v,\ngo/scanner's\n%+v", src, got, want)
	}
}

// Random input, seeded with the odd shapes and the broken files the
// table tests hold: the lexer answers as go/scanner did.
func FuzzFuncsAgreeWithGoScanner(f *testing.F) {
	for _, s := range oddShapes {
		f.Add([]byte(s))
	}
	for _, c := range brokenFiles {
		f.Add([]byte(c.src))
	}
	for _, c := range halfWritten {
		f.Add([]byte(c.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if lineDirective.Match(src) {
			t.Skip("a line directive moves go/scanner's lines")
		}
		sameAsOld(t, src)
	})
}

// Funcs runs on every save (history's digest of each TODO's body, the
// screens' file:line): the lexer against go/scanner on a shipped stub.
func BenchmarkFuncs(b *testing.B) {
	src, err := os.ReadFile("../day45/course/shipped/todo.go.txt")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		funcs func([]byte) ([]Func, error)
	}{{"lexer", Funcs}, {"goscanner", oldFuncs}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				c.funcs(src)
			}
		})
	}
}

package gofunc

// Why a lexer of its own rather than go/scanner: this package is in the
// lab's own binary, the one a learner's first `go run .` compiles while the
// terminal stays blank (labs/BENCHMARKS.md, "The first build"). go/scanner
// brings go/token and go/internal/scannerhooks with it: 0.21 s of the cold
// build's CPU (go build -toolexec on an empty cache; 0.17 s on a busy
// machine, go/token 0.11 and go/scanner 0.06, where this file adds 0.01),
// against a budget of 1.1× a minimal Bubble Tea program. Finding a func declaration and its
// body needs far less than all of Go's tokens, but Funcs' answers (which
// functions, their offsets, whether the file is refused) must stay what
// they were with go/scanner, so this lexer keeps go/scanner's rules where
// they show: the same tokens split at the same places, the same automatic
// semicolons, and the same first lexical error with the same message.
// old_test.go keeps the go/scanner version, and the tests hold the two to
// the same answers on the module's Go files cut short at many points and,
// in a fuzz target, on random input; BenchmarkFuncs times the two.
//
// Two differences on purpose. A //line directive is a comment like any
// other here: go/scanner moves the lines it reports to the directive's,
// which would send a screen's file:line away from the learner's own file.
// And a function without a body ends where its last token's bytes end:
// go/scanner's literal for that token, which Funcs measured before, drops
// a raw string's carriage returns and stands three bytes of U+FFFD for one
// byte that is not UTF-8, so End fell short of the token or past it (past
// the file's end, even).

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// kind is a token as far as Funcs tells them apart.
type kind uint8

const (
	kEOF kind = iota
	kComment
	kSemi // an explicit ';' or one the line end implies
	kIdent
	kFunc
	kStruct
	kInterface
	kLparen
	kLbrack
	kLbrace
	kRparen
	kRbrack
	kRbrace
	kOther // any other keyword, operator or literal, or an illegal character
)

// spelling is what a bracket's error message shows.
var spelling = [...]string{kLparen: "(", kLbrack: "[", kLbrace: "{", kRparen: ")", kRbrack: "]", kRbrace: "}"}

// tok is one token: where it starts, on which line, how many bytes of src
// it spans.
type tok struct {
	kind    kind
	off     int
	line    int
	size    int
	endLine int // a comment's last line
}

const eof = -1

// lexer reads src one token at a time. The character scheme is
// go/scanner's: ch is the character at off, next is where the one after it
// starts, and semi says a line end here ends a statement.
type lexer struct {
	src       []byte
	ch        rune
	off, next int
	lines     []int // the offsets where lines start, as far as read
	semi      bool
	nl        int // the offset of a semicolon owed after a comment, or -1
	err       error
}

func newLexer(src []byte) *lexer {
	l := &lexer{src: src, ch: ' ', lines: []int{0}, nl: -1}
	l.step()
	if l.ch == '\uFEFF' {
		l.step() // a byte order mark may open the file
	}
	return l
}

// fail keeps the first error, placed at off.
func (l *lexer) fail(off int, format string, args ...any) {
	if l.err == nil {
		line, col := l.position(off)
		l.err = fmt.Errorf("%d:%d: %s", line, col, fmt.Sprintf(format, args...))
	}
}

// position is off's line and byte column, from 1.
func (l *lexer) position(off int) (line, col int) {
	i := len(l.lines) - 1
	for i > 0 && l.lines[i] > off {
		i--
	}
	return i + 1, off - l.lines[i] + 1
}

// step moves to the next character, reporting the characters Go forbids
// anywhere in a file, strings and comments included, as it reads them.
func (l *lexer) step() {
	if l.next >= len(l.src) {
		l.off = len(l.src)
		l.ch = eof
		return
	}
	l.off = l.next
	if l.ch == '\n' && l.off > l.lines[len(l.lines)-1] {
		l.lines = append(l.lines, l.off)
	}
	r, w := rune(l.src[l.next]), 1
	switch {
	case r == 0:
		l.fail(l.off, "illegal character NUL")
	case r >= utf8.RuneSelf:
		r, w = utf8.DecodeRune(l.src[l.next:])
		if r == utf8.RuneError && w == 1 {
			in := l.src[l.next:]
			if l.off == 0 && len(in) >= 2 && (in[0] == 0xFF && in[1] == 0xFE || in[0] == 0xFE && in[1] == 0xFF) {
				// A UTF-16 file: one error, not one per byte.
				l.fail(l.off, "illegal UTF-8 encoding (got UTF-16)")
				l.next = len(l.src)
			} else {
				l.fail(l.off, "illegal UTF-8 encoding")
			}
		} else if r == '\uFEFF' && l.off > 0 {
			l.fail(l.off, "illegal byte order mark")
		}
	}
	l.next += w
	l.ch = r
}

func (l *lexer) peek() byte {
	if l.next < len(l.src) {
		return l.src[l.next]
	}
	return 0
}

func lower(ch rune) rune     { return ('a' - 'A') | ch }
func isDecimal(ch rune) bool { return '0' <= ch && ch <= '9' }
func isHex(ch rune) bool     { return isDecimal(ch) || 'a' <= lower(ch) && lower(ch) <= 'f' }
func isLetter(ch rune) bool {
	return 'a' <= lower(ch) && lower(ch) <= 'z' || ch == '_' || ch >= utf8.RuneSelf && unicode.IsLetter(ch)
}
func isDigit(ch rune) bool { return isDecimal(ch) || ch >= utf8.RuneSelf && unicode.IsDigit(ch) }

// keywords are Go's, with the kind Funcs needs and whether a line end
// after one ends the statement, as after a name.
var keywords = map[string]struct {
	kind kind
	semi bool
}{
	"break": {kOther, true}, "case": {kOther, false}, "chan": {kOther, false},
	"const": {kOther, false}, "continue": {kOther, true}, "default": {kOther, false},
	"defer": {kOther, false}, "else": {kOther, false}, "fallthrough": {kOther, true},
	"for": {kOther, false}, "func": {kFunc, false}, "go": {kOther, false},
	"goto": {kOther, false}, "if": {kOther, false}, "import": {kOther, false},
	"interface": {kInterface, false}, "map": {kOther, false}, "package": {kOther, false},
	"range": {kOther, false}, "return": {kOther, true}, "select": {kOther, false},
	"struct": {kStruct, false}, "switch": {kOther, false}, "type": {kOther, false},
	"var": {kOther, false},
}

// scan returns the next token.
func (l *lexer) scan() tok {
	if l.nl >= 0 {
		// The semicolon a /*...*/ comment with a line end in it implies,
		// at that line end.
		t := tok{kind: kSemi, off: l.nl}
		t.line, _ = l.position(l.nl)
		l.nl = -1
		return t
	}
	for l.ch == ' ' || l.ch == '\t' || l.ch == '\n' && !l.semi || l.ch == '\r' {
		l.step()
	}
	t := tok{kind: kOther, off: l.off}
	t.line, _ = l.position(l.off)
	semi := false
	switch ch := l.ch; {
	case isLetter(ch):
		for isLetter(l.ch) || isDigit(l.ch) {
			l.step()
		}
		// Indexed with the conversion in place, the map look-up copies nothing.
		if k, ok := keywords[string(l.src[t.off:l.off])]; ok {
			t.kind, semi = k.kind, k.semi
		} else {
			t.kind, semi = kIdent, true
		}
	case isDecimal(ch) || ch == '.' && isDecimal(rune(l.peek())):
		semi = true
		l.number()
	default:
		l.step()
		if ch == eof || ch == '\n' {
			return l.end(t, ch)
		}
		semi = l.operator(ch, &t)
	}
	l.semi = semi
	t.size = l.off - t.off
	return t
}

// end is the token scan returns at the end of the source or at a line end
// that ends a statement (scan skips the others): the implied semicolon, or
// the end itself.
func (l *lexer) end(t tok, ch rune) tok {
	if ch == eof && !l.semi {
		t.kind = kEOF
		return t
	}
	l.semi = false
	t.kind = kSemi
	return t
}

// operator scans the rest of a token that starts with ch (already read),
// a literal, a comment or punctuation, sets its kind, and says whether a
// line end after it ends the statement.
func (l *lexer) operator(ch rune, t *tok) (semi bool) {
	switch ch {
	case '"':
		semi = true
		l.quoted()
	case '\'':
		semi = true
		l.runeLit()
	case '`':
		semi = true
		l.raw()
	case '/':
		if l.ch == '/' || l.ch == '*' {
			nl := l.comment(t)
			if l.semi && nl >= 0 {
				l.nl, l.semi = nl, false
			} else {
				semi = l.semi
			}
			t.kind = kComment
		} else {
			l.accept('=')
		}
	case ';':
		t.kind = kSemi
	case '(':
		t.kind = kLparen
	case '[':
		t.kind = kLbrack
	case '{':
		t.kind = kLbrace
	case ')':
		t.kind, semi = kRparen, true
	case ']':
		t.kind, semi = kRbrack, true
	case '}':
		t.kind, semi = kRbrace, true
	case ',', '~':
	case ':', '*', '%', '^', '=', '!':
		l.accept('=')
	case '.':
		if l.ch == '.' && l.peek() == '.' {
			l.step()
			l.step()
		}
	case '+', '-':
		// ++ and -- end a statement; += and -= do not.
		if l.ch == ch {
			l.step()
			semi = true
		} else {
			l.accept('=')
		}
	case '|':
		if !l.accept('|') {
			l.accept('=')
		}
	case '&':
		if l.accept('^') || !l.accept('&') {
			l.accept('=')
		}
	case '<':
		if !l.accept('-') {
			l.accept('<')
			l.accept('=')
		}
	case '>':
		l.accept('>')
		l.accept('=')
	default:
		// The lexer already reported a byte order mark in the middle.
		if ch != '\uFEFF' {
			if ch == '“' || ch == '”' {
				l.fail(t.off, "curly quotation mark %q (use neutral %q)", ch, '"')
			} else {
				l.fail(t.off, "illegal character %#U", ch)
			}
		}
		semi = l.semi
	}
	return semi
}

// accept consumes c if it is the character at hand.
func (l *lexer) accept(c rune) bool {
	if l.ch == c {
		l.step()
		return true
	}
	return false
}

// comment reads a comment whose '/' is read, sets t's end line, and returns
// the offset of the first line end inside a /*...*/ comment, or -1.
func (l *lexer) comment(t *tok) int {
	t.endLine = t.line
	nl := -1
	if l.ch == '/' {
		for l.ch != '\n' && l.ch >= 0 {
			l.step()
		}
		return -1
	}
	l.step()
	for l.ch >= 0 {
		ch := l.ch
		if ch == '\n' {
			t.endLine++
			if nl < 0 {
				nl = l.off
			}
		}
		l.step()
		if ch == '*' && l.ch == '/' {
			l.step()
			return nl
		}
	}
	l.fail(t.off, "comment not terminated")
	return nl
}

package gofunc

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// show is a compact form of Funcs' answer: each function as
// name@line[start,end) and its body's offsets, then the error.
func show(funcs []Func, err error) string {
	var b strings.Builder
	for _, f := range funcs {
		fmt.Fprintf(&b, "%s@%d[%d,%d)", f.Name, f.Line, f.Start, f.End)
		if f.Body[0] >= 0 {
			fmt.Fprintf(&b, "{%d,%d}", f.Body[0], f.Body[1])
		}
		b.WriteString(" ")
	}
	if err != nil {
		b.WriteString("err " + err.Error())
	}
	return strings.TrimSpace(b.String())
}

// What a learner's half-written file holds, with Funcs' answer for each.
// Every answer but the //line one is also go/scanner's (sameAsOld), and
// go/parser's where the file parses. go/scanner put A of the //line case
// on line 100 and took the directive for no doc comment, as the lines it
// moved no longer touched: the file's own lines are what a screen's
// file:line must show, and the comment is as much A's as any above it.
var halfWritten = []struct {
	name, src, want string
	notOld          bool // the answer differs from go/scanner's on purpose
}{
	{"unterminated string, body closed on the next line", "package p\n\nfunc A() {}\n\nfunc B() {\n\ts := \"open\n}\n", "A@3[11,22){20,22} B@5[24,48){33,48} err 6:7: string literal not terminated", false},
	{"unterminated string at the end", "package p\n\nfunc A() {}\n\nfunc B() { s := \"open }", "A@3[11,22){20,22} err 5:17: string literal not terminated", false},
	{"unterminated raw string", "package p\n\nfunc A() {}\nfunc B() { s := `open }\n", "A@3[11,22){20,22} err 4:17: raw string literal not terminated", false},
	{"unterminated comment", "package p\n\nfunc A() {}\nfunc B() { /* open }\n", "A@3[11,22){20,22} err 4:12: comment not terminated", false},
	{"unterminated rune, body closed on the next line", "package p\n\nfunc A() { r := '}\n}\n", "A@3[11,31){20,31} err 3:17: rune literal not terminated", false},
	{"an empty rune", "package p\n\nfunc A() { r := '' }\n", "A@3[11,31){20,31} err 3:17: illegal rune literal", false},
	{"two characters in a rune", "package p\n\nfunc A() { r := 'ab' }\n", "A@3[11,33){20,33} err 3:17: illegal rune literal", false},
	{"stray closing brace first", "package p\n\n}\nfunc A() {}\n", "err 3:1: unexpected }", false},
	{"stray closing brace between", "package p\n\nfunc A() {}\n}\nfunc B() {}\n", "A@3[11,22){20,22} err 4:1: unexpected }", false},
	{"wrong closer", "package p\n\nfunc A() { f(] }\n", "err 3:14: unexpected ]", false},
	{"body not closed", "package p\n\nfunc A() {\n\tif x {\n", "err 4:1: { is not closed at the end of the file", false},
	{"signature not closed", "package p\n\nfunc A(x int", "err 3:1: ( is not closed at the end of the file", false},
	{"a signature ends the file", "package p\n\nfunc A() int", "A@3[11,23)", false},
	{"a signature without a body, then more", "package p\n\nfunc A() int\nfunc B() {}\n", "A@3[11,23) B@4[24,35){33,35}", false},
	{"byte order mark first", "\ufeffpackage p\n\n// A.\nfunc A() {}\n", "A@4[14,31){29,31}", false},
	{"byte order mark in the middle", "package p\n\nfunc A() {}\nfunc B() { \ufeff }\n", "A@3[11,22){20,22} B@4[23,39){32,39} err 4:12: illegal byte order mark", false},
	{"UTF-16", "\xff\xfep\x00", "err 1:1: illegal UTF-8 encoding (got UTF-16)", false},
	{"invalid UTF-8", "package p\n\nfunc A() { _ = \"\x80\" }\n", "A@3[11,31){20,31} err 3:17: illegal UTF-8 encoding", false},
	{"a byte that is not UTF-8 ends the file", "package p\n\nfunc A() \x80", "A@3[11,21) err 3:10: illegal UTF-8 encoding", false},
	{"NUL", "package p\n\nfunc A() {}\n// \x00\n", "A@3[11,22){20,22} err 4:4: illegal character NUL", false},
	{"CRLF line ends", "package p\r\n\r\n// A is.\r\n// More.\r\nfunc A() int {\r\n\treturn 1\r\n}\r\n\r\nfunc B() int\r\n", "A@5[13,61){46,61} B@9[65,77)", false},
	{"CR in a raw string that ends a signature", "package p\n\nfunc A() `a\r\nb`\n", "A@3[11,26)", false},
	{"line directive", "package p\n\n//line other.go:100\nfunc A() {}\n\n/*line x.go:7:3*/func B() {}\n", "A@4[11,42){40,42} B@6[61,72){70,72}", true},
	{"non-ASCII names", "package p\n\nfunc Größe() {}\n\nfunc 世界(ünd int) {}\n", "Größe@3[11,28){26,28} 世界@5[30,54){52,54}", false},
	{"a symbol is not a letter", "package p\n\nfunc A€() {}\n", "A@3[11,25){23,25} err 3:7: illegal character U+20AC '€'", false},
	{"curly quotes", "package p\n\nfunc A() { _ = \u201chi\u201d }\n", "A@3[11,36){20,36} err 3:16: curly quotation mark '“' (use neutral '\"')", false},
	{"generics", "package p\n\nfunc F[T any, S ~[]T](s S) T { return s[0] }\nfunc G[T interface{ ~int }]() {}\n", "F@3[11,55){40,55} G@4[56,88){86,88}", false},
	{"methods are not listed", "package p\n\nfunc (r *R) M() {}\nfunc (r R[T]) N() {}\nfunc A() {}\n", "A@5[51,62){60,62}", false},
	{"func literals inside bodies", "package p\n\nvar g = func() {}\n\nfunc A() { f := func() { go func() {}() }; f() }\n\nfunc B() {}\n", "A@5[30,78){39,78} B@7[80,91){89,91}", false},
	{"brackets in strings, runes and comments", "package p\n\nfunc A() {\n\t_ = \"}{\" + `}` + string('}') // }\n\t/* } */\n}\n", "A@3[11,67){20,67}", false},
	{"escapes", "package p\n\nfunc A() { _ = \"\\\"}\\\\\" + string('\\'') + \"\\u00e9\\x41\\101\" }\n", "A@3[11,69){20,69}", false},
	{"a bad escape", "package p\n\nfunc A() { _ = \"\\q\" }\n", "A@3[11,32){20,32} err 3:18: unknown escape sequence", false},
	{"a surrogate escape", "package p\n\nfunc A() { _ = \"\\ud800\" }\n", "A@3[11,36){20,36} err 3:18: escape sequence is invalid Unicode code point", false},
	{"numbers", "package p\n\nfunc A() { _ = 0x1p-2 + 1_000 + 0o17 + 0b1 + .5e3i + 017 + 08.5 }\n", "A@3[11,76){20,76}", false},
	{"a bad octal", "package p\n\nfunc A() { _ = 08 }\n", "A@3[11,30){20,30} err 3:17: invalid digit '8' in octal literal", false},
	{"a hex with no digits", "package p\n\nfunc A() { _ = 0x }\n", "A@3[11,30){20,30} err 3:18: hexadecimal literal has no digits", false},
	{"a misplaced separator", "package p\n\nfunc A() { _ = 1__0 }\n", "A@3[11,32){20,32} err 3:18: '_' must separate successive digits", false},
	{"an exponent with no digits", "package p\n\nfunc A() { _ = 1e+ }\n", "A@3[11,31){20,31} err 3:19: exponent has no digits", false},
	{"a comment on the line before a doc", "package p\n\nvar x = 1 /* x's\n*/\n// A's\nfunc A() {}\n", "A@6[31,49){47,49}", false},
	{"a func keyword with no name yet", "package p\n\nfunc A() {}\nfunc\n", "A@3[11,22){20,22}", false},
}

func TestFuncsOnHalfWrittenFiles(t *testing.T) {
	for _, c := range halfWritten {
		t.Run(c.name, func(t *testing.T) {
			if got := show(Funcs([]byte(c.src))); got != c.want {
				t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
			}
			if c.notOld {
				return
			}
			sameAsOld(t, []byte(c.src))
			if _, err := parser.ParseFile(token.NewFileSet(), "", c.src, parser.ParseComments); err == nil {
				same(t, c.name, []byte(c.src), parsed(t, []byte(c.src)))
			}
		})
	}
}

// Every Go file the module-wide test reads, cut short at many points, as
// a file being typed is: the answers, errors included, are go/scanner's.
func TestFuncsAgreeWithGoScannerOnCutFiles(t *testing.T) {
	n := 0
	for _, path := range moduleGoFiles(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if lineDirective.Match(src) {
			continue
		}
		step := len(src)/16 + 1
		for cut := 0; cut <= len(src); cut += step {
			sameAsOld(t, src[:cut])
			n++
		}
		sameAsOld(t, src)
	}
	if n < 500 {
		t.Fatalf("only %d cuts", n)
	}
}

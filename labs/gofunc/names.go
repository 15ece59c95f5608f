package gofunc

import "strings"

// Name is an identifier of a Go file, and the offset where it is.
type Name struct {
	Name string
	Off  int
}

// Names lists, in order, the identifiers of src that may name one of its
// package's functions: every identifier token but a selector's (x.Name is
// never this package's Name), the name a func declares (a function's or
// a method's own) and the package clause's, and each word of a //go: or //export directive (a
// //go:linkname names functions as text). What a save can reach is worked
// out from them (labs.LearnerSource), by the same lexer as Funcs, so that
// the lab's own binary links no go/parser. err is Funcs' for src.
func Names(src []byte) ([]Name, error) {
	if _, err := Funcs(src); err != nil {
		return nil, err
	}
	l := newLexer(src)
	var names []Name
	depth := 0
	var (
		afterDot  bool // the last token was a '.'
		declName  bool // the next identifier is the name a func declares
		recv      bool // a top-level func's receiver is being read
		recvDepth int
		prev      kind
	)
	for {
		t := l.scan()
		if t.kind == kEOF {
			break
		}
		if t.kind == kComment {
			text := string(src[t.off : t.off+t.size])
			if strings.HasPrefix(text, "//go:") || strings.HasPrefix(text, "//export ") {
				for _, w := range strings.FieldsFunc(text, notNameRune) {
					names = append(names, Name{w, t.off})
				}
			}
			continue
		}
		wasDecl := declName
		declName = false
		switch t.kind {
		case kIdent:
			if !afterDot && !wasDecl {
				names = append(names, Name{string(src[t.off : t.off+t.size]), t.off})
			}
		case kFunc:
			// A declaration's func starts a top-level line; a func type's
			// or a literal's follows something else.
			declName = depth == 0 && (prev == kSemi || prev == kEOF)
		case kOther:
			// The package clause's name names no function either.
			declName = string(src[t.off:t.off+t.size]) == "package"
		case kLparen, kLbrack, kLbrace:
			if t.kind == kLparen && wasDecl && prev == kFunc {
				// func (r T) Name: a receiver, then the name.
				recv, recvDepth = true, depth
			}
			depth++
		case kRparen, kRbrack, kRbrace:
			depth--
			if recv && t.kind == kRparen && depth == recvDepth {
				recv, declName = false, true
			}
		}
		afterDot = t.kind == kOther && t.size == 1 && src[t.off] == '.'
		prev = t.kind
	}
	return names, l.err
}

// notNameRune splits a directive into the words that could name a
// function (a //go:linkname's target is path.Name).
func notNameRune(r rune) bool {
	return !(r == '_' || isLetter(r) || isDigit(r))
}

// DeclaresVars reports whether src declares a package-level variable (a
// top-level var declaration, alone or grouped): the one place a package's
// functions can keep state from one call to the next. err is Funcs' for
// src.
func DeclaresVars(src []byte) (bool, error) {
	if _, err := Funcs(src); err != nil {
		return false, err
	}
	l := newLexer(src)
	depth := 0
	prev := kEOF
	for {
		t := l.scan()
		switch t.kind {
		case kEOF:
			return false, l.err
		case kComment:
			continue
		case kOther:
			if depth == 0 && (prev == kSemi || prev == kEOF) && string(src[t.off:t.off+t.size]) == "var" {
				return true, nil
			}
		case kLparen, kLbrack, kLbrace:
			depth++
		case kRparen, kRbrack, kRbrace:
			depth--
		}
		prev = t.kind
	}
}

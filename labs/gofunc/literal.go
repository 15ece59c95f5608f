package gofunc

import "unicode"

// quoted reads an interpreted string whose opening quote is read.
func (l *lexer) quoted() {
	from := l.off - 1
	for {
		ch := l.ch
		if ch == '\n' || ch < 0 {
			l.fail(from, "string literal not terminated")
			return
		}
		l.step()
		if ch == '"' {
			return
		}
		if ch == '\\' {
			l.escape('"')
		}
	}
}

// runeLit reads a rune literal whose opening quote is read: one character
// or one escape, and the closing quote on the same line.
func (l *lexer) runeLit() {
	from := l.off - 1
	valid, n := true, 0
	for {
		ch := l.ch
		if ch == '\n' || ch < 0 {
			if valid {
				l.fail(from, "rune literal not terminated")
				valid = false
			}
			break
		}
		l.step()
		if ch == '\'' {
			break
		}
		n++
		if ch == '\\' && !l.escape('\'') {
			valid = false
		}
	}
	if valid && n != 1 {
		l.fail(from, "illegal rune literal")
	}
}

// raw reads a raw string whose back quote is read.
func (l *lexer) raw() {
	from := l.off - 1
	for {
		ch := l.ch
		if ch < 0 {
			l.fail(from, "raw string literal not terminated")
			break
		}
		l.step()
		if ch == '`' {
			return
		}
	}
}

// escape reads an escape whose backslash is read, and says whether it is
// valid.
func (l *lexer) escape(quote rune) bool {
	from := l.off
	var n int
	var base, max uint32
	switch l.ch {
	case 'a', 'b', 'f', 'n', 'r', 't', 'v', '\\', quote:
		l.step()
		return true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		n, base, max = 3, 8, 255
	case 'x':
		l.step()
		n, base, max = 2, 16, 255
	case 'u':
		l.step()
		n, base, max = 4, 16, unicode.MaxRune
	case 'U':
		l.step()
		n, base, max = 8, 16, unicode.MaxRune
	default:
		if l.ch < 0 {
			l.fail(from, "escape sequence not terminated")
		} else {
			l.fail(from, "unknown escape sequence")
		}
		return false
	}
	var x uint32
	for ; n > 0; n-- {
		d := uint32(digitVal(l.ch))
		if d >= base {
			if l.ch < 0 {
				l.fail(l.off, "escape sequence not terminated")
			} else {
				l.fail(l.off, "illegal character %#U in escape sequence", l.ch)
			}
			return false
		}
		x = x*base + d
		l.step()
	}
	if x > max || 0xD800 <= x && x < 0xE000 {
		l.fail(from, "escape sequence is invalid Unicode code point")
		return false
	}
	return true
}

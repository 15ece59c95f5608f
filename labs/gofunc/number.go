package gofunc

// The lexer's numbers: Go's integer, float and imaginary literals with their
// prefixes and _ separators, checked as the language spec has them.

func digitVal(ch rune) int {
	switch {
	case isDecimal(ch):
		return int(ch - '0')
	case 'a' <= lower(ch) && lower(ch) <= 'f':
		return int(lower(ch) - 'a' + 10)
	}
	return 16
}

// number reads a number literal and reports what Go's spec forbids in one:
// a digit its base lacks, no digits, an exponent of the wrong kind or
// without digits, a '_' that does not sit between digits.
func (l *lexer) number() {
	from := l.off
	isInt := false
	base, prefix := 10, rune(0) // prefix: 0, '0' (old octal), 'x', 'o' or 'b'
	digits, seps := false, false
	invalid := -1 // the first digit too big for the base
	run := func(base int) {
		d, s := l.digits(base, &invalid)
		digits, seps = digits || d, seps || s
	}
	if l.ch != '.' {
		isInt = true
		if l.ch == '0' {
			l.step()
			switch lower(l.ch) {
			case 'x':
				l.step()
				base, prefix = 16, 'x'
			case 'o':
				l.step()
				base, prefix = 8, 'o'
			case 'b':
				l.step()
				base, prefix = 2, 'b'
			default:
				base, prefix, digits = 8, '0', true
			}
		}
		run(base)
	}
	isFloat := false
	if l.ch == '.' {
		isInt, isFloat = false, true
		if prefix == 'o' || prefix == 'b' {
			l.fail(l.off, "invalid radix point in %s", litname(prefix))
		}
		l.step()
		run(base)
	}
	if !digits {
		l.fail(l.off, "%s has no digits", litname(prefix))
	}
	if e := lower(l.ch); e == 'e' || e == 'p' {
		switch {
		case e == 'e' && prefix != 0 && prefix != '0':
			l.fail(l.off, "%q exponent requires decimal mantissa", l.ch)
		case e == 'p' && prefix != 'x':
			l.fail(l.off, "%q exponent requires hexadecimal mantissa", l.ch)
		}
		l.step()
		isInt = false
		if l.ch == '+' || l.ch == '-' {
			l.step()
		}
		d, s := l.digits(10, nil)
		seps = seps || s
		if !d {
			l.fail(l.off, "exponent has no digits")
		}
	} else if prefix == 'x' && isFloat {
		l.fail(l.off, "hexadecimal mantissa requires a 'p' exponent")
	}
	if l.ch == 'i' {
		isInt = false
		l.step()
	}
	lit := l.src[from:l.off]
	if isInt && invalid >= 0 {
		l.fail(invalid, "invalid digit %q in %s", lit[invalid-from], litname(prefix))
	}
	if seps {
		if i := badSeparator(lit); i >= 0 {
			l.fail(from+i, "'_' must separate successive digits")
		}
	}
}

// digits reads digits and '_'s, saying whether it read each; in a base up
// to 10 it reads every decimal digit and notes the first too big for base.
func (l *lexer) digits(base int, invalid *int) (digit, sep bool) {
	for {
		switch {
		case l.ch == '_':
			sep = true
		case base <= 10 && isDecimal(l.ch):
			digit = true
			if invalid != nil && l.ch >= rune('0'+base) && *invalid < 0 {
				*invalid = l.off
			}
		case base > 10 && isHex(l.ch):
			digit = true
		default:
			return
		}
		l.step()
	}
}

func litname(prefix rune) string {
	switch prefix {
	case 'x':
		return "hexadecimal literal"
	case 'o', '0':
		return "octal literal"
	case 'b':
		return "binary literal"
	}
	return "decimal literal"
}

// badSeparator is the index of the first '_' in a number literal that does
// not stand between two digits (a base prefix counts as a digit), or -1.
func badSeparator(x []byte) int {
	hex := false
	prev := '.' // '_', '0' for a digit, '.' for anything else
	i := 0
	if len(x) >= 2 && x[0] == '0' {
		if p := lower(rune(x[1])); p == 'x' || p == 'o' || p == 'b' {
			hex, prev, i = p == 'x', '0', 2
		}
	}
	for ; i < len(x); i++ {
		c := rune(x[i])
		switch {
		case c == '_':
			if prev != '0' {
				return i
			}
			prev = '_'
		case isDecimal(c) || hex && isHex(c):
			prev = '0'
		default:
			if prev == '_' {
				return i - 1
			}
			prev = '.'
		}
	}
	if prev == '_' {
		return len(x) - 1
	}
	return -1
}

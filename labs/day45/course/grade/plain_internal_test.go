package grade

import (
	"strings"
	"testing"
)

// The hint a check gives on its own (tokenPlain: the counterexample alone,
// before any probe is read) names no mistake. A yes with the right level
// just under one whole token is said plainly: only the threshold's row,
// which reads the probes, names why (token.part-token-yes).
func TestTokenPlainNamesNothing(t *testing.T) {
	c := tokenCase{tokens: 1 - 5e-10, capacity: 1, rate: 1, exact: true}
	if h := tokenPlain(c, -5e-10, true, 1-5e-10, false); h.ID != "plain.token-part-yes" || !strings.Contains(h.Text, "less than one whole token") {
		t.Errorf("a yes on a level just under one token: %s %q", h.ID, h.Text)
	}
	for i := range 2000 {
		c := randomToken(i)
		level := min(c.capacity, c.tokens+c.elapsed.Seconds()*c.rate)
		for _, a := range []tokenAnswer{{level - 1, true}, {level, true}, {level, false}, {0, false}, {-1, true}, {c.capacity + 1, false}, {level / 2, level >= 1}} {
			refL, refOK := level, false
			if level >= 1 {
				refL, refOK = level-1, true
			}
			if h := tokenPlain(c, a.left, a.ok, refL, refOK); !strings.HasPrefix(h.ID, "plain.") || h.Text == "" {
				t.Fatalf("%+v answered %+v: %s %q", c, a, h.ID, h.Text)
			}
		}
	}
}

package door

import (
	"bytes"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// ServeMain serves the code it is handed: without the learner's it says
// so and serves nothing, and --reference asks for the reference's.
func TestServeMainAsksTheCodeItIsHanded(t *testing.T) {
	var asked []labs.Impl
	none := func(which labs.Impl) (limit.Funcs, bool) {
		asked = append(asked, which)
		return limit.Funcs{}, false
	}
	for _, tt := range []struct {
		args []string
		want labs.Impl
	}{
		{[]string{ServeCommand, "--addr=127.0.0.1:0"}, labs.Learner},
		{[]string{ServeCommand, "--addr=127.0.0.1:0", "--reference"}, labs.Reference},
	} {
		asked = nil
		var out, errb bytes.Buffer
		if code := ServeMain(tt.args, none, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", tt.args, code)
		}
		if len(asked) != 1 || asked[0] != tt.want {
			t.Errorf("%v: asked for %v, want %v", tt.args, asked, tt.want)
		}
		if !strings.Contains(errb.String(), "built without your code") || out.Len() != 0 {
			t.Errorf("%v: said %q on stderr, %q on stdout", tt.args, errb.String(), out.String())
		}
	}
}

package grade

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// The grading section of labs/day45/CONTRACT.md states the grader's own
// settings: how many random inputs each TODO faces and where they come from.
func TestContractStatesTheGradersSettings(t *testing.T) {
	b, err := os.ReadFile("../../CONTRACT.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(b)), " ")
	for _, want := range []string{
		fmt.Sprintf("then %d seeded random inputs per TODO", randomCases),
		"PCG seeds 45/(n<<32 | i) for case i of TODO n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("CONTRACT.md does not say %q", want)
		}
	}
	for n := 1; n <= 4; n++ {
		for _, i := range []int{0, 7, randomCases - 1} {
			if got, want := seeded(n, i).Uint64(), rand.New(rand.NewPCG(45, uint64(n)<<32|uint64(i))).Uint64(); got != want {
				t.Errorf("case %d of TODO %d is not drawn from PCG(45, %d<<32 | %d)", i, n, n, i)
			}
		}
	}
}

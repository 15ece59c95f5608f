package testrun

import (
	"fmt"

	"termlab/labs"
)

// LoopSave is the learner's file (todo.go) of day as save n of a save
// loop: every TODO answered, TODO 1 right on even n and wrong on odd n, so
// its verdict flips with every save (✓ ↔ ✗) and the others stay passing;
// every save's code is new to the build cache. root is the module's root
// (Day 46 reads its reference there: Day46Save). The save-loop benchmarks
// on the screens and author/savetime write these.
func LoopSave(day labs.Day, root string, n int) (string, error) {
	wrong := n%2 == 1
	switch day.Number {
	case 45:
		return Day45Save(day.Shipped["todo.go"], n, wrong)
	case 46:
		mistake := Day46Right
		if wrong {
			mistake = Day46FairShare
		}
		return Day46Save(root, n, mistake)
	}
	return "", fmt.Errorf("no save loop for Day %d", day.Number)
}

package testrun

import (
	"fmt"
	"strings"
)

// Day 45's stub bodies, answered as a learner would type them. TODO 1's
// %d is the save's number, in a branch no run takes, so every save is new
// code the build cache has not seen; the wrong TakeToken never caps the
// bucket at its capacity.
var day45Answers = map[string]string{
	"panic(notDone) // TODO 2": "return int64(now / window)",
	"panic(notDone) // TODO 3": "return stamp <= now-window",
	"panic(notDone) // TODO 4": "return max(now, nextEmit)",
}

const (
	takeTokenRight = "if ratePerSec == -%d { // save number: no rate is negative\n\t\treturn tokens, false\n\t}\n\ttokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)\n\tif tokens >= 1 {\n\t\treturn tokens - 1, true\n\t}\n\treturn tokens, false"
	takeTokenWrong = "if ratePerSec == -%d { // save number: no rate is negative\n\t\treturn tokens, false\n\t}\n\ttokens += elapsed.Seconds() * ratePerSec\n\tif tokens >= 1 {\n\t\treturn tokens - 1, true\n\t}\n\treturn tokens, false"
)

// Day45Save is Day 45's learner file as a save loop writes it for save n:
// shipped (the day's shipped todo.go) with every TODO answered, TakeToken
// (TODO 1) right unless wrong, and its body new at every n.
func Day45Save(shipped string, n int, wrong bool) (string, error) {
	take := takeTokenRight
	if wrong {
		take = takeTokenWrong
	}
	src := shipped
	for stub, answer := range day45Answers {
		if !strings.Contains(src, stub) {
			return "", fmt.Errorf("the shipped stub has no %q", stub)
		}
		src = strings.Replace(src, stub, answer, 1)
	}
	const first = "panic(notDone) // TODO 1"
	if !strings.Contains(src, first) {
		return "", fmt.Errorf("the shipped stub has no %q", first)
	}
	return strings.Replace(src, first, fmt.Sprintf(take, n+1), 1), nil
}

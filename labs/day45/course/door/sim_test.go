package door

import (
	"reflect"
	"testing"

	"termlab/labs/day45/course/door/sim"
)

// TestDoorFigureIsThePart: Part 6 over real HTTP and the same clients
// against the door held in process (sim.Door, what P10's figure plays)
// are the same run, request for request and second by second, so the
// figure at the question's setting reads the part's rude_requests. A
// change to how the HTTP door decides or answers (its Retry-After, a new
// client's bucket) that the figure's door does not make fails here.
func TestDoorFigureIsThePart(t *testing.T) {
	part, err := PoliteVsRude(testTake)
	if err != nil {
		t.Fatal(err)
	}
	s := sim.Part6
	fig, err := sim.Run(s, sim.NewDoor(testTake, s.Capacity, s.Rate).Ask)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(part.Result, fig) {
		t.Fatalf("over HTTP: rude %+v, polite %+v\nin process: rude %+v, polite %+v", part.Rude, part.Polite, fig.Rude, fig.Polite)
	}
	if part.Rude.Requests == 0 || part.Polite.Refused == 0 || part.Work != part.Rude.OK+part.Polite.OK {
		t.Fatalf("the run tried too little: %+v", part)
	}
}

package words

import "termlab/labs"

// SpreadChoices is how a burst of the bursts figure arrives: the words a
// question says it with, in the order of the spread knob.
var SpreadChoices = []string{"all in one instant", "spread evenly over 1 s", "spread evenly over 2 s"}

// Questions is the figures that answer the day's predictions at any
// setting (labs.Variant): the authors' check moves each knob to see that a
// question states everything its answer depends on, and practice deals
// new numbers from them. They are not on the playground.
func Questions() []labs.PlayFigure {
	return []labs.PlayFigure{
		{ID: "bursts", Title: "Bursts into a token bucket and a leaky bucket queue",
			TimeScale: "virtual clock · the bucket starts full",
			Parts:     []string{"1", "3", "8"},
			Needs:     []int{1, 4},
			Knobs: []labs.Knob{
				{Name: "b", Label: "bucket holds (the queue: waits at most)", Min: 1, Max: 60, Step: 1, Default: 20},
				{Name: "r", Label: "refill rate", Min: 1, Max: 50, Step: 1, Default: 10, Unit: "/s"},
				{Name: "size", Label: "requests per burst", Min: 1, Max: 100, Step: 1, Default: 40},
				{Name: "count", Label: "bursts", Min: 1, Max: 10, Step: 1, Default: 5},
				{Name: "gap", Label: "seconds between bursts", Min: 1, Max: 10, Step: 1, Default: 3, Unit: "s"},
				{Name: "spread", Label: "how a burst arrives", Choices: SpreadChoices, Default: 0},
			}},
		{ID: "sustained", Title: "A minute of steady overload into a token bucket",
			TimeScale: "60 s on the virtual clock · the bucket starts full",
			Parts:     []string{"1"},
			Needs:     []int{1, 4},
			Knobs: []labs.Knob{
				{Name: "b", Label: "bucket holds (the queue: waits at most)", Min: 1, Max: 60, Step: 1, Default: 20},
				{Name: "r", Label: "refill rate", Min: 1, Max: 50, Step: 1, Default: 10, Unit: "/s"},
				{Name: "offered", Label: "requests offered", Min: 1, Max: 100, Step: 1, Default: 30, Unit: "/s"},
			}},
		{ID: "stampede", Title: "Clients that come back when their window flips",
			TimeScale: "60 s on the virtual clock · the busiest second from the end of the first window on",
			Parts:     []string{"7"},
			Needs:     []int{2},
			Knobs: []labs.Knob{
				{Name: "clients", Label: "clients", Min: 10, Max: 300, Step: 10, Default: 100},
				{Name: "limit", Label: "requests per window, each", Min: 1, Max: 30, Step: 1, Default: 10},
				{Name: "window", Label: "window", Min: 2, Max: 30, Step: 1, Default: 10, Unit: "s"},
				{Name: "pace", Label: "a client's gap between requests while allowed", Min: 10, Max: 500, Step: 10, Default: 100, Unit: "ms"},
			}},
		{ID: "counter", Title: "The sliding-window counter's guess against the exact log",
			TimeScale: "two windows on the virtual clock · the guess compared every 0.25 s of the second",
			Parts:     []string{"5"},
			Needs:     []int{2, 3},
			Knobs: []labs.Knob{
				{Name: "limit", Label: "limit per window", Min: 100, Max: 2000, Step: 100, Default: 1000},
				{Name: "window", Label: "window", Min: 10, Max: 120, Step: 10, Default: 60, Unit: "s"},
				{Name: "burst", Label: "the boundary burst lasts", Min: 1, Max: 10, Step: 1, Default: 1, Unit: "s"},
			}},
		{ID: "fleetlocal", Title: "A fleet of servers, each limiting the client on its own",
			TimeScale: "10 s on the virtual clock · the rate delivered from t = 3 s on",
			Parts:     []string{"4"},
			Needs:     []int{1},
			Knobs: []labs.Knob{
				{Name: "servers", Label: "servers", Min: 1, Max: 16, Step: 1, Default: 4},
				{Name: "limit", Label: "each server's limit", Min: 1, Max: 50, Step: 1, Default: 10, Unit: "/s"},
				{Name: "offered", Label: "the client sends", Min: 5, Max: 200, Step: 5, Default: 60, Unit: "/s"},
			}},
	}
}

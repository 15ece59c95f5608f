package words

import "termlab/labs"

// Figures are the playground's figures as the lab shows them: the essay's
// three, with their knobs, time scale, the parts whose predictions each
// reveals (the course day's, asked together, so Part 1 stands for them,
// and every part beyond it whose answer some setting of the figure reads
// out, by design or by coincidence: TestPlayIsAReveal in labs/registry
// tries a grid of settings) and the TODOs it calls. Play is nil here: course/play fills it in the programs
// that play them.
func Figures() []labs.PlayFigure {
	return []labs.PlayFigure{
		{ID: "boundary", Title: "The calendar with a blind spot",
			TimeScale: "virtual clock · three windows drawn · time compressed",
			Parts:     []string{"1", "4", "5", "8"}, // Part 5: the counter's error; 4 and 8: counts it can read (40 accepted, 10 in a window, 5 refused)
			Needs:     []int{2, 3},
			Knobs: []labs.Knob{
				{Name: "limit", Label: "limit per window", Min: 10, Max: 200, Step: 10, Default: 100},
				{Name: "window", Label: "window", Min: 1, Max: 60, Step: 1, Default: 10, Unit: "s"},
				{Name: "traffic", Label: "traffic", Choices: []string{"steady", "burst at the boundary"}, Default: 1},
				{Name: "spread", Label: "burst either side", Min: 1, Max: 50, Step: 1, Default: 2, Unit: "% of window"},
			}},
		{ID: "loan", Title: "A loan, not a calendar",
			TimeScale: "30 s or more on the virtual clock (the long run is its second half) · level in tokens, output per second",
			Parts:     []string{"1", "4", "5", "6", "8"}, // Part 8: the meter under bursts; 4, 5 and 6: rates and counts it can read
			Needs:     []int{1, 4},
			Knobs: []labs.Knob{
				{Name: "r", Label: "refill rate r", Min: 1, Max: 50, Step: 1, Default: 10, Unit: "/s"},
				{Name: "b", Label: "burst b", Min: 1, Max: 60, Step: 1, Default: 15},
				{Name: "traffic", Label: "traffic", Choices: []string{"steady", "bursty", "flood"}, Default: 1},
			}},
		{ID: "fleet", Title: "Eight honest servers",
			TimeScale: "10 s or more on the virtual clock (the long run is its second half) · the promise is L a second",
			Parts:     []string{"1", "4", "6", "8"}, // Part 4: the fleet's local and shared counts; 6 and 8: counts it can read
			Needs:     []int{1},
			Knobs: []labs.Knob{
				{Name: "servers", Label: "servers N", Min: 1, Max: 16, Step: 1, Default: 8},
				{Name: "limit", Label: "limit per server L", Min: 1, Max: 100, Step: 1, Default: 10, Unit: "/s"},
				{Name: "mode", Label: "counter", Choices: []string{"local", "centralized", "promise ÷ N"}, Default: 0},
				{Name: "skew", Label: "skew to server 0", Min: 0, Max: 100, Step: 10, Default: 0, Unit: "%"},
				{Name: "demand", Label: "demand", Choices: []string{"flood", "honest"}, Default: 0},
			}},
	}
}

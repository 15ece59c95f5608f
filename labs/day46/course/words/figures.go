package words

import (
	"strconv"

	"termlab/labs"
)

// Schedulers are the neighbour figure's choices of scheduler, in the order
// its knob offers them (course/play builds each by its index).
var Schedulers = []string{"FIFO", "quota", "round robin", "DRR", "fair queuing"}

// TenantsDrawn is how many quiet tenants the shard figure deals shards to.
const TenantsDrawn = 4000

// Figures are the playground's figures as the lab shows them: knobs, time
// scale, the parts whose predictions each waits for (every part whose
// answer the figure could show) and the TODOs it calls. Play is nil here:
// course/play fills it in the programs that play them.
func Figures() []labs.PlayFigure {
	return []labs.PlayFigure{
		{ID: "neighbour", Title: "One greedy tenant, one server",
			TimeScale: "10 s on the virtual clock · 10 ms a request, 100 a second",
			Parts:     []string{"1", "2", "3", "4", "8"}, // FIFO, quota, shares, DRR, fair queuing
			Needs:     []int{2},
			// Only DRR calls DRRVisit: FIFO, quota, round robin and fair
			// queuing play the day's own code, none of the learner's.
			CallsAt: func(v labs.Values) []int {
				if Schedulers[int(v["scheduler"])] == "DRR" {
					return []int{2}
				}
				return nil
			},
			Knobs: []labs.Knob{
				{Name: "scheduler", Label: "scheduler", Choices: Schedulers, Default: 0},
				{Name: "greedy", Label: "greedy tenant's rate", Min: 0, Max: 400, Step: 10, Default: 150, Unit: "/s"},
				{Name: "quiet", Label: "quiet tenants", Min: 1, Max: 9, Step: 1, Default: 3},
				{Name: "quantum", Label: "DRR quantum", Min: 1, Max: 50, Step: 1, Default: 10, Unit: "ms"},
				{Name: "weight", Label: "greedy's DRR weight", Min: 1, Max: 8, Step: 1, Default: 1, Unit: "×"},
			}},
		{ID: "shards", Title: "Shuffle sharding: k workers of n",
			TimeScale: "no clock: " + strconv.Itoa(TenantsDrawn) + " tenants dealt shards at once",
			Parts:     []string{"5", "6"}, // shuffle sharding, queues of a priority level
			Needs:     []int{3, 4},
			Knobs: []labs.Knob{
				{Name: "n", Label: "workers n", Min: 2, Max: 32, Step: 1, Default: 8},
				{Name: "k", Label: "shard size k", Min: 1, Max: 6, Step: 1, Default: 2},
			}},
		{ID: "share", Title: "Water-filling: who gets what of the capacity",
			TimeScale: "no clock: steady demands, one computed share each",
			Parts:     []string{"1"}, // the course day's: Part 3 computes the shares
			Needs:     []int{1},
			Knobs: []labs.Knob{
				{Name: "capacity", Label: "capacity", Min: 10, Max: 300, Step: 10, Default: 100, Unit: "/s"},
				{Name: "a", Label: "A's demand", Min: 0, Max: 400, Step: 10, Default: 200, Unit: "/s"},
				{Name: "others", Label: "other tenants", Min: 1, Max: 8, Step: 1, Default: 4},
				{Name: "demand", Label: "each other's demand", Min: 0, Max: 100, Step: 5, Default: 30, Unit: "/s"},
				{Name: "weight", Label: "A's weight", Min: 1, Max: 8, Step: 1, Default: 1, Unit: "×"},
			}},
	}
}

package words

import "termlab/labs"

// FromChoices is when tenant A starts sending at its own rate in the crowd
// figure: the words a question says it with, in the knob's order. Before
// it starts, A sends what a quiet tenant sends.
var FromChoices = []string{"from the first second of the minute to the last", "only in the second half of the minute"}

// Questions is the figures that answer the day's predictions at any
// setting (labs.Variant): the authors' check moves each knob to see that a
// question states everything its answer depends on, and practice deals
// new numbers from them. They are not on the playground.
func Questions() []labs.PlayFigure {
	return []labs.PlayFigure{
		{ID: "crowd", Title: "Five tenants: one FIFO, quotas, deficit round robin",
			TimeScale: "one minute on the virtual clock · 10 ms a request, 100 a second",
			Parts:     []string{"1", "2", "4"},
			Needs:     []int{2}, // DRR calls DRRVisit
			Knobs: []labs.Knob{
				{Name: "quiet", Label: "each quiet tenant's rate", Min: 1, Max: 20, Step: 1, Default: 10, Unit: "/s"},
				{Name: "a", Label: "A's rate", Min: 10, Max: 400, Step: 10, Default: 200, Unit: "/s"},
				{Name: "from", Label: "when A sends at its rate", Choices: FromChoices, Default: 0},
				{Name: "bound", Label: "the FIFO's room", Min: 10, Max: 300, Step: 10, Default: 100},
				{Name: "quota", Label: "each tenant's quota", Min: 5, Max: 50, Step: 5, Default: 20, Unit: "/s"},
				{Name: "burst", Label: "each quota's burst", Min: 1, Max: 40, Step: 1, Default: 10},
			}},
		{ID: "sizes", Title: "Two tenants, small requests and big ones",
			TimeScale: "the first ten seconds on the virtual clock · both tenants waiting from the start",
			Parts:     []string{"4"},
			Needs:     []int{2}, // DRR calls DRRVisit
			Knobs: []labs.Knob{
				{Name: "small", Label: "the small requests", Min: 5, Max: 50, Step: 5, Default: 10, Unit: "ms"},
				{Name: "big", Label: "the big requests", Min: 5, Max: 100, Step: 5, Default: 40, Unit: "ms"},
				{Name: "quantum", Label: "DRR's quantum", Min: 5, Max: 50, Step: 5, Default: 10, Unit: "ms"},
			}},
		{ID: "overlap", Title: "Shuffle shards that share a worker with the noisy tenant",
			TimeScale: "one deal of the shards: a count, no traffic",
			Parts:     []string{"5"},
			Needs:     []int{3, 4}, // ShardOf, Overlap
			Knobs: []labs.Knob{
				{Name: "workers", Label: "workers", Min: 4, Max: 16, Step: 1, Default: 8},
				{Name: "shard", Label: "workers per shard", Min: 1, Max: 4, Step: 1, Default: 2},
				{Name: "tenants", Label: "quiet tenants", Min: 500, Max: 10000, Step: 500, Default: 5000},
			}},
		{ID: "vtfq", Title: "A quiet tenant among busy ones, under virtual-time fair queuing",
			TimeScale: "two minutes on the virtual clock · the quiet tenant's 0.7 ms requests about every 0.4 s",
			Parts:     []string{"8"},
			Needs:     []int{2},
			Knobs: []labs.Knob{
				{Name: "busy", Label: "busy tenants", Min: 1, Max: 64, Step: 1, Default: 32},
				{Name: "size", Label: "the busy tenants' requests", Min: 2, Max: 20, Step: 1, Default: 10, Unit: "ms"},
			}},
		{ID: "fleet", Title: "A's share, enforced by a fleet of servers",
			TimeScale: "one minute on the virtual clock · each server's counter starts full",
			Parts:     []string{"7"},
			Needs:     []int{1}, // FairShare
			Knobs: []labs.Knob{
				{Name: "servers", Label: "servers", Min: 1, Max: 10, Step: 1, Default: 4},
				{Name: "a", Label: "A's rate", Min: 20, Max: 400, Step: 10, Default: 200, Unit: "/s"},
			}},
		{ID: "apf", Title: "Mice behind elephants: APF's hands of queues",
			TimeScale: "10,000 deals of the elephants' hands: a count of hands, no traffic",
			Parts:     []string{"6"},
			Needs:     []int{3, 4}, // ShardOf, Overlap
			Knobs: []labs.Knob{
				{Name: "queues", Label: "queues", Min: 16, Max: 128, Step: 8, Default: 64},
				{Name: "hand", Label: "hand size", Min: 2, Max: 10, Step: 1, Default: 8},
				{Name: "elephants", Label: "elephant flows", Min: 1, Max: 16, Step: 1, Default: 8},
				{Name: "mice", Label: "other flows", Min: 1000, Max: 20000, Step: 1000, Default: 10000},
			}},
		{ID: "hurt", Title: "One tenant floods its shard: who else loses requests",
			TimeScale: "a 20 s flood on the virtual clock, 100 deals of the shards",
			Parts:     []string{"5"},
			Needs:     []int{3}, // ShardOf
			Knobs: []labs.Knob{
				{Name: "workers", Label: "workers", Min: 4, Max: 16, Step: 1, Default: 8},
				{Name: "shard", Label: "workers per shard", Min: 1, Max: 4, Step: 1, Default: 2},
				{Name: "tenants", Label: "quiet tenants", Min: 1000, Max: 10000, Step: 1000, Default: 5000},
			}},
	}
}

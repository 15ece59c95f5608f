package words

import "termlab/labs"

// Parts are the day's experiments as the lab lists them, in order, each
// with the TODOs it runs, and those each of its pieces runs (a save re-plays
// only the pieces that can reach what it changed: Part 5's deals of
// shards call no Overlap). course/parts plays them; its test holds each
// part's Uses and Pieces against the TODOs its pieces call
// (labs.PartUses, labs.PieceUses), so this list cannot drift from what
// the parts run.
func Parts() []labs.Part {
	return []labs.Part{
		{ID: "1", Title: "One queue for everyone: the noisy neighbour", Pieces: [][]int{{}}},
		{ID: "2", Title: "Static quotas: the quiet are safe, the capacity idles", Pieces: [][]int{{}}},
		{ID: "3", Title: "Max-min fair share: water-filling, plain and weighted", Uses: []int{1}, Pieces: [][]int{{1}, {1}, {1}}},
		{ID: "4", Title: "Fair queuing: deficit round robin", Uses: []int{2}, Pieces: [][]int{{2}, {2}}},
		{ID: "5", Title: "Shuffle sharding: the blast radius of one noisy tenant", Uses: []int{3, 4}, Pieces: [][]int{{}, {3}, {3, 4}}},
		// Beyond the course day (each one's predictions are asked just
		// before it plays): Kubernetes APF, the fleet, virtual-time fair
		// queuing.
		{ID: "6", Title: "Kubernetes APF in these terms: seats, queues, hand size", Uses: []int{3, 4}, Pieces: [][]int{{3, 4}}, Beyond: true},
		{ID: "7", Title: "One fair share across a fleet: a shared counter per tenant", Uses: []int{1}, Pieces: [][]int{{1}}, Beyond: true},
		{ID: "8", Title: "Virtual-time fair queuing: a quiet tenant among many busy ones", Uses: []int{2}, Pieces: [][]int{{2}}, Beyond: true},
	}
}

package words

import "termlab/labs"

// Parts are the day's experiments as the lab lists them, in order, each
// with the TODOs it runs: Parts 1–3 are the course day (their predictions
// are asked up front), the rest go beyond it. Parts 4 and 6 are heavy: a
// Redis client and an HTTP server, which only the full worker links
// (course/fleet, course/door). course/parts plays the others; its test
// holds each part's Uses against the TODOs its pieces call
// (labs.PartUses), the heavy ones' against their packages' pieces.
func Parts() []labs.Part {
	return []labs.Part{
		{ID: "1", Title: "The token bucket: a burst, then a long stream", Uses: []int{1}},
		{ID: "2", Title: "Fixed window against sliding window at the boundary", Uses: []int{2, 3}},
		{ID: "3", Title: "Token bucket against leaky bucket: one bursty input through both", Uses: []int{1, 4}},
		{ID: "4", Title: "The fleet: four servers, local buckets or one shared one", Uses: []int{1}, Heavy: true, Beyond: true},
		{ID: "5", Title: "Sliding-window log against sliding-window counter: memory and error", Uses: []int{2, 3}, Beyond: true},
		{ID: "6", Title: "The polite no: 429 and Retry-After over real HTTP", Uses: []int{1}, Heavy: true, Beyond: true},
		{ID: "7", Title: "The reset stampede: everyone comes back at the flip", Uses: []int{2, 3}, Beyond: true},
		{ID: "8", Title: "Meter against queue; throttling against shedding", Uses: []int{1, 4}, Beyond: true},
	}
}

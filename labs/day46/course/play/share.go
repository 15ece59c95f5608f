package play

import (
	"strconv"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

// playShare is FairShare's figure: one tenant, A, asking for a lot, the
// others for a little each, through max-min fair sharing by water-filling
// (TODO 1), weighted by A's weight as the day weights it (fair.Weighted:
// a tenant of weight w stands in as w tenants).
func playShare(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	capacity, n := v.Get("capacity"), 1+int(v.Get("others"))
	demands := []float64{v.Get("a")}
	weights := []int{int(v.Get("weight"))}
	for range n - 1 {
		demands = append(demands, v.Get("demand"))
		weights = append(weights, 1)
	}
	var got []float64
	if weights[0] == 1 {
		got = f.FairShare(capacity, demands)
	} else {
		got = fair.Weighted(f.FairShare, capacity, demands, weights)
	}
	asked := labs.Series{Name: "demand"}
	given := labs.Series{Name: "share"}
	total := 0.0
	for i := range demands {
		share := 0.0
		if i < len(got) {
			share = got[i]
		}
		total += share
		asked.X, asked.Y = append(asked.X, float64(i)), append(asked.Y, demands[i])
		given.X, given.Y = append(given.X, float64(i)), append(given.Y, share)
	}
	fr.Chart = labs.Figure{Title: "demand and share per tenant (0 is A)", Kind: labs.Bars, XLabel: "tenant", YLabel: "/s", Series: []labs.Series{given, asked}}
	other := 0.0
	if len(got) > 1 {
		other = got[1]
	}
	fr.Readouts = []labs.Readout{
		{Name: "a_share", Label: "A: share", Value: given.Y[0], Unit: "/s", Against: "asked " + strconv.FormatFloat(demands[0], 'f', -1, 64)},
		{Name: "other_share", Label: "each other: share", Value: other, Unit: "/s", Against: "asked " + strconv.FormatFloat(v.Get("demand"), 'f', -1, 64)},
		{Name: "handed_out", Label: "handed out", Value: total, Unit: "/s", Against: "capacity " + strconv.FormatFloat(capacity, 'f', -1, 64)},
	}
	if len(got) != len(demands) {
		fr.Error = "FairShare returned " + strconv.Itoa(len(got)) + " shares for " + strconv.Itoa(len(demands)) + " tenants"
	}
}

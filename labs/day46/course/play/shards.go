package play

import (
	"strconv"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/words"
)

// tenantsDrawn is how many quiet tenants the shard figure deals shards to.
const tenantsDrawn = words.TenantsDrawn

func playShards(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	n, k := int(v.Get("n")), min(int(v.Get("k")), int(v.Get("n")))
	noisy := f.ShardOf(0, n, k)
	counts := make([]int, k+1)
	for t := uint64(1); t <= tenantsDrawn; t++ {
		j := f.Overlap(noisy, f.ShardOf(t, n, k))
		if j >= 0 && j <= k {
			counts[j]++
		}
	}
	measured := labs.Series{Name: "tenants"}
	expected := labs.Series{Name: "C(k,j)C(n-k,k-j)/C(n,k)"}
	for j := range counts {
		measured.X, measured.Y = append(measured.X, float64(j)), append(measured.Y, float64(counts[j])/tenantsDrawn)
		expected.X, expected.Y = append(expected.X, float64(j)), append(expected.Y, fair.Hypergeometric(n, k, j))
	}
	fr.Chart = labs.Figure{Title: "workers shared with the noisy tenant", Kind: labs.Bars, XLabel: "workers in common", YLabel: "share of tenants", Series: []labs.Series{measured, expected}}
	whole := 1 / fair.Binomial(n, k)
	fr.Readouts = []labs.Readout{}
	if asked := int(v.Get("k")); asked > n {
		// A shard is k distinct workers of n: past n there are no more to
		// deal, so the figure plays k = n and says so.
		fr.Readouts = append(fr.Readouts, labs.Readout{Name: "k_played", Label: "shard size played", Value: float64(k),
			Against: "k = " + strconv.Itoa(asked) + " asked; a shard holds at most the n = " + strconv.Itoa(n) + " workers"})
	}
	fr.Readouts = append(fr.Readouts, []labs.Readout{
		{Name: "shards", Label: "different shards C(n,k)", Value: fair.Binomial(n, k)},
		{Name: "same_shard", Label: "whole shard shared", Value: float64(counts[k]) / tenantsDrawn, Against: "1/C(n,k) = " + strconv.FormatFloat(whole, 'g', 3, 64)},
		{Name: "untouched", Label: "no worker shared", Value: float64(counts[0]) / tenantsDrawn, Against: strconv.FormatFloat(fair.Hypergeometric(n, k, 0), 'g', 3, 64)},
	}...)
}

package labs

// Blame picks the TODO a part's fault belongs to when the part itself could
// not tell (its process died, or it produced a figure that is not a number):
// the first TODO the part uses whose grade failed the same way (a part
// that timed out blames the TODO that times out, not an earlier one that is
// merely unfinished, which stops its piece cleanly), else the first that
// does not pass its grade. It is a course rule, not the transport's, so the
// engine holds it and the worker only applies it.
func (p Part) Blame(status Status, grades []Grade) int {
	for _, n := range p.Uses {
		for _, g := range grades {
			if g.TODO == n && g.Status == status && status != Unfinished {
				return n
			}
		}
	}
	for _, n := range p.Uses {
		for _, g := range grades {
			if g.TODO == n && g.Status != Pass {
				return n
			}
		}
	}
	if len(p.Uses) > 0 {
		return p.Uses[0]
	}
	return 0
}

# The README's go test ./... on a fresh clone: it passes the first time, a
# second run comes from Go's test cache within 20 s, and nothing is left
# behind. One clone here, on CI's own build cache (-warm: the standard
# library and the modules .ci/run compiled already are not compiled again;
# the lab's packages are, in the clone, and every test runs there);
# .ci/fresh -n 5 -load 2 is the full check with empty caches, and
# .ci/fresh -n 1 -floor the newcomer's time against its floor
# (labs/BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
.ci/fresh -n 1 -warm

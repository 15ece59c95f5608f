# The README's go test ./... on a fresh clone with an empty build cache:
# it passes the first time, a second run comes from Go's test cache within
# 20 s, and nothing is left behind. One clone here (a cold build of
# everything costs minutes); .ci/fresh -n 5 -load 2 is the full check
# (labs/BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
.ci/fresh -n 1

# The Day 45 grader's equivalence suite on more than one kind of CPU code.
#
# A verdict must not depend on the machine: with GOAMD64=v3 the compiler
# fuses a*b+c into one FMA instruction (one rounding instead of two), as it
# does on arm64, so float results can differ in the last bit from v1's.
# The suite runs under both amd64 levels. arm64 cannot run here (no
# emulator on the CI machine), so its test binary is only cross-compiled,
# which at least proves it builds; the suite's explicit math.FMA variants
# exercise fused arithmetic on every machine, arm64's kind included.
set -euo pipefail
cd "$(dirname "$0")/../.."

pkg=./labs/day45/course/
for level in v1 v3; do
  echo "-- equivalence suite, GOAMD64=$level"
  GOAMD64=$level go test -count=1 -run 'Equivalence|Perturbed|TieZone|Shrunk|Stateful|Mutant|Counterexample' "$pkg"
done

echo "-- cross-compiling the suite for arm64 (not run: no arm64 here)"
GOARCH=arm64 go test -c -o /dev/null "$pkg"

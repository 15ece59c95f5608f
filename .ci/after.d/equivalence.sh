# The graders' equivalence suites (Day 45 and Day 46) on more than one kind
# of CPU code.
#
# A verdict must not depend on the machine: with GOAMD64=v3 the compiler
# fuses a*b+c into one FMA instruction (one rounding instead of two), as it
# does on arm64, so float results can differ in the last bit from v1's.
# The suites run whole under both amd64 levels, without the race detector
# (TERMLAB_TEST_ALL=1; .ci/run's race run, stage d1 of .ci/stages, and the
# default go test ./... run a sample of the largest, testrun.Sampled: under
# the detector it cost several times its CPU, and a newcomer's first run
# most of its time).
# arm64 cannot run here (no emulator on the CI machine), so their test
# binaries are only cross-compiled, which at least proves they build; Day
# 45's explicit math.FMA variants exercise fused arithmetic on every
# machine, arm64's kind included.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Every variant: without it the suites grade a sample (testrun.Sampled).
# .ci/run sets it already; this is for a run of this script on its own.
export TERMLAB_TEST_ALL=1

# Each suite: a package and the tests that make it up (correct variants
# pass, wrong ones fail in their own TODO with a fitting counterexample,
# figures survive float noise within the tolerance).
suites=(
  "./labs/day45/course/grade/|Equivalence|NewFamily|Family2|Family3|Family4|Family5|HintsOnceWrong|WindowHintNeverWraps|TieZone|Shrunk|Stateful|Mutant|Counterexample"
  "./labs/day45/course/parts/|Perturbed|TieShift"
  "./labs/day46/course/grade/|ReferencePasses|NewFamily|Family3|Family4|Family5|ChargeWithoutServing|EquivalentPrograms|WrongProgram|Behaviour|Counterexample|Shrunk|WithinTheTolerance|HintsName|ShardSpread|ChiSquare"
  "./labs/day46/course/|Survive|RepeatExactly"
)
# Every registered day's suites run: a day is registered by its folder
# labs/dayNN/course (as go generate finds it, author/gendays). A day with no
# hand-picked list above runs every test of its packages; a listed day that
# is not registered is an error, not a silent skip.
days=()
for dir in labs/day*/course; do
  [ -d "$dir" ] || continue
  days+=("$(basename "$(dirname "$dir")")")
done
for suite in "${suites[@]}"; do
  day=$(echo "${suite%%|*}" | sed -n 's|^\./labs/\(day[0-9]*\)/.*|\1|p')
  if [[ ! " ${days[*]} " == *" $day "* ]]; then
    echo "equivalence.sh lists $day, which is not a registered day (labs/$day/course)"; exit 1
  fi
done
for day in "${days[@]}"; do
  listed=no
  for suite in "${suites[@]}"; do
    [[ "${suite%%|*}" == "./labs/$day/"* ]] && listed=yes
  done
  if [ "$listed" = no ]; then
    suites+=("./labs/$day/...|.")
  fi
done
echo "-- registered days: ${days[*]}"

# Each suite's -v output is kept: the hints' figures below are read from
# it rather than from runs of their own.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for level in v1 v3; do
  for suite in "${suites[@]}"; do
    pkg=${suite%%|*}
    run=${suite#*|}
    echo "-- equivalence suite $pkg, GOAMD64=$level"
    log="$out/$(echo "$pkg" | tr -c 'a-z0-9\n' '_').txt"
    if ! GOAMD64=$level go test -count=1 -v -run "$run" "$pkg" >"$log" 2>&1; then
      grep -v -e '^=== \(RUN\|PAUSE\|CONT\|NAME\)' -e '^    --- PASS' -e '^--- PASS' "$log"
      exit 1
    fi
    tail -n 1 "$log"
  done
done
# figure PKG PATTERN: the line of a figure a test of PKG printed in the
# suite's run above; it is an error if the suite printed none.
figure() {
  local log
  log="$out/$(echo "$1" | tr -c 'a-z0-9\n' '_').txt"
  grep -o -e "$2" "$log" || { echo "no figure \"$2\" in the run of $1"; exit 1; }
}

# A verdict must not depend on how busy the machine is either: the suites
# once more, at the grader's shipped bound (CPU time), beside processes
# spinning on every core, expecting the same verdicts.
echo "-- equivalence suites beside CPU burners"
TERMLAB_TEST_ALL=1 go test -count=1 -run 'VerdictsUnderLoad' ./labs/day45/course/grade/
TERMLAB_TEST_ALL=1 go test -count=1 -run 'VerdictsUnderLoad' ./labs/day46/course/grade/

# The hints' figure: how many caught variants get a hint naming their very
# mistake (the rest get a plain statement of what differs; a hint naming a
# mistake the variant did not make fails the suites above).
echo "-- hints naming the true mistake / all caught"
figure ./labs/day45/course/grade/ '^day 45 hints.*'
figure ./labs/day46/course/grade/ '^day 46 hints.*'
# The same figure on the families written after the behaviour-based
# diagnosis (newfamily_test.go), which it was not tuned on.
figure ./labs/day45/course/grade/ '^day 45 new family.*'
figure ./labs/day45/course/grade/ '^day 45 family 2.*'
figure ./labs/day46/course/grade/ '^day 46 new family.*'
# And on the third family, written blind to the diagnosis and wired in
# for one measured run (family3_test.go): its figures are counts only.
figure ./labs/day45/course/grade/ 'day 45 family 3: .*'
figure ./labs/day46/course/grade/ 'day 46 family 3: .*'
# The fourth family, written blind and measured once before the engine of
# issue 42 (labs/BENCHMARKS.md has that figure); two of its readings were
# taken again after their wrong names were mended.
figure ./labs/day45/course/grade/ 'day 45 family 4: .*'
figure ./labs/day46/course/grade/ 'day 46 family 4: .*'
# The fifth family, written blind and measured once on the engine of
# issue 42 as it stood (labs/BENCHMARKS.md has that figure).
figure ./labs/day45/course/grade/ 'day 45 family 5: .*'
figure ./labs/day46/course/grade/ 'day 46 family 5: .*'

echo "-- cross-compiling the suites for arm64 (not run: no arm64 here)"
for suite in "${suites[@]}"; do
  GOARCH=arm64 go test -c -o /dev/null "${suite%%|*}"
done

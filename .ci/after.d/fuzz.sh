# Every fuzz target in the module, briefly: FUZZTIME each (default 250000
# inputs, a few seconds each here). A count, not a duration: with a
# duration, Go's fuzz coordinator (go1.26, golang/go#75804, fixed in 1.27)
# can report its own deadline as "context deadline exceeded" and fail a
# target that found nothing (seen on a fresh clone's CI run here).
# Targets are found by name, so a new func FuzzX(f *testing.F) in any
# package's _test.go is fuzzed without touching this script. A failing input
# is written to that package's testdata/fuzz/FuzzX/ and fails the run.
set -euo pipefail
cd "$(dirname "$0")/../.."

fuzztime="${FUZZTIME:-250000x}"
count=0
while IFS= read -r file; do
  pkg="./$(dirname "$file")"
  for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(\([A-Za-z_][A-Za-z0-9_]*\) \*testing\.F).*/\1/p' "$file"); do
    echo "-- $target in $pkg ($fuzztime)"
    go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg"
    count=$((count + 1))
  done
done < <(find . \( -name '.?*' -o -name testdata -o -name vendor \) -prune -o -type f -name '*_test.go' -print | sed 's|^\./||' | sort)

if [ "$count" -eq 0 ]; then
  echo "no fuzz targets found"
  exit 1
fi
echo "fuzzed $count targets"

# Every benchmark once (-benchtime 1x), so that none rots: they still build,
# and their own checks hold (the day's bucket decides as x/time/rate does,
# the sliding log stays within its quota, a save gives a passing outcome,
# the screens draw each save's verdict in every place).
# Speed is not judged here: one save on a machine that CI shares is no
# median, and a smoke run that failed on a ratio would fail on the load.
# The save loops' ratios are judged against their lines by author/benchtable
# in .ci/bench, over 8 saves or more (labs/BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
go test -run '^$' -bench . -benchtime 1x ./...

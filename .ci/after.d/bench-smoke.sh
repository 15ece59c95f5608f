# Every benchmark once (-benchtime 1x), so that none rots: they still build,
# and their own checks hold (the day's bucket decides as x/time/rate does,
# the sliding log stays within its quota, a save gives a passing outcome).
# Speed is not judged here; .ci/bench measures it (labs/BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
go test -run '^$' -bench . -benchtime 1x ./...

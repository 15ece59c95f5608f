#!/usr/bin/env bash
# The README's promise: `go test ./...` passes at every stage of the
# learner's work. In a copy of the committed tree (never this checkout's own
# labs/day45), labs/day45/todo.go is put through four stages and the suite
# runs at each:
#
#   a  the shipped stubs
#   b  TODOs 1-2 written (the reference bodies typed into the stubs), 3-4 stubs
#   c  all four written: the finished file, with no import left unused
#   d  a compile error in todo.go (an undefined name, then a syntax error),
#      and then one in Day 46's todo.go as well
#
# Stages a-c run `go test -short ./...`; stage d runs the whole suite. Why
# that is enough: -short only skips the slow tests that build and run the
# worker (the end-to-end suite, the re-run-on-save test, the builds of
# stubs); every one of them works in a copy made by worker.CopyLab, which
# does not read labs/day45 and writes the shipped files there instead. Any
# test that still leaned on the learner's file would fail in stage d, where
# that file does not compile, and stage d runs them all. .ci/run runs the
# whole suite on the stubs already (with -race). All stages share one copy
# and the go build and test caches, so a stage reruns only the tests whose
# inputs changed; the line after each stage says how many were reused.
#
# Each stage also checks that it is the stage it claims to be: the learner's
# package builds (-tags termlab) in a-c and does not in d, and the lab grades
# b as 2 of 4 and c as 4 of 4.
set -euo pipefail
cd "$(dirname "$0")/../.."
export GOFLAGS="${GOFLAGS:-} -buildvcs=false"
# Stage d1's whole suite is .ci/run's (the slow e2e tests included), also
# when this script runs on its own.
export TERMLAB_TEST_ALL=1
# The worker programs the lab builds go to a cache of this script's own;
# the go build cache stays where it is, so compiled packages are shared.
GOCACHE="$(go env GOCACHE)"
export GOCACHE

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lab="$tmp/lab"
mkdir -p "$lab"
git archive --format=tar HEAD | tar -x -C "$lab"
export XDG_CACHE_HOME="$tmp/cache"
todo="$lab/labs/day45/todo.go"
stubs="$lab/labs/day45/course/shipped/todo.go.txt"
ref="$lab/solutions/day45/solutions.go"

# write TODO... : the shipped stubs, with the named TODOs' one-line stubs
# replaced by the reference's bodies (as a learner would type them).
write() {
  REF="$ref" TODOS="$*" perl -0777 -pe '
    BEGIN {
      local $/; open my $f, "<", $ENV{REF} or die "no reference: $!"; $ref = <$f>;
      %func = (1 => "TakeToken", 2 => "WindowID", 3 => "Expired", 4 => "NextEmit");
    }
    for my $n (split " ", $ENV{TODOS}) {
      $ref =~ /^func \Q$func{$n}\E\(.*? \{\n(.*?)^\}/ms or die "no $func{$n} in the reference\n";
      my $body = $1;
      s/^\tpanic\(notDone\) \/\/ TODO $n\n/$body/m or die "no stub for TODO $n\n";
    }' "$stubs" >"$todo"
}

# grades N CODE: `termlab grade 45` says N of 4 pass, and exits CODE.
grades() {
  local out code=0
  [ -x "$tmp/termlab" ] || (cd "$lab" && go build -o "$tmp/termlab" .)
  out=$(cd "$lab" && "$tmp/termlab" grade 45 2>&1) || code=$?
  if ! grep -q "$1 of 4 TODOs pass" <<<"$out" || [ "$code" -ne "$2" ]; then
    echo "want $1 of 4 passing and exit $2 from termlab grade 45, got exit $code:"; echo "$out"; exit 1
  fi
}

# learner builds|breaks [DAY]: whether the learner's package (Day 45's, or
# DAY's) compiles as the lab builds it, so that a stage is the one it claims
# to be.
learner() {
  if (cd "$lab" && go build -tags termlab "./labs/day${2:-45}") >"$tmp/build.txt" 2>&1; then
    [ "$1" = builds ] || { echo "the learner's package should not compile in this stage"; exit 1; }
  else
    [ "$1" = breaks ] || { echo "the learner's package does not compile:"; cat "$tmp/build.txt"; exit 1; }
  fi
}

stage() {
  local name=$1; shift
  local start=$SECONDS rc=0
  printf -- '-- stage %s\n' "$name"
  (cd "$lab" && go test "$@" ./...) >"$tmp/test.txt" 2>&1 || rc=$?
  grep -v '^ok ' "$tmp/test.txt" || true # what failed, and packages without tests
  [ "$rc" -eq 0 ] || { echo "stage $name: go test $* ./... failed"; exit 1; }
  # go test reuses a result only when nothing the test built or opened has
  # changed since: a package reused after todo.go changed is one whose
  # tests neither build nor read the learner's file.
  printf -- '   passed in %ds: %d packages ok, %d of them reused from the cache\n' $((SECONDS - start)) \
    "$(grep -c '^ok ' "$tmp/test.txt")" "$(grep -c '^ok .*(cached)' "$tmp/test.txt")"
}

for d in "$lab"/labs/day[0-9]*/; do
  for f in "$d"course/shipped/*.go.txt; do
    cmp -s "$f" "$d$(basename "$f" .txt)" || { echo "${d#"$lab"/}$(basename "$f" .txt) is not as shipped in the committed tree"; exit 1; }
  done
done
learner builds
learner builds 46
(cd "$lab" && go build -tags termlab ./runner/worker/cmd/termlab-worker && go vet -tags termlab ./labs/... )
stage "a (the shipped stubs)" -short

write 1 2
learner builds
grades 2 1
stage "b (TODOs 1-2 done)" -short

write 1 2 3 4
learner builds
grades 4 0
stage "c (every TODO done)" -short

write 1 2
perl -0777 -i -pe 's/^\tpanic\(notDone\) \/\/ TODO 3$/\treturn stamp <= nowe-window/m or die' "$todo"
learner breaks
stage "d1 (an undefined name in todo.go: the whole suite)"

write 1 2
perl -0777 -i -pe 's/^\tpanic\(notDone\) \/\/ TODO 3$/\treturn stamp <= (now-window/m or die' "$todo"
learner breaks
stage "d2 (a syntax error in todo.go)" -short

day46="$lab/labs/day46/todo.go"
perl -0777 -i -pe 's/^\tpanic\(notDone\) \/\/ TODO 4$/\treturn len(a) + undefinedName/m or die' "$day46"
learner breaks 46
stage "d3 (and a compile error in Day 46's todo.go)" -short

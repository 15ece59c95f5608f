#!/usr/bin/env bash
# Gradescope autograder setup for termlab: runs once, when Gradescope
# builds the autograder's image. The zip's contents (the lab, with this
# file and run_autograder at its root: see make-zip.sh) are in
# /autograder/source. It installs Go (the version go.mod names, for this
# machine's platform) unless that Go is there already, builds the lab's
# binary, and grades the shipped stubs once exactly as run_autograder
# grades a submission (the same folder, the same flags), so that the
# tools program and the worker are built here and each submission pays
# only for the student's package and a link.
#
# A warm-up that does not produce a results.json fails the setup, loudly:
# otherwise every student would pay for it, or get no grade.
#
# AUTOGRADER_ROOT stands in for /autograder, for trying it on your own
# machine (with Go on PATH it installs nothing).
set -euo pipefail

root=${AUTOGRADER_ROOT:-/autograder}
src=$root/source
day=${TERMLAB_DAY:-45}

fail() {
  echo "setup.sh: $*" >&2
  exit 1
}

# The Go of go.mod: its toolchain line, else its go line.
want=$(awk '$1 == "toolchain" { sub(/^go/, "", $2); print $2; exit }' "$src/go.mod")
[ -n "$want" ] || want=$(awk '$1 == "go" { print $2; exit }' "$src/go.mod")
[ -n "$want" ] || fail "no go line in $src/go.mod"
case $(uname -m) in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) fail "no Go download for this machine ($(uname -m)): install Go $want on the image yourself" ;;
esac
os=$(uname -s | tr '[:upper:]' '[:lower:]')

export PATH=/usr/local/go/bin:$PATH
have=$(go env GOVERSION 2>/dev/null || true)
# A Go already on the image is used when it is go.mod's or later.
newer() { [ -n "$1" ] && [ "$(printf '%s\n' "$want" "${1#go}" | sort -V | head -n1)" = "$want" ]; }
if ! newer "$have"; then
  echo "setup.sh: installing Go $want for $os/$arch (found: ${have:-none})"
  if ! command -v curl >/dev/null; then
    apt-get update -qq
    apt-get install -y -qq curl ca-certificates >/dev/null
  fi
  curl -fsSL "https://go.dev/dl/go${want}.${os}-${arch}.tar.gz" -o /tmp/go.tgz || fail "cannot download Go $want for $os/$arch"
  rm -rf /usr/local/go
  tar -C /usr/local -xzf /tmp/go.tgz
  rm /tmp/go.tgz
  [ "$(go env GOVERSION)" = "go$want" ] || fail "Go $want did not install: go is $(go env GOVERSION)"
  have=go$want
fi

# run_autograder's flags and folder: the go build cache and the lab's own
# cache of the tools program and the worker are keyed by both.
export GOFLAGS=-trimpath
(cd "$src" && go build -o "$root/termlab" .) || fail "cannot build the lab"
rm -rf "$root/work"
mkdir -p "$root/work"
cp -r "$src/." "$root/work/lab"
start=$(date +%s)
(cd "$root/work/lab" && "$root/termlab" grade "$day" --format gradescope) >"$root/work/warm.json" ||
  fail "the warm-up grade of the shipped stubs failed (see above)"
grep -q '"tests"' "$root/work/warm.json" || fail "the warm-up grade wrote no results.json: $(head -c 500 "$root/work/warm.json")"
echo "setup.sh: ${have#go} (go.mod asks $want), the lab built and warmed up in $(($(date +%s) - start)) s (day $day)"

#!/usr/bin/env bash
# Gradescope autograder setup for termlab: runs once, when Gradescope
# builds the autograder's image. The zip's contents (the lab, with this
# file and run_autograder at its root: see make-zip.sh) are in
# /autograder/source. It installs Go, builds the lab's binary, and builds
# the worker once on the shipped stubs so that each submission costs only
# the student's package and a link.
set -euo pipefail

GO_VERSION=1.26.8 # go.mod's go line, or later
src=/autograder/source

apt-get update -qq
apt-get install -y -qq curl ca-certificates >/dev/null
curl -fsSL "https://go.dev/dl/go${GO_VERSION}.linux-amd64.tar.gz" -o /tmp/go.tgz
rm -rf /usr/local/go
tar -C /usr/local -xzf /tmp/go.tgz
rm /tmp/go.tgz
export PATH=/usr/local/go/bin:$PATH

cd "$src"
go build -trimpath -o /autograder/termlab .
# The worker's first build (2 to 3 s of CPU, more on a small image) is
# paid here, not by the first student. The stubs fail, as they should.
GOFLAGS=-trimpath /autograder/termlab grade "${TERMLAB_DAY:-45}" >/dev/null 2>&1 || true

#!/usr/bin/env bash
# Builds the zip to upload as the Gradescope autograder: the committed
# lab, with setup.sh and run_autograder at the zip's root, as Gradescope
# wants them. It is written outside the repository (so it is never
# committed by mistake): to the path given, or else to
# termlab-gradescope.zip beside the repository's folder.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
out=${1:-$(dirname "$repo")/termlab-gradescope.zip}
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
cd "$repo"
git archive --format=zip \
  --add-file=staff/platforms/gradescope/setup.sh \
  --add-file=staff/platforms/gradescope/run_autograder \
  -o "$out" HEAD
echo "wrote $out"

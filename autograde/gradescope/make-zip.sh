#!/usr/bin/env bash
# Builds termlab-gradescope.zip to upload as the Gradescope autograder:
# the committed lab, with setup.sh and run_autograder at the zip's root,
# as Gradescope wants them.
set -euo pipefail
cd "$(dirname "$0")/../.."
git archive --format=zip \
  --add-file=autograde/gradescope/setup.sh \
  --add-file=autograde/gradescope/run_autograder \
  -o termlab-gradescope.zip HEAD
echo "wrote $(pwd)/termlab-gradescope.zip"

# staticcheck on the whole module (the worker program included, which links
# the learner's package in: -tags termlab, as the lab builds it; the tools
# binary, ./cmd/termlab-tools, is a package of its own under ./...).
# STATICCHECK_VERSION pins the release: v0.8.x (staticcheck 2026.2) is the
# first line that knows Go 1.26. It is installed with `go install` into
# $(go env GOPATH)/bin, from the Go module proxy.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="${STATICCHECK_VERSION:-v0.8.2}"
bin="$(go env GOPATH)/bin/staticcheck"
if ! { [ -x "$bin" ] && "$bin" -version 2>/dev/null | grep -q "(${version#v})"; }; then
  echo "installing honnef.co/go/tools/cmd/staticcheck@$version"
  go install "honnef.co/go/tools/cmd/staticcheck@$version"
fi
"$bin" -version

"$bin" -tags termlab ./...

# Every screen of every day in a real terminal (tmux at 80×24 and 40×12,
# NO_COLOR; line mode at 80 and 40 columns), at the stubs and finished:
# no line past the edge, no status line on two lines, no key bar or ?
# overlay cut, no empty chart (.ci/screens says how each is seen).
set -euo pipefail
cd "$(dirname "$0")/../.."
.ci/screens

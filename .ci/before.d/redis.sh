# Sourced by .ci/run before the tests: a throwaway redis-server on a free
# loopback port, so the Day 45 fleet tests also run against a real Redis
# (they always run against the embedded one). Exports TERMLAB_TEST_REDIS
# (host:port) and stops the server when the run exits. Anything missing or
# failing here only skips the real-Redis tests, with a note; it never fails
# the run. Runs under .ci/run's `set -euo pipefail`, hence the care below.

termlab_redis_start() {
  local log=${TMPDIR:-/tmp}/termlab-ci-redis-install.log
  if ! command -v redis-server >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
      local sudo=""
      if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo -n"; else
          echo "note: not root and no sudo: cannot install redis-server; the real-Redis tests will be skipped"
          return 0
        fi
      fi
      echo "installing Debian's redis-server (log: $log)"
      if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends redis-server; } >"$log" 2>&1; then
        echo "note: could not install redis-server (see $log); the real-Redis tests will be skipped"
        return 0
      fi
    fi
  fi
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "note: no redis-server on this machine; the real-Redis tests will be skipped"
    return 0
  fi

  local dir port try
  dir=$(mktemp -d "${TMPDIR:-/tmp}/termlab-ci-redis.XXXXXX")
  for try in 1 2 3 4 5 6 7 8; do
    port=$((20000 + RANDOM % 40000))
    # A port that refuses a connection is free (as far as one can tell).
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
    if redis-server --port "$port" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
      --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null 2>&1; then
      local i
      for i in $(seq 50); do
        if [ -s "$dir/redis.pid" ] && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
          TERMLAB_CI_REDIS_PID=$(cat "$dir/redis.pid")
          TERMLAB_CI_REDIS_DIR=$dir
          export TERMLAB_TEST_REDIS="127.0.0.1:$port"
          echo "redis-server $(redis-server --version | sed -n 's/.*v=\([^ ]*\).*/\1/p') on $TERMLAB_TEST_REDIS (pid $TERMLAB_CI_REDIS_PID)"
          return 0
        fi
        sleep 0.1
      done
      if [ -s "$dir/redis.pid" ]; then kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; fi
    fi
  done
  echo "note: redis-server would not start (see $dir/redis.log); the real-Redis tests will be skipped"
  return 0
}

termlab_redis_stop() {
  if [ -n "${TERMLAB_CI_REDIS_PID:-}" ]; then
    kill "$TERMLAB_CI_REDIS_PID" 2>/dev/null || true
    local i
    for i in $(seq 20); do # it saves nothing, so this takes a moment at most
      kill -0 "$TERMLAB_CI_REDIS_PID" 2>/dev/null || break
      sleep 0.1
    done
    TERMLAB_CI_REDIS_PID=""
  fi
  if [ -n "${TERMLAB_CI_REDIS_DIR:-}" ]; then rm -rf "$TERMLAB_CI_REDIS_DIR"; fi
}

TERMLAB_CI_REDIS_PID=""
TERMLAB_CI_REDIS_DIR=""
termlab_redis_start || true
# Keep whatever EXIT trap .ci/run (or an earlier hook) set, and stop ours first.
termlab_redis_prev_trap=$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//")
# shellcheck disable=SC2064
trap "termlab_redis_stop; ${termlab_redis_prev_trap:-:}" EXIT

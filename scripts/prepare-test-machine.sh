#!/usr/bin/env bash
# What `npm test` needs besides node_modules, checked before every run (package.json "pretest") and by
# .ci/run: Debian's Chromium for the browser journeys, nginx for the deployment test behind a proxy,
# ffmpeg for audio fixtures, clamd with the project's test signatures for the upload scans, Redis for
# the two-instance tests, and PostgreSQL when TEST_POSTGRES_URL is set.
# Installs missing Debian packages when run as root, otherwise stops with the command to run. Starts
# what is installed but not running. Run again, it finds everything there and returns in a moment.
set -euo pipefail
cd "$(dirname "$0")/.."

redis_url="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
redis_host="$(sed -E 's#^redis://([^@/]*@)?([^:/]+).*#\2#' <<<"$redis_url")"
redis_port="$(sed -nE 's#^redis://([^@/]*@)?[^:/]+:([0-9]+).*#\2#p' <<<"$redis_url")"
redis_port="${redis_port:-6379}"
is_local() { [ "$1" = "127.0.0.1" ] || [ "$1" = "localhost" ]; }

redis_answers() {
  local reply
  reply="$( (exec 3<>"/dev/tcp/${redis_host}/${redis_port}" && printf 'PING\r\n' >&3 && timeout 2 head -c 5 <&3) 2>/dev/null || true)"
  [ "$reply" = "+PONG" ]
}

# Debian packages: what is missing, then install it or say how.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v clamd >/dev/null 2>&1 || missing+=(clamav-daemon)
if ! redis_answers && is_local "$redis_host" && ! command -v redis-server >/dev/null 2>&1; then missing+=(redis-server); fi
if [ -n "${TEST_POSTGRES_URL:-}" ] && ! command -v pg_ctlcluster >/dev/null 2>&1 && ! command -v pg_isready >/dev/null 2>&1; then missing+=(postgresql); fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != "0" ]; then
    echo "The tests need ${missing[*]}. Install them, then run npm test again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing ${missing[*]} from Debian" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# clamd with the test signatures; the upload tests find it through the same script.
bash .ci/setup-clamav.sh >/dev/null

if ! redis_answers; then
  if ! is_local "$redis_host"; then
    echo "Redis does not answer at $redis_url (TEST_REDIS_URL); start it or point TEST_REDIS_URL at one." >&2
    exit 1
  fi
  echo "Starting Redis on port $redis_port" >&2
  dir="$(mktemp -d /tmp/livequeue-redis.XXXXXX)"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no --dir "$dir" --logfile "$dir/redis.log" >&2
  for _ in $(seq 1 30); do redis_answers && break; sleep 0.5; done
  redis_answers || { echo "Redis did not start; see $dir/redis.log" >&2; exit 1; }
fi

if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  pg_host="$(sed -E 's#^postgres(ql)?://([^@/]*@)?([^:/]+).*#\3#' <<<"$TEST_POSTGRES_URL")"
  pg_port="$(sed -nE 's#^postgres(ql)?://([^@/]*@)?[^:/]+:([0-9]+).*#\3#p' <<<"$TEST_POSTGRES_URL")"
  pg_port="${pg_port:-5432}"
  if ! pg_isready -h "$pg_host" -p "$pg_port" -q; then
    if ! is_local "$pg_host" || [ "$(id -u)" != "0" ] || ! command -v pg_ctlcluster >/dev/null 2>&1; then
      echo "PostgreSQL does not answer at $pg_host:$pg_port (TEST_POSTGRES_URL); start it, or unset TEST_POSTGRES_URL to test on SQLite only." >&2
      exit 1
    fi
    echo "Starting PostgreSQL" >&2
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start >&2
    for _ in $(seq 1 30); do pg_isready -h "$pg_host" -p "$pg_port" -q && break; sleep 1; done
    pg_isready -h "$pg_host" -p "$pg_port" -q || { echo "PostgreSQL did not start on port $pg_port" >&2; exit 1; }
  fi
fi

#!/usr/bin/env bash
# Starts a local clamd for the upload scan tests and prints its URL (tcp://127.0.0.1:PORT).
# It needs no internet: the signature database is written here and detects the standard EICAR test
# string. Installs Debian's clamav-daemon when missing. Run again, it reuses the clamd already there.
set -euo pipefail
port="${CLAMAV_PORT:-3310}"
url="tcp://127.0.0.1:${port}"

answers_ping() {
  # clamd's PING over TCP answers PONG.
  local reply
  reply="$( (exec 3<>"/dev/tcp/127.0.0.1/${port}" && printf 'zPING\0' >&3 && timeout 2 head -c 4 <&3) 2>/dev/null || true)"
  [ "$reply" = "PONG" ]
}

if answers_ping; then
  echo "$url"
  exit 0
fi

if ! command -v clamd >/dev/null 2>&1; then
  echo "Installing clamav-daemon from Debian" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clamav-daemon >&2
fi

dir="$(mktemp -d /tmp/livequeue-clamav.XXXXXX)"
mkdir -p "$dir/db"
eicar='X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'
# An .ndb line Name:TargetType:Offset:HexSignature; target 0 = any file, offset * = anywhere in it.
printf 'LiveQueue.Test.EICAR:0:*:%s\n' "$(printf '%s' "$eicar" | od -An -v -tx1 | tr -d ' \n')" > "$dir/db/livequeue-test.ndb"

cat > "$dir/clamd.conf" <<CONF
DatabaseDirectory $dir/db
TCPSocket $port
TCPAddr 127.0.0.1
PidFile $dir/clamd.pid
LogFile $dir/clamd.log
TemporaryDirectory $dir
Foreground no
# Uploads go up to 100 MB; clamd's default stream limit is 25 MB.
StreamMaxLength 110M
MaxFileSize 110M
MaxScanSize 110M
CONF
if [ "$(id -u)" = "0" ]; then
  echo "User root" >> "$dir/clamd.conf"
fi

clamd --config-file="$dir/clamd.conf" >&2
for _ in $(seq 1 60); do
  if answers_ping; then
    echo "$url"
    exit 0
  fi
  sleep 0.5
done
echo "clamd did not answer on port $port; see $dir/clamd.log" >&2
exit 1

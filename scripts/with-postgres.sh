#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server, with TEST_DATABASE_URL pointing at it:
#   bash scripts/with-postgres.sh vitest run tests/api
# The cluster lives in a temporary folder, listens on 127.0.0.1 only (trust auth), and is stopped and
# removed when the command ends, whether it passed or not. The API harness makes one database per test file.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh COMMAND [ARGS...]" >&2
  exit 2
fi

# PostgreSQL's programs: PG_BIN if given, else the highest version under /usr/lib/postgresql, else the PATH.
bindir="${PG_BIN:-}"
if [ -z "$bindir" ]; then
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1; then
  bindir="$(dirname "$(command -v initdb)")"
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "with-postgres: PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or on the PATH)." >&2
  echo "with-postgres: install it (Debian/Ubuntu: apt-get install postgresql) or set PG_BIN to its bin folder." >&2
  exit 1
fi

# initdb and the server refuse to run as root: run them as the postgres OS user then.
as_pg() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root needs a 'postgres' OS user to run the server (the postgresql package makes one)." >&2
    exit 1
  fi
  as_pg() { runuser -u postgres -- "$@"; }
fi

# A free local port, from 54329 up.
port="${PG_PORT:-54329}"
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
  port=$((port + 1))
  if [ "$port" -gt 54429 ]; then echo "with-postgres: no free port in 54329-54429" >&2; exit 1; fi
done

dir="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
started=0
cleanup() {
  if [ "$started" -eq 1 ]; then as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
[ "$(id -u)" -eq 0 ] && chown postgres: "$dir"

echo "with-postgres: PostgreSQL from $bindir on 127.0.0.1:$port (cluster in $dir)" >&2
as_pg "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
started=1

role=console_test
# pg_signal_backend: each test file ends with DROP DATABASE ... WITH (FORCE), which ends the sessions still open on its
# database; an autovacuum worker there counts as another role's process, which only a member of pg_signal_backend may
# end (CI once failed two files on "must be a member of the role whose process is being terminated").
"$bindir/psql" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres \
  -c "create role $role login createdb" -c "grant pg_signal_backend to $role" >/dev/null

status=0
TEST_DATABASE_URL="postgres://$role@127.0.0.1:$port/postgres" "$@" || status=$?
exit "$status"

#!/usr/bin/env bash
# Runs a command inside scripts/with-postgres.sh with every statement's plan logged, the statements that triggers and
# functions run included, each as EXPLAIN (ANALYZE, BUFFERS) would show it, then copies the server's log to LOGFILE:
#   bash scripts/with-postgres.sh bash scripts/auto-explain.sh /tmp/plans.log npx vitest run tests/api/trigger-reads.test.ts
# A trigger's statement is planned inside the server, so EXPLAIN from outside shows another plan than the one it ran;
# auto_explain logs the plan it ran. Timing is off (its overhead); the log grows by every statement of the run.
set -euo pipefail

if [ "$#" -lt 2 ] || [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "usage (inside with-postgres.sh): bash scripts/auto-explain.sh LOGFILE COMMAND [ARGS...]" >&2
  exit 2
fi
logfile="$1"
shift

bindir="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
# The settings are the superuser's to make: with-postgres.sh's cluster has the postgres role, trusted locally.
admin="${TEST_DATABASE_URL/\/\/console_test@/\/\/postgres@}"
"$bindir/psql" -q -v ON_ERROR_STOP=1 "$admin" -c "load 'auto_explain'" \
  -c "alter system set session_preload_libraries = 'auto_explain'" \
  -c "alter system set auto_explain.log_min_duration = 0" -c "alter system set auto_explain.log_analyze = on" \
  -c "alter system set auto_explain.log_buffers = on" -c "alter system set auto_explain.log_timing = off" \
  -c "alter system set auto_explain.log_nested_statements = on" -c "select pg_reload_conf()" >/dev/null
# with-postgres.sh keeps the server's log beside the cluster's folder, and removes both when the command ends.
data="$("$bindir/psql" -At "$admin" -c "show data_directory")"

status=0
"$@" || status=$?
cp "$(dirname "$data")/server.log" "$logfile"
exit "$status"

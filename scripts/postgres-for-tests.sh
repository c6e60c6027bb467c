#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on 127.0.0.1 for the integration suite and prints its DATABASE_URL.
# Usage: scripts/postgres-for-tests.sh start|stop   (PGPORT_TEST, default 54329; data in ${TMPDIR:-/tmp}/klaimor-pg)
set -euo pipefail
port="${PGPORT_TEST:-54329}"
dir="${TMPDIR:-/tmp}/klaimor-pg"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found: apt-get install -y postgresql" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-start}" in
  start)
    if [ ! -f "$dir/PG_VERSION" ]; then
      mkdir -p "$dir" && { [ "$(id -u)" != 0 ] || chown postgres "$dir"; }
      as_pg "$bin/initdb" -D "$dir" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_pg "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
        -o "-p $port -h 127.0.0.1 -k $dir -c fsync=off -c max_connections=200" start >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster (Debian's postgresql package).
#
#   scripts/with-postgres.sh COMMAND [ARGS...]
#
# The cluster lives in a temporary folder, listens on 127.0.0.1 on a free port, trusts
# local connections and is stopped and deleted when the command ends. The command sees
# TEST_DATABASE_URL=postgresql+psycopg://ulti@127.0.0.1:PORT/ulti_test.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "with-postgres: no PostgreSQL server found (install Debian's postgresql package)" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/ulti-pg.XXXXXX)
# PostgreSQL refuses to run as root: as root, run the server as the postgres user.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$dir"
  as_owner=(runuser -u postgres --)
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

stop() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -A trust -U ulti -E UTF8 --locale=C.UTF-8 \
  --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
"$bindir/createdb" -h 127.0.0.1 -p "$port" -U ulti ulti_test

export TEST_DATABASE_URL="postgresql+psycopg://ulti@127.0.0.1:$port/ulti_test"
status=0
"$@" || status=$?
exit "$status"

# Starts a throwaway PostgreSQL on a free loopback port (sourced by .ci/run).
# Sets TEST_DATABASE_URL; stop_postgres removes everything it made.
# PostgreSQL refuses to run as root, so as root it runs as the postgres user.

start_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ]; then
    echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
    return 1
  fi
  PG_DIR=$(mktemp -d /tmp/playfolio-pg.XXXXXX)
  PG_PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  local as=()
  if [ "$(id -u)" = "0" ]; then
    chown postgres:postgres "$PG_DIR"
    as=(runuser -u postgres --)
  fi
  "${as[@]}" "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 \
    || { cat "$PG_DIR/initdb.log" >&2; return 1; }
  # fsync off: a throwaway test database trades durability for speed.
  "${as[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $PG_PORT -k $PG_DIR -F -c max_connections=200" start >/dev/null \
    || { cat "$PG_DIR/server.log" >&2; return 1; }
  PG_CTL_AS=("${as[@]}")
  PG_BIN=$bin
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') started on 127.0.0.1:$PG_PORT"
}

stop_postgres() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ]; then
    "${PG_CTL_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}

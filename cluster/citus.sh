#!/usr/bin/env bash
# A Citus cluster on this machine: a coordinator and two workers from Debian's PostgreSQL 15
# binaries, each in a folder of its own under $CITUS_DIR, on ports of their own. The extension is
# built from ../shared/citus when it is missing. The same three nodes are what runs on three
# machines (docs/deploy-citus.md).
#
#   cluster/citus.sh start [db ...]   initialise when new, start, make each database (default
#                                     `marketplace`) distributed on every node; prints DATABASE_URL
#   cluster/citus.sh stop             stop the three nodes (fast shutdown: clients are told)
#   cluster/citus.sh status           which nodes answer
#   cluster/citus.sh restart-worker N restart worker N (1 or 2), as a crash would (immediate mode)
#   cluster/citus.sh destroy          stop and delete the folder
#
# Settings: CITUS_DIR (default .cache/citus in the repo), CITUS_PORT (coordinator, default 9700;
# the workers take the next two), CITUS_SHARD_COUNT (default 4 here; production keeps Citus's 32),
# CITUS_SOURCE (the released source and build.sh, default ../shared/citus beside the repo).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dir="${CITUS_DIR:-$repo/.cache/citus}"
port="${CITUS_PORT:-9700}"
shards="${CITUS_SHARD_COUNT:-4}"
bin="$(ls -d /usr/lib/postgresql/15/bin 2>/dev/null || true)"
[ -n "$bin" ] || { echo "citus: PostgreSQL 15's server binaries are missing (apt-get install postgresql-15)" >&2; exit 1; }
nodes=(coordinator worker1 worker2)
port_of() { case "$1" in coordinator) echo "$port" ;; worker1) echo $((port + 1)) ;; worker2) echo $((port + 2)) ;; esac; }

# initdb and the server refuse to run as root: run them as `postgres` then.
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
psql_on() { local p="$1" db="$2"; shift 2; psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$p" -U postgres -d "$db" "$@"; }

ensure_extension_built() {
  [ -f "$("$bin/pg_config" --pkglibdir 2>/dev/null || echo /usr/lib/postgresql/15/lib)/citus.so" ] && return
  local source="${CITUS_SOURCE:-$repo/../shared/citus}"
  # A clone elsewhere on this kind of machine still finds the shared source.
  [ -x "$source/build.sh" ] || [ -n "${CITUS_SOURCE:-}" ] || source=/work/shared/citus
  [ -x "$source/build.sh" ] || { echo "citus: the extension is not installed and its source is not at $source (set CITUS_SOURCE)" >&2; exit 1; }
  if [ "$(id -u)" != 0 ]; then echo "citus: the extension is not installed; run $source/build.sh as root" >&2; exit 1; fi
  "$source/build.sh"
}

init_node() {
  local name="$1" data="$dir/$1"
  [ -f "$data/PG_VERSION" ] && return
  as_owner "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  cat >>"$data/postgresql.conf" <<CONF
# --- cluster/citus.sh ---
listen_addresses = '127.0.0.1'
port = $(port_of "$name")
unix_socket_directories = '$dir'
shared_preload_libraries = 'citus'
max_connections = 400
shared_buffers = 256MB
# Shard moves copy through logical replication.
wal_level = logical
max_replication_slots = 16
max_wal_senders = 16
max_worker_processes = 32
# A throw-away cluster on one machine: no flush to disk (a restarted node still keeps every
# commit; only a machine crash could lose some). Production keeps fsync on (docs/deploy-citus.md).
fsync = off
full_page_writes = off
citus.shard_count = $shards
citus.node_conninfo = 'sslmode=prefer'
# Every request's transaction stays on one shard, so on one worker, whose own deadlock detector
# sees all its waits (and resolves soft ones by reordering, as PostgreSQL does). Citus's detector
# across nodes cancelled one-shard statements waiting in a long queue for one row (docs/decisions/034).
citus.distributed_deadlock_detection_factor = -1
# A worker that crashes between a two-phase commit's PREPARE and COMMIT PREPARED comes back with the
# transaction still prepared, holding its row locks, until the coordinator's recovery finishes it:
# every minute by default. A like is such a commit (Citus plans its INSERT in a CTE as subplans
# over every worker), so all writes of that post waited up to a minute. Recover within seconds.
citus.recover_2pc_interval = '2s'
log_min_messages = warning
log_line_prefix = '%m [%p] $name '
CONF
}

start_node() {
  local name="$1" data="$dir/$1"
  as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1 && return
  as_owner "$bin/pg_ctl" -D "$data" -l "$dir/$name.log" -w -t 60 start >/dev/null
}

ensure_database() {
  local db="$1" p
  for name in "${nodes[@]}"; do
    p="$(port_of "$name")"
    psql_on "$p" postgres -tAc "select 1 from pg_database where datname = '$db'" | grep -q 1 \
      || psql_on "$p" postgres -c "create database \"$db\""
    psql_on "$p" "$db" -c 'create extension if not exists citus'
  done
  psql_on "$port" "$db" -o /dev/null <<SQL
select citus_set_coordinator_host('127.0.0.1', $port);
select citus_add_node('127.0.0.1', $((port + 1))) where not exists (select 1 from pg_dist_node where nodeport = $((port + 1)));
select citus_add_node('127.0.0.1', $((port + 2))) where not exists (select 1 from pg_dist_node where nodeport = $((port + 2)));
SQL
}

cmd="${1:-start}"
shift || true
case "$cmd" in
  start)
    ensure_extension_built
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    for name in "${nodes[@]}"; do init_node "$name"; done
    for name in "${nodes[@]}"; do start_node "$name"; done
    dbs=("$@")
    ((${#dbs[@]})) || dbs=(marketplace)
    for db in "${dbs[@]}"; do ensure_database "$db"; done
    echo "citus: coordinator 127.0.0.1:$port, workers :$((port + 1)) and :$((port + 2)) ($dir)"
    for db in "${dbs[@]}"; do echo "DATABASE_URL=postgres://postgres@127.0.0.1:$port/$db"; done
    ;;
  stop)
    for name in worker2 worker1 coordinator; do
      [ -f "$dir/$name/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$dir/$name" -m fast -w stop >/dev/null 2>&1 || true
    done
    echo "citus: stopped"
    ;;
  status)
    for name in "${nodes[@]}"; do
      if pg_isready -q -h 127.0.0.1 -p "$(port_of "$name")"; then echo "$name: up on $(port_of "$name")"; else echo "$name: down"; fi
    done
    ;;
  restart-worker)
    name="worker${1:?which worker (1 or 2)}"
    as_owner "$bin/pg_ctl" -D "$dir/$name" -m immediate -w stop >/dev/null
    start_node "$name"
    echo "citus: $name restarted"
    ;;
  destroy)
    "$0" stop
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start [db ...] | stop | status | restart-worker N | destroy" >&2
    exit 2
    ;;
esac

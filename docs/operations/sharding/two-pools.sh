#!/usr/bin/env bash
# Two node pools of one node each behind haproxy, sharded by host, on loopback (issue 54 item 3).
# Run from the repository's root, with the database both pools share:
#
#   DATABASE_URL=postgres://USER@HOST:5432/forecourt docs/operations/sharding/two-pools.sh
#
# Then: http://{site}.localhost:${FRONT_PORT:-8080}/ (header X-Forecourt-Pool says which pool
# answered), stats on 127.0.0.1:$((FRONT_PORT + 1))/stats, each node's /metrics on its METRICS_PORT
# (forecourt_search_read_model_sites: the read models it holds). Ctrl+C stops everything.
#
# FRONT_HOST: the address shoppers reach (default 127.0.0.1; 0.0.0.0 for every interface).
# Ports: FRONT_PORT (default 8080), stats FRONT_PORT+1, pool A's node FRONT_PORT+2 (metrics +4),
# pool B's node FRONT_PORT+3 (metrics +5). HAPROXY: the binary (default haproxy on PATH).
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL: the pools share one PostgreSQL (the embedded database serves one process only)}"
FRONT_PORT="${FRONT_PORT:-8080}"
FRONT_HOST="${FRONT_HOST:-127.0.0.1}"
HAPROXY="${HAPROXY:-haproxy}"
here="$(cd "$(dirname "$0")" && pwd)"
state="$(mktemp -d "${TMPDIR:-/tmp}/forecourt-pools-XXXXXX")"
pids=()

stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait || true
  rm -rf "$state"
}
trap stop EXIT INT TERM

# One node of a pool: the ordinary `npm start` entry, with folders of its own as on its own machine.
start_node() {
  local name="$1" port="$2" metrics="$3"
  PORT="$port" METRICS_PORT="$metrics" HOST=127.0.0.1 TRUST_PROXY=1 WEB_CONCURRENCY=1 \
    DATA_DIR="$state/$name" LEAD_OUTBOX_DIR="$state/$name-outbox" \
    node scripts/start.mjs &
  pids+=("$!")
}

# The first start builds the app when the sources are newer than the build: one at a time.
start_node pool-a $((FRONT_PORT + 2)) $((FRONT_PORT + 4))
until curl -fsS "http://127.0.0.1:$((FRONT_PORT + 2))/healthz" >/dev/null 2>&1; do
  kill -0 "${pids[0]}" 2>/dev/null || { echo "pool A's node did not start" >&2; exit 1; }
  sleep 0.5
done
start_node pool-b $((FRONT_PORT + 3)) $((FRONT_PORT + 5))

FORECOURT_FRONT="$FRONT_HOST:$FRONT_PORT" FORECOURT_STATS="127.0.0.1:$((FRONT_PORT + 1))" \
  FORECOURT_POOL_A="127.0.0.1:$((FRONT_PORT + 2))" FORECOURT_POOL_B="127.0.0.1:$((FRONT_PORT + 3))" \
  "$HAPROXY" -f "$here/haproxy.cfg" -db &
pids+=("$!")
echo "Two pools behind haproxy on port $FRONT_PORT (stats: http://127.0.0.1:$((FRONT_PORT + 1))/stats)."
# Runs until haproxy ends (or Ctrl+C). A node that stops is taken out by haproxy's /readyz check,
# and its hosts move to the other pool until it is back (under systemd: Restart=always).
wait "${pids[-1]}"

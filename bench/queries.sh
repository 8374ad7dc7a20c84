#!/usr/bin/env bash
# Query figures, measured in one run on this machine: every query over #euro2012 at windows of 3 h to
# 16 days from the event's start (the 2013 IndexedHBase evaluation's Table 3 and Figures 7-9, redone):
# latency (median of warm runs), result size, phase-1 tweets and the evaluation used; then the phase-2
# fetch rate, and the fixed cost of the MapReduce phase 2 (the same small query, forced through a job).
# Usage: bench/queries.sh [DAYS] [PER_DAY] [RUNS]   (defaults: 24 days of June 2012, 20,000 statuses/day, 3 runs)
# Writes bench/results/queries.json and queries.md; reported, never asserted.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
days="${1:-24}"; per_day="${2:-20000}"; runs="${3:-3}"
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$root/bench/results"
obs() { "$root/observatory" "$@"; }
config() { # $1: phase-2 MapReduce threshold
  cat > "$work/config-$1.yml" <<YML
server: {applicationConnectors: [{type: http, port: 18480}], adminConnectors: [{type: http, port: 18481}]}
hbase: {dataDir: $work/data, zookeeperPort: 21861}
load: {rejectsDir: $work/rejected, workDir: $work/load-work, mode: bulk, seed: []}
query: {mapReduceThreshold: $1, workDir: $work/query-work, jobsDir: $work/jobs}
logging: {level: WARN, loggers: {org.observatory: INFO}}
YML
  echo "$work/config-$1.yml"
}
serve() { # starts the service on the loaded store and waits until it answers
  "$root/observatory" server "$1" > "$work/server.log" 2>&1 & # not through obs: $! must be the JVM itself
  server=$!
  for _ in $(seq 1 180); do
    curl -sf localhost:18481/healthcheck > /dev/null 2>&1 && return 0
    sleep 1
  done
  echo "the service did not start:"; tail -20 "$work/server.log"; exit 1
}
stop() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }

echo "== generate $days days x $per_day statuses from 2012-06-01 (the #euro2012 event from 2012-06-08, 16 days)"
obs generate --out "$work/tweets" --first-day 2012-06-01 --days "$days" --per-day "$per_day" 2>/dev/null | tail -1
echo "== load (bulk)"
obs load -c "$(config 30000)" "$work/tweets" 2>&1 | grep 'load finished'

echo "== queries, phase 2 in the service up to 30,000 tweets"
serve "$work/config-30000.yml"
python3 "$root/bench/query_windows.py" --runs "$runs" > "$work/windows.json"
stop
echo "== the same small query with phase 2 forced through MapReduce"
serve "$(config 0)"
python3 "$root/bench/query_windows.py" --runs "$runs" --only retweet-edges --windows 3h,1d > "$work/forced.json"
stop

python3 "$root/bench/query_report.py" "$work/windows.json" "$work/forced.json" "$days" "$per_day" \
    "$root/bench/results/queries.json" "$root/bench/results/queries.md"
cat "$root/bench/results/queries.md"

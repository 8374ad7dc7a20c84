#!/usr/bin/env bash
# Loader figures, measured in one run on this machine, over generated days of one month:
#   parse ceiling (read + gunzip + parse, one warm thread) vs historical load (direct, bulk) vs streaming replay
#   flat out, in tweets/s with each one's ratio to the ceiling; then a replay at a fixed rate, for the
#   arrival-to-stored latency (p99) a live stream would see.
# Usage: bench/loaders.sh [DAYS] [PER_DAY] [RATE]   (defaults: 7 days, 20,000 statuses/day, 5,000 lines/s)
# Each load goes into a fresh embedded HBase. Writes bench/results/loaders.json; reported, never asserted.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
days="${1:-7}"; per_day="${2:-20000}"; rate="${3:-5000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$root/bench/results"
obs() { "$root/observatory" "$@"; }
config() { # a fresh embedded store per measurement
  cat > "$work/$1.yml" <<YML
hbase: {dataDir: $work/$1/data, zookeeperPort: $2}
load: {rejectsDir: $work/$1/rejected, workDir: $work/$1/load-work, threads: 2}
stream: {spoolDir: $work/$1/spool, rejectsDir: $work/$1/rejected, adminPort: $3, progressSeconds: 5}
logging: {level: WARN, loggers: {org.observatory: INFO}}
YML
  echo "$work/$1.yml"
}
tps() { sed -n 's/.* \([0-9]*\) tweets\/s.*/\1/p' | tail -1; }

echo "== generate $days days x $per_day statuses (June 2012, with the #euro2012 event)"
obs generate --out "$work/tweets" --first-day 2012-06-01 --days "$days" --per-day "$per_day" 2>/dev/null | tail -1

echo "== parse ceiling (the median of 5 passes in one JVM)"
parse_line="$(obs parse --passes 5 "$work/tweets" 2>/dev/null | tail -1)"; echo "$parse_line"
ceiling="$(echo "$parse_line" | tps)"

echo "== historical load, direct mode"
direct_line="$(obs load -c "$(config direct 21841 18191)" --mode direct "$work/tweets" 2>&1 | grep 'load finished')"
echo "$direct_line"; direct="$(echo "$direct_line" | tps)"

echo "== historical load, bulk mode"
bulk_line="$(obs load -c "$(config bulk 21842 18192)" --mode bulk "$work/tweets" 2>&1 | grep 'load finished')"
echo "$bulk_line"; bulk="$(echo "$bulk_line" | tps)"

echo "== streaming replay, flat out"
stream_line="$(obs stream -c "$(config stream 21843 18193)" replay "$work/tweets" 2>&1 | grep 'stream finished')"
echo "$stream_line"; stream="$(echo "$stream_line" | tps)"

echo "== streaming replay at $rate lines/s: arrival-to-stored latency"
obs stream -c "$(config paced 21844 18194)" replay --rate "$rate" "$work/tweets" > "$work/paced.log" 2>&1
grep 'stream:' "$work/paced.log" | tail -2
p99="$(grep 'stream:' "$work/paced.log" | tail -1 | sed -n 's/.*p99 \([0-9]*\) ms.*/\1/p')"
paced="$(grep 'stream finished' "$work/paced.log" | tps)"

python3 - "$ceiling" "$direct" "$bulk" "$stream" "$rate" "$paced" "$p99" "$days" "$per_day" \
    > "$root/bench/results/loaders.json" <<'PY'
import json, sys
ceiling, direct, bulk, stream, rate, paced, p99 = (float(x) for x in sys.argv[1:8])
print(json.dumps({"days": int(sys.argv[8]), "statuses_per_day": int(sys.argv[9]),
  "parse_ceiling_tweets_per_s": ceiling,
  "direct_tweets_per_s": direct, "direct_ratio": round(direct / ceiling, 3),
  "bulk_tweets_per_s": bulk, "bulk_ratio": round(bulk / ceiling, 3),
  "stream_flat_out_tweets_per_s": stream, "stream_ratio": round(stream / ceiling, 3),
  "stream_paced_lines_per_s": rate, "stream_paced_tweets_per_s": paced,
  "stream_paced_arrival_to_stored_p99_ms": p99}, indent=2))
PY
cat "$root/bench/results/loaders.json"

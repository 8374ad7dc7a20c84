#!/usr/bin/env bash
# Foundation figures, measured in one run on this machine:
#   1. parse ceiling (read + gunzip + parse, one thread) vs `load` into a fresh embedded HBase, tweets/s;
#   2. meme-post-count latency for the corpus's most frequent hashtag: median of 10 warm HTTP requests.
# Usage: bench/foundation.sh [TWEETS_DIR]   (default: ../shared/data/tweets)
# Writes bench/results/foundation.json. Numbers are reported, never asserted.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tweets="$(cd "${1:-$root/../shared/data/tweets}" && pwd)"
work="$(mktemp -d)"
trap 'if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; fi; rm -rf "$work"' EXIT
mkdir -p "$root/bench/results"
cat > "$work/bench.yml" <<YML
server:
  applicationConnectors: [{type: http, port: 18080}]
  adminConnectors: [{type: http, port: 18081}]
hbase: {dataDir: $work/data, zookeeperPort: 21831}
load: {rejectsDir: $work/rejected}
query: {maxWindowDays: 4000}
logging: {level: WARN, loggers: {org.observatory: INFO}}
YML
obs() { "$root/observatory" "$@"; }
rate() { sed -n 's/.* \([0-9]*\) tweets\/s.*/\1/p' | tail -1; }

echo "== generator: 30 days at 20,000 statuses/day (defaults)"
gen_line="$(obs generate --out "$work/generated" 2>/dev/null | tail -1)"; echo "$gen_line"
gen_rate="$(echo "$gen_line" | sed -n 's/.* \([0-9]*\) statuses\/s.*/\1/p')"

echo "== parse ceiling (one thread)"
obs parse "$tweets" > /dev/null 2>&1   # warm the page cache and build the jar if needed
parse_line="$(obs parse "$tweets" 2>/dev/null | tail -1)"; echo "$parse_line"
ceiling="$(echo "$parse_line" | rate)"

echo "== load into a fresh embedded HBase (tables created on the way)"
load_line="$(obs load -c "$work/bench.yml" "$tweets" 2>&1 | grep 'load finished')"; echo "$load_line"
load_rate="$(echo "$load_line" | rate)"
echo "== the same load again (tables exist: steady-state writes)"
reload_line="$(obs load -c "$work/bench.yml" "$tweets" 2>&1 | grep 'load finished')"; echo "$reload_line"
reload_rate="$(echo "$reload_line" | rate)"

echo "== meme-post-count latency"
top="$(python3 "$root/bench/top_hashtag.py" "$tweets")"
java -Xmx4g -jar "$root/query-api/target/observatory.jar" server "$work/bench.yml" > "$work/server.log" 2>&1 &
server=$!
until curl -sf localhost:18081/healthcheck > /dev/null 2>&1; do sleep 0.5; done
url="localhost:18080/queries/meme-post-count?memes=%23$top&start=2006-03-21&end=2016-12-31"
for i in 1 2 3; do curl -sf "$url" > /dev/null; done   # warm-up
for i in $(seq 10); do curl -sf -o "$work/answer.json" -w '%{time_total}\n' "$url"; done > "$work/times"
latency_ms="$(sort -n "$work/times" | awk '{a[NR]=$1} END {printf "%.1f", (a[5]+a[6])/2*1000}')"
answer="$(cat "$work/answer.json")"
echo "#$top: $answer"

python3 - "$ceiling" "$load_rate" "$reload_rate" "$latency_ms" "$top" "$answer" "$gen_rate" > "$root/bench/results/foundation.json" <<'PY'
import json, sys
ceiling, load, reload, latency = (float(x) for x in sys.argv[1:5])
print(json.dumps({"generator_statuses_per_s": float(sys.argv[7]), "parse_ceiling_tweets_per_s": ceiling, "load_tweets_per_s": load,
  "load_ratio_to_ceiling": round(load / ceiling, 3), "reload_tweets_per_s": reload,
  "reload_ratio_to_ceiling": round(reload / ceiling, 3),
  "meme_post_count_median_ms": latency, "hashtag": "#" + sys.argv[5],
  "answer": json.loads(sys.argv[6])}, indent=2))
PY
cat "$root/bench/results/foundation.json"

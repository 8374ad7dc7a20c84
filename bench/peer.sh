#!/usr/bin/env bash
# Observatory beside DuckDB, the tool an analyst would otherwise reach for: the six count queries over
# #euro2012 at windows from 3 h to 16 days, answered by the service and by DuckDB reading the same raw
# .json.gz files; each pair of answers is checked first, and only agreeing pairs count as timed.
# Usage: bench/peer.sh [DAYS] [PER_DAY] [RUNS]   (defaults: 24 days of June 2012, 5,000 statuses/day, 3 runs)
# Writes bench/results/peer.json and peer.md; reported, never asserted.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
days="${1:-24}"; per_day="${2:-5000}"; runs="${3:-3}"
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$root/bench/results"
cat > "$work/config.yml" <<YML
server: {applicationConnectors: [{type: http, port: 18480}], adminConnectors: [{type: http, port: 18481}]}
hbase: {dataDir: $work/data, zookeeperPort: 21861}
load: {rejectsDir: $work/rejected, workDir: $work/load-work, mode: bulk, seed: []}
query: {workDir: $work/query-work, jobsDir: $work/jobs}
logging: {level: WARN, loggers: {org.observatory: INFO}}
YML

echo "== generate $days days x $per_day statuses from 2012-06-01"
"$root/observatory" generate --out "$work/tweets" --first-day 2012-06-01 --days "$days" --per-day "$per_day" 2>/dev/null | tail -1
jar="$root/bench/target/observatory-bench.jar" # built with the launcher's jar
[ -f "$jar" ] || mvn -B -q -f "$root/pom.xml" -DskipTests package >&2
echo "== load (bulk)"
"$root/observatory" load -c "$work/config.yml" "$work/tweets" 2>&1 | grep 'load finished'
"$root/observatory" server "$work/config.yml" > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 180); do curl -sf localhost:18481/healthcheck > /dev/null 2>&1 && break; sleep 1; done
echo "== the count queries, Observatory and DuckDB"
java -Xmx4g -cp "$jar" org.observatory.bench.PeerComparison "$work/tweets" http://localhost:18480 '#euro2012' \
  2012-06-08T00:00:00Z 3h,1d,4d,16d "$runs" "$root/bench/results/peer.json"
kill "$server"; wait "$server" 2>/dev/null || true; server=""
python3 - "$root/bench/results/peer.json" "$root/bench/results/peer.md" "$days" "$per_day" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
windows = list(dict.fromkeys(r["window"] for r in rows))
queries = list(dict.fromkeys(r["query"] for r in rows))
by = {(r["query"], r["window"]): r for r in rows}
with open(sys.argv[2], "w") as md:
    md.write(f"# Observatory beside DuckDB ({sys.argv[3]} generated days x {sys.argv[4]} statuses/day, #euro2012)\n\n")
    md.write("Median ms, Observatory over HTTP / DuckDB over the raw .json.gz files (DuckDB's time over "
             "Observatory's); "
             "a pair whose answers differ is marked and not compared.\n\n")
    md.write("| query | " + " | ".join(windows) + " |\n|---|" + "---|" * len(windows) + "\n")
    for q in queries:
        cells = []
        for w in windows:
            r = by[(q, w)]
            cells.append(f"{r['observatoryMs']:.0f} / {r['duckdbMs']:.0f} ({r['duckdbMs'] / r['observatoryMs']:.1f}x)"
                         if r["agree"] else "answers differ")
        md.write(f"| {q} | " + " | ".join(cells) + " |\n")
PY
cat "$root/bench/results/peer.md"

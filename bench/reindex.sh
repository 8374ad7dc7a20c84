#!/usr/bin/env bash
# Index evolution, measured in one run on this machine: a month loaded with the meme index of old
# (no user ids in its cells), then rebuilt from the tweet table twice with MapReduce — once by the same
# definition, once with the poster's user id as each cell's value — for the rebuild throughput and the
# index table's size before and after adding user ids (both built the same way, flushed, not compacted);
# and user-post-count over #euro2012 at 1 and 16 days, through phase 2 before and from the index after.
# Usage: bench/reindex.sh [DAYS] [PER_DAY] [RUNS]   (defaults: 24 days of June 2012, 20,000 statuses/day, 3 runs)
# Writes bench/results/reindex.json and reindex.md; reported, never asserted.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
days="${1:-24}"; per_day="${2:-20000}"; runs="${3:-3}"
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$root/bench/results"
obs() { "$root/observatory" "$@"; }
# The shipped specification without the meme index's user ids: the index as it was before.
grep -v '^    value: user.id$' "$root/schemas/src/main/resources/org/observatory/schemas/index/default-index-spec.yaml" \
  > "$work/spec-without-user-ids.yaml"
config() { # $1: name, $2: index specification (empty: the shipped one)
  cat > "$work/$1.yml" <<YML
server: {applicationConnectors: [{type: http, port: 18480}], adminConnectors: [{type: http, port: 18481}]}
hbase: {dataDir: $work/data, zookeeperPort: 21861}
load: {rejectsDir: $work/rejected, workDir: $work/load-work, mode: bulk, seed: []}
query: {workDir: $work/query-work, jobsDir: $work/jobs}
logging: {level: WARN, loggers: {org.observatory: INFO}}
${2:+indexSpec: $2}
YML
  echo "$work/$1.yml"
}
old="$(config old "$work/spec-without-user-ids.yaml")"; new="$(config new "")"
serve() {
  "$root/observatory" server "$1" > "$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 180); do
    curl -sf localhost:18481/healthcheck > /dev/null 2>&1 && return 0
    sleep 1
  done
  echo "the service did not start:"; tail -20 "$work/server.log"; exit 1
}
stop() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }
table_bytes() { du -sb "$work/data/hbase/data/observatory/$1" | cut -f1; }
reindex() { # $1: config; prints the summary line
  obs reindex -c "$1" --index meme --retire-after 0 2012-06 2>&1 | grep 'index tables from'
}

echo "== generate $days days x $per_day statuses from 2012-06-01"
obs generate --out "$work/tweets" --first-day 2012-06-01 --days "$days" --per-day "$per_day" 2>/dev/null | tail -1
echo "== load (bulk), the meme index without user ids"
obs load -c "$old" "$work/tweets" 2>&1 | grep 'load finished'

echo "== user-post-count through phase 2 (the service's specification has user ids; this month's index has not)"
serve "$new"
python3 "$root/bench/query_windows.py" --runs "$runs" --only user-post-count --windows 1d,16d > "$work/before.json"
stop

echo "== rebuild the meme index by the same definition"
same="$(reindex "$old")"; echo "$same"
bytes_without="$(table_bytes index-meme.r2-2012-06)"
echo "== rebuild it with the poster's user id in each cell"
with="$(reindex "$new")"; echo "$with"
bytes_with="$(table_bytes index-meme.r3-2012-06)"

echo "== user-post-count from the index"
serve "$new"
python3 "$root/bench/query_windows.py" --runs "$runs" --only user-post-count --windows 1d,16d > "$work/after.json"
curl -s localhost:18480/indexes > "$work/catalog.json"
stop

python3 - "$work" "$days" "$per_day" "$same" "$with" "$bytes_without" "$bytes_with" \
    "$root/bench/results/reindex.json" "$root/bench/results/reindex.md" <<'PY'
import json, re, sys
work, days, per_day, same, with_ids, without_b, with_b, out_json, out_md = sys.argv[1:]
def rate(line):
    m = re.search(r"from (\d+) tweets in ([\d.]+) s: (\d+) tweets/s", line)
    return {"tweets": int(m.group(1)), "seconds": float(m.group(2)), "tweets_per_s": int(m.group(3))}
before = {r["window"]: r for r in json.load(open(f"{work}/before.json"))}
after = {r["window"]: r for r in json.load(open(f"{work}/after.json"))}
meme = [e for e in json.load(open(f"{work}/catalog.json")) if e["index"] == "meme" and e["month"] == "2012-06"][0]
result = {"days": int(days), "per_day": int(per_day),
          "rebuild_same_definition": rate(same), "rebuild_with_user_ids": rate(with_ids),
          "meme_index_bytes": {"without_user_ids": int(without_b), "with_user_ids": int(with_b),
                               "growth": round(int(with_b) / int(without_b) - 1, 3)},
          "user_post_count": {w: {"phase2_ms": before[w]["median_ms"], "phase2_evaluation": before[w]["evaluation"],
                                  "index_ms": after[w]["median_ms"], "index_evaluation": after[w]["evaluation"],
                                  "phase1_tweets": after[w]["phase1Tweets"], "users": after[w]["size"]}
                              for w in ("1d", "16d")},
          "catalog_entry": meme}
json.dump(result, open(out_json, "w"), indent=1)
b = result["meme_index_bytes"]
lines = [f"# Index evolution ({days} days x {per_day} statuses, June 2012)", "",
         "| | tweets | s | tweets/s |", "|---|---|---|---|",
         *[f"| rebuild the meme index {name} | {r['tweets']:,} | {r['seconds']} | {r['tweets_per_s']:,} |"
           for name, r in (("by the same definition", result["rebuild_same_definition"]),
                           ("with user ids", result["rebuild_with_user_ids"]))], "",
         f"Meme index table of 2012-06 on disk: {b['without_user_ids']:,} bytes without user ids, "
         f"{b['with_user_ids']:,} with ({b['growth']:+.1%}).", "",
         "| user-post-count, #euro2012 | phase-1 tweets | users | phase 2 (ms) | from the index (ms) | ratio |",
         "|---|---|---|---|---|---|",
         *[f"| {w} | {r['phase1_tweets']:,} | {r['users']:,} | {r['phase2_ms']:,} ({r['phase2_evaluation']}) | "
           f"{r['index_ms']:,} ({r['index_evaluation']}) | {r['phase2_ms'] / r['index_ms']:.1f}x |"
           for w, r in result["user_post_count"].items()]]
open(out_md, "w").write("\n".join(lines) + "\n")
PY
cat "$root/bench/results/reindex.md"

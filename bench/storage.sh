#!/usr/bin/env bash
# Storage, measured in one run: bytes on disk per stored tweet for each kind of table (tweets, users, each
# index, deletions), against the .json.gz input, after a bulk load into a fresh embedded HBase (its
# regions flushed by a clean stop; HFiles as the load wrote them, not compacted).
# Usage: bench/storage.sh [DAYS] [PER_DAY]   (defaults: 24 days of June 2012, 20,000 statuses/day)
# Writes bench/results/storage.json and storage.md; reported, never asserted.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
days="${1:-24}"; per_day="${2:-20000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$root/bench/results"
cat > "$work/config.yml" <<YML
hbase: {dataDir: $work/data, zookeeperPort: 21861}
load: {rejectsDir: $work/rejected, workDir: $work/load-work, mode: bulk, seed: []}
logging: {level: WARN, loggers: {org.observatory: INFO}}
YML
echo "== generate $days days x $per_day statuses from 2012-06-01"
"$root/observatory" generate --out "$work/tweets" --first-day 2012-06-01 --days "$days" --per-day "$per_day" 2>/dev/null | tail -1
echo "== load (bulk)"
"$root/observatory" load -c "$work/config.yml" "$work/tweets" 2>&1 | grep 'load finished' | tee "$work/load.txt"
input=$(cat "$work/tweets"/*.json.gz | wc -c)
(cd "$work/data/hbase/data/observatory" && du -sb -- *) > "$work/tables.txt"
python3 - "$work/load.txt" "$work/tables.txt" "$input" "$days" "$per_day" \
    "$root/bench/results/storage.json" "$root/bench/results/storage.md" <<'PY'
import json, re, sys
load, tables, input_bytes, days, per_day, out_json, out_md = sys.argv[1:]
summary = open(load).read()
puts = dict(re.findall(r"(\w[\w-]*)=(\d+)", re.search(r"puts=\{([^}]*)\}", summary).group(1)))
erased = int(re.search(r"erased=(\d+)", summary).group(1))
tweets = int(puts["tweets"]) - erased
kinds = {}
for line in open(tables):
    size, name = line.split()
    kind = re.sub(r"(\.r\d+)?-\d{4}-\d{2}$", "", name)
    kinds[kind] = kinds.get(kind, 0) + int(size)
total = sum(kinds.values())
result = {"days": int(days), "per_day": int(per_day), "tweets": tweets, "input_gz_bytes": int(input_bytes),
          "tables": {k: {"bytes": v, "per_tweet": round(v / tweets, 1)} for k, v in sorted(kinds.items())},
          "total_bytes": total, "total_per_tweet": round(total / tweets, 1),
          "input_per_tweet": round(int(input_bytes) / tweets, 1), "ratio_to_input": round(total / int(input_bytes), 2)}
json.dump(result, open(out_json, "w"), indent=1)
with open(out_md, "w") as md:
    md.write(f"# Storage ({days} generated days x {per_day} statuses; {tweets:,} tweets stored)\n\n")
    md.write("| table kind | bytes | bytes per tweet |\n|---|---|---|\n")
    for k, v in result["tables"].items():
        md.write(f"| {k} | {v['bytes']:,} | {v['per_tweet']} |\n")
    md.write(f"| **all tables** | {total:,} | {result['total_per_tweet']} |\n")
    md.write(f"| input (.json.gz) | {int(input_bytes):,} | {result['input_per_tweet']} |\n\n")
    md.write(f"The tables take {result['ratio_to_input']}x the gzipped input.\n")
PY
cat "$root/bench/results/storage.md"

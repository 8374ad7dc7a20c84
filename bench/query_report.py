"""Turns the query timings into bench/results/queries.json and a Markdown table."""
import json
import sys

windows_file, forced_file, days, per_day, json_out, md_out = sys.argv[1:7]
rows = json.load(open(windows_file))
forced = json.load(open(forced_file))
by = {(r["query"], r["window"]): r for r in rows}

# Phase-2 fetch rate: a content query's time beyond the index-only count of the same window. The probe
# is retweet-edges, which always needs phase 2 (user-post-count counts from the meme index's user ids).
PROBE = "retweet-edges"
fetch = []
for r in rows:
    if r["query"] == PROBE and r["evaluation"] == "index+fetch" and r["phase1Tweets"] >= 1000:
        extra = r["median_ms"] - by[("meme-post-count", r["window"])]["median_ms"]
        if extra > 0:
            fetch.append({"window": r["window"], "tweets": r["phase1Tweets"],
                          "tweets_per_s": round(r["phase1Tweets"] / (extra / 1000))})
overhead = []
for f in forced:
    service = by[(f["query"], f["window"])]
    overhead.append({"query": f["query"], "window": f["window"], "service_ms": service["median_ms"],
                     "mapreduce_ms": f["median_ms"], "fixed_cost_ms": round(f["median_ms"] - service["median_ms"], 1)})
report = {"days": int(days), "statuses_per_day": int(per_day), "meme": "#euro2012", "queries": rows,
          "phase2_fetch": fetch, "mapreduce_overhead": overhead}
json.dump(report, open(json_out, "w"), indent=1)

windows = ["3h", "6h", "12h", "1d", "2d", "4d", "8d", "16d"]
queries = list(dict.fromkeys(r["query"] for r in rows))
with open(md_out, "w") as md:
    md.write(f"# Query latency over #euro2012 ({days} generated days, {per_day} statuses/day)\n\n")
    md.write("Median of warm runs, in ms; result size (counts, rows or tweets) below. Windows start 2012-06-08.\n\n")
    md.write("| query | " + " | ".join(windows) + " |\n|---|" + "---|" * len(windows) + "\n")
    for q in queries:
        md.write(f"| {q} | " + " | ".join(f"{by[(q, w)]['median_ms']:.0f}" for w in windows) + " |\n")
        md.write("| size | " + " | ".join(str(by[(q, w)]["size"]) for w in windows) + " |\n")
    md.write(f"\n| window | phase-1 tweets | user-post-count | {PROBE} |\n|---|---|---|---|\n")
    for w in windows:
        r = by[("user-post-count", w)]
        md.write(f"| {w} | {r['phase1Tweets']} | {r['evaluation']} | {by[(PROBE, w)]['evaluation']} |\n")
    md.write(f"\nPhase-2 fetch in the service ({PROBE} beyond meme-post-count): "
             + ", ".join(f"{f['window']}: {f['tweets_per_s']} tweets/s" for f in fetch) + "\n\n")
    md.write("MapReduce phase 2, forced (threshold 0), against the service's own fetch: "
             + ", ".join(f"{o['window']}: {o['mapreduce_ms']:.0f} ms vs {o['service_ms']:.0f} ms "
                         f"(fixed cost {o['fixed_cost_ms']:.0f} ms)" for o in overhead) + "\n")

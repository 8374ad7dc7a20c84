"""Times every query at each window over the running service: warm runs, median latency, result size."""
import argparse
import json
import statistics
import time
import urllib.request
from datetime import datetime, timedelta, timezone

QUERIES = ["meme-post-count", "timestamp-count", "user-post-count", "meme-cooccurrence-count",
           "retweet-edges", "mention-edges", "get-tweets-with-meme"]
WINDOWS = {"3h": timedelta(hours=3), "6h": timedelta(hours=6), "12h": timedelta(hours=12), "1d": timedelta(days=1),
           "2d": timedelta(days=2), "4d": timedelta(days=4), "8d": timedelta(days=8), "16d": timedelta(days=16)}
START = datetime(2012, 6, 8, tzinfo=timezone.utc)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def ask(query, window):
    end = START + WINDOWS[window] - timedelta(seconds=1)
    url = (f"http://localhost:18480/queries/{query}?memes=%23euro2012&start={iso(START)}&end={iso(end)}")
    began = time.perf_counter()
    with urllib.request.urlopen(url, timeout=600) as response:
        body = response.read()
        headers = response.headers
    millis = (time.perf_counter() - began) * 1000
    if query.startswith("get-"):
        return millis, {"size": body.count(b"\n"), "phase1Tweets": int(headers["X-Observatory-Tweets"]),
                        "evaluation": "index+fetch (streamed ids)"}
    answer = json.loads(body)
    size = len(answer["counts"]) if "counts" in answer else len(answer["rows"])
    return millis, {"size": size, "phase1Tweets": answer["meta"]["phase1Tweets"],
                    "evaluation": answer["meta"]["evaluation"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default=",".join(QUERIES))
    parser.add_argument("--windows", default=",".join(WINDOWS))
    args = parser.parse_args()
    results = []
    # The service's JIT needs dozens of requests before a small query settles (from ~250 ms to ~20 ms).
    for _ in range(3):
        for query in args.only.split(","):
            for window in ("3h", "1d"):
                ask(query, window)
    for query in args.only.split(","):
        for window in args.windows.split(","):
            ask(query, window)  # warm-up: caches, JIT
            times = []
            for _ in range(args.runs):
                millis, answer = ask(query, window)
                times.append(millis)
            results.append({"query": query, "window": window, "median_ms": round(statistics.median(times), 1),
                            "runs": args.runs, **answer})
            print(f"{query:25} {window:>4} {statistics.median(times):9.1f} ms  size {answer['size']:7}  "
                  f"phase-1 tweets {answer['phase1Tweets']:7}  {answer['evaluation']}", file=__import__("sys").stderr)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

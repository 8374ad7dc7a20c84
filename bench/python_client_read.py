"""The Python client reading 100,000 tweets from a running service: rate and the process's peak memory.

    pip install ./clients/python && python bench/python_client_read.py http://localhost:8080 2012-06-01 2012-06-24

The tweets are those of the window's top hashtags, mentions and URLs (top-memes), read as whole statuses
(fields=json) and then as two fields (screenName,hashtags), three runs each; the medians are printed.
"""
import resource
import statistics
import sys
import time

from observatory_client import Client

TWEETS = 100_000
base, start, end = sys.argv[1:4]
obs = Client(base, timeout=600)
memes = [key for kind, n in (("hashtags", 50), ("mentions", 25), ("urls", 25))
         for key in obs.top_memes(kind, start, end, limit=n)["key"]]
for fields in ("json", ["screenName", "hashtags"]):
    rates = []
    for _ in range(3):
        began, read = time.perf_counter(), 0
        with obs.tweets_with_meme(memes, start, end, fields=fields) as tweets:
            for _ in tweets:
                read += 1
                if read == TWEETS:
                    break
        rates.append(read / (time.perf_counter() - began))
    print(f"fields={fields}: {read:,} tweets of {tweets.total:,}, median {statistics.median(rates):,.0f} tweets/s "
          f"(runs {', '.join(f'{r:,.0f}' for r in rates)})")
print(f"peak resident memory of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")

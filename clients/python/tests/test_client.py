"""The client against a live service seeded with the shared 2013 day, checked against the raw JSON."""

from __future__ import annotations

import json
import math
from collections import Counter
from datetime import datetime, timedelta, timezone

import httpx
import networkx as nx
import pandas as pd
import pytest

from observatory_client import Client, ObservatoryError, answers
from raw import in_window, most_frequent

START = datetime(2013, 8, 10, tzinfo=timezone.utc)
END = START + timedelta(days=1)
DAY = "2013-08-10"

#: Each method of the client and the query of the service's catalogue it asks.
METHODS = {
    "meme_post_count": "meme-post-count", "timestamp_count": "timestamp-count",
    "user_post_count": "user-post-count", "meme_cooccurrence_count": "meme-cooccurrence-count",
    "meme_network": "meme-network", "retweet_edges": "retweet-edges", "mention_edges": "mention-edges",
    "diffusion_edges": "diffusion-edges", "coordinated_accounts": "coordinated-accounts", "top_memes": "top-memes", "user_activity": "user-activity",
    "tweets_with_meme": "get-tweets-with-meme", "tweets_with_text": "get-tweets-with-text",
    "tweets_of_user": "get-tweets-with-user", "retweets": "get-retweets",
}


@pytest.fixture(scope="module")
def client(service):
    with Client(service, timeout=60) as client:
        yield client


def test_every_query_of_the_catalogue_has_a_method(client):
    assert set(client.catalogue) == set(METHODS.values())
    for method in METHODS:
        assert callable(getattr(client, method))


def test_meme_post_count_is_a_frame_of_the_raw_counts(client, raw):
    memes = most_frequent(raw, "#", 3)
    frame = client.meme_post_count(memes, DAY, DAY)
    assert list(frame.columns) == ["meme", "count"]
    assert dict(zip(frame["meme"], frame["count"])) == {m: len(in_window(raw, m, START, END)) for m in memes}
    assert frame.attrs["meta"]["evaluation"] == "index-only"


def test_timestamp_count_per_hour_is_indexed_by_time(client, raw):
    meme = most_frequent(raw, "#", 1)[0]
    frame = client.timestamp_count(meme, START, END - timedelta(seconds=1), granularity="hour")
    expected = Counter(t.created_at.replace(minute=0, second=0) for t in in_window(raw, meme, START, END))
    assert len(frame) == 24
    assert isinstance(frame.index, pd.DatetimeIndex) and str(frame.index.tz) == "UTC"
    assert {time.to_pydatetime(): n for time, n in frame["count"].items() if n} == dict(expected)


def test_retweet_edges_are_a_weighted_digraph(client, raw):
    meme = most_frequent(raw, "#", 1)[0]
    graph = client.retweet_edges(meme, DAY, DAY)
    retweets = [t for t in in_window(raw, meme, START, END) if t.retweet_of_user_id]
    expected = Counter((t.user_id, t.retweet_of_user_id) for t in retweets)
    assert isinstance(graph, nx.DiGraph)
    assert {(u, v): w for u, v, w in graph.edges(data="weight")} == dict(expected)
    names = {t.user_id: t.screen_name for t in sorted(retweets, key=lambda t: t.created_at)}
    assert {u: graph.nodes[u]["name"] for u in names} == names, "each retweeter named as they posted"


def test_the_catalogue_says_which_graphs_are_undirected(client, raw):
    meme = most_frequent(raw, "#", 1)[0]
    graph = client.meme_network(meme, DAY, DAY)
    tweets = len(in_window(raw, meme, START, END))
    assert not graph.is_directed()
    assert graph.number_of_edges() > 0
    assert all(0 < w <= tweets for _, _, w in graph.edges(data="weight"))
    assert client.catalogue["retweet-edges"]["directed"] and not client.catalogue["meme-network"]["directed"]


def test_coordinated_accounts_are_a_graph_of_the_raw_tf_idf_cosines_with_names_and_clusters(client, raw):
    memes = most_frequent(raw, "#", 3)
    burst = 60
    graph = client.coordinated_accounts(memes, DAY, DAY, trace="co-burst", burst=burst, min_traces=1,
                                        threshold=0.5, shared=True)
    # each account's co-burst traces: the interval each matching tweet was posted in, with each meme it holds
    traces: dict[int, Counter] = {}
    for meme in memes:
        for t in in_window(raw, meme, START, END):
            interval = int(t.created_at.timestamp()) // burst * burst
            traces.setdefault(t.user_id, Counter())[f"{interval} {meme}"] += 1
    n = len(traces)
    sharing = Counter(trace for counts in traces.values() for trace in counts)
    vectors = {}
    for user, counts in traces.items():
        weights = {t: (1 + math.log(c)) * (1 + math.log((1 + n) / (1 + sharing[t]))) for t, c in counts.items()}
        length = math.sqrt(sum(w * w for w in weights.values()))
        vectors[user] = {t: w / length for t, w in weights.items()}
    expected = {}
    for a in vectors:
        for b in vectors:
            if a < b and vectors[a].keys() & vectors[b].keys():
                cosine = sum(w * vectors[b].get(t, 0.0) for t, w in vectors[a].items())
                if cosine >= 0.5 - 1e-9:
                    expected[(a, b)] = cosine
    assert not graph.is_directed()
    assert expected, "a real day has accounts posting the same meme in the same minute"
    assert {tuple(sorted((u, v))) for u, v in graph.edges()} == set(expected)
    for u, v, weight in graph.edges(data="weight"):
        assert weight == pytest.approx(expected[tuple(sorted((u, v)))], abs=2e-6)
    assert nx.number_connected_components(graph) == len(answers.clusters(graph))
    assert sorted(sorted(c) for c in nx.connected_components(graph)) == sorted(answers.clusters(graph))
    assert all(graph.nodes[u]["name"] for u in graph.nodes)
    assert graph.graph["coordination"]["accounts"] == n


def test_user_post_count_ranks_the_posters(client, raw):
    meme = most_frequent(raw, "#", 1)[0]
    frame = client.user_post_count(meme, DAY, DAY)
    posts = Counter(t.user_id for t in in_window(raw, meme, START, END))
    assert dict(zip(frame["userId"], frame["count"])) == dict(posts)
    assert frame["count"].is_monotonic_decreasing


def test_user_activity_is_a_frame_by_day(client, raw):
    user = Counter(t.user_id for t in raw if START <= t.created_at < END).most_common(1)[0][0]
    frame = client.user_activity(user, "2013-08-09", DAY)
    assert list(frame["time"]) == [pd.Timestamp(START - timedelta(days=1)), pd.Timestamp(START)]
    assert list(frame["posts"]) == [sum(1 for t in raw if t.user_id == user and START - timedelta(days=1) <= t.created_at < START),
                                    sum(1 for t in raw if t.user_id == user and START <= t.created_at < END)]


def test_diffusion_edges_keep_their_types_and_say_what_was_cut(client, raw):
    meme = most_frequent(raw, "#", 1)[0]
    graph = client.diffusion_edges(meme, DAY, DAY, types=["retweet", "mention"], limit=5)
    assert isinstance(graph, nx.MultiDiGraph) and graph.number_of_edges() == 5
    assert {key for _, _, key in graph.edges(keys=True)} <= {"retweet", "mention"}
    cut = graph.graph["cuts"][0]
    assert cut["what"] == "edges" and cut["kept"] == 5 and cut["of"] > 5


def test_tweets_are_streamed_as_dicts(client, raw):
    meme = most_frequent(raw, "#", 1)[0]
    expected = {t.id for t in in_window(raw, meme, START, END)}
    with client.tweets_with_meme(meme, DAY, DAY) as tweets:
        assert tweets.total == len(expected)
        first = next(tweets)
        assert first["user"]["screen_name"] and first["text"]
        ids = {first["id"]} | {tweet["id"] for tweet in tweets}
    assert ids == expected
    slim = list(client.tweets_with_meme(meme, DAY, DAY, fields=["screenName", "hashtags"]))
    assert {t["id"] for t in slim} == expected and all(meme[1:] in map(str.lower, t["hashtags"]) for t in slim)


def test_a_refused_query_raises_with_the_services_message(client):
    with pytest.raises(ObservatoryError) as refused:
        client.meme_post_count("mtvhottest", DAY, DAY)
    assert refused.value.status == 400
    assert refused.value.message.startswith("not a meme: 'mtvhottest'")
    with pytest.raises(ObservatoryError) as refused:
        client.tweets_with_meme("#x", DAY, "2013-08-01")
    assert refused.value.status == 400


def test_a_background_job_gives_what_the_query_gives(client, raw):
    meme = most_frequent(raw, "#", 1)[0]
    job = client.submit("user-post-count", memes=meme, start=DAY, end=DAY)
    assert job.wait(timeout=120, poll=0.2).state == "SUCCEEDED"
    pd.testing.assert_frame_equal(job.result(), client.user_post_count(meme, DAY, DAY), check_like=True,
                                  check_exact=True, obj="job result")
    lookup = client.submit("get-tweets-with-meme", memes=meme, start=DAY, end=DAY).wait(timeout=120, poll=0.2)
    assert {t["id"] for t in lookup.result()} == {t.id for t in in_window(raw, meme, START, END)}
    assert job.id in {j.id for j in client.jobs()}
    job.cancel()
    assert job.id not in {j.id for j in client.jobs()}


def test_top_memes_and_the_store(client, raw):
    top = client.top_memes("hashtags", DAY, DAY, limit=3)
    counts = Counter(m for t in raw if START <= t.created_at < END for m in t.memes if m.startswith("#"))
    assert list(top["count"]) == sorted(counts.values(), reverse=True)[:3]
    assert (top["start"] == pd.Timestamp(START)).all()
    assert all(counts[key] == n for key, n in zip(top["key"], top["count"]))
    posters = client.top_memes("users", DAY, DAY, limit=5)
    mine = sorted((t for t in raw if START <= t.created_at < END), key=lambda t: (t.created_at, t.screen_name))
    latest = {str(t.user_id): t.screen_name for t in mine}  # the last tweet of the day names its poster
    assert len(posters) == 5 and list(posters["name"]) == [latest[str(k)] for k in posters["key"]]
    assert "2013-08" in client.months()
    assert (client.indexes()["month"] == "2013-08").any()


def test_the_service_asking_to_wait_is_retried_after_retry_after():
    answers = iter([httpx.Response(503, headers={"Retry-After": "0"}, json={"code": 503, "message": "full"}),
                    httpx.Response(429, headers={"Retry-After": "0"}, json={"code": 429, "message": "slow down"}),
                    httpx.Response(200, json={"2013-08": []})])
    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        return next(answers)

    with Client(http=httpx.Client(base_url="http://observatory", transport=httpx.MockTransport(handler))) as client:
        assert client.months() == {"2013-08": []}
    assert seen == ["/months"] * 3


def test_a_503_that_persists_raises_after_the_retries():
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503, headers={"Retry-After": "0"}, json={"code": 503, "message": "the store could not answer"})

    with Client(retries=1, http=httpx.Client(base_url="http://observatory", transport=httpx.MockTransport(handler))) as client:
        with pytest.raises(ObservatoryError, match="the store could not answer"):
            client.months()


def test_a_key_goes_in_the_authorization_header_and_a_refusal_says_why():
    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append((request.headers.get("Authorization"), str(request.url)))
        if request.headers.get("Authorization") != "Bearer obs_0123456789ab_secret":
            return httpx.Response(401, json={"code": 401, "message": "Credentials are required to access this resource."})
        return httpx.Response(200, json={"2013-08": []})

    mock = httpx.MockTransport(handler)
    with Client(api_key="obs_0123456789ab_secret", http=httpx.Client(base_url="http://observatory", transport=mock)) as client:
        assert client.months() == {"2013-08": []}
    assert seen == [("Bearer obs_0123456789ab_secret", "http://observatory/months")]
    with Client(api_key="", http=httpx.Client(base_url="http://observatory", transport=mock)) as client:
        with pytest.raises(ObservatoryError, match="Credentials are required") as refused:
            client.months()
    assert refused.value.status == 401


def test_a_client_asks_bluesky_apart_from_twitter(service):
    """Bluesky's real window, seeded beside the Twitter day: hashtags counted as the raw events say."""
    from conftest import BLUESKY

    events = [json.loads(line) for line in BLUESKY.read_text(encoding="utf-8").splitlines()]
    tagged, expected = set(), 0
    for e in events:
        commit = e.get("commit", {})
        if commit.get("operation") != "create":
            continue
        record = commit.get("record", {})
        if commit.get("collection") == "app.bsky.feed.post":
            tags = {f["tag"].lower() for facet in record.get("facets", []) for f in facet["features"]
                    if f["$type"].endswith("#tag")}
            if "indierebellion" in tags:
                tagged.add(f"at://{e['did']}/app.bsky.feed.post/{commit['rkey']}")
                expected += 1
        elif commit.get("collection") == "app.bsky.feed.repost" and record["subject"]["uri"] in tagged:
            expected += 1
    with Client(service) as twitter:
        bluesky = twitter.on("bluesky")
        counts = bluesky.meme_post_count(["#indierebellion"], "2026-07-04", "2026-07-04")
        assert int(counts.loc[counts["meme"] == "#indierebellion", "count"].iloc[0]) == expected > 0
        counts = twitter.meme_post_count(["#indierebellion"], "2026-07-04", "2026-07-04")
        assert int(counts.loc[counts["meme"] == "#indierebellion", "count"].iloc[0]) == 0
        tweets = list(bluesky.tweets_with_meme("#indierebellion", "2026-07-04", "2026-07-04", fields=["uri"]))
        assert [t["url"].startswith("https://bsky.app/profile/") for t in tweets] == [True] * expected
        assert "2026-07" in bluesky.months() and "2013-08" not in bluesky.months()
        both = twitter.on("both")
        counts = both.meme_post_count(["#indierebellion"], "2026-07-04", "2026-07-04")
        assert int(counts.loc[counts["meme"] == "#indierebellion", "count"].iloc[0]) == expected
        lines = list(both.tweets_with_meme("#indierebellion", "2026-07-04", "2026-07-04", fields=["uri"]))
        assert len(lines) == expected
        assert "2026-07" in both.months() and "2013-08" in both.months()

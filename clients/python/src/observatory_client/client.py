"""The client: one method per query of the service's catalogue, each giving what analysts work with."""

from __future__ import annotations

import copy
import os

from collections.abc import Iterable
from datetime import date, datetime
from functools import cached_property
from typing import Any, Literal

import httpx
import networkx as nx
import pandas as pd

from observatory_client import answers
from observatory_client.jobs import Job
from observatory_client.transport import Transport
from observatory_client.tweets import TweetStream

Memes = str | Iterable[str]
When = str | date | datetime


class Client:
    """Observatory at ``base_url``.

    :param timeout: seconds to wait for the service to answer (a lookup's stream may take longer in all)
    :param retries: how many times a request is tried again when the service says to wait (503, 429),
        after the ``Retry-After`` it gives
    :param api_key: the key a service with keys requires (``observatory keys create`` makes one); by
        default the environment's ``OBSERVATORY_API_KEY``, if set
    :param platform: whose posts every query asks: ``"twitter"`` (the service's default), ``"bluesky"``,
        or ``"both"`` (answers add up both platforms' shares; lookups interleave tweets and posts in time
        order); ``client.on("bluesky")`` is the same client asking another
    """

    def __init__(self, base_url: str = "http://localhost:8080", *, timeout: float = 120.0, retries: int = 3,
                 http: httpx.Client | None = None, api_key: str | None = None, platform: str | None = None) -> None:
        key = api_key if api_key is not None else os.environ.get("OBSERVATORY_API_KEY")
        self._transport = Transport(base_url, timeout, retries, http, key)
        self._platform = platform

    def on(self, platform: Literal["twitter", "bluesky", "both"]) -> "Client":
        """This client, its queries asking another platform's posts (the connection is shared); ``"both"``
        asks every query of both at once."""
        other = copy.copy(self)
        other.__dict__.pop("catalogue", None)
        other._platform = platform
        return other

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the catalogue and the store -------------------------------------------------------------------

    @cached_property
    def catalogue(self) -> dict[str, dict[str, Any]]:
        """The service's queries by name: the parameters each takes, its answer's shape and columns."""
        return {q["name"]: q for q in self._transport.json("GET", "/queries")}

    def months(self) -> dict[str, list[str]]:
        """The months that have tables, with their table names (this client's platform's, if it names one)."""
        return self._transport.json("GET", "/months", {"platform": self._platform} if self._platform else None)

    def indexes(self) -> pd.DataFrame:
        """The index catalog: per index and month, the table in force and whether queries use it."""
        return pd.DataFrame(self._transport.json("GET", "/indexes"))

    # --- counts ----------------------------------------------------------------------------------------

    def meme_post_count(self, memes: Memes, start: When, end: When) -> pd.DataFrame:
        """Per meme, the tweets carrying it in the window: columns ``meme``, ``count``."""
        return self.ask("meme-post-count", memes=memes, start=start, end=end)

    def timestamp_count(self, memes: Memes, start: When, end: When,
                        granularity: Literal["day", "hour"] = "day") -> pd.DataFrame:
        """The tweets carrying any of the memes per UTC day or hour, indexed by time: column ``count``."""
        return self.ask("timestamp-count", memes=memes, start=start, end=end, granularity=granularity)

    def meme_cooccurrence_count(self, memes: Memes, start: When, end: When) -> pd.DataFrame:
        """The other memes of the matching tweets, most first: columns ``meme``, ``count``."""
        return self.ask("meme-cooccurrence-count", memes=memes, start=start, end=end)

    def user_post_count(self, memes: Memes, start: When, end: When) -> pd.DataFrame:
        """Per user, the matching tweets they posted, most first: ``userId``, ``screenName``, ``count``."""
        return self.ask("user-post-count", memes=memes, start=start, end=end)

    def top_memes(self, kind: Literal["hashtags", "mentions", "urls", "domains", "users"], start: When, end: When,
                  limit: int = 100, granularity: Literal["day", "hour"] | None = None,
                  rank: Literal["count", "rise"] = "count") -> pd.DataFrame:
        """The most frequent memes of a kind, without naming one: ``start``, ``key``, ``count``, ``previous``
        (and, for users, the ``name`` the window's latest tweet of theirs gave)."""
        return self.ask("top-memes", kind=kind, start=start, end=end, limit=limit, granularity=granularity, rank=rank)

    def user_activity(self, user: str | int, start: When, end: When,
                      granularity: Literal["day", "hour"] = "day") -> pd.DataFrame:
        """One user's posts, retweets given and received, and mentions, per day or hour (``user``: id or name)."""
        return self.ask("user-activity", user=user, start=start, end=end, granularity=granularity)

    # --- networks --------------------------------------------------------------------------------------

    def retweet_edges(self, memes: Memes, start: When, end: When) -> nx.DiGraph:
        """Retweeter → original author among the matching tweets, edges weighted by retweets (user ids)."""
        return self.ask("retweet-edges", memes=memes, start=start, end=end)

    def mention_edges(self, memes: Memes, start: When, end: When) -> nx.DiGraph:
        """Poster → mentioned user among the matching tweets, edges weighted by tweets (user ids)."""
        return self.ask("mention-edges", memes=memes, start=start, end=end)

    def diffusion_edges(self, memes: Memes, start: When, end: When,
                        types: Iterable[str] | None = None, nodes: int | None = None, limit: int | None = None,
                        tweet_ids: bool = False) -> nx.MultiDiGraph:
        """Typed, timed edges (retweet, quote, reply, mention): one edge per type between two users, keyed
        by its type, with ``weight``, ``first`` and ``last`` (and ``tweets`` with ``tweet_ids``). ``nodes`` and
        ``limit`` cap the users and edges; ``graph.graph["cuts"]`` says what was cut."""
        return self.ask("diffusion-edges", memes=memes, start=start, end=end, types=types, nodes=nodes,
                        limit=limit, tweetIds=tweet_ids or None)

    def coordinated_accounts(self, memes: Memes, start: When, end: When,
                             trace: Literal["co-retweet", "co-url", "co-hashtags", "co-burst"] = "co-retweet",
                             burst: int | None = None, min_traces: int | None = None, threshold: float | None = None,
                             shared: bool = False, limit: int | None = None) -> nx.Graph:
        """Accounts that act together in the matching tweets: an undirected graph of the pairs at least
        ``threshold`` alike by the TF-IDF cosine of their ``trace`` (``burst``: co-burst's interval in seconds),
        edges weighted by the similarity, each account with its ``name``, ``cluster`` and ``traces``
        (``answers.clusters(graph)`` lists the clusters). ``shared`` lists each pair's shared traces."""
        return self.ask("coordinated-accounts", memes=memes, start=start, end=end, trace=trace, burst=burst,
                        minTraces=min_traces, threshold=threshold, shared=shared or None, limit=limit)

    def meme_network(self, memes: Memes, start: When, end: When) -> nx.Graph:
        """Memes that share matching tweets, undirected, edges weighted by the tweets holding both."""
        return self.ask("meme-network", memes=memes, start=start, end=end)

    # --- tweets ----------------------------------------------------------------------------------------

    def tweets_with_meme(self, memes: Memes, start: When, end: When, fields: Iterable[str] | str = "json",
                         sample: float | None = None) -> TweetStream:
        """The tweets carrying any of the memes, streamed in time order (``fields="json"``: whole statuses)."""
        return self.ask("get-tweets-with-meme", memes=memes, start=start, end=end, fields=fields, sample=sample)

    def tweets_with_text(self, words: str | Iterable[str], start: When, end: When,
                         fields: Iterable[str] | str = "json", sample: float | None = None) -> TweetStream:
        """The tweets whose text has all the words, streamed in time order."""
        return self.ask("get-tweets-with-text", words=words, start=start, end=end, fields=fields, sample=sample)

    def tweets_of_user(self, user: str | int, start: When, end: When, fields: Iterable[str] | str = "json",
                       sample: float | None = None) -> TweetStream:
        """A user's tweets (by id, or by a screen name the account used in the window), streamed in time order."""
        return self.ask("get-tweets-with-user", user=user, start=start, end=end, fields=fields, sample=sample)

    def retweets(self, tweet_id: int, start: When, end: When, fields: Iterable[str] | str = "json",
                 sample: float | None = None) -> TweetStream:
        """The retweets of a tweet, streamed in time order."""
        return self.ask("get-retweets", id=tweet_id, start=start, end=end, fields=fields, sample=sample)

    # --- any query, now or in the background -----------------------------------------------------------

    def ask(self, query: str, **params: Any) -> Any:
        """Any query of the catalogue by its name, its answer converted as the named methods convert it."""
        return self._read(query, f"/queries/{query}", self._on_platform(params))

    def submit(self, query: str, **params: Any) -> Job:
        """Runs a query of the catalogue in the background: ``submit(...).wait().result()``."""
        return self._job(self._transport.json("POST", f"/jobs/{query}", _parameters(self._on_platform(params))))

    def _on_platform(self, params: dict[str, Any]) -> dict[str, Any]:
        return {"platform": self._platform, **params} if self._platform and "platform" not in params else params

    def jobs(self) -> list[Job]:
        """Every job the service keeps, newest first."""
        return [self._job(status) for status in self._transport.json("GET", "/jobs")]

    def _job(self, status: dict[str, Any]) -> Job:
        """A job whose result reads as its query's answer does."""
        query: str = status["query"]
        return Job(self._transport, status, lambda path: self._read(query, path, {}))

    def _read(self, query: str, path: str, params: dict[str, Any]) -> Any:
        shape = self.catalogue.get(query, {}).get("answer")
        if shape == "tweets":
            return TweetStream(self._transport, path, _parameters(params))
        answer = self._transport.json("GET", path, {**_parameters(params), "format": "json"})
        if shape == "counts":
            column = self.catalogue[query]["columns"][0]
            return answers.time_counts(answer) if column == "time" else answers.counts(answer, column)
        if shape == "rows":
            return answers.rows(answer)
        if shape == "edges":
            undirected = not self.catalogue[query]["directed"]
            typed = "type" in self.catalogue[query]["columns"]
            return answers.graph(answer, nx.Graph if undirected else nx.MultiDiGraph if typed else nx.DiGraph)
        return answer



def _parameters(params: dict[str, Any]) -> dict[str, Any]:
    """Dates and date-times as the API reads them (ISO-8601; a naive date-time is UTC)."""
    return {name: value.isoformat() if isinstance(value, (date, datetime)) else value for name, value in params.items()}

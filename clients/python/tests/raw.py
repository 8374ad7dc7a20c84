"""What the tests expect, computed from the raw JSON of a shared day, never from the service's answers."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path


@dataclass(frozen=True)
class Tweet:
    id: int
    created_at: datetime
    user_id: int
    screen_name: str
    memes: frozenset[str]
    retweet_of_user_id: int  # 0: not a retweet


def read_day(path: Path) -> list[Tweet]:
    """Every status of the file and every original embedded in one, once each, less the deleted ones."""
    tweets: dict[int, Tweet] = {}
    deleted: set[int] = set()
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            status = json.loads(line)
            if "delete" in status:
                deleted.add(status["delete"]["status"]["id"])
            elif _is_status(status):
                _add(status, tweets)
    return [t for t in tweets.values() if t.id not in deleted]


def _is_status(node: dict) -> bool:
    return "created_at" in node and "user" in node and ("id" in node or "id_str" in node)


def _add(status: dict, tweets: dict[int, Tweet]) -> None:
    entities = status["extended_tweet"]["entities"] if "extended_tweet" in status else status["entities"]
    memes = {"#" + h["text"].lower() for h in entities.get("hashtags", [])}
    memes |= {"@" + m["screen_name"].lower() for m in entities.get("user_mentions", [])}
    memes |= {u.get("expanded_url") or u["url"] for u in entities.get("urls", [])}
    original = status.get("retweeted_status")
    tweets.setdefault(status["id"], Tweet(
        status["id"], datetime.strptime(status["created_at"], "%a %b %d %H:%M:%S %z %Y").astimezone(timezone.utc),
        status["user"]["id"], status["user"]["screen_name"], frozenset(memes), original["user"]["id"] if original else 0))
    for embedded in ("retweeted_status", "quoted_status"):
        if embedded in status and _is_status(status[embedded]):
            _add(status[embedded], tweets)


def in_window(tweets: list[Tweet], meme: str, start: datetime, end: datetime) -> list[Tweet]:
    return [t for t in tweets if start <= t.created_at < end and meme in t.memes]


def most_frequent(tweets: list[Tweet], prefix: str, n: int) -> list[str]:
    counts = Counter(m for t in tweets for m in t.memes if m.startswith(prefix))
    return [meme for meme, _ in counts.most_common(n)]

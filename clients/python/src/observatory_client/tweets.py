"""A lookup's tweets as an iterator of dicts, read from the service's NDJSON stream line by line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

from observatory_client.transport import Transport


class TweetStream(Iterator[dict[str, Any]]):
    """Opened at once, so a refused query raises at the call; then each tweet is parsed when reached and
    nothing read ahead is kept. ``total`` is how many the service found. Close it (or use ``with``) to
    stop early; it closes itself at the end."""

    def __init__(self, transport: Transport, path: str, params: dict[str, Any]) -> None:
        self._open = ExitStack()
        response = self._open.enter_context(transport.stream("GET", path, params))
        total = response.headers.get("X-Observatory-Tweets")
        self.total = int(total) if total is not None else None
        self._lines = response.iter_lines()

    def __next__(self) -> dict[str, Any]:
        for line in self._lines:
            if line:
                return json.loads(line)
        self.close()
        raise StopIteration

    def close(self) -> None:
        self._open.close()

    def __enter__(self) -> "TweetStream":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

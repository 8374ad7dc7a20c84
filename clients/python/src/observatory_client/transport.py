"""HTTP to the service: one connection pool, timeouts, retries where the service asks for them."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from observatory_client.errors import ObservatoryError

#: Statuses that say "try again": the service full (503, with Retry-After) or a client over its rate (429).
_RETRIED = (429, 503)


class Transport:
    def __init__(self, base_url: str, timeout: float, retries: int, client: httpx.Client | None = None,
                 api_key: str | None = None) -> None:
        self._http = client or httpx.Client(base_url=base_url, timeout=timeout, follow_redirects=False)
        self._retries = retries
        # In a header, never in the URL: the service refuses keys there, since logs keep URLs.
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}

    def close(self) -> None:
        self._http.close()

    def json(self, method: str, path: str, params: dict[str, Any] | None = None) -> Any:
        with self.stream(method, path, params) as response:
            response.read()
            return response.json() if response.content else None

    @contextmanager
    def stream(self, method: str, path: str, params: dict[str, Any] | None = None) -> Iterator[httpx.Response]:
        """The response, its body not yet read; retried while the service says to wait (429, 503)."""
        params = _query(params or {})
        for attempt in range(self._retries + 1):
            with self._http.stream(method, path, params=params, headers=self._headers) as response:
                if response.status_code in _RETRIED and attempt < self._retries:
                    response.read()
                    time.sleep(_wait(response, attempt))
                    continue
                if response.is_error:
                    response.read()
                    raise _error(response)
                yield response
                return


def _query(params: dict[str, Any]) -> dict[str, str]:
    """Parameters as the API takes them: lists comma-separated, booleans in lower case, None left out."""
    query = {}
    for name, value in params.items():
        if value is None:
            continue
        if isinstance(value, (list, tuple, set)):
            value = ",".join(str(v) for v in value)
        elif isinstance(value, bool):
            value = "true" if value else "false"
        query[name] = str(value)
    return query


def _wait(response: httpx.Response, attempt: int) -> float:
    try:
        return max(0.0, float(response.headers.get("Retry-After", "")))
    except ValueError:
        return min(8.0, 0.5 * 2**attempt)


def _error(response: httpx.Response) -> ObservatoryError:
    try:
        message = response.json().get("message") or response.text
    except (json.JSONDecodeError, AttributeError):
        message = response.text or response.reason_phrase
    return ObservatoryError(response.status_code, message)

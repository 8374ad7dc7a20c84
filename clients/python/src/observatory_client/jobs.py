"""A query run in the background by the service, watched until it ends."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tqdm.auto import tqdm

from observatory_client.errors import ObservatoryError
from observatory_client.transport import Transport

_ENDED = ("SUCCEEDED", "FAILED", "CANCELLED")


class Job:
    """One background job: ``wait()`` for it, then ``result()``; ``cancel()`` to stop it or drop its result."""

    def __init__(self, transport: Transport, status: dict[str, Any], reader: Callable[[str], Any]) -> None:
        self._transport = transport
        self._reader = reader
        self.status = status

    @property
    def id(self) -> str:
        return self.status["id"]

    @property
    def state(self) -> str:
        return self.status["state"]

    def refresh(self) -> dict[str, Any]:
        self.status = self._transport.json("GET", f"/jobs/{self.id}")
        return self.status

    def wait(self, timeout: float | None = None, poll: float = 1.0, progress: bool = True) -> "Job":
        """Polls until the job ends, showing a progress bar; raises if it failed or was cancelled."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with tqdm(total=100, desc=f"{self.status['query']} {self.id[:8]}", unit="%", disable=not progress) as bar:
            while self.refresh()["state"] not in _ENDED:
                bar.update(round(self.status["progress"] * 100) - bar.n)
                if deadline is not None and time.monotonic() > deadline:
                    raise TimeoutError(f"job {self.id} still {self.state} after {timeout} s")
                time.sleep(poll)
            bar.update(round(self.status["progress"] * 100) - bar.n)
        if self.state != "SUCCEEDED":
            raise ObservatoryError(409, f"job {self.id} {self.state}: {self.status.get('message', '')}")
        return self

    def result(self) -> Any:
        """The answer, as the same query asked directly gives it (a DataFrame, a graph or an iterator of tweets)."""
        return self._reader(f"/jobs/{self.id}/results")

    def cancel(self) -> None:
        self._transport.json("DELETE", f"/jobs/{self.id}")

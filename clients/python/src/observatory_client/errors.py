"""The one exception the client raises for what the service refused."""

from __future__ import annotations


class ObservatoryError(Exception):
    """The service answered with an error: ``status`` is its HTTP status, ``message`` its own words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message

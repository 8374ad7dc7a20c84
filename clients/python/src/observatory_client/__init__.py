"""Observatory's REST API for Python.

>>> from observatory_client import Client
>>> obs = Client("http://localhost:8080")
>>> obs.timestamp_count("#mtvhottest", "2013-08-10", "2013-08-10", granularity="hour")
"""

from observatory_client.client import Client
from observatory_client.errors import ObservatoryError
from observatory_client.jobs import Job

__all__ = ["Client", "Job", "ObservatoryError"]

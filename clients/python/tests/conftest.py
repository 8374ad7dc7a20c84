"""A live Observatory for the tests: the executable jar on the embedded default, seeded with a real day."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from raw import read_day

ROOT = Path(__file__).resolve().parents[3]
JAR = Path(os.environ.get("OBSERVATORY_JAR", ROOT / "query-api" / "target" / "observatory.jar"))
DATA = Path(os.environ.get("OBSERVATORY_DATA", ROOT.parent / "shared" / "data"))
DAY = DATA / "tweets" / "tweets.2013-08-10.json.gz"
BLUESKY = DATA / "bluesky" / "jetstream-v1.2026-07-04.jsonl"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def service(tmp_path_factory: pytest.TempPathFactory):
    """The service's base URL, once it answers (it loads the seed day before it does)."""
    assert JAR.is_file(), f"{JAR} is missing: build it first (mvn -B -DskipTests package)"
    assert DAY.is_file(), f"{DAY} is missing: the shared corpus is read from OBSERVATORY_DATA or ../shared/data"
    work = tmp_path_factory.mktemp("observatory")
    port = _free_port()
    config = work / "config.yml"
    config.write_text(f"""
server:
  applicationConnectors: [{{type: http, port: {port}}}]
  adminConnectors: [{{type: http, port: {_free_port()}}}]
hbase:
  dataDir: {work / 'data'}
  zookeeperPort: {_free_port()}
load:
  seed: [{DAY}, {BLUESKY}]
  rejectsDir: {work / 'rejected'}
query:
  jobsDir: {work / 'jobs'}
  workDir: {work / 'query-work'}
logging:
  level: WARN
""")
    log = (work / "service.log").open("w")
    process = subprocess.Popen(["java", "-Xmx2g", "-jar", str(JAR), "server", str(config)], stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while True:
            assert process.poll() is None, f"the service exited: see {work / 'service.log'}"
            try:
                if httpx.get(f"{base}/months", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, f"the service did not answer in 300 s: see {work / 'service.log'}"
            time.sleep(1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def raw():
    return read_day(DAY)

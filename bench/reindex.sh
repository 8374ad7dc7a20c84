#!/usr/bin/env bash
# Index evolution, measured: the first month loaded with the meme index of old (no user ids), rebuilt twice
# by `observatory reindex` (same definition, then with user ids): rebuild rate, the index's size without and
# with user ids, and user-post-count before and after (bench/README.md).
# Usage: bench/reindex.sh [the harness's options: --days N --per-day N --runs N ...]
# Writes bench/results/reindex.md and reindex.json; the corpus is shared with bench/run.sh's.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
./observatory generate --help > /dev/null # the launcher builds both jars when the sources have changed
exec java -Xmx4g -cp bench/target/observatory-bench.jar org.observatory.bench.ReindexBench \
  --app-jar query-api/target/observatory.jar "$@"

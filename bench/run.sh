#!/usr/bin/env bash
# The benchmark harness: one command, one run, every figure (bench/README.md says what and how long).
# Usage: bench/run.sh [--days N] [--per-day N] [--runs N] [--windows 3h,...,16d] [--peer-runs N] ...
# Writes bench/results/report.md, results.json and the charts; the corpus is kept under bench/work/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
./observatory generate --help > /dev/null # the launcher builds both jars when the sources have changed
exec java -Xmx4g -cp bench/target/observatory-bench.jar org.observatory.bench.Harness \
  --app-jar query-api/target/observatory.jar "$@"

#!/usr/bin/env bash
# The benchmark harness: one command, one run, every figure (bench/README.md says what and how long).
# Usage: bench/run.sh [--days N] [--per-day N] [--runs N] [--windows 3h,...,16d] [--peer-runs N] ...
#        bench/run.sh reindex [the same options]   (index evolution: rebuilding the meme index with user ids)
#        bench/run.sh cluster [the same options]   (the embedded store beside the local multi-process cluster)
#        bench/run.sh soak [--minutes 10] [--clients 32] [--keys 0]   (many clients at once on the embedded default)
#        bench/run.sh floor [FILES or DIRS]   (the least the tweets' JSON and profiles could take; default: the real days)
#        bench/run.sh bluesky [--events-per-second 100] [--paced 4800] [--paced-seconds 90] [--runs 3]
#                                            (the Jetstream daemon on a loopback server: rate, latency, bytes per post; the hour loaded)
#        bench/run.sh figures [RESULTS.json]   (docs/operations.md's current figures made from a run; default bench/results/results.json)
# Writes bench/results/report.md, results.json and the charts (reindex: reindex.md and reindex.json;
# cluster: cluster.md and cluster.json; soak: soak.md and soak.json); the generated corpus is kept under bench/work/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
main=org.observatory.bench.Harness
case "${1:-}" in
  reindex) main=org.observatory.bench.ReindexBench; shift ;;
  cluster) main=org.observatory.bench.ClusterBench; shift ;;
  soak) main=org.observatory.bench.Soak; shift ;;
  floor) main=org.observatory.bench.StorageFloor; shift ;;
  bluesky) main=org.observatory.bench.BlueskyBench; shift ;;
  figures) main=org.observatory.bench.CurrentFigures; shift ;;
esac
./observatory generate --help > /dev/null # the launcher builds both jars when the sources have changed
bench_jar=bench/target/observatory-bench.jar # newer than the service's jar after a build of the modules it needs alone
if [ ! -f "$bench_jar" ] || [ -n "$(find bench/src bench/pom.xml bench/search-node -path bench/search-node/target -prune -o -newer "$bench_jar" -type f -print -quit)" ]; then
  echo "building $bench_jar ..." >&2
  mvn -B -q -DskipTests package >&2
fi
if [ "$main" = org.observatory.bench.BlueskyBench ]; then # the embedded store in this JVM: the jar's JDK 17 openings
  opens=""
  for p in java.lang java.lang.reflect java.nio sun.nio.ch java.util java.util.concurrent jdk.internal.ref jdk.internal.util.random; do
    opens="$opens --add-opens java.base/$p=ALL-UNNAMED"
  done
  exec java -Xmx4g -Dlogback.configurationFile=bench/logback-quiet.xml $opens --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-exports java.base/sun.net.dns=ALL-UNNAMED \
    --add-exports java.base/sun.net.util=ALL-UNNAMED -cp bench/target/observatory-bench.jar:query-api/target/observatory.jar \
    "$main" "$@"
fi
if [ "$main" = org.observatory.bench.CurrentFigures ]; then # reads a run's results.json, rewrites docs/operations.md
  exec java -cp bench/target/observatory-bench.jar "$main" "$@"
fi
if [ "$main" = org.observatory.bench.StorageFloor ]; then # it parses with the classes of Observatory's jar
  exec java -Xmx4g -cp bench/target/observatory-bench.jar:query-api/target/observatory.jar "$main" "$@"
fi
exec java -Xmx4g -cp bench/target/observatory-bench.jar "$main" --app-jar query-api/target/observatory.jar "$@"

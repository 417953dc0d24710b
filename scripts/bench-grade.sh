#!/usr/bin/env bash
# The grader's own cost per test: `judge grade` of a program that does
# nothing (/bin/true) over the ten official tests, wall time of the whole
# command divided by the number of tests; median of RUNS runs (default 7).
# Usage: scripts/bench-grade.sh [JUDGE] (default target/release/judge, built).
set -euo pipefail
cd "$(dirname "$0")/.."
judge=${1:-target/release/judge}
if [ $# -eq 0 ]; then cargo build --release --quiet --bin judge; fi
runs=${RUNS:-7}
tests=testdata/olympiad/official
count=$(ls "$tests"/*.in | wc -l)
times=()
for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$judge" grade --cmd /bin/true --tests "$tests" > target/bench-grade.out
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 / count )))
done
grep -m1 'contained by' target/bench-grade.out || true
sorted=$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
echo "judge grade, per test (us), $runs runs: $sorted"
echo "median: $median us per test"

#!/usr/bin/env bash
# How much --jobs buys: `judge strength` on the olympiad submission (compiled
# once, outside the timing) with --jobs 1 and with --jobs N (default: the
# machine's cores), median wall time of 3 runs each, and the speedup; the two
# reports (--no-times) must be the same byte for byte. Extra arguments go to
# both runs (default work: --seeds 20 --stress-seeds 20).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
if [ "${1:-}" = "--jobs" ]; then
    jobs=${2:?--jobs needs a number}
    shift 2
fi
work=("$@")
if [ ${#work[@]} -eq 0 ]; then
    work=(--seeds 20 --stress-seeds 20)
fi
cargo build --release --quiet --bin judge
mkdir -p target/bench
rustc -O --edition 2021 -o target/bench/olympiad solutions/olympiad/src/main.rs

# median_seconds JOBS: the median wall time of 3 runs; the report goes to
# target/bench/jobs-JOBS.txt
median_seconds() {
    local times=()
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        target/release/judge strength --cmd target/bench/olympiad "${work[@]}" \
            --no-times --jobs "$1" > "target/bench/jobs-$1.txt"
        end=$(date +%s.%N)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}

one=$(median_seconds 1)
many=$(median_seconds "$jobs")
if ! cmp -s target/bench/jobs-1.txt "target/bench/jobs-$jobs.txt"; then
    echo "bench-jobs.sh: the reports of --jobs 1 and --jobs $jobs differ" >&2
    exit 1
fi
echo "judge strength ${work[*]}: --jobs 1 median ${one} s, --jobs $jobs median ${many} s"
echo "speedup $(awk -v a="$one" -v b="$many" 'BEGIN { printf "%.2f", a / b }')x on $(nproc) cores; the same report from both"

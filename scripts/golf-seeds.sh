#!/usr/bin/env bash
# The golfed submission on the committed 64 KiB input and on 10 other seeds
# (1..10): game score by the rules as written, and the mean of the ten.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin judge
mkdir -p target/golf
rustc -O --edition 2021 -o target/golf/golfed solutions/golf/src/main.rs 2>/dev/null
bytes=$(wc -c < solutions/golf/src/main.rs)
score() { target/golf/golfed < "$1" > target/golf/out.bin; target/release/judge golf score "$1" target/golf/out.bin | sed -n 's/^game score \([0-9]*\).*/\1/p'; }
echo "committed input: game $(score testdata/golf/input.bin), source bytes $bytes"
total=0
for seed in 1 2 3 4 5 6 7 8 9 10; do
    target/release/judge gen --golf --seed "$seed" -o "target/golf/seed$seed.bin"
    s=$(score "target/golf/seed$seed.bin")
    echo "seed $seed: game $s"
    total=$((total + s))
done
echo "mean game score over seeds 1..10: $((total / 10)); mean total: $((total / 10 - bytes))"

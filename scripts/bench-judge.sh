#!/usr/bin/env bash
# Times the judge's replay of the largest official test (10000 pieces),
# played by the olympiad submission: median of 51 runs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin judge
mkdir -p target/bench
rustc -O --edition 2021 -o target/bench/olympiad solutions/olympiad/src/main.rs
target/bench/olympiad < testdata/olympiad/official/10.in > target/bench/10.out
target/release/judge bench testdata/olympiad/official/10.in target/bench/10.out --runs 51

#!/usr/bin/env bash
# The olympiad submission's strength benchmark, beside Dellacherie's baseline:
# 100 seeds of the ten official sizes, 20 seeds of each 10000-piece stress
# stream. Extra arguments go to `judge strength` (e.g. --seeds 10).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin judge
exec target/release/judge strength solutions/olympiad/src/main.rs --baseline "$@"

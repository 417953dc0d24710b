#!/usr/bin/env bash
# The printer's benchmark: every picture of testdata/printer and 20 random
# 17x32 pictures, each printed 3 times (median time) and checked by the
# referee. Extra arguments go to `judge printer strength` (e.g. --random 100).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin judge
exec target/release/judge printer strength solutions/printer/src/main.rs "$@"

#!/usr/bin/env bash
# Re-derives the olympiad submission's evaluation weights: coordinate descent
# from the weights in the source, on 32 seeded S/Z-only streams (the stream
# that tells weights apart; uniform ones are all survived). Paste the printed
# weights into DEFAULT_WEIGHTS. Extra arguments go to `judge tune`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin judge
weights=$(sed -n 's/^const DEFAULT_WEIGHTS: Weights = \[\(.*\)\];/\1/p' solutions/olympiad/src/main.rs | tr -d ' ')
exec target/release/judge tune solutions/olympiad/src/main.rs --start "$weights" --rounds 4 --games 32 "$@"

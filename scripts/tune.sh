#!/usr/bin/env bash
# Re-derives the olympiad submission's evaluation weights: coordinate descent
# from the weights in the source, on 32 seeded S/Z-only streams played by the
# search alone (--search-only: the S/Z perfect clear would complete them all,
# and uniform streams are all survived, so neither tells weights apart).
# Paste the printed weights into DEFAULT_WEIGHTS. Extra arguments go to
# `judge tune`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin judge
source=solutions/olympiad/src/main.rs
weights=$(sed -n '/^const DEFAULT_WEIGHTS: Weights = Weights {/,/^};/s/^ *[a-z_]*: *\(-\?[0-9]*\),$/\1/p' "$source" | paste -sd,)
if [ -z "$weights" ]; then
    echo "tune.sh: cannot find DEFAULT_WEIGHTS in $source" >&2
    exit 1
fi
mkdir -p target/tune
rustc -O --edition 2021 "$source" -o target/tune/olympiad
exec target/release/judge tune --cmd "target/tune/olympiad --search-only" --start "$weights" --rounds 4 --games 32 "$@"

#!/usr/bin/env bash
# Re-derives the olympiad submission's evaluation weights: coordinate descent
# from the weights in the source, on 16 seeded streams where S and Z are 60
# times as likely as each other piece (uniform streams are all survived and
# S/Z-only streams are all blocks of five, so neither tells weights apart;
# these are the hardest streams the player still survives often). Paste the
# printed weights into DEFAULT_WEIGHTS. Extra arguments go to `judge tune`.
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
exec target/release/judge tune --cmd target/tune/olympiad --start "$weights" --rounds 2 --games 16 --weights 1,1,1,1,60,1,60 "$@"

#!/usr/bin/env bash
# The golfed submission on the committed 64 KiB input and on 10 other seeds
# (1..10): game score by the rules as written and resets per game, then the
# mean and the worst game of the ten. Games run side by side, `--jobs N` at
# once (default: the machine's cores); each game's score goes to its own file
# and the report reads them in seed order, so N changes nothing but the time.
set -euo pipefail
jobs=$(nproc)
while [ $# -gt 0 ]; do
    case "$1" in
        --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
        --jobs=*) jobs=${1#--jobs=}; shift ;;
        *) echo "usage: scripts/golf-seeds.sh [--jobs N]" >&2; exit 2 ;;
    esac
done
if ! [[ "$jobs" =~ ^[1-9][0-9]*$ ]]; then
    echo "golf-seeds.sh: --jobs '$jobs' is not a number of games (1 or more)" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin judge
dir=target/golf
mkdir -p "$dir"
rustc -O --edition 2021 -o "$dir/golfed" solutions/golf/src/main.rs 2>/dev/null
bytes=$(wc -c < solutions/golf/src/main.rs)

# play NAME INPUT: writes "game resets" to $dir/NAME.score
play() {
    "$dir/golfed" < "$2" > "$dir/$1.out"
    target/release/judge golf score "$2" "$dir/$1.out" \
        | sed -n 's/^game score \([0-9]*\).*resets \([0-9]*\).*/\1 \2/p' > "$dir/$1.score"
}

seeds=(1 2 3 4 5 6 7 8 9 10)
for seed in "${seeds[@]}"; do
    target/release/judge golf gen --seed "$seed" -o "$dir/seed$seed.bin"
done
play committed testdata/golf/input.bin &
running=1
for seed in "${seeds[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    play "seed$seed" "$dir/seed$seed.bin" &
    running=$((running + 1))
done
wait

read -r game resets < "$dir/committed.score"
echo "committed input: game $game, resets $resets, source bytes $bytes, total $((game - bytes))"
total=0
worst=0
most_resets=0
for seed in "${seeds[@]}"; do
    read -r game resets < "$dir/seed$seed.score"
    echo "seed $seed: game $game, resets $resets"
    total=$((total + game))
    if [ "$worst" -eq 0 ] || [ "$game" -lt "$worst" ]; then worst=$game; fi
    if [ "$resets" -gt "$most_resets" ]; then most_resets=$resets; fi
done
mean=$((total / ${#seeds[@]}))
echo "seeds 1..10: mean game $mean, mean total $((mean - bytes)), worst game $worst, most resets in a game $most_resets"

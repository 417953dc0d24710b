#!/usr/bin/env bash
# Times the C++ checkers (judge/referee-cpp) on the largest official test
# (10000 pieces) as played by the olympiad submission: one whole process
# each run (start, reading the test and the output, the game, the verdict),
# median of 51 runs, beside the Rust front end judge-kattis timed the same
# way. The testlib checker is timed where testlib.h is installed
# (target/polygon-tools-venv, which .ci/run sets up).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=51
out=target/bench
mkdir -p "$out/feedback"
cargo build --release --quiet --bin judge --bin judge-kattis
rustc -O --edition 2021 -o "$out/olympiad" solutions/olympiad/src/main.rs
test=testdata/olympiad/official/10.in
"$out/olympiad" < "$test" > "$out/10.out"
cargo run --release --quiet --bin judge -- package kattis "$out/kattis-$$" >/dev/null
g++ -std=c++17 -O2 -o "$out/cpp-kattis" "$out/kattis-$$/tetris/output_validators/tetris/validate.cpp"
rm -rf "$out/kattis-$$"

# Prints "NAME: median M ms, min A ms, max B ms over N runs" for a command
# whose standard input is the output.
time_runs() {
    local name=$1; shift
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$@" < "$out/10.out" >/dev/null 2>&1 || true  # 42 and 7 are verdicts
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk -v name="$name" -v n="$runs" '
        { t[NR] = $1 }
        END { printf "%s: median %.2f ms, min %.2f ms, max %.2f ms over %d runs\n",
              name, t[int((n + 1) / 2)] / 1000, t[1] / 1000, t[n] / 1000, n }'
}

echo "10000 pieces, $(wc -c < "$out/10.out") bytes of output; one process a run"
time_runs "C++ Kattis/DOMjudge validator" "$out/cpp-kattis" "$test" "$test" "$out/feedback"
time_runs "Rust judge-kattis (the same protocol)" target/release/judge-kattis "$test" "$test" "$out/feedback"
testlib=$(ls -d target/polygon-tools-venv/lib/python3*/site-packages/rbx/resources/predownloaded 2>/dev/null | head -1 || true)
if [ -n "$testlib" ] && [ -f "$testlib/testlib.h" ]; then
    cargo run --release --quiet --bin judge -- package polygon "$out/polygon-$$" >/dev/null
    g++ -std=c++17 -O2 -I "$testlib" -o "$out/cpp-testlib" "$out/polygon-$$/tetris/files/check.cpp"
    rm -rf "$out/polygon-$$"
    time_runs "C++ testlib checker (Polygon)" "$out/cpp-testlib" "$test" "$out/10.out" "$test"
else
    echo "skipped: the testlib checker (no testlib.h in target/polygon-tools-venv)"
fi

#!/usr/bin/env bash
# Builds the hil decoders' libFuzzer target (tests/fuzz/hil_decoders_fuzz.cc) with clang++ and
# AddressSanitizer + UndefinedBehaviorSanitizer into ./build-fuzz (or $FUZZ_BUILD_DIR), then runs it
# for ${HILSIM_FUZZ_SECONDS:-60} seconds from the seeds in tests/fuzz/corpus/. New inputs go to
# build-fuzz/corpus (the seeds are never modified); a crash, a sanitizer report or a broken
# invariant fails with the reproducer in build-fuzz/artifacts/. Compiled directly against the pure
# hil codec sources, so the gcc build never needs clang. scripts/test.sh runs this last.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${FUZZ_BUILD_DIR:-build-fuzz}"
seconds="${HILSIM_FUZZ_SECONDS:-60}"
mkdir -p "$build_dir/corpus" "$build_dir/artifacts"

sources=(
  hil/can_frames.cc
  hil/candump_log.cc
  hil/datagram.cc
  hil/default_messages.cc
  hil/j1939_joystick.cc
  hil/sequence_tracker.cc
  hil/signal.cc
  hil/signal_map.cc
  tests/fuzz/hil_decoders_fuzz.cc
)
binary="$build_dir/hil_decoders_fuzz"
clang++ -std=c++20 -O1 -g -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion -Werror \
  -I. -isystem /usr/include/eigen3 "${sources[@]}" -o "$binary"

log="$build_dir/fuzz.log"
set +e
"$binary" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$build_dir/artifacts/" \
  "$build_dir/corpus" tests/fuzz/corpus >"$log" 2>&1
status=$?
set -e
if [ "$status" -ne 0 ]; then
  tail -n 60 "$log" >&2
  echo "fuzz: hil_decoders_fuzz failed (exit $status); reproducer in $build_dir/artifacts/, log $log" >&2
  exit 1
fi
# The last status line (executions, coverage, corpus) and the final statistics.
grep -E '^#[0-9]+' "$log" | tail -n 1
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log"
echo "fuzz: hil_decoders_fuzz clean for ${seconds} s"

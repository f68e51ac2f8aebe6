#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz/ (CMake preset fuzz: clang++, AddressSanitizer +
# UndefinedBehaviorSanitizer) into ./build-fuzz (or $FUZZ_BUILD_DIR), then runs each in turn for its
# share of ${HILSIM_FUZZ_SECONDS:-60} seconds (three eighths to the hil decoders, a quarter each to
# the recording reader and the scenario loader, an eighth to the command path with its end-to-end
# check), from its seeds:
#   hil_decoders_fuzz  datagrams, signals, BJM1, candump lines, CAN frames   tests/fuzz/corpus/
#   command_e2e_fuzz   command frames through classify + E2EReceiver          tests/fuzz/corpus_command_e2e/
#   recording_fuzz     hil/recording.h read_recording                        tests/fuzz/corpus_recording/
#   scenario_fuzz      load_scenario_text + validate (toml++ compiled in)    tests/fuzz/corpus_scenario/
# New inputs go to build-fuzz/corpus* (the seeds are never modified); a crash, a sanitizer report,
# a leak, an uncaught exception or a broken invariant fails with the reproducer in
# build-fuzz/artifacts/. Each target is compiled directly from the sources it needs
# (tests/fuzz/CMakeLists.txt), in a build directory of its own, so the gcc build never needs clang.
# scripts/test.sh runs this last.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${FUZZ_BUILD_DIR:-build-fuzz}"
seconds="${HILSIM_FUZZ_SECONDS:-60}"
mkdir -p "$build_dir/artifacts"

targets=(hil_decoders command_e2e recording scenario)

# Three eighths of the time to the decoders (the bridges' hot path), an eighth to the command path's
# end-to-end check, a quarter to each file reader.
budget() {
  case "$1" in
    hil_decoders) echo $(((3 * seconds + 7) / 8)) ;;
    command_e2e) echo $(((seconds + 7) / 8)) ;;
    *) echo $(((seconds + 3) / 4)) ;;
  esac
}

# The preset's build directory; -B keeps $FUZZ_BUILD_DIR working.
cmake --preset fuzz -B "$build_dir" >/dev/null
build_started=$SECONDS
cmake --build "$build_dir" -j "${HILSIM_FUZZ_JOBS:-$(nproc)}" --target "${targets[@]/%/_fuzz}" -- --quiet
echo "fuzz: targets built in $((SECONDS - build_started)) s"

seeds() {
  case "$1" in
    hil_decoders) echo tests/fuzz/corpus ;;
    *) echo "tests/fuzz/corpus_$1" ;;
  esac
}

for t in "${targets[@]}"; do
  binary="$build_dir/${t}_fuzz"
  corpus="$build_dir/$(basename "$(seeds "$t")")"
  log="$build_dir/${t}_fuzz.log"
  time_budget=$(budget "$t")
  mkdir -p "$corpus"
  set +e
  "$binary" -max_total_time="$time_budget" -print_final_stats=1 -artifact_prefix="$build_dir/artifacts/${t}-" \
    "$corpus" "$(seeds "$t")" >"$log" 2>&1
  status=$?
  set -e
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log" >&2
    echo "fuzz: ${t}_fuzz failed (exit $status); reproducer in $build_dir/artifacts/, log $log" >&2
    exit 1
  fi
  # The last status line (executions, coverage, corpus) and the final statistics.
  grep -E '^#[0-9]+' "$log" | tail -n 1
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log"
  echo "fuzz: ${t}_fuzz clean for ${time_budget} s"
done

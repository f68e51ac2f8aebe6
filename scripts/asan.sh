#!/usr/bin/env bash
# Builds the unit tests of the numerics, the hil layer and the real-time layer (sim_tests,
# hil_tests, rt_tests) with AddressSanitizer and UndefinedBehaviorSanitizer (CMake preset
# asan-ubsan) into ./build-asan (or $ASAN_BUILD_DIR) and runs them; any report fails. tools_tests
# is left out: it drives the hilsim binary, whose whole build would double this step's time, and
# the file readers it tests are fuzzed under the same sanitizers (scripts/fuzz.sh).
# scripts/test.sh runs this after the ThreadSanitizer step.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${ASAN_BUILD_DIR:-build-asan}"
suites=(sim_tests hil_tests rt_tests)
started=$SECONDS
cmake --preset asan-ubsan -B "$build_dir" >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target "${suites[@]}" -- --quiet
echo "asan: tests built in $((SECONDS - started)) s"
# A report ends the test program with exit code 66; leaks are reported at exit.
export ASAN_OPTIONS="halt_on_error=1 exitcode=66 detect_leaks=1 abort_on_error=0"
export UBSAN_OPTIONS="halt_on_error=1 print_stacktrace=1 exitcode=66"

# The sanitizers must be live: each deliberate fault has to end its canary with exit code 66.
for canary in AReadPastAHeapArrayIsReported ASignedOverflowIsReported; do
  set +e
  "$build_dir/tests/rt_tests" --gtest_also_run_disabled_tests --gtest_filter="AsanUbsanCanary.DISABLED_$canary" \
    >"$build_dir/canary-$canary.log" 2>&1
  status=$?
  set -e
  if [ "$status" -ne 66 ]; then
    echo "asan: the canary $canary was not reported (exit $status, $build_dir/canary-$canary.log); the sanitizers are not active" >&2
    exit 1
  fi
done
# Without SCHED_FIFO, as in scripts/tsan.sh: the sanitizers' internal spin locks yield with
# sched_yield, which never lets a lower-priority SCHED_FIFO thread on the same CPU release the lock
# (rt_tests' hydraulics thread at 80 waited for its mechanics at 70 until real-time throttling; the
# suite did not end in 6 minutes). Memory and undefined-behaviour errors do not depend on the
# scheduling policy; the SCHED_FIFO set-up itself is tested in the main suite.
run_suite() {
  if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
    (ulimit -r 0 && setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice "$@")
  else
    (ulimit -r 0 2>/dev/null || true; "$@")
  fi
}
# Left out: the long runs of the monolithic solver and the 60 s open-loop limits run, the same steps
# repeated 200 000 times and more (50 s of the 60 s sim_tests take here); the solver's short tests
# run. The main suite runs them all.
long_runs="Monolithic.ConvergesAtSecondOrder*:Monolithic.TheZeroOrderHold*:Monolithic.ReproducesTheLimReference*"
long_runs+=":Monolithic.WithTheResidualCriterion*:LimitsRun.OpenLoopM1AndM2RunSixtySeconds*"
for suite in "${suites[@]}"; do
  run_suite "$build_dir/tests/$suite" --gtest_brief=1 --gtest_filter="-$long_runs"
done
echo "asan: ${suites[*]} clean under AddressSanitizer and UndefinedBehaviorSanitizer ($((SECONDS - started)) s)"

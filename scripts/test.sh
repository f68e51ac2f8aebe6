#!/usr/bin/env bash
# Installs the dependencies, builds, checks the format and lint of the code (scripts/lint.sh:
# clang-format over the tree, clang-tidy over sim/, rt/ and hil/; beside the tests, at low priority),
# and runs every test: the unit and
# integration tests (the 60 s
# UDP soak test, soak.udp, among them), then the tests that run in a PREEMPT_RT virtual machine
# with SocketCAN (label vm, tests/vm), then the real-time layer's tests again under ThreadSanitizer
# (scripts/tsan.sh), then the unit tests of sim, hil and rt under AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/asan.sh), then fuzzes the hil decoders, the CAN command path
# with its end-to-end check, the recording reader and the scenario loader for ${HILSIM_FUZZ_SECONDS:-60} s in all (scripts/fuzz.sh). This is the
# command README.md gives and .ci/run executes.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${BUILD_DIR:-build}"
bash scripts/install-deps.sh
bash scripts/build.sh
ctest --test-dir "$build_dir" -j "$(nproc)" --output-on-failure -LE vm
# The lint step runs beside the later steps at the lowest CPU priority (nice 19): it takes the CPU
# time they leave idle (the VM tests, the fuzzers' one core) and yields it at once to them; its
# verdict is awaited, and printed, after the last test. A finding fails the run as before. Not beside
# the unit and integration tests: the UDP soak's watchdog verdict is timing-sensitive (it once saw
# the bridge fall behind with lint running beside it).
lint_log="$build_dir/lint.log"
# setsid: its own process group (a background job of a script is not a group leader, so setsid
# does not fork and $! leads the group), which a failed test step's exit stops whole.
setsid nice -n 19 bash scripts/lint.sh >"$lint_log" 2>&1 &
lint_pid=$!
lint_running=1
# Only while it runs (its pid may be reused once waited for): a failed test step stops it, saying so.
trap '[ "$lint_running" = 1 ] && kill -- "-$lint_pid" 2>/dev/null &&
      echo "test: the lint step was stopped (a test step failed); its output so far: $lint_log"; true' EXIT
# Cold: the kernel is not cached yet (fetched and unpacked first, then every image built); warm:
# cached (tests/vm/run-in-vm.sh), only changed images are rebuilt.
vm_cache="${HILSIM_VM_CACHE:-$build_dir/vm-cache}"
vm_state=warm
compgen -G "$vm_cache/kernel/linux-image-*" >/dev/null || vm_state=cold
vm_started=$SECONDS
ctest --test-dir "$build_dir" -j "$(nproc)" --output-on-failure -L vm
echo "test: the VM tests took $((SECONDS - vm_started)) s (kernel cache $vm_state)"
bash scripts/tsan.sh
bash scripts/asan.sh
fuzz_start=$SECONDS
bash scripts/fuzz.sh
echo "fuzz: step took $((SECONDS - fuzz_start)) s (build and run)"
lint_status=0
wait "$lint_pid" || lint_status=$?
lint_running=0
cat "$lint_log"
[ "$lint_status" -eq 0 ] || { echo "test: the lint step failed (exit $lint_status)"; exit 1; }

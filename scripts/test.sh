#!/usr/bin/env bash
# Installs the dependencies, builds, and runs every test, then the real-time layer's tests again
# under ThreadSanitizer (scripts/tsan.sh), then fuzzes the hil decoders for
# ${HILSIM_FUZZ_SECONDS:-60} s (scripts/fuzz.sh). This is the command README.md gives and .ci/run
# executes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
ctest --test-dir "${BUILD_DIR:-build}" -j "$(nproc)" --output-on-failure
bash scripts/tsan.sh
fuzz_start=$SECONDS
bash scripts/fuzz.sh
echo "fuzz: step took $((SECONDS - fuzz_start)) s (build and run)"

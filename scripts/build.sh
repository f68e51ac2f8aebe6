#!/usr/bin/env bash
# Configures and builds hilsim into ./build (or $BUILD_DIR): the CMake preset dev (Ninja, optimised
# with debug info, warnings are errors as in CI).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${BUILD_DIR:-build}"
cmake --preset dev -B "$build_dir" >/dev/null
cmake --build "$build_dir" -j "$(nproc)"

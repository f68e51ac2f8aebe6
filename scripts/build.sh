#!/usr/bin/env bash
# Configures and builds hilsim into ./build (or $BUILD_DIR) with Ninja, optimised with debug info.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build_dir" -j "$(nproc)"

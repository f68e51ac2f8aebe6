#!/usr/bin/env bash
# The install and the CMake package as a user meets them. `cmake --install` puts this build into a
# temporary prefix, which is then moved (the package must be relocatable); examples/embed is
# configured with find_package(hilsim) against the moved prefix, built and run, and its max |ds1|
# against the monolithic reference must be that of the same case run by the installed hilsim. The
# installed hilsim runs the default scenario and a shipped one with the data of share/hilsim,
# without being told where it is.
# Usage: embed_example.sh SOURCE_DIR BUILD_DIR CXX
set -euo pipefail
src="$1"
build="$2"
cxx="$3"
work=$(mktemp -d "${TMPDIR:-/tmp}/hilsim-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "install: $*" >&2
  exit 1
}

cmake --install "$build" --prefix "$work/staging" >"$work/install.log" || fail "cmake --install failed: $(tail -n 3 "$work/install.log")"
[ -d "$work/staging" ] || fail "cmake --install installed nothing"
mv "$work/staging" "$work/prefix"
prefix="$work/prefix"
package=$(find "$prefix" -name hilsimConfig.cmake -printf '%h\n' -quit)
[ -n "$package" ] || fail "no hilsimConfig.cmake under the prefix"
for f in bin/hilsim bin/hilsim-bench-cosim bin/hilsim-bench-monolithic share/hilsim/hil/hilsim.dbc \
  share/hilsim/reference/lim/hydraulicManipulator_ref.csv share/hilsim/scenarios/psJ_03_M1.toml \
  share/hilsim/report/plot_report.py include/hilsim/sim/cosim/cosimulation.h \
  include/hilsim/rt/periodic_loop.h include/hilsim/hil/udp_bridge.h; do
  [ -e "$prefix/$f" ] || fail "$f is missing from the install"
done
[ -e "$package/hilsimConfigVersion.cmake" ] || fail "hilsimConfigVersion.cmake is missing beside hilsimConfig.cmake"
if grep -rl "$work/staging" "$package" >/dev/null; then
  fail "the package names the prefix it was installed to ($(grep -rl "$work/staging" "$package" | head -n 1)): not relocatable"
fi

# The example, built against the moved prefix alone.
unset HILSIM_DATA_DIR
cmake -S "$src/examples/embed" -B "$work/embed" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/embed-configure.log" 2>&1 ||
  fail "configuring examples/embed failed: $(grep -A 6 -m 1 "Error" "$work/embed-configure.log")"
cmake --build "$work/embed" >"$work/embed-build.log" 2>&1 || fail "building examples/embed failed: $(tail -n 20 "$work/embed-build.log")"
example=$("$work/embed/embed_cosim") || fail "embed_cosim failed: $example"
echo "$example"
example_ds1=$(sed -n 's/^ *max |ds1| = \([^ ]*\) m.*/\1/p' <<<"$example")
[ -n "$example_ds1" ] || fail "embed_cosim printed no max |ds1|"

# The installed hilsim, from elsewhere: the default run compares with share/hilsim's LIM reference.
cd "$work"
run=$("$prefix/bin/hilsim" run --quiet) || fail "the installed hilsim run failed: $run"
grep -q "against $prefix/share/hilsim/reference/lim/hydraulicManipulator_ref.csv" <<<"$run" ||
  fail "the installed hilsim did not use the reference in share/hilsim: $(grep against <<<"$run")"
run_ds1=$(sed -n 's/^ *max |ds1| *= \([^ ]*\) m.*/\1/p' <<<"$run")
# The same case against the same reference (the LIM file is the monolithic solver's output at 10 ms
# intervals, the example compares at every 0.05 ms step): within 2 %.
awk -v a="$example_ds1" -v b="$run_ds1" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && d <= 0.02 * b) }' ||
  fail "embed_cosim's max |ds1| = $example_ds1 m differs from hilsim run's $run_ds1 m"
scenario=$("$prefix/bin/hilsim" run "$prefix/share/hilsim/scenarios/psJ_03_M1.toml" --quiet) ||
  fail "the installed hilsim failed on the shipped scenario psJ_03_M1: $scenario"
grep -q "against $prefix/share/hilsim/reference/lim/" <<<"$scenario" || fail "psJ_03_M1 did not compare with share/hilsim's reference"
echo "install: the package builds examples/embed (max |ds1| $example_ds1 m, hilsim run $run_ds1 m); the installed hilsim finds $prefix/share/hilsim"

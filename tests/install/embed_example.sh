#!/usr/bin/env bash
# The install and the CMake package as a user meets them. `cmake --install` puts this build into a
# temporary prefix, which is then moved (the package must be relocatable); examples/embed is
# configured with find_package(hilsim) against the moved prefix, built and run, and its max |ds1|
# against the monolithic reference must be that of the same case run by the installed hilsim. The
# installed hilsim runs the default scenario and every shipped one (shortened) with the data of
# share/hilsim, without being told where it is. examples/embed's embed_hil starts a HIL run of the
# excavator over UDP from its own main() (hilsim::run), drives it with the controller emulator for 3 s
# and replays its recording: bit for bit.
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
  share/hilsim/machines/excavator.toml share/hilsim/manoeuvres/excavator_dig_cycle.csv \
  share/hilsim/plotjuggler/hilsim.xml share/hilsim/report/plot_report.py include/hilsim/sim/cosim/cosimulation.h \
  include/hilsim/rt/periodic_loop.h include/hilsim/hil/udp_bridge.h include/hilsim/tools/run/run.h \
  include/hilsim/tools/scenario/scenario.h include/hilsim/tools/study/stability_sweep.h; do
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
# Every shipped scenario from the moved prefix, shortened (0.2 s: the longest macro step shipped is
# 0.1 s) and with its live input, if any, scripted: each finds what it names (machines/, manoeuvres/,
# reference/) under share/hilsim.
count=0
for shipped in "$prefix"/share/hilsim/scenarios/*.toml; do
  out=$("$prefix/bin/hilsim" run "$shipped" --duration 0.2 --input script --quiet 2>&1) ||
    fail "the installed hilsim failed on the shipped scenario $(basename "$shipped"): $(tail -n 2 <<<"$out")"
  count=$((count + 1))
done
[ "$count" -ge 30 ] || fail "only $count shipped scenarios under share/hilsim/scenarios"

# A HIL run from a program of one's own: the excavator over UDP (ports 48160/48161, apart from the
# other tests'), the controller emulator in a thread, the recording replayed bit for bit.
mkdir -p "$work/hil"
hil=$("$work/embed/embed_hil" "$prefix/share/hilsim" "$work/hil" 48160 2>&1) ||
  fail "embed_hil failed: $(tail -n 5 <<<"$hil")"
grep -q "^verified: bit for bit" <<<"$hil" || fail "embed_hil's replay was not verified: $(tail -n 3 <<<"$hil")"
sent=$(sed -n 's/^controller: \([0-9]*\) commands sent.*/\1/p' <<<"$hil")
[ "${sent:-0}" -ge 2500 ] || fail "embed_hil's controller did not drive the run (3 s at 1 kHz): $(grep '^controller:' <<<"$hil" | tail -n 1)"

echo "install: the package builds examples/embed (max |ds1| $example_ds1 m, hilsim run $run_ds1 m); embed_hil's HIL run ($sent commands) replays bit for bit; the installed hilsim runs its $count scenarios from $prefix/share/hilsim"

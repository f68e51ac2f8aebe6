#!/usr/bin/env bash
# The controllers of docs/controllers.md close their position loop on the crane. The C example
# (examples/controllers/position_loop.c) is compiled with CC -std=c11 -Wall -Wextra -O2 and must draw no
# warning; then each controller, C and Python, drives a paced run over UDP (the scenario
# tests/tools/data/controller_examples.toml, ports 48170 and 48171): it learns kappa0 from the sensors,
# then moves the piston from its rest at s1 = 0.5 m by a step of 6 cm (the C one out, the Python one in).
# From the run's CSV: s1 moved at least 5 cm and stayed within 2 mm of the target over the last second;
# from the run's report: no datagram refused (their CRC-32 is right) and the valve applied commands.
# About 16 s (two paced runs of 6 s). Usage: controller_examples.sh HILSIM_ROOT HILSIM_BIN CC
set -uo pipefail
root=$(cd "$1" && pwd)
hilsim=$2
cc=$3
scenario="$root/tests/tools/data/controller_examples.toml"
run_s=6            # [s] each paced run
start_s1=0.5       # [m] the crane's s1 at rest
min_move=0.05      # [m] the step (6 cm) must be made, not merely held
tolerance=0.002    # [m] |s1 - target| over the last second of the run
work=$(mktemp -d "${TMPDIR:-/tmp}/hilsim-controllers.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0
fail() {
  echo "FAIL: $*"
  failed=1
}

if ! "$cc" -std=c11 -Wall -Wextra -O2 "$root/examples/controllers/position_loop.c" -lm \
  -o "$work/position_loop" 2>"$work/cc.log"; then
  echo "FAIL: $cc could not compile examples/controllers/position_loop.c:"
  cat "$work/cc.log"
  exit 1
fi
[ -s "$work/cc.log" ] && fail "$cc warns on examples/controllers/position_loop.c:"$'\n'"$(cat "$work/cc.log")"

# run NAME TARGET COMMAND...: the controller in the background, then the paced run beside it.
run() {
  local name=$1 target=$2
  shift 2
  local dir="$work/$name"
  mkdir -p "$dir"
  "$@" --listen 127.0.0.1:48171 --peer 127.0.0.1:48170 --target "$target" --duration 30 \
    >"$dir/controller.log" 2>&1 &
  local controller=$!
  "$hilsim" run "$scenario" --realtime --input udp --duration "$run_s" --out "$dir/run.csv" >"$dir/run.log" 2>&1
  local run_status=$?
  wait "$controller"
  local controller_status=$?
  echo "$name controller, target s1 = $target m:"
  sed 's/^/  /' "$dir/controller.log"
  grep -E '^(udp: [0-9]+ datagrams received|commands: [0-9]+ accepted|watchdog:)' "$dir/run.log" | sed 's/^/  hilsim: /'

  local problems=()
  [ "$run_status" = 0 ] || problems+=("hilsim run exited with status $run_status")
  [ "$controller_status" = 0 ] || problems+=("the controller exited with status $controller_status")
  local applied refused
  applied=$(sed -n 's/^commands: [0-9]* accepted by the bridge, [0-9]* superseded before the valve used them, \([0-9]*\) applied by the valve$/\1/p' "$dir/run.log")
  refused=$(sed -n 's/^udp: [0-9]* datagrams received: [0-9]* from another address, \([0-9]*\) refused.*/\1/p' "$dir/run.log")
  [ "${applied:-0}" -ge 1000 ] || problems+=("the valve applied ${applied:-no} commands (at least 1000 expected: a second at 1 kHz)")
  [ "${refused:-x}" = 0 ] || problems+=("hilsim refused ${refused:-an unknown number of} datagrams (a wrong CRC-32 or format?)")
  # From the CSV (t, kappa, s1, ...): how far s1 went, and its worst error over the last second.
  local verdict
  verdict=$(awk -F, -v T="$target" -v s0="$start_s1" -v end="$run_s" -v move="$min_move" -v tol="$tolerance" '
    NR == 1 { if ($1 != "t" || $3 != "s1") { print "the CSV does not begin with t,kappa,s1"; bad = 1; exit } next }
    { d = $3 - s0; if (d < 0) d = -d; if (d > moved) moved = d
      if ($1 >= end - 1) { e = $3 - T; if (e < 0) e = -e; if (e > worst) worst = e; n++ }
      last = $3 }
    END {
      if (bad) exit 1
      if (n == 0) { print "the CSV has no rows in the last second"; exit 1 }
      printf "s1 moved %.1f mm from %.3f m; last %.5f m; max |s1 - target| over the last second %.3f mm", moved * 1e3, s0, last, worst * 1e3
      exit !(moved >= move && worst <= tol)
    }' "$dir/run.csv" 2>&1)
  local settled=$?
  echo "  $verdict"
  [ "$settled" = 0 ] || problems+=("the loop did not settle: $verdict (required: a move of at least $(awk -v m=$min_move 'BEGIN{print m*1e3}') mm and within $(awk -v m=$tolerance 'BEGIN{print m*1e3}') mm of $target m)")
  if [ ${#problems[@]} -gt 0 ]; then
    for p in "${problems[@]}"; do fail "$name controller: $p"; done
    echo "  the run's last lines:"
    tail -n 8 "$dir/run.log" | sed 's/^/    /'
  fi
}

run C 0.56 "$work/position_loop"
run Python 0.44 python3 "$root/examples/controllers/position_loop.py"

if [ "$failed" != 0 ]; then
  echo "controller_examples: FAILED (see above)"
  exit 1
fi
echo "controller_examples: both controllers settled within $(awk -v m=$tolerance 'BEGIN{print m*1e3}') mm of their targets"

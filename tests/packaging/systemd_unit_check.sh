#!/usr/bin/env bash
# packaging/systemd/hilsim@.service passes `systemd-analyze verify` without a word of warning, and
# keeps what the deployment relies on: the run real time or refused, an unprivileged user with
# CAP_SYS_NICE and CAP_IPC_LOCK only, the limits, restart on failure, output to the journal.
# `systemd-analyze verify` needs no running systemd, but the program ExecStart names must exist:
# the check runs on a copy whose ExecStart is this build's hilsim.
# Usage: systemd_unit_check.sh UNIT_FILE HILSIM_BINARY
set -uo pipefail
unit=$1
bin=$(realpath "$2")
passed=0 failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }

if ! command -v systemd-analyze >/dev/null; then
  echo "FAIL: systemd-analyze is not installed (Debian package systemd; scripts/install-deps.sh installs it)"
  echo "0 passed, 1 failed"
  exit 1
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grep -q '^ExecStart=/usr/local/bin/hilsim run ' "$unit" || fail "ExecStart does not run /usr/local/bin/hilsim run"
sed "s#^ExecStart=/usr/local/bin/hilsim #ExecStart=$bin #" "$unit" >"$scratch/hilsim@.service"
if output=$(systemd-analyze verify "$scratch/hilsim@.service" 2>&1) && [ -z "$output" ]; then
  pass
else
  fail "systemd-analyze verify: ${output:-exit status $?}"
fi

# The settings docs/realtime.md ("Deploying on a PREEMPT_RT box") describes, each on its own line.
expect() {
  if grep -qxF -- "$1" "$unit"; then pass; else fail "no line '$1' in $unit"; fi
}
expect 'User=hilsim'
expect 'AmbientCapabilities=CAP_SYS_NICE CAP_IPC_LOCK'
expect 'CapabilityBoundingSet=CAP_SYS_NICE CAP_IPC_LOCK'
expect 'LimitRTPRIO=99'
expect 'LimitMEMLOCK=infinity'
expect 'Restart=on-failure'
expect 'StandardOutput=journal'
expect 'StandardError=journal'
exec_line=$(grep '^ExecStart=' "$unit")
for flag in --realtime --require-rt /etc/hilsim/%i.toml; do
  if [[ " $exec_line " == *" $flag "* ]]; then pass; else fail "ExecStart lacks $flag"; fi
done
# The unit names only options hilsim accepts: its ExecStart parses, with the scenario (a default one)
# and the state directory here (--help stops before running).
: >"$scratch/x.toml"
args=$(sed -n 's#^ExecStart=/usr/local/bin/hilsim ##p' "$unit" |
       sed -e "s#/etc/hilsim/%i.toml#$scratch/x.toml#" -e "s#%S/hilsim/#$scratch/#g" -e 's#%i#x#g')
# shellcheck disable=SC2086
if "$bin" $args --help >/dev/null 2>&1; then pass; else fail "hilsim rejects the unit's arguments: $args"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

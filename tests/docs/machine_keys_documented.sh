#!/usr/bin/env bash
# docs/machine.md's key reference is the one `hilsim scenario-keys --machine` prints from the machine
# key table (tools/scenario/machine_keys.cc). After a change to the table:
# `hilsim scenario-keys --machine --update docs/machine.md`.
# Usage: machine_keys_documented.sh MACHINE.md HILSIM_BINARY
set -uo pipefail
doc=$1
bin=$2
expected=$("$bin" scenario-keys --machine) || { echo "'$bin scenario-keys --machine' failed"; exit 1; }
begin=$(head -n 1 <<<"$expected")
end=$(tail -n 1 <<<"$expected")
written=$(awk -v b="$begin" -v e="$end" '$0 == b { on = 1 } on { print } on && $0 == e { exit }' "$doc")
if [ "$written" != "$expected" ]; then
  echo "$doc: the key reference and the machine key table disagree (< the page, > the table);" \
       "rewrite it with '$bin scenario-keys --machine --update $doc':"
  diff <(printf '%s\n' "$written") <(printf '%s\n' "$expected")
  exit 1
fi
echo "$doc: the key reference is the machine key table's"

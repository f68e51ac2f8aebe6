#!/usr/bin/env bash
# A sweep split in three parts run by GNU parallel (Debian `parallel`), as docs/commands.md shows for a
# cluster, merges into exactly the bytes of the same sweep run whole; the parts are given to the
# merge out of order. Without GNU parallel the test fails saying so: it never passes without running.
# Usage: sweep_shards_parallel.sh HILSIM_BINARY
set -euo pipefail
hilsim=$1
if ! command -v parallel >/dev/null; then
  echo "GNU parallel is not installed (Debian package parallel; scripts/install-deps.sh installs it)"
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# f-s on M2 for 1 s: stable, unstable and diverged runs.
sweep=(sweep --coupling fs --manoeuvre M2 --duration 1 --H 0.002,0.006,0.01,0.014,0.018,0.022,0.026,0.03,0.042,0.05,0.058)
"$hilsim" "${sweep[@]}" --out whole.csv >whole.log
parallel --halt now,fail=1 "$hilsim" "${sweep[@]}" --jobs 1 --shard {}/3 --out part{}.csv ::: 1 2 3 >parts.log
"$hilsim" sweep --merge part2.csv part3.csv part1.csv --out merged.csv >merge.log
if ! cmp merged.csv whole.csv; then
  echo "the merged parts differ from the whole sweep:"
  diff merged.csv whole.csv || true
  exit 1
fi
# The table the merge prints is the whole sweep's (its lines after the header).
diff <(grep -E '^ +[0-9]' merge.log) <(grep -E '^ +[0-9]' whole.log)
echo "3 parts run by GNU parallel merge into the whole sweep's $(wc -l <whole.csv) lines, byte for byte"

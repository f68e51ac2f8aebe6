#!/usr/bin/env bash
# docs/scenario.md's key reference is the one `hilsim scenario-keys` prints from the scenario key
# table (tools/scenario/scenario_keys.cc): every key with its type, unit, accepted range, default
# and meaning, and no key the table lacks. Every key the page's TOML examples set is a key of the
# table too. After a change to the table: `hilsim scenario-keys --update docs/scenario.md`.
# Usage: scenario_keys_documented.sh SCENARIO.md HILSIM_BINARY
set -uo pipefail
doc=$1
bin=$2

expected=$("$bin" scenario-keys) || { echo "'$bin scenario-keys' failed"; exit 1; }
begin=$(head -n 1 <<<"$expected")
end=$(tail -n 1 <<<"$expected")
written=$(awk -v b="$begin" -v e="$end" '$0 == b { on = 1 } on { print } on && $0 == e { exit }' "$doc")
failed=0
if [ -z "$written" ]; then
  echo "$doc: no key reference (from the line '$begin' to '$end'); write it with '$bin scenario-keys --update $doc'"
  failed=1
elif [ "$written" != "$expected" ]; then
  echo "$doc: the key reference and the key table disagree (< the page, > the table);" \
       "rewrite it with '$bin scenario-keys --update $doc':"
  diff <(printf '%s\n' "$written") <(printf '%s\n' "$expected")
  failed=1
fi

# The keys of the table as SECTION.KEY ("name" at the top level, "rt.thread.NAME.cpu"), from the
# reference's headings and rows; then every key set in a ```toml block of the page, by the table it
# is in ([rt.thread.hydraulics_2] is rt.thread.NAME).
known=$(awk '/^### / { s = $0; gsub(/^### |`|\[|\]/, "", s); if (s == "The top level") s = ""; next }
             /^\| `/ { k = $2; gsub(/`/, "", k); print (s == "" ? k : s "." k) }' <<<"$expected")
set_in_examples=$(awk '/^```toml/ { on = 1; s = ""; next } /^```/ { on = 0; next }
                       on && /^[[:space:]]*\[/ { s = $0; sub(/#.*/, "", s); gsub(/[][[:space:]]/, "", s)
                                                 sub(/^rt\.thread\..*/, "rt.thread.NAME", s); next }
                       on && /^[[:space:]]*[A-Za-z0-9_]+[[:space:]]*=/ {
                         k = $0; sub(/[[:space:]]*=.*/, "", k); gsub(/[[:space:]]/, "", k)
                         print FILENAME ":" NR ": " (s == "" ? k : s "." k) }' "$doc")
examples=0
while IFS= read -r line; do
  [ -n "$line" ] || continue
  examples=$((examples + 1))
  if ! grep -qxF -- "${line##*: }" <<<"$known"; then
    echo "$line: a key the key table does not have"
    failed=1
  fi
done <<<"$set_in_examples"

if [ "$failed" = 0 ]; then
  echo "$doc: the key reference is the table's ($(wc -l <<<"$known") keys); the $examples keys its examples set are in it"
fi
exit "$failed"

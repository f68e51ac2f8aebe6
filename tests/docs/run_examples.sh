#!/usr/bin/env bash
# Runs the shell examples of the documents, so that a renamed option or a changed output file
# breaks a test and not a reader. Every line of every ```sh block of README.md (and docs/*.md, docs/*/*.md)
# runs from a fresh scratch directory that holds `build` (the directory of the hilsim binary) and
# `config` (the source tree's), so `./build/hilsim ... config/scenarios/x.toml` runs as written.
# The lines of one block run in order in one directory: later lines may use earlier lines' files.
#
# Lines marked as docs/commands.md describes are not run, and are listed with why:
#   `# needs: WHAT`         hardware, privileges, the VM or more time than this test has
#   `# placeholder: FILE`   names a file of the reader's (a scenario, a log) that does not exist here
# Comment-only lines are not examples; a line ending in `\` continues on the next one.
#
# Usage: run_examples.sh SOURCE_DIR HILSIM_BINARY
# Env: HILSIM_DOCS_TIMEOUT, seconds each line may take (default 60).
set -uo pipefail

src=$(cd "$1" && pwd)
bin_dir=$(cd "$(dirname "$2")" && pwd)
per_line_timeout="${HILSIM_DOCS_TIMEOUT:-60}"

docs=("$src/README.md")
for f in "$src"/docs/*.md "$src"/docs/*/*.md; do [ -e "$f" ] && docs+=("$f"); done

# An unclosed fence would make the extraction below take prose for commands (or miss examples).
bash "$(dirname "$0")/../docs_fences_check.sh" "${docs[@]}" || {
  echo "0 passed, 1 failed"
  exit 1
}

# One record per example: DOC<TAB>BLOCK_LINE<TAB>LINE<TAB>COMMAND, continuation lines joined.
extract() {
  awk -v doc="$1" '
    /^```/ { if (!inside) { inside = 1; is_sh = ($0 ~ /^```sh[[:space:]]*$/); block = NR; next }
             inside = 0; next }
    inside && is_sh {
      if (pending != "") { cmd = pending " " $0 } else { cmd = $0; first = NR }
      if (cmd ~ /\\$/) { sub(/\\$/, "", cmd); pending = cmd; next }
      pending = ""
      if (cmd ~ /^[[:space:]]*(#|$)/) next
      print doc "\t" block "\t" first "\t" cmd
    }' "$2"
}

passed=0 failed=0
ran=() skipped=() failures=()
scratch_root=$(mktemp -d)
trap 'rm -rf "$scratch_root"' EXIT
current_block=""
for doc in "${docs[@]}"; do
  name=${doc#"$src"/}
  while IFS=$'\t' read -r _ block line cmd; do
    where="$name:$line"
    if [[ "$cmd" =~ \#[[:space:]]*(needs|placeholder):[[:space:]]*(.*)$ ]]; then
      bare=${cmd%"${BASH_REMATCH[0]}"}
      skipped+=("$where: ${BASH_REMATCH[1]}: ${BASH_REMATCH[2]}  [${bare%"${bare##*[![:space:]]}"}]")
      continue
    fi
    if [ "$block" != "$current_block" ]; then
      current_block=$block
      dir=$(mktemp -d "$scratch_root/block-$line-XXXX")
      ln -s "$bin_dir" "$dir/build"
      ln -s "$src/config" "$dir/config"
    fi
    start=$SECONDS
    out=$( cd "$dir" && timeout "$per_line_timeout" bash -o pipefail -c "$cmd" 2>&1 )
    rc=$?
    took=$((SECONDS - start))
    if [ "$rc" = 0 ]; then
      passed=$((passed + 1))
      ran+=("$where: ok (${took} s)  [$cmd]")
    else
      failed=$((failed + 1))
      [ "$rc" = 124 ] && reason="timed out after $per_line_timeout s" || reason="exit $rc"
      ran+=("$where: FAILED, $reason  [$cmd]")
      failures+=("$where: $reason: $cmd"$'\n'"$(printf '%s\n' "$out" | tail -n 15 | sed 's/^/    /')")
    fi
  done < <(extract "$name" "$doc")
done

echo "examples run (${#ran[@]}):"
for r in "${ran[@]}"; do echo "  $r"; done
echo "examples skipped (${#skipped[@]}), as marked in the document:"
for s in "${skipped[@]}"; do echo "  $s"; done
if [ "$failed" != 0 ]; then
  echo "failures (last lines of their output):"
  for f in "${failures[@]}"; do echo "  $f"; done
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

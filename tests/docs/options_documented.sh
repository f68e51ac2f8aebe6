#!/usr/bin/env bash
# Every long option of every `hilsim SUB --help` is written in that command's section of the commands page
# (`### \`hilsim SUB ...\``, to the next heading; replay has two), and every option written there
# exists in the --help of the command it is written for: options in a code span or example line
# that names another command (`hilsim run --record`, `run --realtime`) are checked against that
# command's --help, the others against the section's own. An option added to the CLI without a
# word in the page, or an option of the page renamed in the CLI, fails here.
# Usage: options_documented.sh docs/commands.md HILSIM_BINARY
set -uo pipefail
readme=$1
bin=$2

subs=$("$bin" --help | awk '/^Subcommands:/ { on = 1; next } on && NF { print $1 }')
[ -n "$subs" ] || { echo "no subcommands in '$bin --help'"; echo "0 passed, 1 failed"; exit 1; }

declare -A help
for sub in $subs; do
  # Option lines of CLI11's help start with "  --name" or "  -x,--name"; --help itself is no option.
  help[$sub]=$("$bin" "$sub" --help | grep -oE '^ +(-[a-zA-Z],)?--[a-zA-Z][-a-zA-Z0-9]*' |
               grep -oE -- '--[a-zA-Z][-a-zA-Z0-9]*' | grep -vx -- '--help' | sort -u)
done

section() {  # the text of every section whose heading starts with `hilsim SUB
  awk -v h="### \`hilsim $1 " 'index($0, h) == 1 { on = 1; print; next } /^#/ { on = 0 } on' "$readme"
}

# Prints "OWNER OPTION" for every option of a section: code spans and ```sh lines are the pieces;
# a piece naming a subcommand (`hilsim X ...` or starting with `X `) belongs to X.
attribute() {
  local own=$1 text=$2
  { printf '%s\n' "$text" | awk '/^```/ { code = !code; next } code'
    printf '%s\n' "$text" | awk '/^```/ { code = !code; next } !code' | tr '\n' ' ' | grep -oE '`[^`]+`'
  } | while IFS= read -r piece; do
    owner=$own
    for sub in $subs; do
      if [[ "$piece" =~ (^|[^-a-z])hilsim[[:space:]]+$sub([[:space:]\`]|$) || "$piece" =~ ^\`$sub[[:space:]] ]]; then
        owner=$sub
        break
      fi
    done
    printf '%s\n' "$piece" | grep -oE -- '--[a-zA-Z][-a-zA-Z0-9]*' | sed "s/^/$owner /"
  done | sort -u
}

passed=0 failed=0
for sub in $subs; do
  text=$(section "$sub")
  if [ -z "$text" ]; then
    echo "$readme has no section '### \`hilsim $sub ...\`'"
    failed=$((failed + 1))
    continue
  fi
  written=$(attribute "$sub" "$text")
  own=$(printf '%s\n' "$written" | awk -v s="$sub" '$1 == s { print $2 }')
  for opt in ${help[$sub]}; do
    if grep -qx -- "$opt" <<<"$own"; then
      passed=$((passed + 1))
    else
      echo "hilsim $sub $opt: in --help, not in its section of $readme"
      failed=$((failed + 1))
    fi
  done
  while read -r owner opt; do
    [ -n "$opt" ] || continue
    if grep -qx -- "$opt" <<<"${help[$owner]}"; then
      passed=$((passed + 1))
    else
      echo "hilsim $owner $opt: written in the section of '$sub' in $readme, not in 'hilsim $owner --help'"
      failed=$((failed + 1))
    fi
  done <<<"$written"
done
echo "$(echo $subs | wc -w) commands; every --help option documented and every documented option real:"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

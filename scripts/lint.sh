#!/usr/bin/env bash
# The lint step of the test command: clang-format must leave every C++ file of the tree as it is
# (.clang-format), and clang-tidy must find nothing in sim/, rt/ and hil/ (.clang-tidy, which says
# which checks run and why two are relaxed). Uses the compile commands of the build directory
# (scripts/build.sh writes them). Exit 1 on any difference or finding, each named by file and line.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${BUILD_DIR:-build}"
started=$SECONDS

mapfile -t sources < <(git ls-files '*.cc' '*.h' | grep -v '^tests/fuzz/corpus')
unformatted=0
for f in "${sources[@]}"; do
  if ! clang-format --style=file --dry-run --Werror "$f" >/dev/null 2>&1; then
    echo "lint: $f is not formatted as .clang-format says (clang-format -i $f)"
    unformatted=$((unformatted + 1))
  fi
done

[ -f "$build_dir/compile_commands.json" ] || { echo "lint: no $build_dir/compile_commands.json (run scripts/build.sh)"; exit 1; }
mapfile -t checked < <(git ls-files 'sim/*.cc' 'rt/*.cc' 'hil/*.cc')
findings=0
tidy_failed=0
if ! printf '%s\n' "${checked[@]}" |
     xargs -P "$(nproc)" -n 4 clang-tidy -p "$build_dir" --quiet >/tmp/hilsim-lint-$$.log 2>&1; then
  grep -E '(warning|error):' /tmp/hilsim-lint-$$.log | sort -u
  findings=$(grep -cE '(warning|error):' /tmp/hilsim-lint-$$.log || true)
  # A clang-tidy that crashed or was killed (out of memory) names no finding: a failure all the same.
  if [ "$findings" -eq 0 ]; then
    echo "lint: clang-tidy failed without a finding; the end of its output:"
    tail -n 20 /tmp/hilsim-lint-$$.log
    tidy_failed=1
  fi
fi
rm -f /tmp/hilsim-lint-$$.log
echo "lint: ${#sources[@]} files formatted-checked ($unformatted to reformat), ${#checked[@]} files of sim/, rt/, hil/ through clang-tidy ($findings findings), $((SECONDS - started)) s"
[ "$unformatted" -eq 0 ] && [ "$findings" -eq 0 ] && [ "$tidy_failed" -eq 0 ]

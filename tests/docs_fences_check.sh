#!/usr/bin/env bash
# Every code fence of the Markdown documents is closed by a plain ``` line: an unclosed fence (or
# one closed by an opening ```sh) swallows the sections after it when the page is rendered.
# Usage: docs_fences_check.sh FILE.md...
set -euo pipefail
status=0
for doc in "$@"; do
  problems=$(awk '/^```/ { n++; if (n % 2 == 1) opened = NR; else if ($0 != "```") print FILENAME ":" NR ": a fence opened at line " opened " is closed by \"" $0 "\"" }
                  END { if (n % 2) print FILENAME ":" opened ": a code fence is never closed" }' "$doc")
  if [ -n "$problems" ]; then
    echo "$problems" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "docs: every code fence in $# file(s) is closed"
exit "$status"

#!/usr/bin/env bash
# rt/ knows a co-simulation only as subsystems and a coupling graph: no file of rt/ may reach,
# even through other headers, the crane's model, hydraulics, manoeuvres or samples (sim/model,
# sim/hydraulics, sim/manoeuvre, sim/analysis, sim/multibody), nor the hil layer.
# Usage: layering_check.sh SOURCE_DIR CXX
set -euo pipefail
src="$1"
cxx="$2"
status=0
for header in "$src"/rt/*.h "$src"/rt/*.cc; do
  deps=$("$cxx" -std=c++20 -I"$src" -isystem /usr/include/eigen3 -MM -x c++ "$header" | tr ' \\' '\n\n')
  bad=$(grep -E "^$src/(sim/(model|hydraulics|manoeuvre|analysis|multibody)|hil)/" <<<"$deps" || true)
  if [ -n "$bad" ]; then
    echo "layering: ${header#$src/} reaches $(echo $bad | sed "s|$src/||g")" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "layering: every rt/ file stays clear of the crane and of hil/"
exit "$status"

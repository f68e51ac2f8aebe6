#!/usr/bin/env bash
# Stages Debian's Python for the VM's foreign-client test: the interpreter, the standard library
# (without what a script never imports: tkinter, idlelib, the test suites, the static library, the
# dbm extensions), the packages python-can and canmatrix whole, and of the other packages exactly the
# modules a run of SCRIPT imports (its imports, loading DBC and python-can's SocketCAN interface),
# except canmatrix's optional spreadsheet, XML and YAML formats (lxml alone would bring 35 MB of ICU
# into the guest's memory), which it does without. The tree goes to
# OUT/usr, which tests/vm/CMakeLists.txt gives the guest as /usr; OUT/.staged marks it complete.
#
# Usage: stage-python.sh OUT SCRIPT DBC. Needs /usr/bin/python3 with python3-can and python3-canmatrix.
set -euo pipefail
out=$1 script=$2 dbc=$3
py=/usr/bin/python3
if ! "$py" -c 'import can, canmatrix' 2>/dev/null; then
  echo "stage-python: $py cannot import can and canmatrix (Debian packages python3-can, python3-canmatrix;" \
    "scripts/install-deps.sh installs them)" >&2
  exit 1
fi
version=$("$py" -c 'import sys; print(f"python{sys.version_info.major}.{sys.version_info.minor}")')
tmp="$out.tmp"
rm -rf "$tmp"
mkdir -p "$tmp/usr/bin" "$tmp/usr/lib/python3/dist-packages"
cp -L "$py" "$tmp/usr/bin/python3"
# The standard library, compiled: the emulated guest would take seconds to compile it on import.
exclude=(--exclude 'config-*' --exclude tkinter --exclude idlelib --exclude turtledemo --exclude test
  --exclude ensurepip --exclude lib2to3 --exclude pydoc_data --exclude dist-packages --exclude site-packages
  --exclude '_tkinter*' --exclude '_dbm*' --exclude '_gdbm*' --exclude '*.opt-1.pyc' --exclude '*.opt-2.pyc')
tar -C /usr/lib -cf - "${exclude[@]}" "$version" | tar -C "$tmp/usr/lib" -xf -
# Modules of other packages that the script's run imports.
"$py" - "$script" "$dbc" <<'PY' >"$tmp/modules"
import importlib.util, os, sys
script, dbc = sys.argv[1], sys.argv[2]
spec = importlib.util.spec_from_file_location("controller", script)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
import canmatrix.formats, can.interfaces.socketcan
canmatrix.formats.loadp_flat(dbc)
optional = {"lxml", "xlrd", "xlsxwriter", "xlwt", "yaml", "mpl_toolkits", "openpyxl"}
for m in list(sys.modules.values()):
    f = getattr(m, "__file__", None)
    if f and "/dist-packages/" in f and f.split("/dist-packages/")[1].split("/")[0] not in optional:
        print(f)
        cached = importlib.util.cache_from_source(f) if f.endswith(".py") else None
        if cached and os.path.exists(cached):
            print(cached)
PY
while IFS= read -r f; do
  mkdir -p "$tmp$(dirname "$f")"
  cp -L "$f" "$tmp$f"
done <"$tmp/modules"
rm "$tmp/modules"
for package in can canmatrix; do
  cp -rL "/usr/lib/python3/dist-packages/$package" "$tmp/usr/lib/python3/dist-packages/"
done
touch "$tmp/.staged"
rm -rf "$out"
mv "$tmp" "$out"
echo "stage-python: $(du -sh "$out" | cut -f1) in $out"

#!/usr/bin/env bash
# Puts Debian's PREEMPT_RT kernel into the VM cache: resolves the versioned image package behind
# linux-image-rt-amd64 (or takes $HILSIM_VM_KERNEL_PACKAGE), downloads its .deb with apt-get download
# and extracts vmlinuz (and from it vmlinux) and the CAN modules, decompressed, into
# CACHE/kernel/<package>_<version>/.
# Nothing is installed on the host. Done once per kernel version; later calls only print the path.
#
# Usage: fetch-kernel.sh CACHE_DIR
# Prints the kernel directory on stdout: vmlinuz, vmlinux if it can boot by PVH, modules/<name>.ko
# and modules/load-order (the module names in the order the guest must insmod them). Exits 3 with
# the reason on stdout when the kernel cannot be obtained.
set -euo pipefail

cache=$1
meta=linux-image-rt-amd64
layout=2 # of the kernel directory: a directory of another layout is fetched again
# Loaded in this order: vcan needs can-dev, can-raw needs can. Paths below lib/modules/<release>/.
modules=(
  kernel/net/can/can
  kernel/net/can/can-raw
  kernel/drivers/net/can/dev/can-dev
  kernel/drivers/net/can/vcan
)

unavailable() {
  echo "$*" # on stdout, for run-in-vm.sh to report
  exit 3
}

for tool in apt-cache apt-get dpkg-deb tar; do
  command -v "$tool" >/dev/null || unavailable "$tool not found (the kernel comes from Debian's $meta)"
done

# Resolving takes apt-cache about a second: the answer is kept until the package lists change.
lists=$(ls -l --time-style=+%s /var/lib/apt/lists 2>/dev/null | sha256sum | cut -c1-16)
resolved="$cache/kernel/resolved"
pkg="" version=""
if [ -n "${HILSIM_VM_KERNEL_PACKAGE:-}" ]; then
  pkg=$HILSIM_VM_KERNEL_PACKAGE
elif [ "$(cut -d' ' -f1 "$resolved" 2>/dev/null)" = "$lists" ]; then
  read -r _ pkg version <"$resolved"
else
  # "Depends: linux-image-6.1.0-NN-rt-amd64 (= VERSION)"
  read -r pkg version < <(apt-cache show --no-all-versions "$meta" 2>/dev/null |
    sed -n 's/^Depends: \(linux-image-[^ ,]*-rt-amd64\) (= \([^)]*\)).*/\1 \2/p' | head -n 1) || true
fi
if [ -n "$pkg" ] && [ -z "$version" ]; then
  version=$(apt-cache show --no-all-versions "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | head -n 1) || true
fi
if [ -n "$pkg" ] && [ -n "$version" ] && [ -z "${HILSIM_VM_KERNEL_PACKAGE:-}" ]; then
  mkdir -p "$cache/kernel"
  echo "$lists $pkg $version" >"$resolved"
fi
if [ -n "${HILSIM_VM_KERNEL_PACKAGE:-}" ] && [ -z "$version" ]; then
  unavailable "apt-cache does not know $pkg (HILSIM_VM_KERNEL_PACKAGE)"
fi
if [ -z "$pkg" ] || [ -z "$version" ]; then
  # No package lists (apt-get update not run yet): a kernel fetched earlier still does.
  cached=$(find "$cache/kernel" -mindepth 2 -maxdepth 2 -name layout 2>/dev/null | sort -V |
    tail -n 1 | xargs -r dirname)
  [ -n "$cached" ] || unavailable "apt-cache does not know $meta${pkg:+ / $pkg} (run apt-get update)"
  echo "$cached"
  exit 0
fi

dir="$cache/kernel/${pkg}_${version}"
if [ "$(cat "$dir/layout" 2>/dev/null)" = "$layout" ]; then
  echo "$dir"
  exit 0
fi

mkdir -p "$cache"
work=$(mktemp -d "$cache/kernel-fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "fetch-kernel: downloading $pkg $version" >&2
apt_opts=()
# As root, apt drops to the _apt user to download, which cannot write into the build tree.
[ "$(id -u)" -ne 0 ] || apt_opts=(-o APT::Sandbox::User=root)
(cd "$work" && apt-get download -q "${apt_opts[@]}" "$pkg=$version" >&2) ||
  unavailable "apt-get download $pkg=$version failed (no Debian mirror reachable?)"
deb=$(find "$work" -maxdepth 1 -name '*.deb' | head -n 1)
[ -n "$deb" ] || unavailable "apt-get download $pkg=$version left no .deb"

mkdir -p "$work/root"
dpkg-deb --fsys-tarfile "$deb" |
  tar -x -C "$work/root" --wildcards './boot/vmlinuz-*' './lib/modules/*/kernel/net/can/*' \
    './lib/modules/*/kernel/drivers/net/can/*'
rm -f "$deb"

mkdir -p "$work/out/modules"
kernel=$(find "$work/root/boot" -name 'vmlinuz-*' | head -n 1)
[ -n "$kernel" ] || unavailable "$pkg has no /boot/vmlinuz-*"
mv "$kernel" "$work/out/vmlinuz"
release=$(basename "$kernel" | sed 's/^vmlinuz-//')
# The uncompressed kernel boots through its PVH entry point, which spares the emulated CPU the
# decompression (about 3 s of each boot). Debian compresses it with xz; without an xz payload or a
# PVH note there is no vmlinux and the VM boots vmlinuz.
offset=$(LC_ALL=C grep -abo -m 1 $'\xfd7zXZ' "$work/out/vmlinuz" 2>/dev/null | head -n 1 | cut -d: -f1) || true
if [ -n "$offset" ]; then
  tail -c +"$((offset + 1))" "$work/out/vmlinuz" | xz -dc >"$work/vmlinux" 2>/dev/null || true
  if readelf -n "$work/vmlinux" 2>/dev/null | grep -Eq 'PHYS32_ENTRY|note type: \(0x00000012\)'; then
    mv "$work/vmlinux" "$work/out/vmlinux"
  fi
fi
for m in "${modules[@]}"; do
  name=$(basename "$m")
  src=$(find "$work/root/lib/modules/$release/$(dirname "$m")" -maxdepth 1 -name "$name.ko*" | head -n 1)
  [ -n "$src" ] || unavailable "$pkg has no module $m"
  # busybox insmod takes plain .ko files only.
  case $src in
    *.ko) cp "$src" "$work/out/modules/$name.ko" ;;
    *.ko.xz) xz -dc "$src" >"$work/out/modules/$name.ko" ;;
    *.ko.zst) zstd -qdc "$src" >"$work/out/modules/$name.ko" ;;
    *.ko.gz) gzip -dc "$src" >"$work/out/modules/$name.ko" ;;
    *) unavailable "unknown module compression: $src" ;;
  esac
  echo "$name" >>"$work/out/modules/load-order"
done

echo "$layout" >"$work/out/layout"
mkdir -p "$cache/kernel"
rm -rf "$dir"
mv "$work/out" "$dir"
echo "$dir"

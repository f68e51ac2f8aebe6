#!/usr/bin/env bash
# Builds the test VM's initramfs from the host's Debian-packaged programs and a fetched kernel:
#   base    busybox (busybox-static) with its applets, iproute2's ip, can-utils (cansend, candump,
#           canplayer, cangen), the CAN modules of KERNEL_DIR and /init (init.sh);
#   overlay the guest script and guest_checks.sh (the check, has and check_preempt_rt it sources)
#           in /test, and each extra FILE (default: /test/<basename>; directories are copied
#           whole); ELF files get their debug info stripped.
# Every dynamically linked ELF file comes with the libraries ldd finds for it, at the same paths,
# and the dynamic loader. The image is the base archive followed by the overlay archive (the kernel
# unpacks concatenated cpio archives in order). Both are cached in CACHE/initramfs and rebuilt only
# when the content of one of their inputs (or this script, or init.sh) changes.
#
# Usage: build-initramfs.sh CACHE_DIR KERNEL_DIR NAME GUEST_SCRIPT [FILE[=GUEST_PATH]...]
# Prints the image's path (CACHE_DIR/initramfs/NAME.img). Exits 3 with the reason on stdout when a
# host program it needs is missing.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=$1 kernel=$2 name=$3 guest=$4
shift 4
out="$cache/initramfs"
mkdir -p "$out"

unavailable() {
  echo "$*" # on stdout, for run-in-vm.sh to report
  exit 3
}
fail() {
  echo "build-initramfs: $*" >&2
  exit 1
}

busybox=/bin/busybox
can_utils=(/usr/bin/cansend /usr/bin/candump /usr/bin/canplayer /usr/bin/cangen)
iproute=/bin/ip
[ -x "$busybox" ] || unavailable "$busybox not found (Debian package busybox-static)"
for f in "${can_utils[@]}"; do
  [ -x "$f" ] || unavailable "$f not found (Debian package can-utils)"
done
"$iproute" -V 2>/dev/null | grep -q iproute2 || unavailable "$iproute is not iproute2's ip (Debian package iproute2)"
for tool in cpio ldd strip sha256sum; do
  command -v "$tool" >/dev/null || unavailable "$tool not found"
done

# A manifest has one line per file: KIND<TAB>SOURCE<TAB>GUEST_PATH, KIND being copy (a host file),
# strip (an ELF file, copied without debug info) or text (SOURCE is the content itself).
tab=$'\t'
add() { printf '%s\t%s\t%s\n' "$1" "$2" "$3"; }

is_elf() { [ "$(head -c 4 "$1" 2>/dev/null)" = $'\177ELF' ]; }

# The shared libraries and the loader of an ELF file, one path a line (none if it is static).
libraries() {
  local line lib listing
  listing=$(ldd "$1" 2>&1) || return 0 # "not a dynamic executable"
  while IFS= read -r line; do
    case $line in
      *"=> not found"*) fail "${line%% =>*} of $1 not found by ldd" ;;
      *"=> /"*) lib=${line#*=> } && echo "${lib%% (*}" ;;
      *[[:space:]]/*) lib=${line#"${line%%/*}"} && echo "${lib%% (*}" ;;
    esac
  done <<<"$listing"
}

# add_program KIND SOURCE GUEST_PATH: the file and, for ELF files, their libraries.
add_program() {
  local lib libs
  if is_elf "$2"; then
    add "$1" "$2" "$3"
    libs=$(libraries "$2")
    for lib in $libs; do add copy "$lib" "$lib"; done
  else
    add copy "$2" "$3"
  fi
}

base_manifest() {
  add copy "$here/init.sh" /init
  add copy "$busybox" /bin/busybox
  add_program copy "$iproute" /sbin/ip
  for f in "${can_utils[@]}"; do add_program copy "$f" "$f"; done
  add copy "$kernel/modules/load-order" /lib/modules/load-order
  while read -r m; do add copy "$kernel/modules/$m.ko" "/lib/modules/$m.ko"; done <"$kernel/modules/load-order"
}

overlay_manifest() {
  local arg src dest f
  [ -f "$guest" ] || fail "guest script $guest not found"
  add copy "$guest" "/test/$(basename "$guest")"
  add copy "$here/guest_checks.sh" /test/guest_checks.sh  # the checks' words every guest script sources
  add text "$(basename "$guest")" /etc/guest-script
  for arg in "$@"; do
    src=${arg%%=*}
    dest=/test/$(basename "$src")
    [ "$arg" = "$src" ] || dest=${arg#*=}
    [ -e "$src" ] || fail "$src not found"
    if [ -d "$src" ]; then
      while IFS= read -r f; do
        add_program strip "$src/$f" "$dest/$f"
      done < <(find -L "$src" -type f -printf '%P\n' | LC_ALL=C sort)
    else
      add_program strip "$src" "$dest"
    fi
  done
}

# The cache key: what each guest path receives (by content), this script and init.sh.
manifest_key() {
  local kind src dest
  {
    sha256sum "$here/build-initramfs.sh" "$here/init.sh" | cut -d' ' -f1
    while IFS="$tab" read -r kind src dest; do
      if [ "$kind" = text ]; then
        printf '%s %s %s\n' "$kind" "$dest" "$src"
      else
        printf '%s %s %s\n' "$kind" "$dest" "$(sha256sum <"$src" | cut -d' ' -f1)"
      fi
    done <"$1"
  } | sha256sum | cut -d' ' -f1
}

# pack MANIFEST ARCHIVE [base]: stages the manifest in a temporary tree and writes a newc archive.
pack() {
  local stage kind src dest applet
  stage=$(mktemp -d "$out/stage.XXXXXX")
  while IFS="$tab" read -r kind src dest; do
    mkdir -p "$stage$(dirname "$dest")"
    case $kind in
      copy) cp -L --preserve=mode "$src" "$stage$dest" ;;
      strip) strip --strip-debug -o "$stage$dest" "$src" 2>/dev/null || cp -L --preserve=mode "$src" "$stage$dest" ;;
      text) printf '%s\n' "$src" >"$stage$dest" ;;
    esac
  done <"$1"
  if [ "${3:-}" = base ]; then
    mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,dev,proc,sys,tmp,root,test,etc}
    chmod 1777 "$stage/tmp"
    # Busybox applets as symlinks, except where a real program of the same name is present.
    while read -r applet; do
      [ -e "$stage/bin/${applet##*/}" ] || [ -e "$stage/sbin/${applet##*/}" ] ||
        [ -e "$stage/usr/bin/${applet##*/}" ] || [ -e "$stage/usr/sbin/${applet##*/}" ] ||
        ln -s /bin/busybox "$stage/$applet"
    done < <("$busybox" --list-full)
    # The kernel opens /dev/console before /init runs; creating the node takes root (else
    # init.sh reopens the console once devtmpfs is mounted).
    [ "$(id -u)" -ne 0 ] || mknod -m 600 "$stage/dev/console" c 5 1
  fi
  (cd "$stage" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort |
    cpio -o -H newc -R 0:0 --reproducible --quiet) >"$2.tmp"
  mv "$2.tmp" "$2"
  rm -rf "$stage"
}

tmp=$(mktemp -d "$out/manifest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
base_manifest >"$tmp/base"
overlay_manifest "$@" >"$tmp/overlay"
base_key=$(manifest_key "$tmp/base")
image_key="$base_key $(manifest_key "$tmp/overlay")"

if [ "$(cat "$out/$name.key" 2>/dev/null)" = "$image_key" ] && [ -f "$out/$name.img" ]; then
  echo "$out/$name.img"
  exit 0
fi
if [ "$(cat "$out/base.key" 2>/dev/null)" != "$base_key" ] || [ ! -f "$out/base.cpio" ]; then
  echo "build-initramfs: building the base archive" >&2
  pack "$tmp/base" "$out/base.cpio" base
  echo "$base_key" >"$out/base.key"
fi
echo "build-initramfs: building $name.img" >&2
pack "$tmp/overlay" "$tmp/overlay.cpio"
cat "$out/base.cpio" "$tmp/overlay.cpio" >"$out/$name.img.tmp"
mv "$out/$name.img.tmp" "$out/$name.img"
echo "$image_key" >"$out/$name.key"
echo "$out/$name.img"

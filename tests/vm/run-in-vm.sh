#!/usr/bin/env bash
# Runs a guest test script on a real PREEMPT_RT Linux kernel with SocketCAN, in a QEMU virtual
# machine, and exits with the script's exit status.
#
# Why: the development and CI machines' kernel has neither CAN support nor PREEMPT_RT. Debian's
# linux-image-rt-amd64 has both, and boots under QEMU's TCG emulator (not KVM: /dev/kvm here cannot
# boot a stock kernel; not -M microvm: it lacks high-resolution timers).
#
# How:
#   1. fetch-kernel.sh downloads the kernel package with apt-get download (nothing is installed on
#      the host) and extracts the kernel (also uncompressed, as vmlinux, which QEMU boots by its
#      PVH entry point: 3 s faster than decompressing vmlinuz in the emulated CPU) and the modules
#      can, can-raw, can-dev and vcan.
#   2. build-initramfs.sh packs busybox, iproute2's ip (/sbin/ip), can-utils, the modules, init.sh
#      as /init, the guest script and the extra files (with the shared libraries ldd finds for them).
#   3. QEMU boots it: -M pc -accel tcg -smp N (default 1) -m 512, console on the serial port, which is streamed
#      to stdout and to the log file. /init loads the modules, creates vcan0 and brings it up, prints
#      uname -a and uname -v, runs the guest script with busybox sh from /test (its working
#      directory, on PATH, where the extra files are), prints "VM-TEST-EXIT <status>" and powers off.
# Both steps are cached in the cache directory (default build/vm-cache, about 60 MB): the kernel
# once per package version (a 70 MB download), the initramfs until one of its inputs changes. On
# two cores the smoke test takes 15 s from a cold cache (10 s of them download and extraction,
# up to 35 s when the mirror is slow), 5 s from a warm one (under 1 s to check the cache, 4 s of
# emulated boot and test). Latency measured in the guest is emulator noise: use the VM for
# function tests only.
#
# Exit status: the guest script's; 124 when the VM ran past the timeout (QEMU is killed); 1 when
# the VM ended without the marker (setup failed, kernel panic). When something the run needs cannot
# be had (QEMU, busybox-static, can-utils, the kernel package) it prints one line saying so and
# exits 2, or 77 (CTest's SKIP_RETURN_CODE for these tests) if HILSIM_VM_SKIP=1 is set. A guest
# script may itself exit 77 to be reported as skipped.
#
# Usage: run-in-vm.sh [--timeout SECONDS] [--cache DIR] [--log FILE] [--name NAME] [--cpus N]
#                     GUEST_SCRIPT [FILE[=GUEST_PATH]...]
#   FILE          a host file or directory to put in the guest, by default at /test/<basename>
#   --timeout     seconds the VM may run, boot included (default 120)
#   --cache       cache directory (default $HILSIM_VM_CACHE, else build/vm-cache)
#   --log         console log (default CACHE/logs/NAME.log)
#   --name        names the image and the log (default: the guest script's name without .sh)
#   --cpus        the guest's CPUs (default 1); QEMU emulates each in a host thread of its own
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
timeout=120
cache=${HILSIM_VM_CACHE:-$here/../../build/vm-cache}
log=""
name=""
cpus=1
while [ $# -gt 0 ]; do
  case $1 in
    --timeout) timeout=$2 && shift 2 ;;
    --cache) cache=$2 && shift 2 ;;
    --log) log=$2 && shift 2 ;;
    --name) name=$2 && shift 2 ;;
    --cpus) cpus=$2 && shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' && exit 0 ;;
    -*) echo "run-in-vm: unknown option $1" >&2 && exit 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: run-in-vm.sh [options] GUEST_SCRIPT [FILE[=GUEST_PATH]...]" >&2 && exit 2; }
guest=$1
shift
[ -n "$name" ] || name=$(basename "$guest" .sh)
[ -n "$log" ] || log="$cache/logs/$name.log"

unavailable() {
  if [ "${HILSIM_VM_SKIP:-0}" = 1 ]; then
    echo "run-in-vm: SKIPPED: $* (HILSIM_VM_SKIP=1)"
    exit 77
  fi
  echo "run-in-vm: FAILED: cannot run the VM: $* (set HILSIM_VM_SKIP=1 to skip instead)" >&2
  exit 2
}

for tool in qemu-system-x86_64 timeout flock; do
  command -v "$tool" >/dev/null ||
    unavailable "$tool not found (scripts/install-deps.sh installs qemu-system-x86 and util-linux)"
done

mkdir -p "$cache" "$(dirname "$log")"
started=$SECONDS
# One run at a time fetches and builds; the VMs themselves run in parallel.
exec 9>"$cache/lock"
flock 9
set +e
image=""
kernel=$(bash "$here/fetch-kernel.sh" "$cache")
status=$?
if [ $status -eq 0 ]; then
  image=$(bash "$here/build-initramfs.sh" "$cache" "$kernel" "$name" "$guest" "$@")
  status=$?
fi
set -e
flock -u 9
[ $status -ne 3 ] || unavailable "${image:-$kernel}"
[ $status -eq 0 ] || { echo "run-in-vm: FAILED: preparing the VM (exit $status)" >&2 && exit 1; }
prepared=$SECONDS

boot="$kernel/vmlinux" # booted by its PVH entry point: no decompression in the emulated CPU
[ -f "$boot" ] || boot="$kernel/vmlinuz"
echo "run-in-vm: booting $(basename "$kernel")/$(basename "$boot") with $(basename "$image") ($(du -h "$image" | cut -f1)), $cpus CPU(s), timeout ${timeout}s, log $log"
set +e
timeout --kill-after=5 "$timeout" qemu-system-x86_64 \
  -M pc -accel tcg -smp "$cpus" -m 512 \
  -nodefaults -no-user-config -display none -serial stdio -no-reboot \
  -kernel "$boot" -initrd "$image" \
  -append "console=ttyS0 quiet panic=-1" </dev/null 2>&1 |
  sed -u 's/\r$//' | tee "$log"
qemu_status=${PIPESTATUS[0]}
set -e
took="prepared in $((prepared - started)) s, VM ran $((SECONDS - prepared)) s"

if [ "$qemu_status" -eq 124 ] || [ "$qemu_status" -eq 137 ]; then
  echo "run-in-vm: FAILED: $name: the VM ran past the timeout of ${timeout}s and was killed ($took)" >&2
  exit 124
fi
setup=$(sed -n 's/^VM-SETUP-FAILED: //p' "$log" | tail -n 1)
if [ -n "$setup" ]; then
  echo "run-in-vm: FAILED: $name: the VM's setup failed: $setup ($took)" >&2
  exit 1
fi
result=$(sed -n 's/^VM-TEST-EXIT \([0-9][0-9]*\)$/\1/p' "$log" | tail -n 1)
if [ -z "$result" ]; then
  echo "run-in-vm: FAILED: $name: the VM stopped without a VM-TEST-EXIT line (QEMU exit $qemu_status; see $log) ($took)" >&2
  exit 1
fi
if [ "$result" -eq 0 ]; then
  echo "run-in-vm: $name passed ($took)"
else
  echo "run-in-vm: $name: the guest script exited $result ($took)" >&2
fi
exit "$result"

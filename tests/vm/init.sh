#!/bin/sh
# /init of the test VM (busybox sh). Mounts the pseudo file systems, loads the CAN modules listed in
# /lib/modules/load-order, creates and brings up vcan0, prints the kernel's identity, runs the guest
# script /test/GUEST (GUEST from /etc/guest-script) and powers the VM off. The host reads the result
# from the serial console: the last line "VM-TEST-EXIT <status>" carries the guest script's exit
# status; "VM-SETUP-FAILED: <reason>" says the guest script never ran.
# Debian's busybox sh runs its own applets before searching PATH (so `ip` here is busybox's):
# a guest script calls iproute2's ip as /sbin/ip.
export PATH=/test:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root

mount -t devtmpfs devtmpfs /dev
# The archive has /dev/console only when it was built as root: make sure output reaches the console.
exec </dev/console >/dev/console 2>&1

halt() {
  sync
  poweroff -f
  sleep 5 # the kernel is powering off; if not, exiting /init panics and panic=-1 ends QEMU
  exit 1
}

setup_failed() {
  echo "VM-SETUP-FAILED: $*"
  halt
}

mount -t proc proc /proc || setup_failed "mount /proc"
mount -t sysfs sysfs /sys || setup_failed "mount /sys"
mount -t tmpfs tmpfs /tmp || setup_failed "mount /tmp"
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts || setup_failed "mount /dev/pts"
mount -t tmpfs tmpfs /dev/shm || setup_failed "mount /dev/shm"
hostname hilsim-vm

while read -r module; do
  insmod "/lib/modules/$module.ko" || setup_failed "insmod $module"
done </lib/modules/load-order
ip link set lo up || setup_failed "ip link set lo up"
ip link add dev vcan0 type vcan || setup_failed "ip link add dev vcan0 type vcan"
ip link set vcan0 up || setup_failed "ip link set vcan0 up"

echo "vm: uname -a: $(uname -a)"
echo "vm: uname -v: $(uname -v)"

guest=$(cat /etc/guest-script)
echo "vm: running $guest"
cd /test || setup_failed "cd /test"
sh "/test/$guest"
status=$?
echo "VM-TEST-EXIT $status"
halt

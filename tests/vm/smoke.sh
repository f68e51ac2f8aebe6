#!/bin/sh
# Guest script (runs inside the VM, busybox sh): the kernel is PREEMPT_RT, vcan0 is a CAN interface,
# a frame sent with cansend is seen by candump, and the hilsim binary runs in the guest.
guest=smoke
. /test/guest_checks.sh

check_preempt_rt

# busybox sh runs its own applets before searching PATH: iproute2's ip is called by its path.
/sbin/ip -details link show vcan0 >/tmp/link 2>&1 && grep -q '^ *vcan' /tmp/link && r=ok || r=no
cat /tmp/link
check $r "ip -details link show vcan0 reports a vcan interface"

candump -L vcan0 >/tmp/candump.log 2>&1 &
dump=$!
# Send once candump's raw socket is bound to vcan0 (it then shows in the receive list).
for _ in 1 2 3 4 5 6 7 8 9 10; do
  grep -q '^ *vcan0 .* raw$' /proc/net/can/rcvlist_all && break
  sleep 0.2
done
cansend vcan0 123#DEADBEEF && r=ok || r=no
check $r "cansend vcan0 123#DEADBEEF"
for _ in 1 2 3 4 5 6 7 8 9 10; do
  grep -q 'vcan0 123#DEADBEEF' /tmp/candump.log && break
  sleep 0.2
done
kill $dump
cat /tmp/candump.log
grep -q 'vcan0 123#DEADBEEF' /tmp/candump.log && r=ok || r=no
check $r "candump saw the frame"

if command -v hilsim >/dev/null; then
  hilsim --help >/tmp/hilsim.out 2>&1 && grep -q 'Subcommands:' /tmp/hilsim.out && r=ok || r=no
  head -n 1 /tmp/hilsim.out
  check $r "hilsim --help runs in the guest"
fi

exit $failed

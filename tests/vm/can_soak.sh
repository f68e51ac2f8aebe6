#!/bin/sh
# Guest script (busybox sh, in the PREEMPT_RT VM with vcan0 up): a bounded soak of the CAN link. A
# 60 s real-time run with kappa from a controller (canplayer, 100 frames a second) while vcan0 is deleted and
# re-created every 10 s and cangen floods the bus with frames of another id (0x123, which the
# bridge's kernel filter keeps out). No crash, every outage reported with its length and the first
# command after it, the safe kappa held during each (the watchdog, timeout 0.3 s, trips in every
# 1 s outage), and the recording replays bit for bit.
guest=can_soak
. /test/guest_checks.sh
check_preempt_rt
# The peers (the controller at SCHED_FIFO 60, cangen) run on CPU 0, away from the simulation's
# SCHED_FIFO threads on CPU 1.
wait_for_filter() {
  for _ in $(seq 1 200); do
    grep -q '^ *vcan0 *100 ' /proc/net/can/rcvlist_fil 2>/dev/null && return 0
    sleep 0.05
  done
  return 1
}
# The controller: canplayer plays FILE (a candump log of 15 command frames 10 ms apart, counters
# 0..14) round and round, 100 commands a second from one process, while /tmp/ctl.run exists. It
# ends when a send fails (the interface down or gone), as a controller would report its bus error;
# it is started again within 10 ms, so that it sends again as soon as the interface is back.
control() {
  cat >/tmp/control.sh <<'SH'
while [ -e /tmp/ctl.run ]; do
  canplayer -I "$1" -l i >/dev/null 2>&1 &
  player=$!
  while [ -e /tmp/ctl.run ] && kill -0 $player 2>/dev/null; do sleep 0.01; done
  kill $player 2>/dev/null
  wait $player 2>/dev/null
  sleep 0.01
done
SH
  chrt -f 60 taskset -c 0 sh /tmp/control.sh "$1"
}
# hilsim frame's lines as a candump log for canplayer: FILE, frames MS (default 10) ms apart on vcan0.
as_log() {
  awk -v ms="${2:-10}" '{ us = NR * ms * 1000; printf "(%d.%06d) vcan0 %s\n", 1000 + int(us / 1000000), us % 1000000, $1 }' "$1"
}
# cangen ends when its interface goes: started again after each re-creation.
flood() { taskset -c 0 cangen vcan0 -I 123 -L 8 -D i -g 2 >/dev/null 2>&1 & echo $!; }
cd /tmp
hilsim frame --kappa 0.46 --count 15 >/tmp/f46
as_log /tmp/f46 >/tmp/f46.log
cat >/tmp/soak.toml <<'TOML'
name = "vm_can_soak"
[run]
duration = 60.0
[cosim]
H = 2e-3
h_hyd = 1e-3
hydraulics_integrator = "trapezoidal"
[rt]
priority_io = 95
[hil]
input = "can"
watchdog_timeout = 0.3
output_rate = 100.0
[can]
interface = "vcan0"
TOML
hilsim run /tmp/soak.toml --realtime --out /tmp/soak.csv --record /tmp/soak.rec >/tmp/soak.out 2>&1 &
run=$!
wait_for_filter
touch /tmp/ctl.run
control /tmp/f46.log &
gen=$(flood)
cycles=0
for t in 10 20 30 40 50; do
  sleep 9
  ip link del vcan0
  sleep 1
  ip link add dev vcan0 type vcan && ip link set vcan0 up
  wait_for_filter
  gen=$(flood)
  cycles=$((cycles + 1))
  echo "can_soak: cycle $cycles at about ${t} s done"
done
wait $run
status=$?
rm -f /tmp/ctl.run
kill "$gen" 2>/dev/null
cat /tmp/soak.out
[ $status = 0 ] && r=ok || r=no
check $r "the 60 s run went to its end through $cycles re-creations (exit $status)"
outages=$(sed -n 's/^can: \([0-9]*\) link outage(s).*/\1/p' /tmp/soak.out)
r=$([ "$outages" = "$cycles" ] && echo ok || echo no)
check $r "every outage reported: $outages of $cycles"
lost=$(grep -c 'vcan0 LOST (' /tmp/soak.out)
back=$(grep -c 'vcan0 BACK after an outage of' /tmp/soak.out)
r=$([ "$lost" = "$cycles" ] && [ "$back" = "$cycles" ] && echo ok || echo no)
check $r "each loss and return named as it happened ($lost lost, $back back)"
firsts=$(grep -o 'first frame received [0-9.]* s, first command accepted [0-9.]* s after the return' /tmp/soak.out | awk '{ print $4 "/" $9 }')
echo "can_soak: RESULT first frame received / first command accepted after each return: $(echo $firsts) s"
# What the bridge answers for is the time from the first frame after a return to its acceptance; when the
# first frame comes is the peer's (a shell loop restarting canplayer in the emulated guest, seen at
# 0.2 s on a loaded host), so it is bounded loosely: the controller got through within 1 s.
r=$(echo "$firsts" | awk -F/ -v n="$cycles" 'BEGIN { k = 0; ok = 1 } { ++k; if ($1 > 1.0 || $2 - $1 > 0.05) ok = 0 } END { print (k == n && ok) ? "ok" : "no" }')
check $r "after each return the first frame came within 1 s and a command was accepted within 50 ms of it"
trips=$(sed -n 's/^watchdog: .* \([0-9]*\) after a command expired.*/\1/p' /tmp/soak.out)
r=$([ -n "$trips" ] && [ "$trips" -ge "$cycles" ] && echo ok || echo no)
check $r "the safe kappa held during each outage ($trips watchdog trips after a command expired)"
r=$(grep -q ', 0 unknown id' /tmp/soak.out && echo ok || echo no)
check $r "the flood of id 0x123 never reached the bridge (kernel filter)"
# The emulated guest's pace, a figure: the run is paced, and TCG may not keep up with it.
echo "can_soak: RESULT $(grep '^simulated ' /tmp/soak.out)"
hilsim replay /tmp/soak.rec --out /tmp/soak_replay.csv >/tmp/soak_replay.out 2>&1
cmp /tmp/soak.csv /tmp/soak_replay.csv && r=ok || { r=no; cat /tmp/soak_replay.out; }
check $r "the recording replays bit for bit"
exit $failed

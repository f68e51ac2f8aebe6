#!/bin/sh
# Guest script (busybox sh, in the PREEMPT_RT VM with vcan0 up): the CAN link's faults, end to end,
# with can-utils as the controller (canplayer, 100 frames a second) and the bus, each while
# `hilsim run --input can --realtime` runs:
#  A. vcan0 deleted and re-created mid-run (an adapter unplugged and back), then taken down for 1 s:
#     each outage named with its length, the first frame after a return accepted within 50 ms, status
#     frames resume (the first with link_lost), the safe kappa held meanwhile, the recording replays.
#  B. a run started on a down link: refused with on_link_loss = "stop" (exit 2); with "wait" named,
#     then the run proceeds once the link is up.
#  C. a corrupted CRC and a repeated counter refused and counted; two senders with valid counters
#     detected within 5 frames, refused (safe kappa, never the second sender's), named, and ended by
#     one sender alone for e2e_recover_frames frames.
#  D. a foreign client: examples/can_controller.py (python-can, canmatrix) builds its frames from the
#     shipped DBC, counter and CRC included, and drives a run.
# Prints "can_link: RESULT ..." lines with the figures; exits 1 when a check fails.
guest=can_link
. /test/guest_checks.sh
check_preempt_rt
# The peers (the controller, candump, python3) run on CPU 0, canplayer at SCHED_FIFO 60 (below
# the bridge's I/O thread there, at 95), away from the simulation's SCHED_FIFO threads on CPU 1: a
# rig's other computers would not take its CPU, and they keep their own pace.
# Waits until the bridge's kernel filter for 0x100 is on vcan0 (its socket bound there).
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
# Sends the frames of FILE once, in order, 30 ms apart (canplayer at SCHED_FIFO 60 on CPU 0): the
# two senders' 24 frames last longer than the watchdog's timeout.
send_all() {
  as_log "$1" 30 >"$1.log"
  chrt -f 60 taskset -c 0 canplayer -I "$1.log"
}
scenario() {  # NAME DURATION [extra [can] lines...]
  name=$1 duration=$2
  shift 2
  cat <<TOML
name = "$name"
[run]
duration = $duration
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
  for line in "$@"; do echo "$line"; done
}
replays() {  # RECORDING CSV LABEL
  hilsim replay "$1" --out "$1.replay.csv" >"$1.replay.out" 2>&1
  cmp "$2" "$1.replay.csv" && r=ok || { r=no; cat "$1.replay.out"; }
  check $r "$3: the recording replays bit for bit"
}
cd /tmp
hilsim frame --kappa 0.46 --count 15 >/tmp/f46
as_log /tmp/f46 >/tmp/f46.log

# A. Deleted and re-created, then down for 1 s.
scenario vm_can_link 9.0 >/tmp/a.toml
hilsim run /tmp/a.toml --realtime --out /tmp/a.csv --record /tmp/a.rec >/tmp/a.out 2>&1 &
run=$!
wait_for_filter
touch /tmp/ctl.run
control /tmp/f46.log &
sleep 1
ip link del vcan0
sleep 0.5
ip link add dev vcan0 type vcan && ip link set vcan0 up
wait_for_filter && r=ok || r=no
check $r "A: the bridge's filter for 0x100 is on the re-created vcan0"
taskset -c 0 candump -D -L vcan0 >/tmp/a_dump.log 2>/dev/null &
dump=$!
sleep 1.5
ip link set vcan0 down
sleep 1
ip link set vcan0 up
sleep 2
rm -f /tmp/ctl.run
wait $run
status=$?
kill $dump 2>/dev/null
cat /tmp/a.out
[ $status = 0 ] && r=ok || r=no
check $r "A: the run went to its end through both outages (exit $status)"
r=$(has_e '^can: t = [0-9.]+ s: vcan0 (LOST \(interface removed\)|removed \(the outage goes on\))' /tmp/a.out)
check $r "A: the interface's removal is named with the run time"
r=$(has_e '^can: 2 link outage\(s\): at [0-9.]+ s for [0-9.]+ s \(interface removed; ' /tmp/a.out)
check $r "A: the report names the first outage's cause: the interface removed"
r=$(has_e '^can: t = [0-9.]+ s: vcan0 BACK after an outage of [0-9.]+ s \(a new interface, index [0-9]+: socket bound to it, filters restored\)' /tmp/a.out)
check $r "A: its return is named with the outage's length and the new socket"
r=$(has_e '^can: t = [0-9.]+ s: vcan0 LOST \(link down\)' /tmp/a.out)
check $r "A: the link going down is named"
down=$(sed -n 's/^can: t = [0-9.]* s: vcan0 BACK after an outage of \([0-9.]*\) s$/\1/p' /tmp/a.out | tail -n 1)
r=$(awk -v d="$down" 'BEGIN { print (d != "" && d >= 0.9 && d <= 2.0) ? "ok" : "no" }')
check $r "A: the link down for 1 s is reported as an outage of $down s"
grep '^can: 2 link outage(s)' /tmp/a.out >/tmp/a_outages
r=$([ -s /tmp/a_outages ] && echo ok || echo no)
check $r "A: the report lists both outages: $(cat /tmp/a_outages)"
firsts=$(grep -o 'first frame received [0-9.]* s, first command accepted [0-9.]* s after the return' /tmp/a_outages | awk '{ print $4 "/" $9 }')
echo "can_link: RESULT first frame received / first command accepted after each return: $(echo $firsts) s"
# The bridge answers for the time from the first frame after a return to its acceptance; when that
# frame comes is the peer's (canplayer restarted by a shell loop in the emulated guest), bounded loosely.
r=$(echo "$firsts" | awk -F/ 'BEGIN { n = 0; ok = 1 } { ++n; if ($1 > 1.0 || $2 - $1 > 0.05) ok = 0 } END { print (n == 2 && ok) ? "ok" : "no" }')
check $r "A: after each return the first frame came within 1 s and a command was accepted within 50 ms of it ($(echo $firsts) s)"
r=$(has_e '^can: socket 2 on vcan0 \(index [0-9]+\) from [0-9.]+ s to the end' /tmp/a.out)
check $r "A: the second socket is reported on its own"
r=$(has_e '^can: vcan0 counters \(index [0-9]+, since it was created\)' /tmp/a.out)
check $r "A: the interface counters are the re-created interface's, said so"
status_frames=$(grep -c ' 2F0#' /tmp/a_dump.log)
# link_lost is bit 7 of byte 0: the first data byte at 0x80 or more.
lost_frames=$(awk -F'#' '/ 2F0#/ { b = substr($2, 1, 2); if (index("89ABCDEF", substr(b, 1, 1)) > 0) ++n } END { print n + 0 }' /tmp/a_dump.log)
echo "can_link: RESULT A: $status_frames status frames on the re-created vcan0, $lost_frames with link_lost"
r=$([ "$status_frames" -ge 20 ] && [ "$lost_frames" -ge 1 ] && echo ok || echo no)
check $r "A: status frames resumed after the re-creation, and one after the down link carried link_lost"
trips=$(sed -n 's/^watchdog: .* \([0-9]*\) after a command expired.*/\1/p' /tmp/a.out)
r=$([ -n "$trips" ] && [ "$trips" -ge 2 ] && echo ok || echo no)
check $r "A: the watchdog held the safe kappa during the outages ($trips trips after a command expired)"
replays /tmp/a.rec /tmp/a.csv A

# B. Started on a down link.
ip link set vcan0 down
scenario vm_can_down_stop 2.0 'on_link_loss = "stop"' >/tmp/b1.toml
hilsim run /tmp/b1.toml --realtime >/tmp/b1.out 2>&1
status=$?
cat /tmp/b1.out
r=$([ $status = 2 ] && grep -q 'vcan0 is down at the start and \[can\] bring_up = false' /tmp/b1.out && echo ok || echo no)
check $r "B: on a down link with on_link_loss = \"stop\" the run is refused (exit $status) in one line"
scenario vm_can_down_wait 4.0 >/tmp/b2.toml
hilsim run /tmp/b2.toml --realtime --out /tmp/b2.csv --record /tmp/b2.rec >/tmp/b2.out 2>&1 &
run=$!
sleep 1.5
ip link set vcan0 up
touch /tmp/ctl.run
control /tmp/f46.log &
sleep 1.5
rm -f /tmp/ctl.run
wait $run
status=$?
cat /tmp/b2.out
[ $status = 0 ] && r=ok || r=no
check $r "B: started on a down link with on_link_loss = \"wait\", the run went to its end (exit $status)"
r=$(has 'the link is DOWN: waiting for it to come up' /tmp/b2.out)
check $r "B: the down link is named at the start"
r=$(has_e 'vcan0 BACK after an outage of [0-9.]+ s' /tmp/b2.out)
check $r "B: its coming up is named"
r=$(has_e '\(down at the start; first frame received [0-9.]+ s, first command accepted [0-9.]+ s after the return\)' /tmp/b2.out)
check $r "B: commands were accepted once it was up"
replays /tmp/b2.rec /tmp/b2.csv B

# C. End-to-end refusals, then two senders.
# A0, A1 with a byte flipped (its CRC no longer matches), A1, A1 again (repeated), A2.
sed -n '1p' /tmp/f46 >/tmp/c_frames
sed -n '2p' /tmp/f46 | sed 's/.$/F/' >>/tmp/c_frames
sed -n '2p;2p;3p' /tmp/f46 >>/tmp/c_frames
# Two controllers interleaved, each counting correctly: A from 3 (kappa 0.46), B from 10 (0.48).
hilsim frame --kappa 0.46 --counter 3 --count 12 >/tmp/c_a
hilsim frame --kappa 0.48 --counter 10 --count 12 >/tmp/c_b
i=1
while [ $i -le 12 ]; do
  sed -n "${i}p" /tmp/c_a >>/tmp/c_frames
  sed -n "${i}p" /tmp/c_b >>/tmp/c_frames
  i=$((i + 1))
done
# Then A alone, from 0 (after its 14): the 10th frame ends the two-senders state.
hilsim frame --kappa 0.46 --counter 0 --count 12 >>/tmp/c_frames
cat /tmp/c_frames | tr '\n' ' '
echo
scenario vm_can_e2e 8.0 >/tmp/c.toml
hilsim run /tmp/c.toml --realtime --out /tmp/c.csv --record /tmp/c.rec >/tmp/c.out 2>&1 &
run=$!
wait_for_filter
taskset -c 0 candump -L vcan0 >/tmp/c_dump.log 2>/dev/null &
dump=$!
sleep 0.3
send_all /tmp/c_frames
wait $run
status=$?
kill $dump 2>/dev/null
cat /tmp/c.out
[ $status = 0 ] && r=ok || r=no
check $r "C: the run went to its end (exit $status)"
r=$(has 'can: 41 frames received: 8 commands accepted (0 clamped), 0 joystick; 33 refused by the end-to-end check: 1 wrong CRC, 0 counter 15, 1 repeated counter, 1 counter jump, 30 two senders' /tmp/c.out)
check $r "C: 1 wrong CRC, 1 repeated counter refused; two senders detected at the 4th interleaved frame (8 accepted: 3 before, 2 of the interleave, 3 after)"
r=$(has_e '^can: t = [0-9.]+ s: TWO SENDERS on command id 0x100 \(interleaved e2e_counter sequences\)' /tmp/c.out)
check $r "C: the two senders are named"
r=$(has_e '^can: t = [0-9.]+ s: one sender on command id 0x100 again \(10 frames in sequence\)' /tmp/c.out)
check $r "C: one sender alone for 10 frames ends it"
grep '^input ' /tmp/c.rec >/tmp/c_inputs
cat /tmp/c_inputs
r=$(grep -q ' 0.4[78]' /tmp/c_inputs && echo no || echo ok)
check $r "C: the second sender's kappa (0.48) was never applied"
r=$(awk '/ command / { c = 1 } c && / watchdog / { w = 1 } END { print w ? "ok" : "no" }' /tmp/c_inputs)
check $r "C: the watchdog applied the safe kappa while commands were refused"
flagged=$(awk -F'#' '/ 2F0#/ { b = substr($2, 5, 2); if (index("89ABCDEF", substr(b, 1, 1)) > 0) ++n } END { print n + 0 }' /tmp/c_dump.log)
r=$([ "$flagged" -ge 1 ] && echo ok || echo no)
check $r "C: the status word showed two_senders ($flagged status frames)"
replays /tmp/c.rec /tmp/c.csv C
awk '{ print } /^duration = / { print "reference = \"/tmp/c.csv\"" }' /tmp/c.toml >/tmp/c_ref.toml
t0=$(sed -n 's/^can: t = 0 was candump time \([0-9.]*\) .*/\1/p' /tmp/c.out)
hilsim replay --candump /tmp/c.rec.candump.log --scenario /tmp/c_ref.toml --t0 "$t0" --out /tmp/c_log.csv \
  >/tmp/c_log.out 2>&1
head -n 1 /tmp/c_log.out
r=$(has '41 frames, 8 commands, 0 joystick, 33 ignored (33 refused by the end-to-end check)' /tmp/c_log.out)
check $r "C: hilsim replay --candump refuses the same frames"

# D. A foreign client built from the DBC alone. It starts first (Python imports canmatrix for seconds
# in the emulated guest) and sends once hilsim's first status frame is on the bus.
scenario vm_can_foreign 8.0 >/tmp/d.toml
# At SCHED_OTHER: a 50 Hz sender needs no real-time priority, and the interpreter compiling its
# imports at SCHED_FIFO held CPU 0 for minutes in one run. Both processes are bounded by timeout(1),
# so that a hang is a named failure, not the whole test's time limit.
timeout 300 taskset -c 0 python3 /test/can_controller.py --channel vcan0 --dbc /test/hilsim.dbc \
  --steps 0:0.46,1.0:0.47 --duration 2.5 --period 0.02 --wait 120 >/tmp/d_client.out 2>&1 &
client_pid=$!
for _ in $(seq 1 1200); do
  grep -q 'waiting for hilsim' /tmp/d_client.out 2>/dev/null && break
  sleep 0.1
done
timeout 200 hilsim run /tmp/d.toml --realtime --out /tmp/d.csv --record /tmp/d.rec >/tmp/d.out 2>&1 &
run=$!
wait $client_pid
client=$?
wait $run
status=$?
cat /tmp/d_client.out /tmp/d.out
r=$([ $client = 0 ] && [ $status = 0 ] && echo ok || echo no)
check $r "D: the python-can + canmatrix controller and the run ended well (client $client, run $status)"
r=$(has_e '^can: [0-9]+ frames received: [0-9]+ commands accepted \(0 clamped\), 0 joystick; 0 refused by the end-to-end check' /tmp/d.out)
check $r "D: every frame of the foreign client passed the end-to-end check"
grep '^input .* command ' /tmp/d.rec | awk '{ print $3 }' | sort -u >/tmp/d_kappas
r=$(awk '{ if ($1 > 0.4599999 && $1 < 0.4600001) a = 1; if ($1 > 0.4699999 && $1 < 0.4700001) b = 1 } END { print (a && b) ? "ok" : "no" }' /tmp/d_kappas)
check $r "D: its kappa steps 0.46 and 0.47 were applied: $(cat /tmp/d_kappas | tr '\n' ' ')"
replays /tmp/d.rec /tmp/d.csv D

exit $failed

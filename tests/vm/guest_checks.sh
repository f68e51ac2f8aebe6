# Sourced by every guest script (busybox sh, in the VM; build-initramfs.sh puts it at
# /test/guest_checks.sh) after it sets `guest` to its name: the words of its checks.
#   check ok|no TEXT    prints "GUEST: ok: TEXT" or "GUEST: FAILED: TEXT"; a failure sets $failed to 1
#                       (each script ends with `exit $failed`)
#   has PATTERN FILE    prints ok when FILE holds PATTERN (grep), else no; has_e for an extended one
#   check_preempt_rt    prints the kernel's version and checks that it is PREEMPT_RT
failed=0
check() {
  if [ "$1" = ok ]; then
    echo "$guest: ok: $2"
  else
    echo "$guest: FAILED: $2"
    failed=1
  fi
}
has() { grep -q -- "$1" "$2" && echo ok || echo no; }
has_e() { grep -Eq -- "$1" "$2" && echo ok || echo no; }
check_preempt_rt() {
  echo "$guest: uname -v: $(uname -v)"
  case $(uname -v) in *PREEMPT_RT*) r=ok ;; *) r=no ;; esac
  check $r "the kernel is PREEMPT_RT"
}
# The CAN scripts' steps around a run on vcan0:
#   start_candump FILE      candump -L vcan0 into FILE in the background ($dump), once it listens
#   check_bridge_filter ID  waits (10 s at most) for the bridge's kernel filter for command id ID
#                           (hex, as /proc/net/can/rcvlist_fil prints it) and checks it is there
#   end_run_and_candump     waits for the run ($run; its status in $run_status), then stops candump
start_candump() {
  candump -L vcan0 >"$1" 2>"$1.err" &
  dump=$!
  for _ in $(seq 1 50); do
    grep -q '^ *vcan0 .* raw$' /proc/net/can/rcvlist_all && break
    sleep 0.05
  done
}
check_bridge_filter() {
  for _ in $(seq 1 200); do
    grep -q "^ *vcan0 *$1 " /proc/net/can/rcvlist_fil 2>/dev/null && break
    sleep 0.05
  done
  grep -q "^ *vcan0 *$1 " /proc/net/can/rcvlist_fil && r=ok || r=no
  check $r "the bridge's kernel filter for 0x$1 is installed on vcan0"
}
end_run_and_candump() {
  wait $run
  run_status=$?
  sleep 0.2
  kill $dump
  wait $dump 2>/dev/null
}

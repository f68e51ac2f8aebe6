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

#!/usr/bin/env bash
# Installs what hilsim needs to build and test, from Debian 12 packages (rt-tests brings cyclictest
# for hilsim bench-rt, util-linux setpriv for the unprivileged-run tests, systemd's systemd-analyze
# for the check of the service unit (packaging/systemd; no running systemd needed); qemu-system-x86,
# busybox-static, can-utils, iproute2, cpio and xz-utils let tests/vm boot a PREEMPT_RT kernel with
# SocketCAN under QEMU, since the host kernel has neither; clang and its runtime libraries bring
# libFuzzer and the sanitizers for scripts/fuzz.sh, clang-format and clang-tidy the lint step
# (scripts/lint.sh); nettle-dev the SHA-256 of outputs;
# libsocketcan-dev the CAN link settings of the CAN bridge; libsiconos-numerics-dev the contact LCP's
# reference solver (sim/contact/siconos_box_lcp.h); python3-can and python3-canmatrix the
# foreign CAN client examples/can_controller.py, which tests/vm runs in the VM; parallel, GNU
# parallel, runs the parts of a sharded sweep in their test). Idempotent: does nothing
# when every package is already installed. Runs apt-get through sudo when not root.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libeigen3-dev libboost-dev libtomlplusplus-dev libcli11-dev nettle-dev libsocketcan-dev
  libsiconos-numerics-dev
  googletest libgtest-dev
  rt-tests util-linux systemd parallel
  qemu-system-x86 busybox-static can-utils iproute2 cpio xz-utils
  clang libclang-rt-14-dev clang-format clang-tidy
  python3 python3-matplotlib python3-can python3-canmatrix
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"

#!/usr/bin/env bash
# Installs what hilsim needs to build and test, from Debian 12 packages (rt-tests brings cyclictest
# for hilsim bench-rt, util-linux setpriv for the unprivileged-run tests, clang and its runtime
# libraries libFuzzer and the sanitizers for scripts/fuzz.sh). Idempotent: does nothing
# when every package is already installed. Runs apt-get through sudo when not root.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libeigen3-dev libboost-dev libtomlplusplus-dev libcli11-dev
  googletest libgtest-dev
  rt-tests util-linux
  clang libclang-rt-14-dev
  python3 python3-matplotlib
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

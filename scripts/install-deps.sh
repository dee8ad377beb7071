#!/usr/bin/env bash
# Installs the Debian 12 packages NetSizer needs to build, test and run — or, given package
# names (install-deps.sh PACKAGE...), those instead (scripts/install-fuzz-deps.sh).
# Only missing packages are installed: as root directly, otherwise through sudo.
# Exit status: 0 when everything is present afterwards, 1 when it cannot install.
set -euo pipefail

packages=(
  cmake ninja-build g++ make pkg-config
  clang
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools libgl-dev
  libgraphviz-dev
  libqcustomplot-dev
  nlohmann-json3-dev
  libonnx-dev libprotobuf-dev protobuf-compiler
  xvfb
  python3
  desktop-file-utils
)
if [ $# -gt 0 ]; then packages=("$@"); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "install-deps: need root (or password-less sudo) to run:" >&2
  echo "  apt-get install -y ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q "${missing[@]}"

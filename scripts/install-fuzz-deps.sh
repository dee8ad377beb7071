#!/usr/bin/env bash
# Installs what `make fuzz` needs beside scripts/install-deps.sh: clang 14 and its runtime
# libraries (libFuzzer, ASan, UBSan). Only missing packages are installed: as root directly,
# otherwise through sudo. Exit status: 0 when everything is present afterwards, 1 otherwise.
set -euo pipefail

packages=(clang libclang-rt-14-dev)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-fuzz-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-fuzz-deps: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "install-fuzz-deps: need root (or password-less sudo) to run:" >&2
  echo "  apt-get install -y ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q "${missing[@]}"

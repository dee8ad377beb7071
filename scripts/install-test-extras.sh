#!/usr/bin/env bash
# Optional test extras: Debian's python3-torch, with which tests/io/tst_exporters runs the
# exported PyTorch files (it skips those checks, with a reason, when torch is missing).
# Never fails: whatever happens, exit status 0, so `make test` runs without the extras.
set -u

if /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  echo "install-test-extras: python3-torch present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "install-test-extras: python3-torch missing and no root; the PyTorch export checks will be skipped"
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${as_root[@]}" apt-get install -y -q python3-torch >/dev/null 2>&1; then
  "${as_root[@]}" apt-get update -q >/dev/null 2>&1 || true
  "${as_root[@]}" apt-get install -y -q python3-torch >/dev/null 2>&1 ||
    echo "install-test-extras: could not install python3-torch; the PyTorch export checks will be skipped"
fi
exit 0

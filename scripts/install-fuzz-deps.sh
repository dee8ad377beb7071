#!/usr/bin/env bash
# Installs what `make fuzz` needs beside scripts/install-deps.sh: clang 14 and its runtime
# libraries (libFuzzer, ASan, UBSan), the missing ones only (install-deps.sh's rules and exit
# status: 0 when everything is present afterwards, 1 otherwise).
exec "$(dirname "$0")/install-deps.sh" clang libclang-rt-14-dev

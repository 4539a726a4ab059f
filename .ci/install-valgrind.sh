#!/usr/bin/env bash
# Installs Debian's valgrind when it is missing: the memory checks run under
# it (.ci/valgrind.sh), and the compile-budget comparison counts rustc's
# instructions with it (ui-tests/tests/compile_budget.rs).
set -euo pipefail
command -v valgrind >/dev/null && exit 0
if [ "$(id -u)" = 0 ]; then
  apt-get update -qq && apt-get install -y -qq valgrind >/dev/null
else
  sudo apt-get update -qq && sudo apt-get install -y -qq valgrind >/dev/null
fi

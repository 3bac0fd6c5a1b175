#!/usr/bin/env bash
# The porep_params ctest fixture: INSECURE test parameters of porep-2KiB in DIR, shared by the
# PoRep tests of one build directory. The test setup of the 2.7 M-constraint partition takes
# minutes on a small CPU, so an existing file is kept while the circuit's shape (the counts of
# `cuzk circuit-info --kind porep --sector-size 2KiB`, stored beside it) is unchanged; delete
# DIR to force a new one.
# usage: porep_params_fixture.sh <cuzk binary> <DIR>
set -euo pipefail
cuzk=$1 dir=$2
mkdir -p "$dir"
shape=$("$cuzk" circuit-info --kind porep --sector-size 2KiB)
if [ -s "$dir/porep-2KiB.params" ] && [ -f "$dir/porep-2KiB.shape" ] && [ "$(cat "$dir/porep-2KiB.shape")" = "$shape" ]; then
  echo "porep_params: reusing $dir/porep-2KiB.params (same circuit shape)"
  exit 0
fi
rm -f "$dir/porep-2KiB.shape"
"$cuzk" setup --circuit porep-2KiB --param-dir "$dir"
printf '%s\n' "$shape" > "$dir/porep-2KiB.shape"

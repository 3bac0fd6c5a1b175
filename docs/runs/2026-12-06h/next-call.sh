#!/usr/bin/env bash
# The next session's first device call (written 2026-12-06, eighth session). build-gpu-carry =
# main with docs/runs/2026-12-06h/staging-scratch-accounting.patch applied (branch
# staging-scratch-accounting), packed by scripts/gpu-pack.sh (carry build-gpu-carry.tar.xz).
# On an 80 GB card: call4.sh (every GPU test, then two rounds of the 32 GiB C2, where the steady
# batch of ten should now run shared-abc). On a larger card: the same behind 61 GiB held aside
# (call4-h200.sh), so that it plans like an 80 GB one. About 300 s.
set -uo pipefail
cd "$(dirname "$0")/../../.."
total_mib=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits | head -1)
if [[ ${total_mib:-0} -gt 100000 ]]; then
  bash docs/runs/2026-12-06h/call4-h200.sh
else
  bash docs/runs/2026-12-06h/call4.sh
fi

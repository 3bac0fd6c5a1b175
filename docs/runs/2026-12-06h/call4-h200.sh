#!/usr/bin/env bash
# Call 4 on an H200 (the H100 kind was locked out): the card made to look like an 80 GB H100
# by a process holding BALLAST_GIB (default 61) of its memory (ballast.cu), then call4.sh.
set -uo pipefail
cd "$(dirname "$0")/../../.."
nvcc -O2 -o /tmp/ballast docs/runs/2026-12-06h/ballast.cu || exit 1
/tmp/ballast ${BALLAST_GIB:-61} > /tmp/ballast.log 2>&1 &
for i in $(seq 40); do grep -q holding /tmp/ballast.log && break; sleep 0.5; done
cat /tmp/ballast.log
nvidia-smi --query-gpu=memory.used,memory.total --format=csv
bash docs/runs/2026-12-06h/call4.sh
kill %1 2>/dev/null

#!/usr/bin/env bash
# The block benchmark, one thread then two: builds (release) and runs
# benches/block side by side with candle. Usage: bash benches/block/run.sh
set -euo pipefail
cd "$(dirname "$0")"
echo "## one thread"
RAYON_NUM_THREADS=1 cargo run --release --quiet
echo
echo "## two threads (tensor-view's \`parallel\` feature; candle's RAYON_NUM_THREADS)"
RAYON_NUM_THREADS=2 cargo run --release --quiet --features parallel

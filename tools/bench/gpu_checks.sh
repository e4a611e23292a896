#!/usr/bin/env bash
# Everything the project checks on a lent NVIDIA GPU, in one command (the
# device tool's machine: python3 with torch 2.11, triton, timm, transformers,
# no package index).  Results go to $OUT (or ./out/gpu).  Usage, from the
# repo root on that machine, with expecttest's wheel carried in .whl/:
#   bash tools/bench/gpu_checks.sh [suite args...]
set -u
OUT=${OUT:-out/gpu}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
fi
python3 -m pip install -q --no-deps --no-build-isolation -e . > "$OUT/install.txt" 2>&1 || { cat "$OUT/install.txt"; exit 1; }
{ nvidia-smi -L; python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"; } > "$OUT/machine.txt" 2>&1
python3 -m inductor_xpu status > "$OUT/status.txt" 2>&1
python3 tools/patches.py check > "$OUT/patches_check.txt" 2>&1
timeout 300 python3 tools/bench/device_bias_gpu.py --device cuda --rounds 2 --iters 50 \
  --out "$OUT/device_bias_gpu.md" --json "$OUT/device_bias_gpu.json" > "$OUT/device_bias_gpu.log" 2>&1
timeout 240 python3 -m pytest -q -p no:cacheprovider test/inductor -k "device_generic or codecache_system_info or overlay_importer" \
  > "$OUT/pytest_gpu.txt" 2>&1
tail -3 "$OUT/pytest_gpu.txt"
cat "$OUT/device_bias_gpu.md" 2>/dev/null | tail -20

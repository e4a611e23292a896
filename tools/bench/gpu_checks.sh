#!/usr/bin/env bash
# The project's checks on a lent NVIDIA GPU, in one command (the device
# tool's machine: python3 with torch, triton, timm, transformers, no package
# index).  Results go to $OUT (or ./out/gpu): a few summaries plus one
# tarball with everything (the device tool returns at most 8 files).
# From the repo root on that machine, with expecttest's wheel carried in .whl/:
#   bash tools/bench/gpu_checks.sh
# What runs (about 8 minutes on an H100 host):
#   * python -m inductor_xpu status, tools/patches.py check (this torch);
#   * tools/bench/device_bias_gpu.py: 12 programs, stock vs overlay, on CUDA;
#   * pytest -k "device_generic or codecache_system_info": the patches' tests,
#     CUDA cases included (files of patches not in effect are not collected);
#   * in the background, on CPU: the golden xpu codegen suite, hardware-less,
#     on this torch, with INDUCTOR_XPU_CODEGEN_REPORT (the version survey).
# Scratch: $RES if set (emptied first), else a private mktemp -d directory;
# the carried wheels go to another one; those it made are removed at exit
# (a fixed /tmp path on PYTHONPATH would import what another user put there).
set -u
OUT=${OUT:-out/gpu}
TEMPS=()
cleanup() { [ ${#TEMPS[@]} -eq 0 ] || rm -rf "${TEMPS[@]}"; }
trap cleanup EXIT
if [ -n "${RES:-}" ]; then
  rm -rf "$RES"
else
  RES=$(mktemp -d "${TMPDIR:-/tmp}/gpu_checks.XXXXXX") || { echo "gpu_checks.sh: mktemp -d failed" >&2; exit 1; }
  TEMPS+=("$RES")
fi
mkdir -p "$OUT" "$RES"
export PYTHONUNBUFFERED=1 INDUCTOR_XPU_STRICT=0
if ls .whl/*.whl >/dev/null 2>&1; then
  SITE=$(mktemp -d "${TMPDIR:-/tmp}/gpu_checks_site.XXXXXX") || { echo "gpu_checks.sh: mktemp -d failed" >&2; exit 1; }
  TEMPS+=("$SITE")
  python3 -m pip install -q --no-index --no-deps --no-compile --target "$SITE" .whl/*.whl && export PYTHONPATH=$SITE
fi
python3 -m pip install -q --no-deps --no-build-isolation -e . > "$RES/install.txt" 2>&1 || { cat "$RES/install.txt"; exit 1; }
TV=$(python3 -c "import torch; print(torch.__version__.split('+')[0])")
{ nvidia-smi -L; nproc; python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"; } > "$RES/machine.txt" 2>&1
python3 -m inductor_xpu status > "$RES/status.txt" 2>&1
python3 tools/patches.py check > "$RES/patches_check.txt" 2>&1

INDUCTOR_XPU_CODEGEN_REPORT="$RES/xpu_codegen_$TV.json" timeout 480 \
  python3 -m pytest -q -p no:cacheprovider test/inductor_xpu/codegen/test_xpu_codegen.py test/inductor_xpu/device/test_xpu_profiles_codegen.py \
  > "$RES/golden_$TV.txt" 2>&1 &
GOLDEN=$!

timeout 330 python3 tools/bench/device_bias_gpu.py --device cuda --rounds 2 --samples 30 --iters 20 \
  --out "$RES/device_bias_gpu.md" --json "$RES/device_bias_gpu.json" > "$RES/device_bias_gpu.log" 2>&1
timeout 150 python3 -m pytest -q -p no:cacheprovider test/inductor -k "device_generic or codecache_system_info" \
  > "$RES/pytest_gpu.txt" 2>&1
wait $GOLDEN

cp "$RES/device_bias_gpu.md" "$RES/status.txt" "$OUT/" 2>/dev/null
cp "$RES/xpu_codegen_$TV.md" "$OUT/" 2>/dev/null
tail -5 "$RES/pytest_gpu.txt" > "$OUT/pytest_tail.txt"; tail -5 "$RES/golden_$TV.txt" >> "$OUT/pytest_tail.txt"
tar -czf "$OUT/gpu_checks.tar.gz" -C "$RES" .
cat "$OUT/pytest_tail.txt"
tail -25 "$RES/device_bias_gpu.md" 2>/dev/null

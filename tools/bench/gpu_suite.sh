#!/usr/bin/env bash
# The model suite on a lent GPU, in one command: accuracy and performance,
# stock torch vs the overlay (--compare-overlay), for a list of models and
# dtypes, within a time budget.  Everything that comes back fits the device
# tool's limits (at most 8 files, no folders): per dtype a markdown summary,
# the speedup chart and one CSV comparing stock and overlay, plus one tarball
# with every CSV/JSON/PNG the harness wrote and each model's log.
#
# From the repo root on that machine (python3 with torch, triton, timm and
# transformers; no package index):
#   bash tools/bench/gpu_suite.sh                         # 6 reference models, fp16
#   bash tools/bench/gpu_suite.sh --dtypes bf16
#   bash tools/bench/gpu_suite.sh --models resnet50,GPT2LMHeadModel --dtypes fp16,bf16
# On a CPU (a dry run of the script itself):
#   OUT=/tmp/gs bash tools/bench/gpu_suite.sh --device cpu --models selftest_mlp -- --repeat 3 --warmup 1
#
# Options:
#   --models A,B,...  model names from `tools/bench/suite.py --list`, run in this order (default: the
#                     reference six: resnet50, mobilenetv3_large_100,
#                     vit_base_patch16_224, convnext_tiny, BertForMaskedLM, GPT2LMHeadModel)
#   --dtypes D,...    fp32|fp16|bf16|amp_fp16|amp_bf16, comma-separated (default fp16)
#   --device DEV      cuda (default), xpu or cpu
#   --timeout S       seconds per model process (default 300)
#   --budget S        seconds for the whole script, setup and packing included
#                     (default 540: a 600 s device call with room to spare); each
#                     dtype gets an equal share of what is left when it starts
#   --separate        accuracy and performance in separate processes per model
#                     (default: one process per model and variant does both)
#   --python PY       interpreter (default python3)
#   -- ARGS...        passed on to tools/bench/suite.py (e.g. --small, --repeat 10)
# Environment: OUT (default out/gpu_suite), WORK (scratch, emptied first;
# default a new private directory from mktemp -d, removed at exit).  The
# carried wheels go to a private mktemp -d directory too (removed at exit):
# a fixed /tmp path on PYTHONPATH would import what another user put there.
set -u
START=$SECONDS
MODELS=resnet50,mobilenetv3_large_100,vit_base_patch16_224,convnext_tiny,BertForMaskedLM,GPT2LMHeadModel
DTYPES=fp16
DEVICE=cuda
TIMEOUT=300
BUDGET=540
SEPARATE=0
PY=python3
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --models) MODELS=$2; shift 2 ;;
    --dtypes) DTYPES=$2; shift 2 ;;
    --device) DEVICE=$2; shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --budget) BUDGET=$2; shift 2 ;;
    --separate) SEPARATE=1; shift ;;
    --python) PY=$2; shift 2 ;;
    --) shift; EXTRA=("$@"); break ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "gpu_suite.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

OUT=${OUT:-out/gpu_suite}
TEMPS=()  # the directories this script made with mktemp -d: removed at exit
if [ -n "${WORK:-}" ]; then
  rm -rf "$WORK"
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpu_suite_work.XXXXXX") || { echo "gpu_suite.sh: mktemp -d failed" >&2; exit 1; }
  TEMPS+=("$WORK")
fi
mkdir -p "$OUT" "$WORK"
export PYTHONUNBUFFERED=1
# Seconds left of the budget, less what packing needs.
PACK_RESERVE=20
left() { echo $(( BUDGET - (SECONDS - START) - PACK_RESERVE )); }

pack() {
  # Everything but the Inductor caches, in one tarball.
  local tarball="$OUT/gpu_suite_${DTYPES//,/_}.tar.gz"
  tar -czf "$tarball" -C "$WORK" --exclude=inductor_cache . 2>/dev/null
  echo "gpu_suite.sh: $(( SECONDS - START )) s in all; files in $OUT:"
  ls -l "$OUT"
}
cleanup() {
  pack
  [ ${#TEMPS[@]} -eq 0 ] || rm -rf "${TEMPS[@]}"
}
trap cleanup EXIT

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "command: bash tools/bench/gpu_suite.sh --models $MODELS --dtypes $DTYPES --device $DEVICE" \
       "--timeout $TIMEOUT --budget $BUDGET$([ $SEPARATE = 1 ] && echo ' --separate') ${EXTRA[*]:+-- ${EXTRA[*]}}"
  echo "git: $(git rev-parse --short HEAD 2>/dev/null) $(git status --porcelain 2>/dev/null | wc -l) changed file(s)"
  command -v nvidia-smi >/dev/null && nvidia-smi -L
  echo "cpus: $(nproc)"
  $PY -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__, 'triton', triton.__version__)" 2>&1
} > "$WORK/machine.txt"

# wheels carried in .whl/ (the device tool's convention), then this package,
# so that `import torch` applies the overlay in the workers (its
# torch.backends entry point) and INDUCTOR_XPU_DISABLE=1 turns it off.
if ls .whl/*.whl >/dev/null 2>&1; then
  SITE=$(mktemp -d "${TMPDIR:-/tmp}/gpu_suite_site.XXXXXX") || { echo "gpu_suite.sh: mktemp -d failed" >&2; exit 1; }
  TEMPS+=("$SITE")
  $PY -m pip install -q --no-index --no-deps --no-compile --target "$SITE" .whl/*.whl >> "$WORK/install.txt" 2>&1 \
    && export PYTHONPATH=$SITE${PYTHONPATH:+:$PYTHONPATH}
fi
if ! $PY -c "import importlib.metadata as m; m.version('inductor-xpu')" >/dev/null 2>&1; then
  $PY -m pip install -q --no-deps --no-build-isolation -e . >> "$WORK/install.txt" 2>&1 \
    || { echo "gpu_suite.sh: pip install -e . failed:"; tail -20 "$WORK/install.txt"; exit 1; }
fi
$PY -m inductor_xpu status > "$WORK/overlay_status.txt" 2>&1
cat "$WORK/machine.txt"; grep -m1 "^overlay" "$WORK/overlay_status.txt"

if [ $SEPARATE = 1 ]; then MODE_SETS=("--performance" "--accuracy"); else MODE_SETS=("--accuracy --performance"); fi

IFS=, read -r -a DTYPE_LIST <<< "$DTYPES"
n_left=${#DTYPE_LIST[@]}
for dtype in "${DTYPE_LIST[@]}"; do
  dir="$WORK/$dtype"
  mkdir -p "$dir"
  sets_left=${#MODE_SETS[@]}
  for modes in "${MODE_SETS[@]}"; do
    # An equal share of what is left, per dtype and (with --separate) per mode.
    share=$(( $(left) / n_left / sets_left ))
    sets_left=$(( sets_left - 1 ))
    if [ "$share" -lt 30 ]; then
      echo "gpu_suite.sh: $dtype $modes not run: ${share} s of the budget left" | tee -a "$dir/suite.out"
      continue
    fi
    tag=$(echo "$modes" | tr -d ' -' | sed 's/accuracyperformance/combined/')
    echo "== $dtype $modes: up to $share s"
    # shellcheck disable=SC2086
    $PY tools/bench/suite.py $modes --device "$DEVICE" --dtype "$dtype" --compare-overlay \
      --only "$MODELS" --timeout "$TIMEOUT" --time-budget "$share" --no-progress \
      --out "$dir" --log-dir "$dir/logs_$tag" --summary-md "$dir/summary_$tag.md" "${EXTRA[@]}" \
      2>&1 | tee -a "$dir/suite.out" | grep -E "rows:|summary:|Error|error:" 
  done
  n_left=$(( n_left - 1 ))
  # What comes back beside the tarball: the summary, the chart, one CSV.
  if ls "$dir"/summary_*.md >/dev/null 2>&1; then
    # The chart the summary shows is the one beside it in $OUT.
    cat "$dir"/summary_*.md | sed "s#(inductor_[^)]*_performance\.png)#(${dtype}_speedup.png)#" > "$OUT/${dtype}_summary.md"
  fi
  png=$(ls "$dir"/inductor_*_performance.png 2>/dev/null | head -1)
  if [ -n "$png" ]; then cp "$png" "$OUT/${dtype}_speedup.png"; fi
  $PY tools/bench/suite_lib/compare_table.py "$dir" > "$dir/compare.csv" 2>> "$dir/suite.out" \
    && cp "$dir/compare.csv" "$OUT/${dtype}_compare.csv"
done

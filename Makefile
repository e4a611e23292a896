# inductor-xpu: `make demo` and `make test` are all you need; each creates the
# virtual environment(s) it uses when missing: .venv with torch $(TORCH_VERSION)
# (the series' base, torch_patches/BASE) and, for `make test`, .venv-2.13 with
# the oldest supported release; each with triton and this package (with the
# extras EXTRAS and OLD_EXTRAS name).

PYTHON ?= python3
# The newest release (the series' base): the whole suite.
VENV ?= .venv
TORCH_VERSION ?= 2.15.0
TRITON_VERSION ?= 3.9.0
# The package's extras in each: the model suite's (bench: transformers,
# matplotlib, tqdm) only where its tests run, on the base release; leaving
# them out of the old venv saves its pip install about 30 CPU-s of a clean
# clone's `make test` (benchmarks/results/test_time.md).  `make venv-old
# OLD_EXTRAS=test,bench,quant` gives the suite on 2.13 too.
EXTRAS ?= test,bench,quant
OLD_EXTRAS ?= test,quant
# The oldest supported release: the series, the overlay, goldens and fusion.
OLD_VENV ?= .venv-2.13
OLD_TORCH_VERSION ?= 2.13.0
OLD_TRITON_VERSION ?= 3.7.1
OLD_TESTS ?= \
	test/inductor_xpu/overlay/test_overlay_cache.py \
	test/inductor_xpu/series/test_overlay_hunks.py \
	test/inductor_xpu/overlay/test_overlay_importer.py \
	test/inductor_xpu/series/test_overlay_series.py \
	test/inductor_xpu/series/test_patches_tool.py \
	test/inductor_xpu/series/test_apply_recovery.py \
	test/inductor_xpu/codegen/test_xpu_codegen.py \
	test/inductor_xpu/device/test_xpu_profiles_codegen.py \
	test/inductor_xpu/device/test_xpu_device.py \
	test/inductor_xpu/device/test_xpu_sdpa.py \
	test/inductor_xpu/codegen/test_xpu_quant_codegen.py \
	test/inductor_xpu/meta_kernels/test_onednn_quant_fake_kernels.py \
	test/inductor/test_choose_qparams_decomposition_device.py \
	test/inductor/test_conv_depthwise2d_template_xpu.py \
	test/inductor/test_conv_few_in_channels_template_xpu.py \
	test/inductor_xpu/cli/test_compile_command_errors.py \
	test/inductor_xpu/cli/test_compile_run.py \
	test/inductor_xpu/execution/test_xpu_execution.py \
	test/inductor_xpu/execution/test_xpu_plan_verdict.py \
	test/inductor_xpu/execution/test_xpu_int8_execution.py \
	test/inductor_xpu/execution/test_xpu_training_execution.py \
	test/inductor_xpu/codegen/test_xpu_autotune_codegen.py \
	test/inductor_xpu/codegen/test_xpu_distributed_codegen.py \
	test/distributed \
	test/inductor/test_mkldnn_binary_mul_fusion.py \
	test/inductor_xpu/meta_kernels/test_mkldnn_fusion_meta.py \
	test/inductor_xpu/fusion/test_mkldnn_fusion_numerics.py \
	test/inductor/test_mkldnn_fusion_xpu.py
PYTEST_ARGS ?=

VPY := $(VENV)/bin/python
OLD_VPY := $(OLD_VENV)/bin/python
# Python writes each module's bytecode (__pycache__, ignored by git) when it
# first imports it, whatever the caller's environment says: the tests start
# hundreds of Python processes, and with PYTHONDONTWRITEBYTECODE set (as in
# CI) each would compile every module it imports from source again (a stale
# .pyc is never used: Python checks the source's size and time stamp).
unexport PYTHONDONTWRITEBYTECODE

# pytest-xdist: `make test` runs test/inductor_xpu and OLD_TESTS on
# XDIST_WORKERS processes (0: in pytest's own process).
PYTEST_XDIST_VERSION ?= 3.8.0
XDIST_WORKERS ?= 2
# The stamp names the pinned versions: changing a pin reinstalls.
comma := ,
STAMP := $(VENV)/.inductor-xpu-torch-$(TORCH_VERSION)-xdist-$(PYTEST_XDIST_VERSION)-$(subst $(comma),-,$(EXTRAS))
OLD_STAMP := $(OLD_VENV)/.inductor-xpu-torch-$(OLD_TORCH_VERSION)-xdist-$(PYTEST_XDIST_VERSION)-$(subst $(comma),-,$(OLD_EXTRAS))
# PIP_CONSTRAINT=/dev/null: a pip configuration may cap torch below the pin
# through a constraint file; the pins here are the constraint.  torch and
# triton are named again with -e so that pip can never resolve them to other
# versions there.
PIP_INSTALL = PIP_CONSTRAINT=/dev/null $(1)/bin/python -m pip install -q --disable-pip-version-check
PYTEST = -m pytest -q -p no:cacheprovider

# $(call make-venv,DIR,TORCH,TRITON,STAMP,EXTRAS)
# pip installs without byte-compiling (--no-compile): the tests import about
# 3,600 of .venv's 11,900 modules and 2,900 of .venv-2.13's 7,200, and each
# is byte-compiled once, by the first process that imports it, because the
# recipes run with bytecode writing on (unexport, above).  pip's compile of
# every file cost about 12,600 compiles more (benchmarks/results/test_time.md).
define make-venv
test -x $(1)/bin/python || $(PYTHON) -m venv $(1)
$(call PIP_INSTALL,$(1)) --no-compile torch==$(2) triton==$(3) numpy
$(call PIP_INSTALL,$(1)) --no-compile --no-build-isolation -e '.[$(5)]' torch==$(2) triton==$(3) pytest-xdist==$(PYTEST_XDIST_VERSION)
$(1)/bin/python -c "import torch, sys; v = torch.__version__.split('+')[0]; sys.exit(v != '$(2)' and f'$(1): torch {v}, expected $(2)')"
rm -f $(1)/.inductor-xpu-torch-* && touch $(4)
endef

.PHONY: demo test test-main test-upstream test-xpu test-old test-isa-avx2 test-emulated check-series check-series-old lint timm-site bench-overlay venv venv-old clean

venv: $(STAMP)
venv-old: $(OLD_STAMP)

$(STAMP): setup.cfg setup.py pyproject.toml
	$(call make-venv,$(VENV),$(TORCH_VERSION),$(TRITON_VERSION),$(STAMP),$(EXTRAS))

$(OLD_STAMP): setup.cfg setup.py pyproject.toml
	$(call make-venv,$(OLD_VENV),$(OLD_TORCH_VERSION),$(OLD_TRITON_VERSION),$(OLD_STAMP),$(OLD_EXTRAS))

demo: $(STAMP)
	$(VPY) -m inductor_xpu status
	$(VPY) -m inductor_xpu compile --target max1550 --run

# The series must apply to each installed torch; then the tests run with the
# overlay in strict mode (a patch that does not apply is an error): the whole
# suite on the base release, OLD_TESTS on the oldest supported one.  The
# upstream tests the patches carry (test/inductor, test/distributed) and the project's own
# (test/inductor_xpu) run in separate processes, as upstream's CI runs its
# test files: upstream tests change process-wide Inductor state as upstream
# allows them to.
#
# `make test` runs the stages side by side, TEST_JOBS at a time, and the
# files of test/inductor_xpu and OLD_TESTS on XDIST_WORKERS pytest-xdist
# workers each (--dist loadfile: a file's tests, fixtures and caches stay in
# one process, in file order): the stages use separate virtual environments
# and temporary directories, and most of their time is CPU, which one pytest
# process cannot spread over the cores.  Each stage's output is printed in
# one piece when it ends (--output-sync), with its time; a failing stage
# fails `make test` once every running stage has ended.  `make test-main`
# (test-upstream, then test-xpu), `make test-old` and `make test-isa-avx2`
# run one stage each.
TEST_JOBS ?= 4
# The tests' environment: the overlay strict, and Inductor compiling in the
# process that asks (compile_threads=1): each process that compiles would
# otherwise start a pool of compile workers, each importing torch again
# (about 1 s of CPU of a `compile` subprocess's 9); the tests of the
# workers themselves start their own (SubprocPool, compile_threads=2).
#
# TORCHINDUCTOR_VEC_ISA_OK: Inductor's dry compile of each vector ISA is
# cached in the Inductor cache directory, which Inductor's TestCase makes
# fresh for each test class and the class's subprocesses inherit: each such
# process that compiles for the CPU built the ISAs' test programs again (about
# 12 CPU-s of g++ with AVX-512 and AMX).  VENV/.vec-isa-ok (tools/ci_vec_isa.py)
# is 1 where the probe, run once, accepts what the CPU's flags name, so that
# the flags answer alike; empty (the probe runs) elsewhere.
#
# OMP_NUM_THREADS=TEST_THREADS: the stages side by side keep more processes
# busy than there are cores.  A process's OpenMP threads (torch's intra-op
# pool, oneDNN's in it; numpy's OpenBLAS reads the same variable) spin while
# they wait for each other at a parallel region's end and for the next
# region, so a thread waiting for a sibling that another stage's process has
# taken the core from burns CPU for nothing.  With one thread a process, the
# tests of `make test` used 9% less CPU (benchmarks/results/test_time.md).
TEST_THREADS ?= 1
test_env = INDUCTOR_XPU_STRICT=1 TORCHINDUCTOR_COMPILE_THREADS=1 OMP_NUM_THREADS=$(TEST_THREADS) TORCHINDUCTOR_VEC_ISA_OK=$$(cat $(1)/.vec-isa-ok)
TEST_ENV = $(call test_env,$(VENV))
OLD_TEST_ENV = $(call test_env,$(OLD_VENV))
test:
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target test-upstream test-xpu test-old test-isa-avx2 test-emulated

XDIST = $(if $(filter-out 0 1,$(XDIST_WORKERS)),-n $(XDIST_WORKERS) --dist loadfile)
# $(call timed,STAGE,COMMAND): COMMAND, then the stage's time; COMMAND's exit status
timed = start=$$(date +%s); $(2); rc=$$?; echo "$(1): $$(($$(date +%s) - start)) s, exit status $$rc"; exit $$rc

test-main: test-upstream test-xpu

test-upstream: $(STAMP) $(VENV)/.vec-isa-ok check-series
	@$(call timed,test-upstream test/inductor,$(TEST_ENV) $(VPY) $(PYTEST) test/inductor $(PYTEST_ARGS))
	@$(call timed,test-upstream test/distributed,$(TEST_ENV) $(VPY) $(PYTEST) test/distributed $(PYTEST_ARGS))

test-xpu: $(STAMP) $(VENV)/.vec-isa-ok check-series native-env native-lib
	@$(call timed,test-xpu,$(TEST_ENV) $(VPY) $(PYTEST) $(XDIST) test/inductor_xpu $(PYTEST_ARGS))

test-old: $(OLD_STAMP) $(OLD_VENV)/.vec-isa-ok check-series-old
	@$(call timed,test-old,$(OLD_TEST_ENV) $(OLD_VPY) $(PYTEST) $(XDIST) $(OLD_TESTS) $(PYTEST_ARGS))

# Upstream's OpInfo database through Inductor on the EMULATED xpu device
# (inductor_xpu.emulation, docs/emulated_xpu.md): a fixed sample, every
# EMULATED_OPINFO_STRIDE-th OpInfo in fp32, first sample, with the series and
# with stock Inductor (INDUCTOR_XPU_DISABLE=1).  The whole sweep is a
# benchmark record (benchmarks/results/upstream_sweep.md).
EMULATED_OPINFO_STRIDE ?= 48
EMULATE = $(VPY) -m inductor_xpu emulate --devices 2 --
test-emulated: $(STAMP) $(VENV)/.vec-isa-ok native-lib
	@$(call timed,test-emulated series,OPINFO_STRIDE=$(EMULATED_OPINFO_STRIDE) $(TEST_ENV) $(EMULATE) python $(PYTEST) test/emulated $(PYTEST_ARGS))
	@$(call timed,test-emulated stock,OPINFO_STRIDE=$(EMULATED_OPINFO_STRIDE) INDUCTOR_XPU_DISABLE=1 $(TEST_ENV) $(EMULATE) python $(PYTEST) test/emulated $(PYTEST_ARGS))

# oneDNN's CPU kernels (CPU INT8, fp16/bf16 convolutions and linears) that
# the INT8, execution and oneDNN tests compare with behave differently without
# AVX-512/VNNI/AMX (CPU INT8's u8s8 dot products saturate at int16).  On a
# CPU that has more than AVX2, these files run again with oneDNN and ATen
# capped to AVX2 (ONEDNN_MAX_CPU_ISA, ATEN_CPU_CAPABILITY), so a VNNI machine
# keeps the AVX2 path honest; on an AVX2 CPU the main run already was that.
ISA_TESTS ?= \
	test/inductor_xpu/test_cpu_isa.py \
	test/inductor_xpu/execution/test_xpu_int8_execution.py \
	test/inductor_xpu/cli/test_compile_int8_verdict.py \
	test/inductor_xpu/bench/test_quant_bench.py::TestQuantModelsCpu \
	test/inductor_xpu/execution/test_xpu_execution.py \
	test/inductor_xpu/fusion/test_mkldnn_fusion_numerics.py
ISA_CAP = ONEDNN_MAX_CPU_ISA=AVX2 ATEN_CPU_CAPABILITY=avx2
test-isa-avx2: $(STAMP) $(VENV)/.vec-isa-ok
	@if $(ISA_CAP) $(VPY) -c "import sys; from inductor_xpu.cpu_isa import detect, CpuIsa; \
	isa = detect({}); sys.exit(isa.features == detect().features)"; then \
		echo "test-isa-avx2: $$($(VPY) -c 'from inductor_xpu.cpu_isa import detect; print(detect({}).describe())'): rerunning the oneDNN-dependent tests capped to AVX2"; \
		$(call timed,test-isa-avx2,$(ISA_CAP) $(TEST_ENV) $(VPY) $(PYTEST) $(ISA_TESTS) $(PYTEST_ARGS)); \
	else \
		echo "test-isa-avx2: this CPU's oneDNN ISA is AVX2 already ($$($(VPY) -c 'from inductor_xpu.cpu_isa import detect; print(detect().describe())')): the main run covered it"; \
	fi

$(VENV)/.vec-isa-ok: $(STAMP) tools/ci_vec_isa.py
	$(VPY) tools/ci_vec_isa.py > $@
$(OLD_VENV)/.vec-isa-ok: $(OLD_STAMP) tools/ci_vec_isa.py
	$(OLD_VPY) tools/ci_vec_isa.py > $@

check-series: $(STAMP)
	$(VPY) tools/patches.py check

check-series-old: $(OLD_STAMP)
	$(OLD_VPY) tools/patches.py check

lint: $(STAMP)
	$(call PIP_INSTALL,$(VENV)) flake8 mypy
	$(VPY) -m flake8 inductor_xpu tools
	$(VPY) -m mypy

# timm for the model suite on torch $(TORCH_VERSION): PyPI has no torchvision
# for it, and pip would replace torch to install 0.29.2 (made for 2.14.1),
# whose extension loads with 2.15.0.  So the wheels are unpacked into
# $(TIMM_SITE), outside the venv, with no resolver; the check refuses a
# torchvision whose operators do not load.  Use: PYTHONPATH=$(TIMM_SITE)
# $(VPY) tools/bench/suite.py --suite timm ... (docs/model_suite.md).
TIMM_SITE ?= .timm-site
TIMM_WHEELS ?= torchvision==0.29.2 timm==1.0.31
timm-site: $(STAMP)
	rm -rf $(TIMM_SITE) && mkdir -p $(TIMM_SITE)/.wheels
	PIP_CONSTRAINT=/dev/null $(VPY) -m pip download -q --disable-pip-version-check --no-deps -d $(TIMM_SITE)/.wheels $(TIMM_WHEELS)
	for w in $(TIMM_SITE)/.wheels/*.whl; do $(VPY) -m zipfile -e $$w $(TIMM_SITE) || exit 1; done
	PYTHONPATH=$(TIMM_SITE) INDUCTOR_XPU_DISABLE=1 $(VPY) -c "import sys, torchvision, timm; sys.exit(not torchvision.extension._has_ops() and f'torchvision {torchvision.__version__}: its operators do not load with this torch')"

bench-overlay: $(STAMP)
	$(VPY) tools/bench/overlay_overhead.py --runs 10 --out benchmarks/results/overlay.md

clean:
	rm -rf $(VENV) $(OLD_VENV) $(TIMM_SITE) .native .patches-work build *.egg-info

# Intel's own compilers for the native compile (inductor_xpu.native,
# docs/hardware_less_codegen.md "Native compile with Intel's compilers"):
# triton-xpu (Intel's Triton, which provides the module `triton`) unpacked
# into $(NATIVE_SITE), outside every venv, with no resolver; only the native
# compile's worker puts it on sys.path.  IGC's ocloc comes from the system
# (Debian's intel-opencl-icd), installed with apt-get where it is missing.
# The C++ type-check (inductor_xpu.native.cpp_check) needs SYCL's headers:
# intel-sycl-rt (INTEL_SYCL_RT_VERSION, the same pin as
# inductor_xpu/native/env.py) unpacked into $(SYCL_DIR), never into a venv;
# Level Zero's (libze-dev) and g++ come from apt-get where missing.
NATIVE_SITE ?= .native/site
TRITON_XPU_VERSION ?= 3.3.0b1
NATIVE_APT_PACKAGES ?= intel-opencl-icd libze-dev
NATIVE_STAMP := $(NATIVE_SITE)/.inductor-xpu-triton-xpu-$(TRITON_XPU_VERSION)
SYCL_DIR ?= .native/sycl
INTEL_SYCL_RT_VERSION ?= 2025.3.3
SYCL_STAMP := $(SYCL_DIR)/.inductor-xpu-intel-sycl-rt-$(INTEL_SYCL_RT_VERSION)
SUDO ?= $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# inductor_xpu's native library (the simulation's autograd shim and the
# emulated xpu device, inductor_xpu/device/native_lib.py), built once per
# torch build into the cache directory, before the stages that load it run
# side by side (each would otherwise build it, about 25 CPU-s each).
.PHONY: native-lib
native-lib: $(STAMP)
	$(VPY) -c "from inductor_xpu.device import native_lib; print('native-lib:', native_lib.build())"

.PHONY: native-env
native-env: $(NATIVE_STAMP) $(SYCL_STAMP)
	@command -v ocloc >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y $(NATIVE_APT_PACKAGES); }
	@command -v ocloc >/dev/null 2>&1 || { echo "native-env: ocloc is still missing after installing $(NATIVE_APT_PACKAGES)"; exit 1; }
	INDUCTOR_XPU_NATIVE_SITE=$(NATIVE_SITE) $(VPY) -c "from inductor_xpu.native.env import find_native_env; print('native-env:', find_native_env().describe())"
	@{ test -f /usr/include/level_zero/ze_api.h && command -v g++ >/dev/null 2>&1; } || { $(SUDO) apt-get update && $(SUDO) apt-get install -y libze-dev g++; }
	INDUCTOR_XPU_SYCL_ROOT=$(SYCL_DIR) $(VPY) -c "import sys; from inductor_xpu.native.cpp_check import missing_prerequisites; from inductor_xpu.native.env import find_sycl_headers; missing = missing_prerequisites(); sys.exit(f'native-env: {missing}') if missing else print('native-env: C++ type-check with intel-sycl-rt', find_sycl_headers().version)"

$(SYCL_STAMP): | $(STAMP)
	rm -rf $(SYCL_DIR) && mkdir -p $(SYCL_DIR)
	$(call PIP_INSTALL,$(VENV)) --no-deps --target $(SYCL_DIR) intel-sycl-rt==$(INTEL_SYCL_RT_VERSION)
	test -f $(SYCL_DIR)/include/sycl/sycl.hpp || { echo "native-env: intel-sycl-rt $(INTEL_SYCL_RT_VERSION) has no include/sycl/sycl.hpp"; exit 1; }
	touch $(SYCL_STAMP)

$(NATIVE_STAMP): | $(STAMP)
	rm -rf $(NATIVE_SITE) && mkdir -p $(NATIVE_SITE)
	$(call PIP_INSTALL,$(VENV)) --no-deps --target $(NATIVE_SITE) triton-xpu==$(TRITON_XPU_VERSION)
	test -f $(NATIVE_SITE)/triton/backends/intel/compiler.py || { echo "native-env: triton-xpu $(TRITON_XPU_VERSION) has no triton/backends/intel"; exit 1; }
	touch $(NATIVE_STAMP)

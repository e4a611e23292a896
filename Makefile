# inductor-xpu: `make demo` and `make test` are all you need; each creates
# .venv (torch 2.13.0 CPU build, triton, this package with its test and bench extras)
# when it is missing.

PYTHON ?= python3
VENV ?= .venv
VPY := $(VENV)/bin/python
TORCH_VERSION ?= 2.13.0
TRITON_VERSION ?= 3.7.1
STAMP := $(VENV)/.inductor-xpu-installed
PYTEST_ARGS ?=

.PHONY: demo test check-series lint bench-overlay venv clean

venv: $(STAMP)

$(STAMP): setup.cfg setup.py pyproject.toml
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --disable-pip-version-check torch==$(TORCH_VERSION) triton==$(TRITON_VERSION) numpy
	$(VPY) -m pip install -q --disable-pip-version-check --no-build-isolation -e '.[test,bench]'
	touch $@

demo: $(STAMP)
	$(VPY) -m inductor_xpu status
	$(VPY) -m inductor_xpu compile --target max1550

# The series must apply to the installed torch; then the whole suite runs with
# the overlay in strict mode (a patch that does not apply is an error).
test: $(STAMP) check-series
	INDUCTOR_XPU_STRICT=1 $(VPY) -m pytest test/inductor -q -p no:cacheprovider $(PYTEST_ARGS)

check-series: $(STAMP)
	$(VPY) tools/patches.py check

lint: $(STAMP)
	$(VPY) -m pip install -q flake8 mypy
	$(VPY) -m flake8 inductor_xpu tools
	$(VPY) -m mypy

bench-overlay: $(STAMP)
	$(VPY) tools/bench/overlay_overhead.py --runs 10 --out benchmarks/results/overlay.md

clean:
	rm -rf $(VENV) .patches-work build *.egg-info

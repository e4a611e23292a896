"""Public sources cited by several profiles (see the abbreviations in
``__init__.py``).  Not a profile: the registry skips ``_``-prefixed modules."""

_TRITON_INTEL = "intel/intel-xpu-backend-for-triton, third_party/intel/backend/"

# SYCL architecture enum values / Intel GPU IP versions.
ARCHDEF = _TRITON_INTEL + "proton/include/sycl/ext/oneapi/experimental/architectures.def"
# Architecture names the Intel Triton backend uses.
ARCHNAME = _TRITON_INTEL + "arch_parser.c"
# PCI device IDs of PVC and BMG SKUs.
PCIID = _TRITON_INTEL + "device_specs.py"
# Intel oneAPI GPU Optimization Guide, "Intel Xe GPU Architecture".
XEARCH = (
    "https://www.intel.com/content/www/us/en/docs/oneapi/"
    "optimization-guide-gpu/2025-0/intel-xe-gpu-architecture.html"
)
# 2D block IO in the Intel Triton backend (PVC, Xe2).
BLOCK_IO = "https://github.com/intel/intel-xpu-backend-for-triton/issues/4138"
# SYCL vendor string / PCI IDs in xpu-smi output.
XPU_SMI = "https://github.com/intel/compute-runtime/issues/869"

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

# --- NVIDIA (cuda profiles) ---
# NVIDIA Hopper Tuning Guide, "1.4.1.x": H100 shared memory per SM (up to
# 228 KB; 227 KB per thread block with opt-in, 48 KB without), 50 MB L2,
# 64K 32-bit registers per SM, 2048 threads / 64 warps per SM.
HOPPER_TUNING = "https://docs.nvidia.com/cuda/hopper-tuning-guide/index.html"
# CUDA C++ Programming Guide, "Compute Capabilities", technical
# specifications per compute capability (9.0: 1024 threads per block,
# warp size 32, 64K registers per SM, 228 KB shared memory per SM,
# 227 KB per block).
CUDA_CC_TABLE = (
    "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html"
    "#features-and-technical-specifications-technical-specifications-per-compute-capability"
)
# NVIDIA H100 Tensor Core GPU datasheet / product specifications (SXM5:
# 132 SMs, 80 GB HBM3, 3.35 TB/s, 5120-bit, 50 MB L2).
H100_DATASHEET = "https://www.nvidia.com/en-us/data-center/h100/"
# NVIDIA H200 Tensor Core GPU product specifications (141 GB HBM3e, 4.8 TB/s).
H200_DATASHEET = "https://www.nvidia.com/en-us/data-center/h200/"
# NVIDIA Hopper architecture in depth (H100 SXM5: 132 SMs, 50 MB L2,
# 5 HBM3 stacks, 10 512-bit memory controllers).
HOPPER_BLOG = "https://developer.nvidia.com/blog/nvidia-hopper-architecture-in-depth/"

"""Intel GPU device profiles, one module per device.

Each module defines ``PROFILE = DeviceProfile(...)`` with a comment citing
a public source next to every number.  The registry
(:mod:`inductor_xpu.device.registry`) imports every module here; adding a
device is adding a file.  Sources are abbreviated in the files as:

[TXO-xxxx]  intel/torch-xpu-ops issue #xxxx: CI logs printing
            torch.xpu.get_device_properties() of the CI machines
            (https://github.com/intel/torch-xpu-ops/issues/xxxx).
[ARCHDEF]   SYCL ``architecture`` enum values and Intel GPU IP versions:
            intel/intel-xpu-backend-for-triton,
            third_party/intel/backend/proton/include/sycl/ext/oneapi/experimental/architectures.def
[ARCHNAME]  the name the Intel Triton backend gives each architecture:
            intel/intel-xpu-backend-for-triton, third_party/intel/backend/arch_parser.c
[PCIID]     PCI device IDs of PVC/BMG SKUs: intel/intel-xpu-backend-for-triton,
            third_party/intel/backend/device_specs.py
[XEARCH]    Intel oneAPI GPU Optimization Guide, "Intel Xe GPU Architecture"
            (https://www.intel.com/content/www/us/en/docs/oneapi/optimization-guide-gpu/2025-0/intel-xe-gpu-architecture.html)
"""

"""Allowlist of the device-bias audit: CUDA-only *features*, each with a reason.

An entry explains sites that are CUDA (or NVIDIA/AMD) specific on purpose,
because the feature they belong to only exists for those devices.  Entries
are matched by file (glob, relative to ``torch/_inductor``), symbol
(``fnmatch`` pattern on :attr:`Site.symbol`) and enclosing function
(``fnmatch`` pattern on the ``__qualname__``), never by line number, so they
survive upstream edits and point out a feature that moved or disappeared
(an entry that matches nothing is reported as unused).

A rule's file is named as the audit names it: relative to ``torch/_inductor``
for Inductor's files, from the tree's root for the others
(``torch/distributed/fsdp/_fully_shard/_fsdp_state.py``).

Policy: only genuinely CUDA-only features go here.  Generic device queries
in shared code (``synchronize``, ``current_device``, ``get_device_properties``,
``is_available``, events/streams used for timing, matmul precision flags that
feed cache keys...) are *not* allowlisted, even when upstream guards them with
``torch.cuda.is_available()``: they are the unexplained sites the patch series
drives to zero.  Predicates that name an NVIDIA part (``using_b200``) but are
called from shared code without a device stay unexplained too.
"""

from __future__ import annotations

import dataclasses
from fnmatch import fnmatchcase

from .scanner import Site


__all__ = ["ALLOWLIST", "AllowlistEntry", "Rule", "match_allowlist"]


@dataclasses.dataclass(frozen=True)
class Rule:
    """Sites in ``file`` whose symbol and enclosing function match."""

    file: str
    symbol: str = "*"
    function: str = "*"

    def matches(self, site: Site) -> bool:
        return (
            fnmatchcase(site.file, self.file)
            and fnmatchcase(site.symbol, self.symbol)
            and fnmatchcase(site.function, self.function)
        )


@dataclasses.dataclass(frozen=True)
class AllowlistEntry:
    feature: str
    reason: str
    rules: tuple[Rule, ...]
    # The patch of the series that writes the sites this entry explains, when
    # stock torch has none (they only exist in the patched tree).
    introduced_by: str | None = None
    # The audit scopes (audit.SCOPES) whose files this entry is written for:
    # an entry that explains nothing in one of them is reported as unused
    # there.  Matching does not depend on it: an entry explains a site in
    # any scope.
    scopes: tuple[str, ...] = ("inductor",)

    def matches(self, site: Site) -> bool:
        return any(rule.matches(site) for rule in self.rules)


def match_allowlist(
    site: Site, allowlist: tuple[AllowlistEntry, ...]
) -> AllowlistEntry | None:
    """The first entry that explains ``site``, or None."""
    for entry in allowlist:
        if entry.matches(site):
            return entry
    return None


# Both spellings of the Triton template heuristics module (renamed in 2.14).
_TEMPLATE_HEURISTICS = ("template_heuristics/triton.py", "heuristics/template/triton.py")

ALLOWLIST: tuple[AllowlistEntry, ...] = (
    AllowlistEntry(
        feature="cuda-graph-trees",
        reason=(
            "CUDA graph trees (cudagraph_trees.py) are the CUDA implementation of "
            "Inductor's cudagraphs mode, built on torch.cuda.CUDAGraph and the CUDA "
            "caching allocator's private pools and checkpointing "
            "(torch._C._cuda_getCheckpointState / _cuda_setCheckpointPoolState / "
            "_cuda_checkPoolLiveAllocations).  torch.xpu has XPUGraph and private "
            "pools but no allocator checkpoint bindings, so there is no XPUGraph-based "
            "tree implementation yet."
        ),
        rules=(Rule("cudagraph_trees.py"),),
    ),
    AllowlistEntry(
        feature="cuda-graphs",
        reason=(
            "Inductor's cudagraphs mode outside the trees (cudagraphify_impl, the "
            "cudagraph_utils checks, cudagraph skip logging in output_code, "
            "benchmarking by CUDA graph capture) is CUDA-only by design: "
            "check_multiple_devices_or_any_cpu_nodes turns cudagraphs off for every "
            "graph whose single device is not CUDA.  Wiring torch.xpu.XPUGraph in is "
            "a feature port, not device-bias removal."
        ),
        rules=(
            Rule("cudagraph_utils.py"),
            Rule("compile_fx.py", "torch.cuda*", "cudagraphify_impl*"),
            Rule("output_code.py", "'cuda' in *device_types", "cudagraph_post_compile"),
            # autotune benchmarking by CUDA graph capture (autotune_cudagraph_benchmarking)
            Rule("autotune_process.py", "*'cuda'*", "BenchmarkRequest.__init__"),
            Rule("output_code.py", "'cuda' in *device_types", "CompiledFxGraph.*"),
            Rule(
                "runtime/benchmarking.py",
                "torch.cuda*",
                "Benchmarker.benchmark_gpu_with_cuda_graph",
            ),
            # 2.15: autotune_cudagraph_benchmarking times choices by CUDA graph
            # replay on CUDA only, and keys the timing caches on that policy.
            Rule("runtime/benchmarking.py", "*'cuda'*", "InductorBenchmarker.benchmark_gpu"),
            Rule("select_algorithm.py", "*'cuda'*", "create_benchmark_cache_key"),
        ),
    ),
    AllowlistEntry(
        feature="nccl-cost-model",
        reason=(
            "comm_analysis mirrors NCCL's own tuning model (ncclTopoTuneModel) for "
            "NVIDIA GPU generations over NVLink/PCIe/InfiniBand, detecting NVLink "
            "with nvidia-smi; there is no oneCCL/XCCL model for Intel GPUs to "
            "dispatch to."
        ),
        rules=tuple(
            Rule("comm_analysis.py", "torch.cuda*", fn)
            for fn in ("_has_nvlink", "get_gpu_type", "detect_interconnect", "_nccl_algo_time")
        ),
        scopes=("inductor", "distributed"),
    ),
    AllowlistEntry(
        feature="nvtx",
        reason=(
            "NVTX ranges are NVIDIA Nsight annotations; the Intel counterpart is ITT "
            "(torch.profiler.itt), a different API, not a device-module method."
        ),
        rules=(Rule("*", "torch.cuda.nvtx*"),),
    ),
    AllowlistEntry(
        feature="cublas-tf32-advisory",
        reason=(
            "The 'TensorFloat32 tensor cores available but not enabled' warning is "
            "about cuBLAS's TF32 flag (torch.backends.cuda.matmul) on NVIDIA Ampere+ "
            "(capability >= 8.0); XPU float32 matmul precision is a oneDNN setting "
            "with no such advisory."
        ),
        rules=(
            Rule("compile_fx.py", "*", "_warn_tf32_disabled"),
            Rule("compile_fx.py", "*", "is_tf32_warning_applicable"),
            # 2.15 reads the cuBLAS flag at the call site before asking
            # is_tf32_warning_applicable (which looks for CUDA float32 matmuls).
            Rule(
                "compile_fx.py",
                "torch.backends.cuda.matmul.fp32_precision",
                "_InProcessFxCompile.codegen_and_compile",
            ),
            Rule("fx_passes/fuse_attention.py", "*", "_warn_tf32_disabled"),
        ),
    ),
    AllowlistEntry(
        feature="cutedsl-nvidia-kernels",
        reason=(
            "Kernels written in NVIDIA's CuTe DSL or cutlass_api (vendored CuTe DSL "
            "GEMMs, the FlashAttention-4 flex backend, flex_gemm and its QuACK "
            "backend, the QuACK symmetric x @ x.T GEMM for sm100 of 2.15, the NV "
            "universal GEMM gate) compile only for NVIDIA GPUs; their device checks "
            "(and QuACK's float32 operand check, which follows cuBLAS's TF32 policy "
            "because QuACK computes float32 in TF32) belong to that backend."
        ),
        rules=(
            Rule("kernel/vendored_templates/cutedsl/*"),
            Rule("kernel/flex/flex_flash_attention.py", "torch.cuda*"),
            Rule("kernel/flex_gemm/*", "torch.cuda*"),
            Rule("kernel/flex_gemm/lowering.py", "*", "check_quack_fp32_operand"),
            Rule("kernel/flex_gemm/lowering.py", "*'cuda'*", "lower_quack_flex_gemm"),
            Rule("kernel/symmetric_mm.py", "torch.cuda*", "_quack_symmetric_mm"),
            Rule("fx_passes/post_grad.py", "*", "_is_quack_symmetric_mm"),
            Rule("heuristics/template/flex_gemm.py", "torch.cuda*"),
            Rule("runtime/cutedsl_cache.py", "torch.cuda*"),
            Rule("utils.py", "*'cuda'*", "use_nv_universal_gemm_template"),
        ),
    ),
    AllowlistEntry(
        feature="rocm",
        reason=(
            "ROCm (HIP) GPUs run as device type 'cuda' through torch.cuda; these "
            "functions are gated on torch.version.hip / IS_ROCM and serve AMD-only "
            "features (gfx arch lists, CK templates, MFMA kpack, MI350X config "
            "filtering, the ROCm config heuristic; in 2.15 also the gfx1250 TDM "
            "prerequisites, the canonical gfx arch, gfx950 hipBLASLt's 32x8 scale "
            "swizzle and the ROCm clang-cl compiler on Windows)."
        ),
        rules=(
            Rule("rocm_multiarch_utils.py", "torch.cuda*"),
            Rule("utils.py", "torch.cuda*", "get_default_kpack"),
            Rule("utils.py", "torch.cuda*", "_rocm_native_device_arch_name"),
            Rule("utils.py", "torch.cuda*", "using_rocm_rdna3"),  # 2.14
            Rule("utils.py", "*'cuda'*", "use_ck_template"),
            Rule("utils.py", "*", "_gfx1250_device_prereqs"),
            Rule("utils.py", "torch.cuda*", "rocm_gfx_arch"),
            Rule("utils.py", "torch.cuda*", "_prefers_swizzle_32_8"),
            Rule("cpp_builder.py", "*'cuda'*", "get_cpp_compiler"),
            *(
                Rule(f, "torch.cuda*", "ROCmConfigHeuristic.*")
                for f in _TEMPLATE_HEURISTICS
            ),
            *(
                Rule(f, "torch.cuda*", "*.should_skip_mi350x_config")
                for f in _TEMPLATE_HEURISTICS
            ),
        ),
    ),
    AllowlistEntry(
        feature="cuda-template-heuristic",
        reason=(
            "CUDAConfigHeuristic is the Triton template config heuristic registered "
            "for device type 'cuda' only (XPU has its own XPUConfigHeuristic); its "
            "compute-capability checks pick NVIDIA-tuned flex attention configs."
        ),
        rules=tuple(
            Rule(f, "torch.cuda*", "CUDAConfigHeuristic.*") for f in _TEMPLATE_HEURISTICS
        ),
    ),
    AllowlistEntry(
        feature="triton-nvidia-amd-driver-probe",
        reason=(
            "_is_backend_active answers for Triton's 'nvidia' and 'amd' backends only, "
            "as a workaround for Triton's ctypes driver detection failing in "
            "subprocesses (triton-lang/triton#9578)."
        ),
        rules=(Rule("runtime/triton_helpers.py", "torch.cuda*", "_is_backend_active"),),
    ),
    AllowlistEntry(
        feature="halide-cuda",
        reason=(
            "Inductor's Halide backend supports cpu and cuda only (it asserts so), "
            "through Halide's host-cuda target and CUDA runtime; Halide has no "
            "SYCL/Level Zero target for Intel GPUs."
        ),
        rules=(
            Rule("codegen/halide.py", "*", "HalideKernel.*"),
            Rule("codecache.py", "*", "HalideCodeCache.*"),
            # 2.15: a weak-dep fusion guard for Halide's ShiftInwards tails,
            # on cpu_backend/cuda_backend == "halide" (no xpu_backend exists).
            Rule("scheduler.py", "*'cuda'*", "Scheduler.fusable_weak_dep"),
        ),
    ),
    AllowlistEntry(
        feature="cuda-eager-aligned-rng",
        reason=(
            "config.align_random_eager copies CUDA eager's curand Philox offset "
            "accounting and reserves offsets through inductor_reserve_rng_state, a "
            "C++ op built only with USE_CUDA/USE_ROCM: there is no XPU counterpart to "
            "align with."
        ),
        rules=(
            Rule("inductor_prims.py", "*", "_reserve_rng_state"),
            Rule("fx_passes/replace_random.py", "*", "_shape_to_offset"),
            Rule("fx_passes/replace_random.py", "*'cuda'*", "replace_random"),
            Rule("lowering.py", "*'cuda'*", "inductor_random"),
        ),
    ),
    AllowlistEntry(
        feature="nvidia-triton-capability-floor",
        reason=(
            "GPUTooOldForTriton describes NVIDIA compute capability below 7.0; other "
            "GPUs (xpu included) take the TritonMissing branch."
        ),
        rules=(
            Rule("scheduler.py", "*", "Scheduler.create_backend"),
            Rule("exc.py", "torch.cuda._CudaDeviceProperties", "<module>"),
            Rule("exc.py", "*", "GPUTooOldForTriton.__init__"),
        ),
    ),
    AllowlistEntry(
        feature="cuda-toolchain",
        reason=(
            "cubin/hsaco kernel binary formats, nvcc/fatbinary bundles, CUDA/HIP link "
            "libraries and CMake's CUDA language; xpu has its own branch (spv, SYCL) "
            "in each of these functions."
        ),
        rules=(
            Rule("codecache.py", "*'cuda'*", "get_kernel_bin_format"),
            Rule("codecache.py", "*'cuda'*", "AotCodeCompiler.compile"),
            Rule("cpp_builder.py", "*'cuda'*", "get_cpp_torch_device_options"),
            Rule("cpp_builder.py", "*'cuda'*", "CppBuilder.save_compile_cmd_to_cmake"),
            # AOTI's emit_multi_arch_kernel: NVIDIA sm targets for the fatbin.
            Rule("runtime/triton_heuristics.py", "*'cuda'*", "CachingAutotuner.save_gpu_kernel"),
        ),
    ),
    AllowlistEntry(
        feature="nvidia-only-triton-features",
        reason=(
            "Hopper-and-later NVIDIA features with no Intel GPU counterpart in Triton: "
            "TMA descriptors, programmatic dependent launch (PDL), the sm90+ grouped "
            "GEMM template, NVIDIA-only compile options and the C++ fast launcher "
            "(xpu launches through the static SYCL launcher), and register-count "
            "driven RBLOCK scaling (Intel's Triton reports no register counts)."
        ),
        rules=(
            # Triton's get_max_tensorcore_tflops/get_max_simd_tflops are written for
            # NVIDIA (they ask torch.cuda themselves): kept to CUDA devices, the
            # device's own datasheet answers for the others (0006)
            Rule("utils.py", "device.type != 'cuda'", "_get_device_tflops"),
            Rule("codegen/triton.py", "*", "TMACompatibilityChecker.can_use_tma"),
            Rule("codegen/triton.py", "*", "TritonKernel._enable_pdl_codegen"),
            Rule("kernel/mm_grouped.py", "torch.cuda*", "can_use_triton_kernel"),
            Rule("runtime/triton_heuristics.py", "*'cuda'*", "CachingAutotuner._create_compile_options"),
            Rule("runtime/triton_heuristics.py", "*'cuda'*", "CachingAutotuner._build_fast_launcher"),
            Rule("runtime/triton_heuristics.py", "*'cuda'*", "CachingAutotuner._could_rblock_scale"),
            # 2.15 made it a module function.
            Rule("runtime/triton_heuristics.py", "*'cuda'*", "_could_dynamic_scale_rblock"),
        ),
    ),
    AllowlistEntry(
        feature="cuda-eager-libm-parity",
        reason=(
            "TritonOverrides.atan reproduces CUDA eager's atanf so compiled and eager "
            "CUDA results match bit for bit; it is a CUDA numerics contract, not a "
            "device query."
        ),
        rules=(Rule("codegen/triton.py", "*'cuda'*", "TritonOverrides.atan"),),
    ),
    AllowlistEntry(
        feature="rocm-device-type-rename",
        reason=(
            "DeviceProperties.create renames ROCm's 'cuda' device type to 'hip' so "
            "Triton gets the AMD backend."
        ),
        rules=(Rule("runtime/hints.py", "*'cuda'*", "DeviceProperties.create"),),
    ),
    AllowlistEntry(
        feature="gpu-list-includes-xpu",
        reason=(
            "A comparison against a literal device list that already names xpu next "
            "to cuda: no bias against xpu.  Rewriting it as is_gpu() would change "
            "MTIA/MPS behaviour, which is upstream's call, not this project's."
        ),
        rules=(Rule("*", "*'xpu'*", "*"),),
        scopes=("inductor", "distributed"),
    ),
    AllowlistEntry(
        feature="cuda-fused-sdpa-numerics",
        reason=(
            "fuse_attention's guards for CUDA's fused SDPA kernels (flash, "
            "memory-efficient, cuDNN): the BERT pattern 16 stays on the math path "
            "on CUDA because the efficient-attention kernel failed accuracy checks "
            "(pytorch#117957, #184417), its half/fp32-mask variant is disabled on "
            "CUDA, and float32 attention is only rewritten on CUDA when TF32 is "
            "allowed because those kernels compute float32 in TF32 (the permission "
            "itself is read through get_fp32_precision).  XPU's SDPA is oneDNN's, "
            "with its own numerics; it is rewritten as before."
        ),
        rules=(
            Rule("fx_passes/fuse_attention.py", "*'cuda'*", "_sfdp_replacement_16"),
            Rule("fx_passes/fuse_attention.py", "*'cuda'*", "_sfdp_params_check"),
            Rule("fx_passes/fuse_attention.py", "*'cuda'*", "_sfdp_extra_check.<locals>.fn"),
        ),
    ),
    AllowlistEntry(
        feature="per-device-dispatch-with-xpu-branch",
        reason=(
            "A dispatch on the device type in which XPU has a branch of its own, "
            "so nothing is decided for XPU by a CUDA answer: the config heuristic "
            "class per device (XPUConfigHeuristic), the static launcher class per "
            "device (StaticallyLaunchedXpuKernel, the SYCL launcher), and the "
            "persistent-reduction configs whose non-CUDA branch is Intel's own "
            "tuning (TODO(Intel), pytorch#168335; CUDA's num_warps=1 trick disables "
            "shared memory, which Intel's Triton decides by its cost model)."
        ),
        rules=(
            Rule("choices.py", "*'cuda'*", "InductorChoices.get_config_heuristics"),
            # CUDA's TF32 rule (size thresholds reverse-engineered from H100
            # cuBLAS); XPU's branch reads oneDNN's flag through the device (0012)
            *(
                Rule(f, symbol, "MMTemplateConfigMixin.get_extra_kwargs")
                for f in _TEMPLATE_HEURISTICS
                for symbol in ("device_type == 'cuda'", "torch.backends.cuda*")
            ),
            # the NVIDIA register-spill model, called only by CUDAConfigHeuristic
            # and ROCmConfigHeuristic (0014); XPU's class keeps every config
            *(Rule(f, "torch.cuda*", "_prune_cuda_reg_spill_configs") for f in _TEMPLATE_HEURISTICS),
            Rule(
                "runtime/static_triton_launcher.py",
                "*'cuda'*",
                "statically_launched_kernel_by_device",
            ),
            # The CUDA class of that dispatch (cubin/hsaco) asks torch.cuda; its
            # XPU sibling StaticallyLaunchedXpuKernel asks torch.xpu.
            Rule(
                "runtime/static_triton_launcher.py",
                "torch.cuda*",
                "StaticallyLaunchedCudaKernel.*",
            ),
            Rule(
                "runtime/triton_heuristics.py",
                "*'cuda'*",
                "_persistent_reduction_configs",
            ),
        ),
    ),
    AllowlistEntry(
        feature="pallas-mosaic-gpu",
        reason=(
            "Pallas's GPU path is JAX's Mosaic GPU backend (TMA pipelines), which "
            "targets NVIDIA GPUs only; JAX has no Intel GPU backend, so there is no "
            "XPU Pallas path to select."
        ),
        rules=(Rule("codegen/pallas.py", "*'cuda'*", "PallasKernel.__init__"),),
    ),
    AllowlistEntry(
        feature="nvidia-pre-sm89-fp8-storage",
        reason=(
            "Workaround for Triton's NVIDIA backend, which rejects fp8e4nv pointers "
            "below compute capability 8.9: float8_e4m3fn inputs are passed as uint8 "
            "storage on older NVIDIA GPUs.  The test is NVIDIA's compute capability; "
            "Intel's Triton has no such restriction."
        ),
        rules=(
            Rule(
                "codegen/triton_utils.py",
                "*'cuda'*",
                "use_uint8_triton_storage_for_cuda_float8_e4m3fn",
            ),
        ),
    ),
    AllowlistEntry(
        feature="nvidia-sm100-e8m0-ptx",
        reason=(
            "The e8m0 (MX scale) patterns replace the float32 -> e8m0 conversion with "
            "inductor_prims.cvt_e8m0_rceil, which lowers to the PTX instruction "
            "cvt.rp.satfinite.ue8m0x2.f32 of NVIDIA SM100+ only.  The device-type "
            "check gates that choice (and keeps is_nvidia_sm100_or_later, which asks "
            "torch.cuda on torch versions without a device argument, off other "
            "devices); every other GPU, xpu included, gets the device-neutral "
            "bit-manipulation replacement (patch 0049)."
        ),
        rules=(
            Rule("fx_passes/misc_patterns.py", "device_type == 'cuda'", "_misc_patterns_init"),
        ),
        introduced_by="0044-misc-patterns-device-generic-e8m0",
    ),
    AllowlistEntry(
        feature="cuda-nvls-multicast-all-gather",
        reason=(
            "The copy-engine multicast low-contention all-gather needs NVLink SHARP "
            "multicast on CUDA symmetric memory (_SymmetricMemory.has_multicast_support "
            "is asked for DeviceType.CUDA); XPU symmetric memory has no multicast, so "
            "the pass keeps the plain low-contention all-gather there."
        ),
        rules=(
            Rule(
                "fx_passes/low_contention_collectives.py",
                "*",
                "_select_low_contention_all_gather_target",
            ),
        ),
        scopes=("inductor", "distributed"),
    ),
    AllowlistEntry(
        feature="nvidia-scaled-mm-kernels",
        reason=(
            "NVIDIA-only scaled-mm kernels: folding an output scale into _scaled_mm is "
            "restricted to the vendored Blackwell NVFP4 (NVGEMM) provider; the "
            "blockwise 1x128/128x128 scale layouts follow cuBLAS (XPU's oneDNN takes "
            "the row-major scales of the other arm); the sm90+ grouped GEMM Triton "
            "template (TMA) is NVIDIA/ROCm only, and _rocm_gcn_arch reads a ROCm "
            "gcnArchName."
        ),
        rules=(
            Rule("fx_passes/post_grad.py", "*'cuda'*", "_can_fold_scaled_mm_output_scale"),
            Rule("kernel/mm.py", "*'cuda'*", "scaled_mm_v2_constraint"),
            Rule("kernel/mm_grouped.py", "torch.cuda*", "has_grouped_mm_triton_support"),
            Rule("kernel/mm_grouped.py", "torch.cuda*", "_rocm_gcn_arch"),
        ),
    ),
    AllowlistEntry(
        feature="rocm-flex-tdm-descriptors",
        reason=(
            "Flex attention/decoding route ROCm (torch.version.hip, device type "
            "'cuda') to AMD Tensor Data Mover descriptors; the check is for a ROCm "
            "host, and other devices keep the generic descriptor selection."
        ),
        rules=(
            Rule("kernel/flex/flex_attention.py", "*'cuda'*", "flex_attention"),
            Rule("kernel/flex/flex_decoding.py", "*'cuda'*", "create_flex_decoding_kernel"),
        ),
    ),
    AllowlistEntry(
        feature="halide-backend-devices",
        reason=(
            "The Halide backend exists for cpu and cuda only (config.xpu_backend is "
            "Literal['triton']); nextafter asks whether Halide is in use, which "
            "cannot be on xpu."
        ),
        rules=(Rule("lowering.py", "*'cuda'*", "nextafter"),),
    ),
    AllowlistEntry(
        feature="cuda-host-tma-alignment",
        reason=(
            "Host-side TMA descriptors are CUDA CUtensorMaps (see "
            "TMACompatibilityChecker.can_use_tma); their 16-byte offset alignment "
            "rule does not apply where host TMA is not used."
        ),
        rules=(Rule("codegen/triton.py", "*'cuda'*", "TritonKernel._check_buffer_alignment"),),
    ),
    AllowlistEntry(
        feature="cuda-qualified-triton-reduction-codegen",
        reason=(
            "New 2.15 reduction code shapes (scalar accumulators, the two-pass "
            "first-index argmin/argmax helper, lane-shape reduction of invariant "
            "indexing) that upstream has qualified on NVIDIA only (two also exclude "
            "ROCm; the Triton CPU backend returns different argmin indices).  They "
            "are Triton-generic code and candidates for XPU once validated on Intel "
            "GPUs; enabling them unvalidated would change generated code, so they "
            "stay gated until then."
        ),
        rules=(
            Rule("codegen/triton.py", "*'cuda'*", "TritonKernel._reduction_invariant_indexing_shape"),
            Rule("codegen/triton.py", "*'cuda'*", "TritonKernel.use_scalar_accumulators"),
            Rule("codegen/triton.py", "*'cuda'*", "TritonKernel.reduction.<locals>.argreduce_helper"),
        ),
    ),
    AllowlistEntry(
        feature="flydsl-rocm-kernels",
        reason=(
            "FlyDSL (2.15) is AMD's MLIR Python DSL for ROCm kernels: its scheduling, "
            "runtime cache and the vendored gfx950 MXFP8 grouped GEMM read the "
            "device's gcnArchName and CU count through torch.cuda (ROCm runs as "
            "device type 'cuda'), and its runtime probe checks a CUDA/HIP build.  "
            "The kernels compile only for AMD gfx targets; there is no Intel GPU "
            "FlyDSL target."
        ),
        rules=(
            Rule("codegen/flydsl/*"),
            Rule("runtime/flydsl_cache.py"),
            Rule("kernel/vendored_templates/flydsl/*"),
        ),
    ),
    AllowlistEntry(
        feature="tunableop",
        reason=(
            "TunableOp (torch.cuda.tunable) tunes cuBLAS/hipBLASLt GEMMs and exists "
            "only in CUDA/ROCm builds; ExternKernelCaller.benchmark enters its "
            "dynamic_dims_mask only for CUDA outputs (out.is_cuda).  oneDNN on XPU "
            "has no TunableOp."
        ),
        rules=(
            Rule("select_algorithm.py", "torch.cuda.tunable*", "ExternKernelCaller.benchmark"),
        ),
    ),
    AllowlistEntry(
        feature="triton-bf16-atomic-add-capability",
        reason=(
            "The bf16 index_add decomposition relies on Triton's bf16 atomic_add, "
            "which upstream declares for ROCm and NVIDIA sm90+ only; for XPU "
            "needs_fallback_due_to_atomic_add_limitations answers 'needs fallback' "
            "for bf16, and this decomposition agrees by returning NotImplemented "
            "for every non-CUDA device.  Enabling it on XPU is a hardware/Triton "
            "capability decision for Intel, not a device query to re-route."
        ),
        rules=(Rule("decomposition.py", "*", "index_add"),),
    ),
    AllowlistEntry(
        feature="nvidia-sm7x-predicate-unused",
        reason=(
            "kernel/mm.py's _is_sm7x_or_older_gpu reads an NVIDIA compute "
            "capability (major <= 7, Volta/Turing) and has no caller in torch 2.15; "
            "it decides nothing for any device."
        ),
        rules=(Rule("kernel/mm.py", "torch.cuda*", "_is_sm7x_or_older_gpu"),),
    ),
    AllowlistEntry(
        feature="cublas-bf16x9-emulation",
        reason=(
            "fp32_precision 'bfx9' is cuBLAS's BF16x9 float32 emulation "
            "(CUBLAS_COMPUTE_32F_EMULATED_16BFX9), a torch.backends.cuda.matmul "
            "setting only; is_bf16x9_matmul answers for the matmul's device type and "
            "reads the flag only for CUDA.  oneDNN's float32 precision on XPU has no "
            "bfx9 mode, so there is nothing for XPU to read."
        ),
        rules=(Rule("utils.py", "*", "is_bf16x9_matmul"),),
    ),
    AllowlistEntry(
        feature="nvidia-triton-conv-backward-miscompile",
        reason=(
            "The Triton conv2d backward-input and backward-weight templates are kept "
            "off on NVIDIA CUDA only (device_type == 'cuda' and not ROCm) because "
            "ptxas miscompiles them on sm90/sm100 (pytorch#187081): a workaround for "
            "an NVIDIA toolchain bug.  Every other GPU, XPU included, keeps them."
        ),
        rules=(
            Rule("kernel/conv.py", "device_type == 'cuda'", "convolution"),
            Rule("kernel/conv.py", "device_type == 'cuda'", "convolution_backward_lowering"),
        ),
    ),
    AllowlistEntry(
        feature="cuda-rocm-warp-size-required",
        reason=(
            "DeviceProperties.warp_size_or_default refuses a missing warp size for "
            "CUDA and ROCm, whose runtimes always report it and whose wavefront can "
            "be 64 (a default of 32 would be wrong there); other devices default to "
            "32.  XPU's interface reports its sub-group size since 0002, so nothing "
            "is decided for XPU by this check."
        ),
        rules=(Rule("runtime/hints.py", "*'cuda'*", "DeviceProperties.warp_size_or_default"),),
    ),
    AllowlistEntry(
        feature="gpu-type-tie-break",
        reason=(
            "get_gpu_type answers the current accelerator when it is a GPU type "
            "(0003), which is every in-tree build; only where several GPU types are "
            "available and torch.accelerator names none of them (out-of-tree "
            "interfaces) does it fall back to a fixed preference, CUDA first, then "
            "by name: a stable tie-break that queries no runtime."
        ),
        rules=(Rule("utils.py", "*'cuda'*", "get_gpu_type"),),
    ),
)

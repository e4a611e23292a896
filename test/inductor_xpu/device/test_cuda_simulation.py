# Owner(s): ["module: inductor"]
"""NVIDIA profiles (``h100``, ``h200``) and ``simulate()`` of a CUDA device.

``simulate("h100")`` generates the CUDA Triton code Inductor would generate
for an H100 SXM5 on a machine without a GPU, through the machinery of the
xpu simulation: fake ``cuda`` tensors, the ``cuda`` device interface
answering from the profile, Triton's ``GPUTarget("cuda", 90, 32)``.  It
needs a CUDA build of torch (FakeTensorMode uses its device guard), not a
GPU.  ``torch.cuda.is_available()`` is never made true: a real CUDA call
inside the simulation fails as it fails outside.

The checks that a real CUDA call fails are made where no GPU is visible;
test_simulation_gpu.py covers a machine with one.
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys

import torch
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.device import get_profile, list_profiles, simulate, SimulationError
from inductor_xpu.device.meta.sdpa import SDPBackend
from inductor_xpu.device.profile import (
    CUDA_DEVICE_PROPERTY_FIELDS,
    CUDA_DEVICE_PROPERTY_FIELDS_NOT_PROFILED,
    XPU_DEVICE_PROPERTY_FIELDS,
)


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from inductor_xpu.programs.codegen import compile_program, PROGRAMS_BY_NAME  # noqa: E402


CUDA_BUILD = torch.cuda._is_compiled()
NEEDS_CUDA_BUILD = "simulating a cuda device needs a CUDA build of torch"

_KERNEL_RE = re.compile(r"async_compile\.triton\('(\w+)', '''(.*?)''', device_str='(\w+)'\)", re.DOTALL)
_DEVICE_PROPERTIES_RE = re.compile(r"DeviceProperties\((type='\w+'.*?)\)")

# What torch.cuda.get_device_properties() would give Inductor on the device,
# as DeviceProperties.create records it in every kernel's triton_meta.
H100_KERNEL_DEVICE = (
    "type='cuda', index=0, multi_processor_count=132, cc=90, major=9, "
    "regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, "
    "max_threads_per_block=1024, warp_size=32"
)


def full_sum(x: torch.Tensor) -> torch.Tensor:
    return x.sum()


def scaled_add(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return x * 2 + y


def compile_source(profile, fn, *shapes, inductor_config=None) -> str:
    with simulate(profile, inductor_config=inductor_config) as sim:
        return sim.compile(fn, *(sim.tensor(*s) for s in shapes), dynamic=False).source


def kernel_numels(source: str) -> list[tuple[str, int, int]]:
    """``(kernel, xnumel, r0_numel)`` of each reduction kernel."""
    out = []
    for name, body, _ in _KERNEL_RE.findall(source):
        x = re.search(r"^    xnumel = (\d+)$", body, re.M)
        r = re.search(r"^    r0_numel = (\d+)$", body, re.M)
        if x and r:
            out.append((name, int(x.group(1)), int(r.group(1))))
    return out


def with_sms(profile_key: str, sms: int, major: int | None = None):
    """The profile with another SM count (and compute capability major)."""
    p = get_profile(profile_key)
    return dataclasses.replace(
        p,
        key=f"{p.key}-{sms}sm",
        aliases=(f"{p.key}-{sms}-sm",),
        multi_processor_count=sms,
        major=p.major if major is None else major,
    )


class TestNvidiaProfiles(TestCase):
    def test_profiles_hold_the_cuda_property_set(self):
        cuda = [p for p in list_profiles() if p.device_type == "cuda"]
        self.assertEqual({p.key for p in cuda}, {"h100", "h200"})
        for profile in cuda:
            with self.subTest(profile=profile.key):
                props = profile.device_properties()
                self.assertEqual(list(vars(props)), list(CUDA_DEVICE_PROPERTY_FIELDS))
                for name in CUDA_DEVICE_PROPERTY_FIELDS:
                    self.assertNotIn(getattr(props, name), (None, ""), name)
                # No xpu property is set on a cuda profile.
                for name in set(XPU_DEVICE_PROPERTY_FIELDS) - set(CUDA_DEVICE_PROPERTY_FIELDS):
                    self.assertIsNone(getattr(profile, name), name)
                self.assertIsNone(profile.triton_arch)
                self.assertEqual(profile.capability(), (9, 0))
                self.assertEqual(profile.compute_capability(), 90)
                target = profile.triton_target()
                self.assertEqual((target.backend, target.arch, target.warp_size), ("cuda", 90, 32))
                self.assertEqual(profile.compute_units, 132)

    def test_h100_sxm5_numbers(self):
        p = get_profile("H100-SXM5")
        self.assertEqual(p.key, "h100")
        self.assertEqual(
            (p.name, p.multi_processor_count, p.warp_size, p.max_threads_per_block),
            ("NVIDIA H100 80GB HBM3", 132, 32, 1024),
        )
        self.assertEqual(p.L2_cache_size, 50 * 2**20)
        self.assertEqual(p.shared_memory_per_multiprocessor, 228 * 1024)
        self.assertEqual(p.shared_memory_per_block_optin, 227 * 1024)
        self.assertEqual(p.regs_per_multiprocessor, 65536)
        self.assertEqual(p.memory_bus_width, 5120)
        # 80 GB of HBM3, less what the driver reserves (torch reports totalGlobalMem).
        self.assertEqual(round(p.total_memory / 1e9), 85)
        h200 = get_profile("h200")
        self.assertEqual((h200.name, h200.memory_bus_width), ("NVIDIA H200", 6144))
        self.assertGreater(h200.total_memory, 140 * 2**30)

    def test_fields_match_installed_torch(self):
        # Every field torch's _CudaDeviceProperties declares is profiled or
        # deliberately not (per-device identifiers, ROCm's gcnArchName).
        pyi = os.path.join(os.path.dirname(torch.__file__), "_C", "__init__.pyi")
        with open(pyi) as f:
            text = f.read()
        block = text.split("class _CudaDeviceProperties:", 1)[1].split("\nclass ", 1)[0]
        declared = re.findall(r"^    (\w+): ", block, re.M)
        self.assertEqual(
            set(declared) - set(CUDA_DEVICE_PROPERTY_FIELDS_NOT_PROFILED),
            set(CUDA_DEVICE_PROPERTY_FIELDS) & set(declared),
        )
        self.assertLessEqual(
            set(declared) - set(CUDA_DEVICE_PROPERTY_FIELDS), set(CUDA_DEVICE_PROPERTY_FIELDS_NOT_PROFILED)
        )

    def test_inconsistent_cuda_profile_rejected(self):
        h100 = get_profile("h100")
        with self.assertRaisesRegex(ValueError, "gpu_subslice_count is not a cuda property"):
            dataclasses.replace(h100, gpu_subslice_count=64)
        with self.assertRaisesRegex(ValueError, "shared_memory_per_block_optin"):
            dataclasses.replace(h100, shared_memory_per_block_optin=300 * 1024)
        with self.assertRaisesRegex(ValueError, "regs_per_multiprocessor is empty"):
            dataclasses.replace(h100, regs_per_multiprocessor=None)
        with self.assertRaisesRegex(ValueError, "device_type 'npu'"):
            dataclasses.replace(h100, device_type="npu")
        with self.assertRaisesRegex(ValueError, "multi_processor_count is not a xpu property"):
            dataclasses.replace(get_profile("max1550"), multi_processor_count=64)


class TestCudaSimulation(TestCase):
    def setUp(self):
        super().setUp()
        if not CUDA_BUILD:
            self.skipTest(NEEDS_CUDA_BUILD)

    def test_golden_programs_generate_sm90_cuda_code(self):
        programs = ("pointwise_chain", "softmax", "sum_split", "layer_norm", "linear_gelu", "conv2d_relu", "bf16_mm_softmax")
        for name in programs:
            with self.subTest(program=name):
                code, _ = compile_program(PROGRAMS_BY_NAME[name], target="h100")
                source = "\n".join(c.source for c in code)
                kernels = _KERNEL_RE.findall(source)
                self.assertTrue(kernels)
                self.assertEqual({dev for _, _, dev in kernels}, {"cuda"})
                # Each kernel is compiled for the profile's device ...
                self.assertEqual(set(_DEVICE_PROPERTIES_RE.findall(source)), {H100_KERNEL_DEVICE})
                # ... launched on the CUDA stream under a CUDA device guard.
                self.assertIn("from torch._C import _cuda_getCurrentRawStream as get_raw_stream", source)
                self.assertIn("with torch.cuda._DeviceGuard(0):", source)
                # No xpu but the stock wrapper header's allocator alias.
                self.assertEqual(
                    [line for line in source.splitlines() if "xpu" in line],
                    ["empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu"],
                )
                # What the program must produce (the golden test's features).
                for feature in PROGRAMS_BY_NAME[name].features:
                    self.assertRegex(source, feature)

    def test_split_reduction_follows_the_sm_count(self):
        # sum of 2**22 elements: the partial-sum count grows with the SMs
        # (InductorChoices.reduction_split_factor sizes it against
        # multi_processor_count * 2048 threads).
        splits = {}
        for profile in (get_profile("h100"), with_sms("h100", 16)):
            numels = kernel_numels(compile_source(profile, full_sum, (1 << 22,)))
            self.assertEqual(len(numels), 2, numels)
            (_, x0, r0), (_, x1, r1) = numels
            self.assertEqual((x0 * r0 >= 1 << 22, x1, r1), (True, 1, x0))
            splits[profile.multi_processor_count] = x0
        self.assertGreater(splits[132], splits[16])

    def test_tma_follows_the_compute_capability(self):
        # With tensor descriptors enabled, Inductor emits TMA loads/stores
        # for a cuda device of compute capability >= 9.0 only: the
        # capability comes from the profile (its probes ask torch.cuda, so
        # the simulation answers them), never from this machine.
        config = {"triton.use_tensor_descriptor": True, "assume_aligned_inputs": True}
        sm90 = compile_source("h100", scaled_add, (1024, 1024), (1024, 1024), inductor_config=config)
        sm80 = compile_source(
            with_sms("h100", 108, major=8), scaled_add, (1024, 1024), (1024, 1024), inductor_config=config
        )
        self.assertIn("tl.make_tensor_descriptor", sm90)
        self.assertNotIn("tl.make_tensor_descriptor", sm80)
        self.assertIn("cc=80", sm80)
        # Without the option neither uses TMA.
        self.assertNotIn("tl.make_tensor_descriptor", compile_source("h100", scaled_add, (1024, 1024), (1024, 1024)))

    def test_h200_is_h100_compute(self):
        source = compile_source("h200", full_sum, (1 << 22,))
        self.assertEqual(kernel_numels(source), kernel_numels(compile_source("h100", full_sum, (1 << 22,))))

    def test_cuda_is_not_made_available(self):
        if torch.cuda.is_available():
            self.skipTest("a GPU is visible: test_simulation_gpu.py")
        from torch._dynamo.device_interface import get_interface_for_device

        def real_call_error(fn):
            try:
                fn()
            except Exception as e:
                return type(e), str(e).splitlines()[0]
            return None

        calls = {
            "synchronize": lambda: torch.cuda.synchronize(),
            "get_device_properties": lambda: torch.cuda.get_device_properties(0),
            "empty": lambda: torch.empty(4, device="cuda"),
            "mem_get_info": lambda: torch.cuda.mem_get_info(),
        }
        before = {name: real_call_error(fn) for name, fn in calls.items()}
        self.assertNotIn(None, before.values())
        with simulate("h100") as sim:
            self.assertFalse(torch.cuda.is_available())
            self.assertEqual(torch.cuda.device_count(), 0)
            self.assertTrue(get_interface_for_device("cuda").is_available())  # the compiler's view
            sim.compile(full_sum, sim.tensor(1024))
            inside = {name: real_call_error(fn) for name, fn in calls.items()}
            queries = {(q.api, q.outcome) for q in sim.device_queries}
        self.assertEqual(inside, before)
        self.assertFalse(torch.cuda.is_available())
        self.assertEqual({name: real_call_error(fn) for name, fn in calls.items()}, before)
        # The machine's answers were recorded, as for torch.xpu in an xpu simulation.
        self.assertIn(("torch.cuda.is_available", "returned False"), queries)
        self.assertIn(("torch.cuda.synchronize", f"raised {before['synchronize'][0].__name__}"), queries)

    def test_nothing_leaks(self):
        import torch._inductor.fx_passes.joint_graph as joint_graph
        import torch._inductor.utils as inductor_utils
        import torch.utils._triton as triton_utils
        from torch._dynamo import device_interface as di

        di.get_registered_device_interfaces()
        before = (
            di.get_interface_for_device("cuda"),
            inductor_utils.get_gpu_type,
            joint_graph.get_gpu_type,
            triton_utils.has_triton_stable_tma_api,
            triton_utils.triton_hash_with_backend,
            torch.cuda.is_available,
            torch.cuda.get_device_capability,
        )
        tma_before = triton_utils.has_triton_stable_tma_api()
        with simulate("h100") as sim:
            sim.compile(full_sum, sim.tensor(1024))
            self.assertIsNot(di.get_interface_for_device("cuda"), before[0])
            self.assertEqual(inductor_utils.get_gpu_type(), "cuda")
        after = (
            di.get_interface_for_device("cuda"),
            inductor_utils.get_gpu_type,
            joint_graph.get_gpu_type,
            triton_utils.has_triton_stable_tma_api,
            triton_utils.triton_hash_with_backend,
            torch.cuda.is_available,
            torch.cuda.get_device_capability,
        )
        self.assertEqual(after, before)
        self.assertEqual(triton_utils.has_triton_stable_tma_api(), tma_before)

    def test_backend_hash_is_the_cuda_backends(self):
        # The hash Inductor puts in inductor_meta is the one the installed
        # Triton CUDA backend gives an sm_90 target (no GPU needed for it).
        from torch._inductor.runtime.triton_compat import triton_key
        from triton.compiler.compiler import make_backend
        import hashlib

        expected = hashlib.sha256(
            f"{triton_key()}-{make_backend(get_profile('h100').triton_target()).hash()}".encode()
        ).hexdigest().upper()
        source = compile_source("h100", full_sum, (1024,))
        self.assertEqual(set(re.findall(r"'backend_hash': '([0-9A-F]{64})'", source)), {expected})


def _sdpa(q, k, v):
    return torch.nn.functional.scaled_dot_product_attention(q, k, v)


def _sdpa_mask(q, k, v, mask):
    return torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)


def _extern_calls(source: str) -> list[str]:
    return re.findall(r"(extern_kernels\.\w+|torch\.ops\.aten\._scaled_dot_product_\w+)\.?\w*\(", source)


class TestCudaSimulationAsksTheProfile(TestCase):
    """What ATen asks the current CUDA device is answered by the profile
    (a real H100 and the simulation produce the same code: see
    benchmarks/results/simulator_fidelity_h100.md)."""

    def setUp(self):
        super().setUp()
        if not CUDA_BUILD:
            self.skipTest(NEEDS_CUDA_BUILD)

    def _conv_out_stride(self, sim, dtype):
        with sim.fake_mode:
            x = torch.empty(8, 16, 32, 32, dtype=dtype, device="cuda").to(memory_format=torch.channels_last)
            w = torch.empty(16, 16, 3, 3, dtype=dtype, device="cuda").to(memory_format=torch.channels_last)
            return torch.nn.functional.conv2d(x, w, padding=1).stride()

    def test_bf16_conv_is_channels_last_on_sm90(self):
        # ConvParams::use_cudnn takes bf16 only when the device's major >= 8:
        # the profile answers, so bf16 convs keep channels-last as fp16 ones.
        channels_last = (16384, 1, 512, 16)
        with simulate("h100") as sim:
            self.assertEqual(self._conv_out_stride(sim, torch.float16), channels_last)
            self.assertEqual(self._conv_out_stride(sim, torch.bfloat16), channels_last)
            conv = torch.nn.Conv2d(16, 16, 3, padding=1).eval().to(torch.bfloat16)
            model = sim.to_fake(conv)
            x = sim.tensor(8, 16, 32, 32, dtype=torch.bfloat16, stride=(16384, 1, 512, 16))
            self.assertEqual(sim.compile(model, x).outputs.stride(), channels_last)
        # A pre-Ampere profile answers no (sm70: cuDNN does not take bf16).
        with simulate(with_sms("h100", 80, major=7)) as sim:
            self.assertEqual(self._conv_out_stride(sim, torch.float16), channels_last)
            self.assertEqual(self._conv_out_stride(sim, torch.bfloat16), (16384, 1024, 32, 1))
        # Restored on exit: the machine answers again (no device here).
        self.assertIsInstance(torch._C._select_conv_backend, type(torch._C._get_tracing_state))

    def test_sdpa_backend_is_chosen_for_the_profile(self):
        if torch.backends.cudnn.version() is None or torch.backends.cudnn.version() <= 91500:
            self.skipTest("cuDNN attention is preferred with a cuDNN runtime newer than 9.15.0")
        cases = [
            # (what, shape, mask, expected op)
            ("head dim 64: cuDNN first on sm90", (4, 16, 128, 64), None, "torch.ops.aten._scaled_dot_product_cudnn_attention"),
            ("head dim 36: not a multiple of 8 for cuDNN -> flash, padded", (4, 4, 128, 36), None,
             "torch.ops.aten._scaled_dot_product_flash_attention"),
            ("mask with a stride-0 last dim: no fused kernel -> math", (4, 16, 128, 64), "expanded",
             "extern_kernels.bmm"),
        ]
        for what, shape, mask_kind, expected in cases:
            with self.subTest(what), simulate("h100") as sim:
                q = sim.tensor(*shape, dtype=torch.float16)
                if mask_kind is None:
                    source = sim.compile(_sdpa, q, q, q).source
                else:
                    b, h, s, _ = shape
                    mask = sim.tensor(b, 1, s, 1, dtype=torch.bool).expand(b, 1, s, s)
                    source = sim.compile(_sdpa_mask, q, q, q, mask).source
                calls = _extern_calls(source)
                self.assertIn(expected, calls)
                fused = {c for c in calls if c.startswith("torch.ops.aten._scaled_dot_product_")}
                self.assertLessEqual(fused, {expected})
                if "flash" in expected:
                    self.assertIn("constant_pad_nd", source)  # head dim padded to 40
        # The same program on a simulated sm80 (cuDNN not preferred): flash.
        with simulate(with_sms("h100", 108, major=8)) as sim:
            q = sim.tensor(4, 16, 128, 64, dtype=torch.float16)
            self.assertIn("torch.ops.aten._scaled_dot_product_flash_attention", _extern_calls(sim.compile(_sdpa, q, q, q).source))

    def test_math_path_records_what_the_composite_records(self):
        # With CUDA hidden ATen's own composite (attention.cpp) picks math: the
        # simulation's math path must record the same ops, boolean-mask
        # conversion included (no logical_not, as on a real H100).
        from torch.fx.experimental.proxy_tensor import make_fx

        op = torch.ops.aten.scaled_dot_product_attention.default

        def ops(fn, *args):
            graph = make_fx(fn, tracing_mode="fake")(*args).graph
            return [(n.target, tuple(map(str, n.args))) for n in graph.nodes if n.op == "call_function"]

        with simulate("h100") as sim:
            q = sim.tensor(2, 4, 16, 8, dtype=torch.float16)
            mask = sim.tensor(2, 1, 16, 1, dtype=torch.bool).expand(2, 1, 16, 16)  # stride-0 last dim: math
            simulated = ops(_sdpa_mask, q, q, q, mask)
            composite = ops(
                lambda q, k, v, mask: op._op_dk(torch._C.DispatchKey.CompositeImplicitAutograd, q, k, v, mask),
                q, q, q, mask,
            )
            self.assertEqual(set(sim.sdpa.choices), {SDPBackend.math})
        if not torch.cuda.is_available():
            self.assertEqual(simulated, composite)
        self.assertNotIn(torch.ops.aten.logical_not.default, [t for t, _ in simulated])

    def test_parameters_keep_requires_grad(self):
        # Real inference keeps parameters requires_grad=True; ATen's matmul
        # then folds 3-D @ 2-D into one mm (LinearAlgebra.cpp should_fold),
        # even where the 3-D operand is not foldable without a copy.
        with simulate("h100") as sim:
            lin = sim.to_fake(torch.nn.Linear(64, 32, bias=False).eval().half())
            self.assertTrue(lin.weight.requires_grad)
            x = sim.tensor(4, 8, 64, dtype=torch.float16, stride=(64, 256, 1))  # a transposed (8, 4, 64)
            source = sim.compile(lambda x: torch.matmul(x, lin.weight.t()), x).source
            self.assertEqual(_extern_calls(source), ["extern_kernels.mm"])
            # A weight that does not require grad is not folded: bmm.
            frozen = sim.to_fake(torch.nn.Linear(64, 32, bias=False).eval().half().requires_grad_(False))
            source = sim.compile(lambda x: torch.matmul(x, frozen.weight.t()), x).source
            self.assertEqual(_extern_calls(source), ["extern_kernels.bmm"])


class TestCpuBuild(TestCase):
    def test_cpu_build_refuses_clearly(self):
        if CUDA_BUILD:
            self.skipTest("torch is a CUDA build")
        with self.assertRaisesRegex(SimulationError, "needs a CUDA build of torch"):
            with simulate("h100"):
                pass


if __name__ == "__main__":
    run_tests()

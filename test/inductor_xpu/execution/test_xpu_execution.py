# Owner(s): ["module: inductor"]
"""Executing generated xpu programs on CPU (``inductor_xpu.execution``).

Golden programs (``inductor_xpu.programs.codegen``) are compiled for a
simulated Max 1550 exactly as the goldens are, their wrapper text is executed
as generated -- Triton kernels in Triton's interpreter, extern calls on the
CPU kernels of the same ops, allocations in CPU memory -- on real inputs and
weights, and the outputs are compared with eager CPU at the model suite's
check.  Negative controls show the check can fail, and says where: a kernel
whose executed copy stores 1e-2 too much, a wrong extern-call argument, a
wrong libdevice function.  About 30 s on torch 2.15 (triton 3.9) and on
2.13 (triton 3.7), most of it compiling.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re

import numpy as np
import torch
from hypothesis import given, settings, strategies as st
import triton
import triton.language as tl
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.programs.codegen import compile_program, Program, PROGRAMS_BY_NAME
from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
from inductor_xpu.execution import (
    CannotExecute,
    capture_graph_inputs,
    compare,
    CPU_FUNCTIONS,
    CpuLibdevice,
    execute_program,
    execute_wrapper,
    ExecutionResult,
    GraphInput,
    GraphInputs,
    LIBDEVICE,
    wrapper_constants,
)
from inductor_xpu import config as inductor_xpu_config
from inductor_xpu.execution import onednn_fp
from inductor_xpu.execution.coarsen import coarsened_config
from inductor_xpu.execution.interpreter import _bf16_bits_rtne as bf16_bits_rtne
from inductor_xpu.execution.libdevice import call as libdevice_call, LibdeviceFunction
from inductor_xpu.device.simulation.freezing import (
    ConstantOrigins,
    Folded,
    GraphArgument,
    ProgramAttribute,
    Unknown,
)


TARGET = "max1550"
EXPECT_ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "codegen", "expect")


@functools.lru_cache(maxsize=None)
def compiled(name: str) -> tuple[tuple[str, ...], tuple[GraphInputs, ...]]:
    """The golden program's generated wrappers (one per graph) and the inputs
    each takes, compiled as compile_program does, plus the input capture."""
    program = PROGRAMS_BY_NAME[name]
    capture = capture_graph_inputs()
    report = compile_for_target(
        program.build(),
        None,
        None,
        TARGET,
        TargetOptions(
            inductor_config={**program.config, **capture.inductor_config()},
            fake_inputs=lambda sim: ([sim.tensor(*t.shape, dtype=t.dtype) for t in program.inputs], {}),
            step=lambda sim, fn, args, kwargs: sim.compile(fn, *args, dynamic=program.dynamic),
            clear_counters=False,
            reraise=True,
        ),
    )
    return tuple(code.source for code in report.generated), tuple(capture.graphs)


def real_inputs(program: Program) -> list[torch.Tensor]:
    gen = torch.Generator().manual_seed(0)
    inputs = []
    for t in program.inputs:
        if t.dtype == torch.bool:
            inputs.append(torch.rand(t.shape, generator=gen) > 0.3)
        elif not t.dtype.is_floating_point:
            # indices: below 16, in range of every golden program's indexed
            # dimension (gather, scatter_add, index_put, embedding: >= 128)
            inputs.append(torch.randint(0, 16, t.shape, generator=gen, dtype=t.dtype))
        else:
            inputs.append(torch.randn(t.shape, generator=gen).to(t.dtype))
    return inputs


def execute(name: str, edit=None, libdevice: CpuLibdevice = LIBDEVICE) -> list[ExecutionResult]:
    """Compile ``name`` for the simulated target and execute it on CPU
    (``edit``: a change to the executed copy of the wrapper text, for the
    negative controls)."""
    program = PROGRAMS_BY_NAME[name]
    sources, graph_inputs = compiled(name)
    if edit is not None:
        sources = tuple(edit(s) for s in sources)
    fn = program.build()  # real weights (the compile made its own module fake)
    args = real_inputs(program)
    if libdevice is LIBDEVICE:
        return execute_program(fn, args, sources, graph_inputs)
    # the same steps, with another libdevice
    results = []
    for i, (source, inputs) in enumerate(zip(sources, graph_inputs)):
        with torch.no_grad():
            expected = torch.utils._pytree.tree_leaves(fn(*args))
        values = inputs.resolve(fn, args, graph=str(i))
        results.append(execute_wrapper(source, values, expected, graph=str(i), libdevice=libdevice))
    return results


@functools.lru_cache(maxsize=None)
def executed(name: str) -> tuple[ExecutionResult, ...]:
    """:func:`execute` of ``name`` as generated, with the default execution
    config, once per process: the tests that only read these results share
    them (a negative control, another libdevice or config executes anew)."""
    return tuple(execute(name))


def add_to_first_store(source: str, amount: str = "1e-2") -> str:
    """The wrapper text with its first kernel storing ``amount`` too much."""
    edited, n = re.subn(r"(tl\.store\(\w+ \+ \([^()]*\), )(tmp\d+)(,)", rf"\1(\2 + {amount})\3", source, count=1)
    assert n == 1, "no tl.store to edit"
    return edited


class TestExecuteGoldenPrograms(TestCase):
    def check(self, name: str, *, kernels: int | None = None, extern: tuple[str, ...] = ()) -> ExecutionResult:
        (result,) = executed(name)
        self.assertEqual(result.status, "ran", result.to_json())
        self.assertIsNotNone(result.comparison)
        self.assertTrue(result.passed, "\n".join(result.failures()))
        if kernels is not None:
            self.assertEqual(len(result.kernel_names), kernels, result.kernel_names)
        for op in extern:
            self.assertIn(op, result.extern_ops)
        return result

    def test_pointwise_libdevice_exp(self):
        result = self.check("pointwise_chain", kernels=1)
        self.assertIn("libdevice.exp", compiled("pointwise_chain")[0][0])
        self.assertEqual(result.extern_ops, {})
        self.assertLess(result.comparison.max_abs_err, 1e-4)

    def test_reduction(self):
        result = self.check("sum_inner_persistent", kernels=1)
        self.assertEqual(result.kernels[0].kernel, "triton_per_fused_sum_0")

    def test_mm_extern_and_gelu_erf_epilogue(self):
        result = self.check("linear_gelu", kernels=1, extern=("aten.mm.out",))
        self.assertIn("libdevice.erf", compiled("linear_gelu")[0][0])
        self.assertEqual(result.producers[0], f"kernel {result.kernel_names[0]}")

    def test_addmm_extern(self):
        result = self.check("addmm", kernels=0, extern=("aten.addmm.out",))
        self.assertEqual(result.producers[0], "aten.addmm.out")

    def test_conv_extern(self):
        self.check("conv2d_relu", extern=("aten.convolution.default",))

    def test_softmax(self):
        self.check("softmax", kernels=1)

    def test_layer_norm_rsqrt(self):
        result = self.check("layer_norm", kernels=1)
        # the launch parameters the generated code carries: the heuristics' first config
        self.assertEqual(result.kernels[0].config, {"XBLOCK": 1})

    def test_fp16_layer_norm(self):
        result = self.check("fp16_layer_norm", kernels=1)
        self.assertEqual(result.comparison.outputs[0].dtype, "torch.float16")

    def test_argmax_ties_take_the_first_index(self):
        # A reduction with a combine function (value, index): reduced as a
        # tree, ties still go to the lowest index, as eager's argmax.
        sources, (inputs,) = compiled("argmax")
        x = torch.randint(0, 3, (64, 1000), generator=torch.Generator().manual_seed(0)).float()
        result = execute_wrapper(sources[0], inputs.resolve(PROGRAMS_BY_NAME["argmax"].build(), [x]), [x.argmax(-1)])
        self.assertTrue(result.passed, result.failures())
        self.assertEqual(result.comparison.max_abs_err, 0.0)

    def test_bf16_against_the_fp64_program(self):
        # The suite's low-precision check, against the program in fp64,
        # passes; with the interpreter's bf16 stores rounded to nearest even
        # (they truncated: one bf16 ulp off) the softmax gives eager's bits.
        result = self.check("bf16_mm_softmax", kernels=1, extern=("aten.mm.out",))
        self.assertEqual(result.comparison.outputs[0].dtype, "torch.bfloat16")
        self.assertEqual(result.comparison.max_abs_err, 0.0)

    def test_random_fallback_is_seeded_as_eager(self):
        result = self.check("dropout_fallback_random", kernels=0, extern=("aten.native_dropout.default",))
        self.assertEqual(result.comparison.max_abs_err, 0.0)

    def test_dynamic_shapes_take_sizes(self):
        _, (inputs,) = compiled("dynamic_pointwise")
        # the sizes of the dynamic dimensions are arguments too (where, is Dynamo's choice)
        self.assertTrue({"L['x']", "L['y']", "L['x'].size()[0]"} <= set(inputs.sources), inputs.sources)
        self.check("dynamic_pointwise", kernels=1)

    def test_sdpa_runs_as_reference(self):
        result = self.check("sdpa_bool_mask")
        self.assertEqual(result.references, {"aten._scaled_dot_product_fused_attention_overrideable.default": 1})
        self.assertIn("(reference)", result.to_json())

    def test_every_golden_program_runs_and_passes(self):
        # Every golden program (test_xpu_codegen's), whole: each graph runs
        # and matches eager (graph_break's, graph by graph), and passes the
        # plan verdict (the fp16/bf16 goldens by their lifted run;
        # test_xpu_plan_verdict.py has more dtypes)
        for name in PROGRAMS_BY_NAME:
            with self.subTest(program=name):
                for result in executed(name):
                    self.assertEqual(result.status, "ran", result.to_json())
                    self.assertTrue(result.passed, "\n".join(result.failures()))
                    self.assertTrue(result.plan_passed, result.plan_failures() or result.plan_status)

    def test_graph_after_a_graph_break_runs_on_the_values_the_program_computed(self):
        # graph 1 takes L['y'], computed by the code between the graphs: each
        # graph runs on the inputs it had in the real program (recorded with
        # a Dynamo backend) and is compared with that graph's eager outputs
        first, second = executed("graph_break")
        self.assertTrue(first.passed and second.passed, first.failures() + second.failures())
        self.assertEqual(len(second.kernels), 1)
        # and a wrong kernel in the second graph is found there (its outputs
        # are sums of 64 values near 1: 1e-2 is inside the tolerance)
        sources, graph_inputs = compiled("graph_break")
        program = PROGRAMS_BY_NAME["graph_break"]
        first, second = execute_program(
            program.build(), real_inputs(program), (sources[0], add_to_first_store(sources[1], "1.0")), graph_inputs
        )
        self.assertTrue(first.passed)
        self.assertFalse(second.passed)
        self.assertRegex(second.failures()[0], r"^graph 1: output 0 .* produced by kernel triton_")

    def test_generated_text_is_the_golden_text(self):
        # The input capture changes nothing in the generated code (but the
        # AOT ID, a count of the process's compiles, and the kernels' paths
        # in each simulation's own temporary cache directory).
        def without_aot_id(source: str) -> str:
            source = re.sub(r"^# kernel path: \S+$", "# kernel path", source, flags=re.M)
            return re.sub(r"^# AOT ID: .*$", "# AOT ID", source, count=1, flags=re.M)

        golden, _ = compile_program(PROGRAMS_BY_NAME["layer_norm"], TARGET)
        ours = compiled("layer_norm")[0]
        self.assertEqual([without_aot_id(c.source) for c in golden], [without_aot_id(s) for s in ours])


class TestNegativeControl(TestCase):
    def test_wrong_kernel_fails_naming_graph_and_kernel(self):
        (result,) = execute("layer_norm", edit=add_to_first_store)
        self.assertEqual(result.status, "ran")
        self.assertFalse(result.passed)
        (failure,) = result.failures()
        self.assertIn("graph 0: output 0", failure)
        self.assertIn("produced by kernel triton_per_fused_native_layer_norm_0", failure)
        self.assertAlmostEqual(result.comparison.max_abs_err, 1e-2, delta=1e-4)

    def test_wrong_extern_argument_fails_naming_the_op(self):
        def wrong_beta(source: str) -> str:
            edited, n = re.subn(r"(extern_kernels\.addmm\(.*)beta=1\b", r"\1beta=1.01", source)
            self.assertEqual(n, 1)
            return edited

        (result,) = execute("addmm", edit=wrong_beta)
        self.assertFalse(result.passed)
        self.assertIn("graph 0: output 0", result.failures()[0])
        self.assertIn("produced by aten.addmm.out", result.failures()[0])

    def test_wrong_libdevice_function_fails(self):
        wrong = CpuLibdevice({**CPU_FUNCTIONS, "erf": LibdeviceFunction("erf", lambda x: torch.erf(x) + 1e-2)})
        (result,) = execute("linear_gelu", libdevice=wrong)
        self.assertFalse(result.passed)
        self.assertIn("produced by kernel triton_poi_fused_addmm_gelu_0", result.failures()[0])


class ConvBnRelu(torch.nn.Module):
    """conv -> batch norm -> relu: with freezing, batch norm is folded into
    the convolution's weight and bias, and relu is the oneDNN convolution's
    post-op (its output is the graph's output)."""

    def __init__(self) -> None:
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3)
        self.bn = torch.nn.BatchNorm2d(8)
        with torch.no_grad():
            self.bn.running_mean.normal_()
            self.bn.running_var.uniform_(0.5, 2.0)
            self.bn.weight.normal_()

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


def build_conv_bn_relu() -> torch.nn.Module:
    torch.manual_seed(0)
    return ConvBnRelu().eval()


@functools.lru_cache(maxsize=None)
def compiled_frozen() -> tuple[tuple[str, ...], tuple[GraphInputs, ...], tuple]:
    """ConvBnRelu compiled with freezing (a channels-last input, so the
    convolution's output is the graph's output, with no copy after it): each
    graph's wrapper, inputs and recorded constants."""
    capture = capture_graph_inputs()
    report = compile_for_target(
        build_conv_bn_relu(),
        (torch.randn(2, 3, 8, 8).to(memory_format=torch.channels_last),),
        None,
        TARGET,
        TargetOptions(inductor_config={"freezing": True, **capture.inductor_config()}, reraise=True),
    )
    generated = report.generated
    return (
        tuple(code.source for code in generated),
        tuple(capture.graphs),
        tuple(code.constants for code in generated),
    )


def execute_frozen(edit=None, constants=None) -> list[ExecutionResult]:
    sources, graph_inputs, recorded = compiled_frozen()
    if edit is not None:
        sources = tuple(edit(s) for s in sources)
    x = torch.randn(2, 3, 8, 8, generator=torch.Generator().manual_seed(1)).to(memory_format=torch.channels_last)
    return execute_program(build_conv_bn_relu(), [x], sources, graph_inputs, constants=constants or recorded)


class TestFrozenPrograms(TestCase):
    def test_folded_constants_are_computed_from_the_real_parameters(self):
        (result,) = execute_frozen()
        self.assertEqual(result.status, "ran")
        self.assertTrue(result.passed, result.failures())
        self.assertEqual(result.extern_ops, {"mkldnn._convolution_pointwise.default": 1})
        (constants,) = compiled_frozen()[2]
        # the wrapper takes only x; the weight and bias are the parameters
        # with batch norm folded in (computations on five parameters)
        self.assertEqual(constants.arguments, (GraphArgument(0),))
        origins = list(constants.origins.values())
        self.assertTrue(origins)
        self.assertTrue(all(isinstance(o, Folded) for o in origins), origins)

        def leaves(origin):
            if isinstance(origin, Folded):
                return set().union(*(leaves(o) for o in origin.operands))
            return {origin}

        self.assertEqual(
            set().union(*(leaves(o) for o in origins)),
            {ProgramAttribute(f) for f in ("conv.weight", "conv.bias", "bn.weight", "bn.bias",
                                           "bn.running_mean", "bn.running_var")},
        )

    def test_frozen_graphs_around_a_graph_break(self):
        # DistillGPT2 with freezing: frozen constants in each graph, and the
        # second graph's input is a value the program computed
        class TwoFrozenGraphs(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.first = ConvBnRelu()
                self.second = ConvBnRelu()
                self.second.conv = torch.nn.Conv2d(8, 8, 3)

            def forward(self, x):
                y = self.first(x)
                torch._dynamo.graph_break()
                return self.second(y * 2)

        def build():
            torch.manual_seed(0)
            return TwoFrozenGraphs().eval()

        x = torch.randn(2, 3, 12, 12).to(memory_format=torch.channels_last)
        capture = capture_graph_inputs()
        report = compile_for_target(
            build(),
            (x,),
            None,
            TARGET,
            TargetOptions(inductor_config={"freezing": True, **capture.inductor_config()}, reraise=True),
        )
        sources = [code.source for code in report.generated]
        constants = [code.constants for code in report.generated]
        self.assertEqual(len(sources), 2)
        self.assertTrue(all(wrapper_constants(source) for source in sources))
        results = execute_program(build(), [x], sources, capture.graphs, constants=constants)
        for result in results:
            self.assertEqual(result.status, "ran", result.to_json())
            self.assertTrue(result.passed, result.failures())
            self.assertEqual(result.extern_ops, {"mkldnn._convolution_pointwise.default": 1})

    def test_wrong_post_op_argument_fails_naming_graph_and_op(self):
        def no_relu(source: str) -> str:
            edited, n = re.subn(r"(mkldnn\._convolution_pointwise\.default\(.*)'relu'", r"\1'none'", source)
            self.assertEqual(n, 1)
            return edited

        (result,) = execute_frozen(edit=no_relu)
        self.assertEqual(result.status, "ran")
        self.assertFalse(result.passed)
        (failure,) = result.failures()
        self.assertIn("graph 0: output 0", failure)
        self.assertIn("produced by mkldnn._convolution_pointwise.default", failure)

    def test_a_parameter_dynamo_does_not_map_is_named_by_the_simulation(self):
        # Dynamo's dynamo_flat_name_to_original_fqn lacked some timm models'
        # parameters (lcnet_050): the fake tensor's name in the converted
        # module names it
        gm = torch.fx.GraphModule(torch.nn.Module(), torch.fx.Graph())
        weight = torch.nn.Parameter(torch.zeros(2))
        gm.register_parameter("L__self___blocks_0_w", weight)
        origins = ConstantOrigins(lambda t: "blocks.0.w" if t is weight else None)
        origins.freezing(gm)
        self.assertEqual(origins.argument(0), ProgramAttribute("blocks.0.w"))
        self.assertEqual(origins.argument(1), GraphArgument(0))

    def test_constant_without_an_origin_is_a_named_status(self):
        (recorded,) = compiled_frozen()[2]
        name = next(iter(recorded.origins))
        unknown = dataclasses.replace(
            recorded, origins={**recorded.origins, name: Unknown("a fake tensor no freezing step produced")}
        )
        (result,) = execute_frozen(constants=[unknown])
        self.assertFalse(result.ran)
        self.assertEqual(
            result.status,
            f"cannot execute: constant {name} has no value: a fake tensor no freezing step produced [graph 0]",
        )


def scale_by_1_1(x):
    return x * 1.1


class TestBf16Rounding(TestCase):
    def test_fp32_to_bf16_rounds_to_nearest_even(self):
        values = torch.tensor([11.0549, 1.0 + 2**-8, 1.0 + 3 * 2**-8, -2.7182817, 3.0e38, float("nan"), float("inf")])
        bits = bf16_bits_rtne(values.numpy())
        expected = values.bfloat16().view(torch.int16).numpy().view(np.uint16)
        np.testing.assert_array_equal(bits[:-2], expected[:-2])
        self.assertTrue(torch.from_numpy(bits.view(np.int16)).view(torch.bfloat16)[-2].isnan())
        self.assertEqual(bits[-1], expected[-1])

    def test_bf16_stores_round_as_torch_does(self):
        # the interpreter's own fp32 -> bf16 cast truncates (11.0549 -> 11.0);
        # executed, a bf16 kernel computing in fp32 gives eager's bits
        x = torch.randn(64, 33, generator=torch.Generator().manual_seed(0)).bfloat16()
        capture = capture_graph_inputs()
        report = compile_for_target(
            scale_by_1_1, (x,), None, TARGET, TargetOptions(inductor_config=capture.inductor_config(), reraise=True)
        )
        (result,) = execute_program(scale_by_1_1, [x], [c.source for c in report.generated], capture.graphs)
        self.assertTrue(result.passed, result.failures())
        self.assertEqual(result.comparison.outputs[0].max_abs_err_in_dtype, 0.0)


class TestOnednnFloatReferences(TestCase):
    """The fused float oneDNN ops' references (used where the CPU kernel has
    none for the dtype, e.g. fp16 without AVX-512 FP16) against the CPU
    kernels in fp32."""

    def test_convolution_pointwise(self):
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(2, 4, 9, 9, generator=gen).to(memory_format=torch.channels_last)
        w, b = torch.randn(6, 4, 3, 3, generator=gen), torch.randn(6, generator=gen)
        other = torch.randn(2, 6, 9, 9, generator=gen).to(memory_format=torch.channels_last)
        args = (x, w, b, [1, 1], [1, 1], [1, 1], 1)
        for attr, scalars in (("relu", [None]), ("hardtanh", [-0.5, 0.5]), ("none", [None])):
            expected = torch.ops.mkldnn._convolution_pointwise.default(*args, attr, scalars, "")
            got = onednn_fp.convolution_pointwise(*args, attr, scalars, "")
            self.assertEqual(got, expected, atol=1e-5, rtol=1e-5)
            self.assertEqual(got.stride(), expected.stride())
        expected = torch.ops.mkldnn._convolution_pointwise.binary(
            x, other, w, b, [1, 1], [1, 1], [1, 1], 1, "add", 1.0, "relu", [None], ""
        )
        got = onednn_fp.convolution_pointwise_binary(
            x, other, w, b, [1, 1], [1, 1], [1, 1], 1, "add", 1.0, "relu", [None], ""
        )
        self.assertEqual(got, expected, atol=1e-5, rtol=1e-5)
        # the in-place variant: written into the accumulator
        accum, expected_accum = other.clone(), other.clone()
        torch.ops.mkldnn._convolution_pointwise_.binary(
            expected_accum, x, w, b, [1, 1], [1, 1], [1, 1], 1, "add", 1.0, "relu", [None], ""
        )
        got = onednn_fp.convolution_pointwise_binary_inplace(
            accum, x, w, b, [1, 1], [1, 1], [1, 1], 1, "add", 1.0, "relu", [None], ""
        )
        self.assertIs(got, accum)
        self.assertEqual(accum, expected_accum, atol=1e-5, rtol=1e-5)

    def test_output_layout_is_the_meta_functions(self):
        # the wrapper asserts the layout the compile assumed (the meta
        # function's): coat_lite_mini's frozen fp16 plan stopped at an
        # assert_size_stride while the reference followed the input alone
        gen = torch.Generator().manual_seed(0)
        mkldnn = torch.ops.mkldnn
        for x_cl, w_cl in ((False, False), (False, True), (True, False)):
            with self.subTest(input_channels_last=x_cl, weight_channels_last=w_cl):
                x = torch.randn(2, 4, 9, 9, generator=gen)
                w, b = torch.randn(6, 4, 3, 3, generator=gen), torch.randn(6, generator=gen)
                other = torch.randn(2, 6, 9, 9, generator=gen)
                x = x.to(memory_format=torch.channels_last) if x_cl else x
                w = w.to(memory_format=torch.channels_last) if w_cl else w
                conv = (x, w, b, [1, 1], [1, 1], [1, 1], 1)
                unary = (*conv, "relu", [None], "")
                binary = (x, other, *conv[1:], "add", 1.0, "relu", [None], "")
                for op, ref, args in (
                    (mkldnn._convolution_pointwise.default, onednn_fp.convolution_pointwise, unary),
                    (mkldnn._convolution_pointwise.binary, onednn_fp.convolution_pointwise_binary, binary),
                ):
                    half = [a.half() if isinstance(a, torch.Tensor) else a for a in args]
                    meta = op(*[a.to("meta") if isinstance(a, torch.Tensor) else a for a in half])
                    got = ref(*half)
                    self.assertEqual((got.shape, got.stride(), got.dtype), (meta.shape, meta.stride(), meta.dtype))
                    self.assertEqual(got.float(), op(*args), atol=1e-2, rtol=1e-2)

    def test_linear_pointwise(self):
        gen = torch.Generator().manual_seed(0)
        x, w, b = torch.randn(5, 8, generator=gen), torch.randn(3, 8, generator=gen), torch.randn(3, generator=gen)
        got = onednn_fp.linear_pointwise(x.half(), w.half(), b.half(), "gelu", [None], "tanh")
        self.assertEqual(got.dtype, torch.float16)
        expected = torch.nn.functional.gelu(torch.nn.functional.linear(x, w, b), approximate="tanh")
        self.assertEqual(got.float(), expected, atol=1e-2, rtol=1e-2)


class TestCpuLibdevice(TestCase):
    @staticmethod
    def block(values, dtype=tl.float32):
        from triton.runtime.interpreter import _get_np_dtype, TensorHandle

        data = np.asarray(values, dtype=_get_np_dtype(dtype))
        return tl.tensor(TensorHandle(data, dtype), tl.block_type(dtype, list(data.shape)))

    def test_every_function_the_goldens_emit_is_mapped(self):
        emitted = set()
        for root, _, files in os.walk(EXPECT_ROOT):
            for f in files:
                with open(os.path.join(root, f), encoding="utf-8") as fh:
                    emitted |= set(re.findall(r"libdevice\.(\w+)\(", fh.read()))
        self.assertTrue({"exp", "rsqrt", "erf", "pow", "tanh", "nearbyint", "mul_rn"} <= emitted, emitted)
        self.assertEqual(emitted - set(CPU_FUNCTIONS), set())

    def test_dtypes(self):
        x32 = self.block([0.5, -1.0, float("nan"), 2.0])
        out = libdevice_call(CPU_FUNCTIONS["erf"], x32)
        self.assertEqual(out.dtype, tl.float32)
        self.assertEqual(out.handle.data.dtype, np.float32)
        np.testing.assert_allclose(out.handle.data[:2], torch.erf(torch.tensor([0.5, -1.0])).numpy())
        x64 = self.block([0.5, 2.0], tl.float64)
        self.assertEqual(libdevice_call(CPU_FUNCTIONS["rsqrt"], x64).handle.data.dtype, np.float64)
        isnan = libdevice_call(CPU_FUNCTIONS["isnan"], x32)
        self.assertEqual(isnan.dtype, tl.int1)
        self.assertEqual(isnan.handle.data.tolist(), [False, False, True, False])
        llrint = libdevice_call(CPU_FUNCTIONS["llrint"], self.block([2.5, 3.5]))
        self.assertEqual((llrint.dtype, llrint.handle.data.tolist()), (tl.int64, [2, 4]))
        ilogb = libdevice_call(CPU_FUNCTIONS["ilogb"], self.block([8.0, 0.75]))
        self.assertEqual((ilogb.dtype, ilogb.handle.data.tolist()), (tl.int32, [3, -1]))
        # round half to even, as the device's nearbyint
        rounded = libdevice_call(CPU_FUNCTIONS["nearbyint"], self.block([0.5, 1.5, -2.5, 2.5]))
        self.assertEqual(rounded.handle.data.tolist(), [0.0, 2.0, -2.0, 2.0])
        powed = libdevice_call(CPU_FUNCTIONS["pow"], self.block([2.0, 3.0]), 2.0)
        self.assertEqual(powed.handle.data.tolist(), [4.0, 9.0])
        self.assertEqual(powed.dtype, tl.float32)

    def test_unmapped_function_is_a_named_status(self):
        without_exp = CpuLibdevice({k: v for k, v in CPU_FUNCTIONS.items() if k != "exp"})
        (result,) = execute("pointwise_chain", libdevice=without_exp)
        self.assertEqual(
            result.status,
            "cannot execute: libdevice.exp has no CPU mapping "
            "[graph 0] [kernel triton_poi_fused_add_exp_mul_relu_sin_0]",
        )
        self.assertFalse(result.passed)
        self.assertIn('"status": "cannot execute: libdevice.exp has no CPU mapping', result.to_json())


class TestExecutionIsolation(TestCase):
    def test_nothing_leaks_into_the_process(self):
        from triton.runtime.interpreter import InterpretedFunction
        from triton.runtime.jit import JITFunction

        call, guard, set_device = JITFunction.__call__, torch.xpu._DeviceGuard, torch.xpu.set_device
        reduce_, core_reduce = tl.reduce, tl.core.reduce
        cache_dir = os.environ.get("TRITON_CACHE_DIR")
        rewritten = dict(InterpretedFunction.rewritten_fn)
        (result,) = execute("layer_norm")  # tl.sum: a compiled @triton.jit helper, interpreted
        self.assertTrue(result.passed)
        self.assertIs(JITFunction.__call__, call)
        self.assertIs(torch.xpu._DeviceGuard, guard)
        self.assertIs(torch.xpu.set_device, set_device)
        self.assertIs(tl.reduce, reduce_)
        self.assertIs(tl.core.reduce, core_reduce)
        self.assertFalse(torch.xpu.is_available())
        self.assertFalse(triton.knobs.runtime.interpret)
        self.assertNotIn("TRITON_INTERPRET", os.environ)
        self.assertEqual(os.environ.get("TRITON_CACHE_DIR"), cache_dir)
        self.assertEqual(InterpretedFunction.rewritten_fn, rewritten)  # no kernel kept alive

        @triton.jit
        def defined_after(x):
            return x

        self.assertIsInstance(defined_after, JITFunction)  # compiled, not interpreted

    def test_inputs_are_not_mutated_and_outputs_are_cpu(self):
        program = PROGRAMS_BY_NAME["layer_norm"]
        sources, (inputs,) = compiled("layer_norm")
        args = real_inputs(program)
        before = [a.clone() for a in args]
        result = execute_wrapper(sources[0], inputs.resolve(program.build(), args))
        self.assertEqual(result.status, "ran")
        self.assertIsNone(result.comparison)
        self.assertEqual(result.outputs[0].device.type, "cpu")
        for a, b in zip(args, before):
            self.assertTrue(torch.equal(a, b))

    def test_sources_resolve_in_the_decorated_frame(self):
        # a forward under a functools.wraps decorator: Dynamo traces the
        # wrapper's frame, whose locals are args and kwargs
        inputs = GraphInputs((GraphInput("L['kwargs']['x']", (2,), (1,), torch.float32),))
        x = torch.ones(2)

        def forward(x):
            return x

        @functools.wraps(forward)
        def decorated(*args, **kwargs):
            return forward(*args, **kwargs)

        (value,) = inputs.resolve(decorated, [], {"x": x})
        self.assertEqual(value.untyped_storage().data_ptr(), x.untyped_storage().data_ptr())

    def test_input_with_other_metadata_is_refused(self):
        program = PROGRAMS_BY_NAME["layer_norm"]
        _, (inputs,) = compiled("layer_norm")
        args = real_inputs(program)
        args[0] = args[0].t().contiguous().t()  # same shape, other strides
        expected = r"graph input L\['x'\] is torch.float32\[64, 768\] stride \(1, 64\)"
        with self.assertRaisesRegex(CannotExecute, expected):
            inputs.resolve(program.build(), args)


class TestSdpaReference(TestCase):
    def test_matches_cpu_sdpa(self):
        import torch.nn.functional as F

        from inductor_xpu.execution.sdpa import sdpa_fused_overrideable_reference

        gen = torch.Generator().manual_seed(0)
        q = torch.randn(2, 4, 16, 8, generator=gen)
        k, v = torch.randn(2, 2, 16, 8, generator=gen), torch.randn(2, 2, 16, 8, generator=gen)
        mask = torch.rand(2, 1, 16, 16, generator=gen) > 0.2
        for kwargs, mask_ in (({"is_causal": True}, None), ({"scale": 0.5}, mask), ({}, mask.float())):
            out, lse, *_ = sdpa_fused_overrideable_reference(q, k, v, mask_, **kwargs)
            expected = F.scaled_dot_product_attention(q, k, v, attn_mask=mask_, enable_gqa=True, **kwargs)
            self.assertEqual(out, expected, atol=1e-5, rtol=1e-5)
            self.assertEqual((lse.shape, lse.dtype), (torch.Size([2, 4, 16]), torch.float32))


class TestCompare(TestCase):
    def test_suite_check(self):
        x = torch.randn(32, 32)
        self.assertTrue(compare([x + 1e-6], [x]).passed)
        failing = compare([x + 1e-2], [x])
        self.assertFalse(failing.passed)
        self.assertAlmostEqual(failing.max_abs_err, 1e-2, delta=1e-5)
        self.assertEqual(failing.failing(), [0])
        self.assertFalse(compare([x.half()], [x]).passed)  # dtype differs
        nan = compare([torch.full((2,), float("nan"))], [torch.zeros(2)])
        self.assertFalse(nan.passed)
        self.assertEqual(nan.max_abs_err, float("inf"))
        as_json = ExecutionResult(graph="0", status="ran", comparison=nan).to_json()
        self.assertIn('"max_abs_err": "inf"', as_json)
        self.assertFalse(compare([x, x], [x]).passed)  # count differs


class TestCoarsenedLaunches(TestCase):
    """``inductor_xpu.config.execution_min_block_elements``: pointwise and
    reduction kernels launched with larger x/y/z blocks compute the same
    bits as the launch the code carries."""

    # pointwise 1D and tiled 2D, persistent and looped reductions, scans,
    # sorts, atomics, a mask-free kernel (log_softmax_looped's pointwise:
    # 512000 elements, no mask), bf16
    PROGRAMS = (
        "pointwise_chain", "views_permute_cat", "sum_outer", "sum_split", "softmax", "log_softmax_looped",
        "conv_batchnorm_relu", "max_pool2d", "cumsum", "sort", "scatter_add", "index_put_accumulate",
        "bf16_mm_softmax", "dynamic_softmax",
    )  # fmt: skip

    def test_same_bits_as_the_generated_launches(self):
        from torch._inductor.runtime.hints import TRITON_MAX_BLOCK

        coarsened = 0
        for name in self.PROGRAMS:
            with self.subTest(program=name):
                exact = executed(name)
                with inductor_xpu_config.patch(execution_min_block_elements=16384):
                    coarse = execute(name)
                for a, b in zip(exact, coarse, strict=True):
                    self.assertTrue(b.passed, "\n".join(b.failures()))
                    self.assertEqual([k.config for k in a.kernels], [k.config for k in b.kernels])
                    self.assertTrue(all(k.executed is None for k in a.kernels))
                    for x, y in zip(a.outputs, b.outputs, strict=True):
                        self.assertTrue(torch.equal(x, y), f"{name}: an output's bits differ")
                    for k in b.kernels:
                        if k.executed is None:
                            continue
                        coarsened += 1
                        for block, value in k.executed.items():
                            if block.endswith("BLOCK") and block[0] in "XYZ":
                                self.assertLessEqual(value, TRITON_MAX_BLOCK[block[0]], k)
                            else:  # reduction blocks and the rest as generated
                                self.assertEqual(value, k.config[block], k)
        self.assertGreater(coarsened, 10)

    def test_atomic_kernels_launch_as_generated(self):
        with inductor_xpu_config.patch(execution_min_block_elements=16384):
            (result,) = execute("scatter_add")
        atomic = [k for k in result.kernels if k.kernel.endswith("scatter_add_1")]
        self.assertEqual(len(atomic), 1)
        self.assertIsNone(atomic[0].executed)

    @settings(max_examples=200, deadline=None)
    @given(
        x=st.integers(0, 12),
        y=st.one_of(st.none(), st.integers(0, 10)),
        r=st.one_of(st.none(), st.integers(0, 11)),
        hint_x=st.integers(1, 1 << 20),
        hint_y=st.integers(1, 1 << 18),
        min_elements=st.integers(0, 1 << 16),
    )
    def test_blocks_stay_powers_of_two_within_hint_and_bound(self, x, y, r, hint_x, hint_y, min_elements):
        from torch._inductor.runtime.hints import TRITON_MAX_BLOCK

        kwargs = {"XBLOCK": 1 << x}
        source = "tl.arange(0, XBLOCK)"
        hints = {"x": hint_x}
        if y is not None:
            kwargs["YBLOCK"] = 1 << y
            source += " tl.arange(0, YBLOCK)"
            hints["y"] = hint_y
        if r is not None:
            kwargs["R0_BLOCK"] = 1 << r
        launcher = type("Launcher", (), {"size_hints": hints})()
        config = triton.Config(dict(kwargs), num_warps=4)
        coarse = coarsened_config(launcher, config, min_elements, source)
        self.assertEqual(kwargs, config.kwargs)  # not modified in place
        elements = 1
        for block, value in coarse.kwargs.items():
            elements *= value
            self.assertEqual(value & (value - 1), 0, coarse.kwargs)
            self.assertGreaterEqual(value, kwargs[block])
            if block == "R0_BLOCK":
                self.assertEqual(value, kwargs[block])
            elif value > kwargs[block]:
                hint = hints[block[0].lower()]
                self.assertLessEqual(value, max(TRITON_MAX_BLOCK[block[0]], kwargs[block]))
                self.assertLess(value // 2, hint)
        grown = coarse is not config
        if grown:
            # doubled only while below min_elements: at most twice as many
            self.assertLess(elements // 2, max(min_elements, 1))
        if min_elements == 0:
            self.assertIs(coarse, config)


if __name__ == "__main__":
    run_tests()

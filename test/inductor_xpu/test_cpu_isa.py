# Owner(s): ["module: inductor"]
"""The ISA oneDNN's CPU kernels run on (``inductor_xpu.cpu_isa``), and the
CPU INT8 setting that follows from it (``inductor_xpu.modes.int8.cpu_int8_reduce_range``).

CPU INT8's accuracy depends on the ISA: without VNNI (or AMX), oneDNN's u8 x s8
dot products saturate at int16 (``vpmaddubsw``).  These tests pin the detection
(CPU features from ``/proc/cpuinfo``-style flags, the ``ONEDNN_MAX_CPU_ISA`` cap)
and what a report says, on any CPU: nothing here depends on the machine.
"""

from __future__ import annotations

import os
import tempfile

from hypothesis import given, settings, strategies as st
from torch._inductor.test_case import run_tests, TestCase

import inductor_xpu.config
from inductor_xpu.cpu_isa import CpuIsa, detect, FEATURES, features_from_flags, ONEDNN_CAPS
from inductor_xpu.modes.int8 import cpu_int8_reduce_range


# /proc/cpuinfo flags of three CPUs of our machine kind and one older
SAPPHIRE_RAPIDS = (
    "avx2 avx512f avx512bw avx512vl avx512dq avx512_vnni avx512_bf16 avx512_fp16 avx_vnni "
    "amx_tile amx_int8 amx_bf16"
).split()
EPYC_ZEN3 = "sse4_1 avx avx2 fma".split()
EPYC_ZEN4 = "avx2 avx512f avx512bw avx512vl avx512dq avx512_vnni avx512_bf16".split()
SKYLAKE_SP = "avx2 avx512f avx512bw avx512vl avx512dq".split()


def _isa(flags: list[str], cap: str | None = None) -> CpuIsa:
    return CpuIsa(features_from_flags(set(flags)), cap)


class TestCpuIsa(TestCase):
    def test_int8_dot_products_exact_only_with_vnni_or_amx(self):
        self.assertTrue(_isa(SAPPHIRE_RAPIDS).int8_dot_exact)
        self.assertTrue(_isa(EPYC_ZEN4).int8_dot_exact)
        self.assertFalse(_isa(EPYC_ZEN3).int8_dot_exact)
        self.assertFalse(_isa(SKYLAKE_SP).int8_dot_exact)  # AVX-512 without VNNI saturates too

    def test_the_cap_hides_what_the_cpu_has(self):
        capped = _isa(SAPPHIRE_RAPIDS, "AVX2")
        self.assertEqual(capped.features, frozenset({"avx2"}))
        self.assertFalse(capped.int8_dot_exact)
        self.assertFalse(capped.fp16_kernels)
        self.assertFalse(capped.bf16_kernels)
        self.assertEqual(
            capped.describe(),
            "AVX2 without VNNI (ONEDNN_MAX_CPU_ISA=AVX2; the CPU has AVX-512, AVX-VNNI, AVX-512 VNNI, "
            "AVX-512 BF16, AVX-512 FP16, AMX-INT8, AMX-BF16)",
        )
        self.assertTrue(_isa(SAPPHIRE_RAPIDS, "avx2_vnni").int8_dot_exact)  # case-insensitive, as oneDNN
        self.assertFalse(_isa(SAPPHIRE_RAPIDS, "AVX512_CORE").int8_dot_exact)

    def test_descriptions(self):
        self.assertEqual(_isa(EPYC_ZEN3).describe(), "AVX2 without VNNI")
        self.assertEqual(_isa(EPYC_ZEN4).describe(), "AVX-512 with AVX-512 VNNI, AVX-512 BF16")
        self.assertTrue(_isa(SAPPHIRE_RAPIDS).fp16_kernels)
        self.assertIn("is not a oneDNN ISA name: ignored", _isa(EPYC_ZEN3, "AVX3000").describe())
        self.assertEqual(_isa(EPYC_ZEN3, "AVX3000").features, _isa(EPYC_ZEN3).features)

    def test_int8_notes(self):
        self.assertEqual(
            _isa(EPYC_ZEN3).int8_note(reduce_range=False),
            "CPU INT8 on AVX2 without VNNI: u8s8 saturation, agreement not expected",
        )
        self.assertIn("quantized with reduce_range (7-bit)", _isa(EPYC_ZEN3).int8_note(reduce_range=True))
        self.assertIn("int32 dot products, full-range activations", _isa(EPYC_ZEN4).int8_note(reduce_range=False))

    def test_detect_reads_cpuinfo_and_the_cap(self):
        with tempfile.TemporaryDirectory() as d:
            cpuinfo = os.path.join(d, "cpuinfo")
            with open(cpuinfo, "w") as f:
                f.write("processor\t: 0\nflags\t\t: " + " ".join(SAPPHIRE_RAPIDS) + "\n")
            self.assertTrue(detect({}, cpuinfo).int8_dot_exact)
            self.assertEqual(detect({"ONEDNN_MAX_CPU_ISA": "AVX2"}, cpuinfo).cap, "AVX2")
            self.assertEqual(detect({"DNNL_MAX_CPU_ISA": "AVX2"}, cpuinfo).cap, "AVX2")  # oneDNN's older name
            self.assertIsNone(detect({"ONEDNN_MAX_CPU_ISA": "ALL"}, cpuinfo).cap)
            self.assertFalse(detect({"ONEDNN_MAX_CPU_ISA": "AVX2"}, cpuinfo).int8_dot_exact)

    def test_this_process(self):
        # whatever this CPU is, the cap in this process's environment is the
        # one detect() reports (CI runs these files capped to AVX2 too)
        isa = detect()
        cap = os.environ.get("ONEDNN_MAX_CPU_ISA")
        if cap and cap.upper() not in ("ALL", "DEFAULT"):
            self.assertEqual(isa.cap, cap)
        self.assertLessEqual(isa.features, isa.cpu)
        if cap and cap.upper() == "AVX2":
            self.assertFalse(isa.int8_dot_exact)

    @settings(max_examples=200, deadline=None, derandomize=True)
    @given(st.frozensets(st.sampled_from(FEATURES)), st.sampled_from(sorted(ONEDNN_CAPS)))
    def test_capping_never_adds_a_feature(self, cpu, cap):
        isa = CpuIsa(cpu, cap)
        self.assertLessEqual(isa.features, cpu)
        self.assertLessEqual(isa.features, CpuIsa(cpu).features)
        if isa.int8_dot_exact:
            self.assertTrue(CpuIsa(cpu).int8_dot_exact)


class TestCpuInt8ReduceRange(TestCase):
    def test_auto_follows_the_isa(self):
        self.assertTrue(cpu_int8_reduce_range(_isa(EPYC_ZEN3)))
        self.assertTrue(cpu_int8_reduce_range(_isa(SAPPHIRE_RAPIDS, "AVX2")))
        self.assertFalse(cpu_int8_reduce_range(_isa(EPYC_ZEN4)))

    def test_config_overrides(self):
        with inductor_xpu.config.patch(cpu_int8_reduce_range="never"):
            self.assertFalse(cpu_int8_reduce_range(_isa(EPYC_ZEN3)))
        with inductor_xpu.config.patch(cpu_int8_reduce_range="always"):
            self.assertTrue(cpu_int8_reduce_range(_isa(EPYC_ZEN4)))
        with inductor_xpu.config.patch(cpu_int8_reduce_range="sometimes"):
            with self.assertRaisesRegex(ValueError, "INDUCTOR_XPU_CPU_INT8_REDUCE_RANGE.*'sometimes'"):
                cpu_int8_reduce_range(_isa(EPYC_ZEN4))


if __name__ == "__main__":
    run_tests()

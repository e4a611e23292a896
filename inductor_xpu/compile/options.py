"""What ``python -m inductor_xpu compile`` is asked to do: :class:`CompileOptions`.

The choices of ``--dtype`` (:data:`DTYPES`, :data:`AMP_DTYPES`) and
``--optimizer`` (:data:`inductor_xpu.execution.training_eager.OPTIMIZERS`)
are checked once, by :meth:`CompileOptions.validate`, which also checks how
the options combine; a compile mode checks its own flag's
(:meth:`inductor_xpu.modes.base.CompileMode.from_options`: ``--quant``,
``--distributed``).  A problem is a :class:`CompileUsageError` (exit status
2), phrased in the command's flags.
"""

from __future__ import annotations

import dataclasses
import os

import torch

from inductor_xpu.execution.training_eager import OPTIMIZERS


__all__ = [
    "AMP_DTYPES",
    "CompileOptions",
    "CompileUsageError",
    "DTYPES",
    "DTYPE_CHOICES",
    "MAX_RUN_TIMEOUT_S",
    "MAX_WORLD_SIZE",
    "OPTIMIZER_CHOICES",
]

# The dtypes a program is compiled in: the module and its floating-point
# inputs converted to the dtype (``DTYPES``), or kept in fp32 with the forward
# under ``torch.autocast(device, dtype)`` (``AMP_DTYPES``: mixed precision,
# as Intel's AMP recipe).  ``compile --dtype`` takes their keys.
DTYPES: dict[str, torch.dtype] = {
    "fp32": torch.float32,
    "fp16": torch.float16,
    "bf16": torch.bfloat16,
}
AMP_DTYPES: dict[str, torch.dtype] = {"amp_bf16": torch.bfloat16}

# --dtype: converted (DTYPES) or mixed precision (AMP_DTYPES)
DTYPE_CHOICES: tuple[str, ...] = (*DTYPES, *AMP_DTYPES)
OPTIMIZER_CHOICES: tuple[str, ...] = tuple(OPTIMIZERS)
# --world-size: at most 2**17 ranks.  That covers the largest real jobs:
# Aurora's 63,744 Max 1550 cards are 127,488 xpu devices (2 stacks each),
# and NCCL training jobs of ~100k GPUs.  The fake process group and its
# DeviceMesh cost time and memory in proportion (about 0.1 s and 20 MB here
# at 2**17; 2**31 ranks asked for more than 20 GB and was OOM-killed, and
# torch refuses ranks past int32), for a plan that does not change with it
# past a few ranks.  (inductor_xpu.modes.distributed has no bound of its own.)
MAX_WORLD_SIZE = 1 << 17
# --run-timeout's largest value: 7 days (the run's alarm is an interval
# timer, setitimer; it refuses, OverflowError, from some 1e10 s on).
MAX_RUN_TIMEOUT_S = 7 * 24 * 3600


class CompileUsageError(ValueError):
    """Bad arguments: unknown model or target, unusable script or output
    directory, options that do not combine."""


def check_choice(flag: str, value: str | None, choices: tuple[str, ...]) -> None:
    """Raise :class:`CompileUsageError` where ``flag``'s ``value`` (None:
    not given) is not one of ``choices``."""
    if value is not None and value not in choices:
        raise CompileUsageError(f"{flag} must be one of {', '.join(choices)} (got {value!r})")


@dataclasses.dataclass
class CompileOptions:
    target: str = "max1550"
    model: str | None = None  # built-in model name; None and no script: "demo"
    script: str | None = None  # "PATH:FUNC"
    dtype: str = "fp32"  # DTYPE_CHOICES
    freezing: bool = False
    train: bool = False
    cpp_wrapper: bool = False
    dynamic: bool = False
    quant: str | None = None  # inductor_xpu.modes.int8.QUANT_MODES: PT2E INT8, implies freezing (resolved)
    optimizer: str | None = None  # with train: OPTIMIZER_CHOICES
    aot: bool = False  # AOTInductor package sources under <out>/aot (inductor_xpu.modes.aot)
    out: str | None = None  # default: out/compile-<target>
    force: bool = False  # write into a directory holding files of the same names (removing nothing)
    run: bool = False  # execute the generated code on CPU, compared with eager (inductor_xpu.compile.execution)
    run_timeout: float | None = None  # with run: seconds the execution may take (then "timed out after N s")
    # with train: a strategy of inductor_xpu.modes.distributed.STRATEGIES, over a fake process group
    distributed: str | None = None
    world_size: int | None = None  # with distributed (default: distributed.DEFAULT_WORLD_SIZE)
    # max_autotune in the simulation: templates chosen by a fixed rule
    # (inductor_xpu.device.simulation.autotune), nothing benchmarked
    max_autotune: bool = False
    # compile every generated Triton kernel with Intel's Triton XPU backend
    # and IGC for the profile's GPU (inductor_xpu.native, make native-env)
    native: bool = False

    def validate(self) -> None:
        """Raise :class:`CompileUsageError` for a value outside its choices
        or options that do not combine."""
        check_choice("--dtype", self.dtype, DTYPE_CHOICES)
        check_choice("--optimizer", self.optimizer, OPTIMIZER_CHOICES)
        if self.script and self.model:
            raise CompileUsageError("give --model or --script, not both")
        if self.optimizer is not None and not self.train:
            raise CompileUsageError("--optimizer compiles the optimizer step of a training step: add --train")
        if self.aot and self.train:
            raise CompileUsageError("--aot compiles an inference graph (AOTInductor): drop --train")
        if self.quant and self.train:
            raise CompileUsageError("--quant quantizes an nn.Module for inference (no --train)")
        if self.distributed is not None and not self.train:
            raise CompileUsageError("--distributed compiles a training step: add --train")
        if self.world_size is not None and self.distributed is None:
            raise CompileUsageError("--world-size needs --distributed")
        if self.world_size is not None and self.world_size < 2:
            raise CompileUsageError(f"--world-size must be >= 2 (got {self.world_size})")
        if self.world_size is not None and self.world_size > MAX_WORLD_SIZE:
            raise CompileUsageError(
                f"--world-size must be at most {MAX_WORLD_SIZE} (got {self.world_size}): the largest real "
                "xpu and NCCL jobs (~128k devices) fit, and the fake process group grows with every rank"
            )
        if self.out is not None and not self.out:
            raise CompileUsageError("--out must name a directory (got an empty string)")
        if self.run_timeout is not None and not self.run:
            raise CompileUsageError("--run-timeout needs --run")
        if self.run_timeout is not None and not 0 < self.run_timeout < float("inf"):
            raise CompileUsageError(f"--run-timeout must be > 0 seconds (got {self.run_timeout:g})")
        if self.run_timeout is not None and self.run_timeout > MAX_RUN_TIMEOUT_S:
            raise CompileUsageError(
                f"--run-timeout must be at most {MAX_RUN_TIMEOUT_S} seconds (7 days; got {self.run_timeout:g})"
            )
        if self.run:
            self._validate_run()
        if self.native:
            self._validate_native()

    def _validate_native(self) -> None:
        """``--native`` compiles the Triton kernels of an xpu target's
        generated wrappers (and type-checks its C++: ``--cpp-wrapper``,
        ``--aot``), with Intel's compilers installed (``make native-env``)
        and, where it generates C++, the C++ type-check's (g++ answering
        ``-dumpfullversion`` in time, the headers): checked before anything
        is compiled, so no compile's work is lost to a late check."""
        from inductor_xpu.native import NativeEnvError
        from inductor_xpu.native.api import TimeLimits
        from inductor_xpu.native.cpp_check import missing_prerequisites
        from inductor_xpu.native.env import find_native_env
        from inductor_xpu.device import get_profile, UnknownProfileError

        try:
            profile = get_profile(self.target)
        except UnknownProfileError as e:
            raise CompileUsageError(str(e)) from None
        if profile.device_type != "xpu":
            raise CompileUsageError(
                f"--native compiles with Intel's compilers for an Intel GPU; {profile.key} simulates "
                f"{profile.device_type}: drop --native or choose an xpu target"
            )
        try:
            TimeLimits.from_config()
            find_native_env()
        except NativeEnvError as e:
            raise CompileUsageError(f"--native: {e}") from None
        if self.cpp_wrapper or self.aot:  # C++ to type-check: its SYCL root and toolchain, before compiling
            from inductor_xpu.native.env import sycl_root_problem

            problem = sycl_root_problem()
            if problem is not None:
                raise CompileUsageError(f"--native: {problem}")
            missing = missing_prerequisites()
            if missing:
                raise CompileUsageError(f"--native: {missing}")

    def _validate_run(self) -> None:
        """``--run`` executes a plan with a Python wrapper: inference (also
        frozen and INT8) and a training step, of an xpu target (the
        execution binds the xpu wrapper's device calls to CPU:
        :mod:`inductor_xpu.execution.device`); the other plans cannot
        execute yet."""
        from inductor_xpu.device import get_profile, list_profiles, UnknownProfileError

        try:
            profile = get_profile(self.target)
        except UnknownProfileError as e:
            raise CompileUsageError(str(e)) from None
        if profile.device_type != "xpu":
            xpu = ", ".join(p.key for p in list_profiles() if p.device_type == "xpu")
            raise CompileUsageError(
                f"--run executes the code of the simulated xpu targets on CPU ({xpu}); {profile.key} "
                f"simulates {profile.device_type}, whose code needs its device: drop --run or choose an xpu target"
            )
        for flag, given, why in (
            ("--aot", self.aot, "cannot run the AOTInductor package's C++ wrapper"),
            ("--cpp-wrapper", self.cpp_wrapper, "cannot run the C++ wrapper"),
            ("--distributed", self.distributed is not None, "has no process group to run collectives on"),
            (
                "--dtype",
                self.amp_dtype is not None and not self.train,
                "does not compare an autocast inference forward with autocast eager",
            ),
        ):
            if given:
                shown = f"--dtype {self.dtype}" if flag == "--dtype" else flag
                raise CompileUsageError(
                    f"--run with {shown} is not supported yet: the execution on CPU {why} yet; "
                    f"drop --run or {shown}"
                )

    @property
    def program_name(self) -> str:
        if self.script:
            return self.script
        return self.model or "demo"

    @property
    def dtype_conversion(self) -> torch.dtype | None:
        """The dtype module and inputs are converted to (None: kept)."""
        dtype = DTYPES.get(self.dtype)
        return dtype if dtype is not None and dtype != torch.float32 else None

    @property
    def amp_dtype(self) -> torch.dtype | None:
        """The forward's ``torch.autocast`` dtype (None: no AMP)."""
        return AMP_DTYPES.get(self.dtype)

    def resolved(self) -> CompileOptions:
        """These options with what they imply made explicit: ``--quant``
        compiles with freezing (PT2E INT8's freezing passes)."""
        return dataclasses.replace(self, freezing=True) if self.quant else self

    def out_dir(self, target_key: str) -> str:
        return self.out or os.path.join("out", f"compile-{target_key}")

    def command_line(self) -> str:
        """The ``python -m inductor_xpu compile`` call these options make."""
        parts = ["python -m inductor_xpu compile", f"--target {self.target}"]
        if self.script:
            parts.append(f"--script {self.script}")
        elif self.model:
            parts.append(f"--model {self.model}")
        if self.dtype != "fp32":
            parts.append(f"--dtype {self.dtype}")
        parts += [
            f"--{flag.replace('_', '-')}"
            for flag in ("freezing", "dynamic", "train", "cpp_wrapper", "aot", "run", "max_autotune", "native")
            if getattr(self, flag)
        ]
        if self.run_timeout is not None:
            parts.append(f"--run-timeout {self.run_timeout:g}")
        if self.quant:
            parts.append(f"--quant {self.quant}")
        if self.optimizer:
            parts.append(f"--optimizer {self.optimizer}")
        if self.distributed:
            parts.append(f"--distributed {self.distributed}")
        if self.world_size is not None:
            parts.append(f"--world-size {self.world_size}")
        if self.out:
            parts.append(f"--out {self.out}")
        if self.force:
            parts.append("--force")
        return " ".join(parts)

"""Print ``1`` when Inductor's vector-ISA probe answers what the CPU's flags say.

Inductor picks the vector ISA of its C++ kernels from the ISAs that both the
CPU reports and a dry compile accepts (``torch._inductor.cpu_vec_isa``: each
ISA's test program is built with g++ and loaded).  The dry compiles are cached
in the Inductor cache directory, and Inductor's ``TestCase`` gives each test
class a fresh one, which a test's subprocesses inherit: each such process
that compiles for the CPU probes again, about 12 CPU-s of g++ on a CPU with
AVX-512 and AMX.  ``TORCHINDUCTOR_VEC_ISA_OK=1`` (``config.cpp.vec_isa_ok``)
makes Inductor take the CPU's flags as the answer.

``make test`` sets it only where that changes nothing: this script runs the
probe once, in a cache directory of its own, and prints ``1`` when the
probe's list equals the flags' list; otherwise an empty line (the probes run
as usual) and the difference on stderr.  Usage: ``python tools/ci_vec_isa.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile


def probe_and_flags() -> tuple[list[str], list[str]]:
    """The ISAs Inductor's probe accepts, and those the CPU's flags name."""
    from torch._inductor import config, cpu_vec_isa

    with config.patch({"cpp.vec_isa_ok": None}):
        cpu_vec_isa.valid_vec_isa_list.cache_clear()
        probed = [str(isa) for isa in cpu_vec_isa.valid_vec_isa_list()]
    with config.patch({"cpp.vec_isa_ok": True}):
        cpu_vec_isa.valid_vec_isa_list.cache_clear()
        flagged = [str(isa) for isa in cpu_vec_isa.valid_vec_isa_list()]
    cpu_vec_isa.valid_vec_isa_list.cache_clear()
    return probed, flagged


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="inductor-xpu-vec-isa-") as cache_dir:
        os.environ["TORCHINDUCTOR_CACHE_DIR"] = cache_dir
        probed, flagged = probe_and_flags()
    if probed == flagged:
        print("1")
    else:
        print("")
        print(
            f"ci_vec_isa: Inductor's probe accepts {probed}, the CPU's flags name {flagged}: "
            "the tests keep the probe",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What IGC's native ISA dump of a kernel says.

With ``IGC_ShaderDumpEnable=1`` IGC writes, per compiled kernel, a file
``<hash>_simd<N>_<entry>.asm``: a header of ``//.`` comment lines, then one
instruction per line.  From the header (as IGC 1.0.12504 writes it)::

    //.kernel <name>
    //.platform PVCXT
    //.thread_config numGRF=128, numAcc=4, numSWSB=16
    //.instCount 411
    //.spill size 190656          (only when registers spilled)

and the instructions::

    (W)     mov (16|M0)   r127.0<1>:f   r0.0<1;1,0>:f      {Compacted}
            dpas.8x8 (16|M0)   r10:f   r10:f   r40:bf   r60.0:bf   {Atomic}
            load.ugm.d32.a64 (32|M0)  r20:2   [r12:4]     {$3}
            send.gtwy (8|M0)   null   r127   null:0  0x0  0x02000010  {EOT}

this module takes the instruction count, the GRF count per thread, the
SIMD width (from the file name, else the widest execution size), the
matrix-engine instructions (``dpas``, ``dpasw``), the message (send)
instructions and the bytes spilled.  A message is a ``send*`` or a
load/store/atomic/fence written in its LSC form, ``<op>.<sfid>...`` with the
shared function ``ugm``, ``ugml``, ``slm``, ``tgm`` or ``urb``.
Standard library only.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any


__all__ = ["IsaStats", "parse_asm", "opcode"]

_HEADER_INT = {
    "inst_count": re.compile(r"^//\.instCount\s+(\d+)", re.MULTILINE),
    "spill_bytes": re.compile(r"^//\.spill size\s+(\d+)", re.MULTILINE),
}
_KERNEL = re.compile(r"^//\.kernel\s+(\S+)", re.MULTILINE)
_PLATFORM = re.compile(r"^//\.platform\s+(\S+)", re.MULTILINE)
_NUM_GRF = re.compile(r"^//\.thread_config\b.*?\bnumGRF=(\d+)", re.MULTILINE)
_SIMD_IN_NAME = re.compile(r"_simd(\d+)_")
# (W), (f0.0), (W&~f1.0.any16h) ...: a predicate before the opcode.
_PREDICATE = re.compile(r"^\([^)]*\)\s*")
_EXEC_SIZE = re.compile(r"\((\d+)\|M\d+\)")
_SEND_OPCODES = frozenset({"send", "sends", "sendc", "sendsc", "sendg", "sendgc", "sendgx", "sendgxc"})
_LSC_SFIDS = frozenset({"ugm", "ugml", "slm", "tgm", "urb"})
_DPAS_OPCODES = frozenset({"dpas", "dpasw"})


@dataclasses.dataclass(frozen=True)
class IsaStats:
    """One kernel's native ISA, as IGC dumped it."""

    kernel: str | None
    platform: str | None
    inst_count: int | None
    num_grf: int | None
    simd: int | None
    dpas: int
    sends: int
    spill_bytes: int

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> IsaStats:
        values: dict[str, Any] = {f.name: data.get(f.name) for f in dataclasses.fields(cls)}
        return cls(**values)


def opcode(line: str) -> str | None:
    """The opcode of an instruction line (``dpas.8x8``, ``load.ugm.d32.a64``),
    None for comments, labels and blank lines."""
    text = line.strip()
    if not text or text.startswith("//"):
        return None
    text = _PREDICATE.sub("", text)
    token = text.split(None, 1)[0] if text else ""
    if not token or token.endswith(":"):
        return None
    return token


def _is_send(op: str) -> bool:
    base, _, rest = op.partition(".")
    return base in _SEND_OPCODES or rest.split(".", 1)[0] in _LSC_SFIDS


def parse_asm(text: str, filename: str | None = None) -> IsaStats:
    """The :class:`IsaStats` of one ``.asm`` dump (``filename``, if given,
    supplies the SIMD width IGC put in it)."""

    def header_int(name: str) -> int | None:
        m = _HEADER_INT[name].search(text)
        return int(m.group(1)) if m else None

    dpas = sends = 0
    widest = 0
    for line in text.splitlines():
        op = opcode(line)
        if op is None:
            continue
        base = op.partition(".")[0]
        if base in _DPAS_OPCODES:
            dpas += 1
        elif _is_send(op):
            sends += 1
        m = _EXEC_SIZE.search(line)
        if m:
            widest = max(widest, int(m.group(1)))
    simd_in_name = _SIMD_IN_NAME.search(filename or "")
    kernel = _KERNEL.search(text)
    platform = _PLATFORM.search(text)
    grf = _NUM_GRF.search(text)
    return IsaStats(
        kernel=kernel.group(1) if kernel else None,
        platform=platform.group(1) if platform else None,
        inst_count=header_int("inst_count"),
        num_grf=int(grf.group(1)) if grf else None,
        simd=int(simd_in_name.group(1)) if simd_in_name else (widest or None),
        dpas=dpas,
        sends=sends,
        spill_bytes=header_int("spill_bytes") or 0,
    )

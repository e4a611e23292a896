"""Max-autotune (``--max-autotune``): Inductor's template choices made in
the simulation by a fixed rule, nothing benchmarked
(:mod:`inductor_xpu.device.simulation.autotune`); each choice, and with
``--native`` each config rejected for spilling, in report.json's
``autotune`` and the summary; with ``--native`` also each fusion into a
template judged by the fused kernel's spills (``template_fusions``)."""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from inductor_xpu.modes.base import CompileMode, CompilePlan


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions
    from inductor_xpu.compile.pipeline import CompileReport


# The template config keys the summary shows (report.json has them all).
SHOWN_CONFIG = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")


def _config(config: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in config.items() if k in SHOWN_CONFIG)


class AutotuneMode(CompileMode):
    """``max_autotune=True`` in Inductor's options."""

    name = "max_autotune"

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        return cls() if options.max_autotune else None

    def configure(self, plan: CompilePlan) -> None:
        plan.inductor_config["max_autotune"] = True

    def add_to_report(self, data: dict[str, Any], compiled: CompileReport) -> None:
        data["autotune"] = [c.to_json() for c in compiled.autotune]
        if compiled.template_fusions:
            data["template_fusions"] = [f.to_json() for f in compiled.template_fusions]

    def summary_lines(self, data: dict[str, Any], compiled: CompileReport, *, callers: int = 5) -> list[str]:
        chosen = data["autotune"]
        lines = [
            f"  max-autotune: {len(chosen)} choice(s), nothing benchmarked"
            + (f" (rule: {chosen[0]['rule'].split(':')[0]})" if chosen else "")
        ]
        for c in chosen:
            config = _config(c["config"])
            lines.append(
                f"    graph {c['graph']} {c['op']} {' x '.join(c['inputs'])}: {c['kind']} {c['name']} "
                f"(choice {c['index'] + 1} of {c['choices']}{'; ' + config if config else ''})"
            )
            # with the native spill check (device/simulation/autotune.py: RULE_SPILLS)
            rejected = c.get("rejected", [])
            for r in rejected[:callers]:
                first = f", {r['first_spill_bytes']:,} at GRF 128" if r.get("first_spill_bytes") else ""
                lines.append(
                    f"      rejected choice {r['index'] + 1} {r['name']} ({_config(r['config'])}): spills "
                    f"{r['spill_bytes']:,} bytes at GRF {r['grf']}{first} > spill_threshold {r['threshold']}"
                )
            if len(rejected) > callers:
                lines.append(f"      ... {len(rejected) - callers} more rejected in report.json")
            if c.get("spill_check") and c["spill_check"].get("fallback"):
                lines.append(f"      spill check: {c['spill_check']['fallback']}")
        fusions = data.get("template_fusions", [])
        if fusions:
            refused = [f for f in fusions if not f["fused"] and not f.get("unchecked")]
            lines.append(
                f"  template fusions judged by the fused kernel's spills: {len(fusions)}, "
                f"{len(refused)} not fused (rule: {fusions[0]['rule'].split(':')[0]})"
            )
            for f in refused[:callers]:
                side = "epilogue" if f["epilogue"] else "prologue"
                lines.append(
                    f"    graph {f['graph']} {f['template']} + {side} {', '.join(f['nodes'])}: the fused kernel spills "
                    f"{f['spill_bytes']:,} bytes at GRF {f['grf']} > n_spills_threshold {f['threshold']}"
                )
            if len(refused) > callers:
                lines.append(f"    ... {len(refused) - callers} more in report.json")
        return lines

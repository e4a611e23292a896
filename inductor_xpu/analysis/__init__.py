"""Device-bias analysis of Inductor: the static audit (``audit``).

``python -m inductor_xpu audit`` is the command line; :func:`audit_tree`
the API.  See ``docs/audit.md`` for the categories, the counting rule and the
allowlist policy.
"""

from __future__ import annotations

from .allowlist import ALLOWLIST, AllowlistEntry, Rule
from .audit import EXCLUDED_DIRS, AuditReport, TorchTree, audit_sources, audit_tree
from .scanner import CATEGORIES, Site, scan_source


__all__ = [
    "ALLOWLIST",
    "AllowlistEntry",
    "AuditReport",
    "CATEGORIES",
    "EXCLUDED_DIRS",
    "Rule",
    "Site",
    "TorchTree",
    "audit_sources",
    "audit_tree",
    "scan_source",
]

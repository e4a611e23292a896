"""Profile registry: every module in :mod:`inductor_xpu.device.profiles`
that defines ``PROFILE = DeviceProfile(...)`` is a profile.  Adding a device
is adding a file there; nothing else is edited.

Names are matched case-insensitively, ignoring ``-``, ``_``, spaces and
dots, against each profile's ``key`` and ``aliases`` (so ``"max1550"``,
``"Max-1550"`` and ``"pvc1550"`` can all name the same profile).
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import os
import pkgutil
import re
import sys
import threading
from collections.abc import Iterable
from types import ModuleType

from inductor_xpu.device.profile import DeviceProfile


log = logging.getLogger(__name__)

PROFILES_PACKAGE = "inductor_xpu.device.profiles"


class ProfileError(Exception):
    """Base class of profile registry errors."""


class UnknownProfileError(ProfileError, KeyError):
    def __init__(self, name: str, known: Iterable[str]) -> None:
        self.name = name
        self.known = sorted(known)
        super().__init__(f"no device profile named {name!r}; known: {', '.join(self.known)}")

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0]


class ProfileDefinitionError(ProfileError):
    """A profile module is malformed, or two profiles claim one name."""


def normalize_name(name: str) -> str:
    return re.sub(r"[\s_\-.]", "", name).lower()


def profile_from_module(module: ModuleType) -> DeviceProfile:
    profile = getattr(module, "PROFILE", None)
    if not isinstance(profile, DeviceProfile):
        raise ProfileDefinitionError(
            f"{module.__name__} ({getattr(module, '__file__', '?')}) defines no "
            "PROFILE = DeviceProfile(...)"
        )
    return profile


def profiles_in_package(package: str = PROFILES_PACKAGE) -> list[DeviceProfile]:
    """Import every module of ``package`` and return its profiles."""
    pkg = importlib.import_module(package)
    found = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        found.append(profile_from_module(module))
    return found


def profiles_in_directory(directory: str | os.PathLike[str]) -> list[DeviceProfile]:
    """Load every ``*.py`` profile file of a directory outside the package
    (out-of-tree devices, tests).  Modules are executed under private names
    and not left in ``sys.modules``."""
    found = []
    directory = os.fspath(directory)
    for filename in sorted(os.listdir(directory)):
        if not filename.endswith(".py") or filename.startswith("_"):
            continue
        path = os.path.join(directory, filename)
        mod_name = f"_inductor_xpu_profile_{normalize_name(filename[:-3])}"
        spec = importlib.util.spec_from_file_location(mod_name, path)
        if spec is None or spec.loader is None:
            raise ProfileDefinitionError(f"cannot load profile file {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = module  # dataclasses need the module during exec
        try:
            spec.loader.exec_module(module)
        finally:
            sys.modules.pop(mod_name, None)
        found.append(profile_from_module(module))
    return found


class ProfileRegistry:
    """Name -> profile, built from the profiles package and any extra
    directories."""

    def __init__(self, package: str = PROFILES_PACKAGE, directories: Iterable[str] = ()) -> None:
        self.package = package
        self.directories = list(directories)
        self._lock = threading.Lock()
        self._profiles: dict[str, DeviceProfile] | None = None
        self._names: dict[str, str] = {}

    def _build(self) -> None:
        profiles: dict[str, DeviceProfile] = {}
        names: dict[str, str] = {}
        candidates = profiles_in_package(self.package)
        for directory in self.directories:
            candidates.extend(profiles_in_directory(directory))
        for profile in candidates:
            if profile.key in profiles:
                raise ProfileDefinitionError(f"two profiles with key {profile.key!r}")
            profiles[profile.key] = profile
            for name in (profile.key, *profile.aliases):
                norm = normalize_name(name)
                if names.get(norm, profile.key) != profile.key:
                    raise ProfileDefinitionError(
                        f"name {name!r} claimed by profiles {names[norm]!r} and {profile.key!r}"
                    )
                names[norm] = profile.key
        self._profiles, self._names = profiles, names

    def _ensure(self) -> dict[str, DeviceProfile]:
        with self._lock:
            if self._profiles is None:
                self._build()
            assert self._profiles is not None
            return self._profiles

    def refresh(self) -> None:
        with self._lock:
            self._profiles = None

    def get(self, name: str | DeviceProfile) -> DeviceProfile:
        if isinstance(name, DeviceProfile):
            return name
        profiles = self._ensure()
        key = self._names.get(normalize_name(name))
        if key is None:
            raise UnknownProfileError(name, profiles)
        return profiles[key]

    def list(self) -> list[DeviceProfile]:
        return [p for _, p in sorted(self._ensure().items())]


_default_registry = ProfileRegistry()


def default_registry() -> ProfileRegistry:
    return _default_registry


def get_profile(name: str | DeviceProfile) -> DeviceProfile:
    """The profile called ``name`` (key or alias), or ``name`` itself if it
    is already a :class:`DeviceProfile`."""
    return _default_registry.get(name)


def list_profiles() -> list[DeviceProfile]:
    """Every profile of the profiles package, sorted by key."""
    return _default_registry.list()

"""setuptools shim: ships the patch series inside the package on regular installs.

An editable install (``pip install -e .``) reads ``torch_patches/`` in place;
a wheel gets a copy as ``inductor_xpu/_torch_patches``.

Builds are out of tree: setuptools' ``build/`` and ``*.egg-info`` go to a
temporary directory (``INDUCTOR_XPU_BUILD_DIR`` to choose it), never into
the checkout, so a read-only checkout builds (``pip wheel .``,
``python -m build``, ``pip install .``).
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithSeries(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        src = Path(__file__).parent / "torch_patches"
        dst = Path(self.build_lib) / "inductor_xpu" / "_torch_patches"
        if dst.exists():
            shutil.rmtree(dst)
        shutil.copytree(src, dst)


def _build_dir() -> str:
    chosen = os.environ.get("INDUCTOR_XPU_BUILD_DIR")
    if chosen:
        os.makedirs(chosen, exist_ok=True)
        return chosen
    # One per setup.py run (PEP 517 runs each hook in its own process);
    # what a run leaves there it has already handed to its caller.
    tmp = tempfile.mkdtemp(prefix="inductor_xpu-build-")
    atexit.register(shutil.rmtree, tmp, True)
    return tmp


_BUILD = _build_dir()

setup(
    cmdclass={"build_py": BuildPyWithSeries},
    options={
        "build": {"build_base": os.path.join(_BUILD, "build")},
        "egg_info": {"egg_base": _BUILD},
    },
)

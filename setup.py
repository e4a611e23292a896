"""setuptools shim: ships the patch series inside the package on regular installs.

An editable install (``pip install -e .``) reads ``torch_patches/`` in place;
a wheel gets a copy as ``inductor_xpu/_torch_patches``.
"""

import shutil
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


setup(cmdclass={"build_py": BuildPyWithSeries})

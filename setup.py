"""`pip install .` (pyproject.toml): builds cardsim's compiled core with CMake
for the Python that runs pip, and puts the shipped data in the package.

- The version is CMakeLists.txt's ``project(cardsim VERSION ...)``.
- build_ext configures the sources with CMake (Release, no tests, benchmarks
  or MPI; ``-DPython3_EXECUTABLE`` this Python, pybind11's CMake package from
  the pybind11 this Python imports) in ``build/temp.../cmake``, or in
  ``$CARDSIM_CMAKE_BUILD_DIR`` if set (to reuse a build), builds the target
  ``_cardsim`` alone and copies the module into the package.
- With ``$CARDSIM_PYTHON_MODULE`` set to a built module (``_cardsim*.so`` of
  a CMake build for the same Python), build_ext packages that one and runs no
  CMake (the test python.pip, which reuses the build it tests).
- build_py copies configs/ into the package as ``cardsim/data/``, where the
  module looks for its data first (src/io/files/data_dir.cpp).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def version() -> str:
    match = re.search(r"project\(cardsim VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    if match is None:
        raise RuntimeError("CMakeLists.txt names no project(cardsim VERSION ...)")
    return match.group(1)


class BuildPyWithData(build_py):
    """The Python layer, and configs/ as cardsim/data/."""

    def run(self) -> None:
        super().run()
        data = Path(self.build_lib) / "cardsim" / "data"
        shutil.rmtree(data, ignore_errors=True)
        shutil.copytree(ROOT / "configs", data)


class CMakeBuild(build_ext):
    """The compiled core cardsim._cardsim, built by CMake for this Python."""

    def build_extension(self, ext: Extension) -> None:
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        prebuilt = os.environ.get("CARDSIM_PYTHON_MODULE")
        if prebuilt:
            if not prebuilt.endswith(sysconfig.get_config_var("EXT_SUFFIX")) or not Path(prebuilt).is_file():
                raise RuntimeError(f"CARDSIM_PYTHON_MODULE={prebuilt} is not a module for this Python "
                                   f"(a file _cardsim{sysconfig.get_config_var('EXT_SUFFIX')})")
            shutil.copyfile(prebuilt, target)
            return
        cmake = shutil.which("cmake")
        if cmake is None:
            raise RuntimeError("building cardsim needs CMake 3.25 or later on PATH (Debian: apt install cmake)")
        build_dir = Path(os.environ.get("CARDSIM_CMAKE_BUILD_DIR") or Path(self.build_temp) / "cmake").resolve()
        args = [
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DCMAKE_BUILD_TYPE=Release",
            "-DCARDSIM_PYTHON=ON",
            "-DCARDSIM_BUILD_TESTS=OFF",
            "-DCARDSIM_BUILD_BENCH=OFF",
            "-DCARDSIM_MPI=OFF",
        ]
        try:
            import pybind11  # the pybind11 of this Python (or of pip's isolated build)

            args.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass  # CMake looks for pybind11's package itself (Debian: pybind11-dev)
        subprocess.run([cmake, "-S", str(ROOT), "-B", str(build_dir), *args], check=True)
        jobs = str(os.cpu_count() or 1)
        subprocess.run([cmake, "--build", str(build_dir), "--target", "_cardsim", "-j", jobs], check=True)
        built = build_dir / "python" / "cardsim" / ("_cardsim" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.is_file():
            raise RuntimeError(f"CMake built no {built.name} in {built.parent}")
        shutil.copyfile(built, target)


setup(
    version=version(),
    ext_modules=[Extension("cardsim._cardsim", sources=[])],
    cmdclass={"build_py": BuildPyWithData, "build_ext": CMakeBuild},
)

"""`pip install .` (pyproject.toml): builds cardsim's compiled core with CMake
for the Python that runs pip, and puts the shipped data in the package.

- The version is CMakeLists.txt's ``project(cardsim VERSION ...)``.
- build_ext configures the sources with CMake (Release, no tests, benchmarks
  or MPI; the quickstart's unity build, CARDSIM_QUICK_BUILD; ``-DPython3_EXECUTABLE``
  this Python, pybind11's CMake package from the pybind11 this Python imports)
  in ``build/temp.../cmake``, or in ``$CARDSIM_CMAKE_BUILD_DIR`` if set (to
  reuse a build), builds the target ``_cardsim`` alone (cmake_commands) and
  copies the module into the package. pip hides a build's output unless
  ``pip install -v``: a line on the terminal says so before the compiler starts.
- With ``$CARDSIM_PYTHON_MODULE`` set to a built module (``_cardsim*.so`` of
  a CMake build for the same Python), build_ext packages that one and runs no
  CMake (the test python.pip, which reuses the build it tests).
- build_py copies configs/ into the package as ``cardsim/data/``, where the
  module looks for its data first (src/formats/files/data_dir.cpp).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import List

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


def cmake_commands(cmake: str, build_dir: Path, jobs: int) -> List[List[str]]:
    """The CMake commands that build the compiled core for this Python:
    configure, then build the target _cardsim alone on ``jobs`` cores."""
    args = [
        f"-DPython3_EXECUTABLE={sys.executable}",
        "-DCMAKE_BUILD_TYPE=Release",
        "-DCARDSIM_PYTHON=ON",
        "-DCARDSIM_BUILD_TESTS=OFF",
        "-DCARDSIM_BUILD_BENCH=OFF",
        "-DCARDSIM_MPI=OFF",
        # io and the bindings' libraries as unity builds at -O2, the engine as
        # in release (the `cli` preset's; docs/performance.md, the quickstart)
        "-DCARDSIM_QUICK_BUILD=ON",
    ]
    try:
        import pybind11  # the pybind11 of this Python (or of pip's isolated build)

        args.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
    except ImportError:
        pass  # CMake looks for pybind11's package itself (Debian: pybind11-dev)
    return [[cmake, "-S", str(ROOT), "-B", str(build_dir), *args],
            [cmake, "--build", str(build_dir), "--target", "_cardsim", "-j", str(jobs)]]


def tell(message: str) -> None:
    """``message`` on the terminal, which pip (without -v) does not show the
    build's output on; on stdout when there is no terminal."""
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(message + "\n")
    except OSError:
        print(message, flush=True)


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
        jobs = os.cpu_count() or 1
        tell(f"cardsim: compiling the C++ core with CMake on {jobs} core(s) in {build_dir}: several CPU-minutes; "
             f"`pip install -v .` shows each step")
        for command in cmake_commands(cmake, build_dir, jobs):
            subprocess.run(command, check=True)
        built = build_dir / "python" / "cardsim" / ("_cardsim" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.is_file():
            raise RuntimeError(f"CMake built no {built.name} in {built.parent}")
        shutil.copyfile(built, target)


if __name__ == "__main__":  # as setuptools runs it; a test imports cmake_commands
    setup(
        version=version(),
        ext_modules=[Extension("cardsim._cardsim", sources=[])],
        cmdclass={"build_py": BuildPyWithData, "build_ext": CMakeBuild},
    )

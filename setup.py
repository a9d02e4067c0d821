"""Builds the gemgames extension for pip (pyproject.toml; docs/python.md).

The engine library is built by make (`make python-lib`: a position-
independent release build in build/pic), then linked into gemgames._core.
Nothing is downloaded: the Debian packages scripts/setup.sh installs must be
present (python3-dev, python3-numpy, python3-setuptools, libcjson-dev, a C
compiler), and make is told not to run scripts/setup.sh itself.
"""
import os
import subprocess

import numpy
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
STAMP = os.path.join("build", "setuptools", ".deps-pip")


class BuildWithEngine(build_ext):
    def run(self):
        os.makedirs(os.path.dirname(os.path.join(ROOT, STAMP)), exist_ok=True)
        with open(os.path.join(ROOT, STAMP), "w"):
            pass  # stands for build/.deps-ok: make must not run scripts/setup.sh here
        subprocess.check_call(["make", "--no-print-directory", "DEPS=" + STAMP, "python-lib"],
                              cwd=ROOT)
        super().run()


os.makedirs(os.path.join(ROOT, "build", "setuptools"), exist_ok=True)
setup(
    packages=["gemgames"],
    package_dir={"": "python"},
    ext_modules=[Extension(
        "gemgames._core",
        sources=["python/gemgames/_core.c", "python/gemgames/vector_env.c"],
        depends=["python/gemgames/core.h", "include/gemgames.h"],
        include_dirs=["include", numpy.get_include()],
        extra_compile_args=["-std=c11", "-D_DEFAULT_SOURCE"],
        extra_objects=["build/pic/libgemgames.a"],
        libraries=["cjson", "pthread", "m"],
    )],
    cmdclass={"build_ext": BuildWithEngine},
    options={"build": {"build_base": "build/setuptools"},
             "egg_info": {"egg_base": "build/setuptools"}},
)

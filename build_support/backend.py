"""The build backend: setuptools' own, deciding whether a wheel is compiled.

A wheel (``pip install .``, ``pip wheel .``, ``python -m build``) runs the engines
compiled by mypyc when this machine can compile them (a C compiler and Python's
headers), and is the pure-Python package otherwise, saying so in one line. An editable
install (``pip install -e .``) always runs the ``.py`` files being edited.
``TABLETOP_COMPILE=1`` insists on a compiled wheel (the build fails if it cannot
compile) and ``TABLETOP_COMPILE=0`` builds the pure-Python one (docs/install.md).
``setup.py`` compiles exactly when the hooks below have set ``TABLETOP_COMPILE=1``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 (the PEP 517 hooks not changed here)

MYPYC = "mypy>=2.4"
"""mypyc ships with mypy; the compiled build is tested with 2.4."""

SWITCH = "TABLETOP_COMPILE"


def missing_compiler() -> str | None:
    """What this machine lacks to compile the engines, or ``None`` when nothing."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    program = shlex.split(cc)[0] if cc.strip() else "cc"
    if shutil.which(program) is None:
        return f"no C compiler ({program})"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers})"
    return None


def compiles_wheel() -> bool:
    """Whether a wheel built now is compiled (``TABLETOP_COMPILE``, else the machine)."""
    switch = os.environ.get(SWITCH, "").strip()
    if switch in ("0", "1"):
        return switch == "1"
    return missing_compiler() is None


def _requires_mypyc() -> list[str]:
    return [MYPYC] if compiles_wheel() else []


# setuptools' own versions of these run setup.py, which would import mypyc before it
# is installed; setuptools 77 needs nothing beyond ``[build-system] requires``.
def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requires_mypyc()


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return []


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    os.environ[SWITCH] = "0"  # the metadata is the same either way
    return build_meta.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    compiled = compiles_wheel()
    if not compiled and os.environ.get(SWITCH, "").strip() != "0":
        print(
            f"tabletop: {missing_compiler()}: building the pure-Python package, "
            "whose engines run interpreted (docs/install.md)",
            file=sys.stderr,
        )
    os.environ[SWITCH] = "1" if compiled else "0"
    return build_meta.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    os.environ[SWITCH] = "0"  # an editable install runs the .py files being edited
    return build_meta.build_editable(wheel_directory, config_settings, metadata_directory)


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    os.environ[SWITCH] = "0"
    return build_meta.prepare_metadata_for_build_editable(metadata_directory, config_settings)

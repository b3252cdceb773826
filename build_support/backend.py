"""The build backend: setuptools' own, plus mypy when ``TABLETOP_COMPILE=1`` asks for
a compiled build (``setup.py``), so that a plain install never downloads a compiler."""

from __future__ import annotations

import os
from typing import Any

from setuptools.build_meta import *  # noqa: F403 (the PEP 517 hooks not changed here)

MYPYC = "mypy>=2.4"
"""mypyc ships with mypy; the compiled build is tested with 2.4."""


def _compiler() -> list[str]:
    return [MYPYC] if os.environ.get("TABLETOP_COMPILE", "0") not in ("", "0") else []


# setuptools' own versions of these two run setup.py, which would import mypyc before
# it is installed; setuptools 77 needs nothing beyond ``[build-system] requires``.
def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _compiler()


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _compiler()

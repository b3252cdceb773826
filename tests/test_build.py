"""The build backend compiles a wheel where it can and says so where it cannot.

``.ci/run`` builds the default wheel on a machine with a compiler and runs the tests
against it, expecting compiled engines; these tests cover the rest: the switch, and a
machine without a compiler, which gets the pure-Python package and one line saying why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_support"))
import backend  # noqa: E402  (build_support/ is the backend's own path, not a package)

IGNORED = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so")


@pytest.mark.parametrize(("switch", "expected"), [("0", False), ("1", True)])
def test_the_switch_decides_whatever_the_machine(
    monkeypatch: pytest.MonkeyPatch, switch: str, expected: bool
) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc")
    monkeypatch.setenv("TABLETOP_COMPILE", switch)
    assert backend.compiles_wheel() is expected


def test_without_a_compiler_the_wheel_is_not_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLETOP_COMPILE", raising=False)
    monkeypatch.setenv("CC", "/nonexistent/cc --flag")
    assert backend.missing_compiler() == "no C compiler (/nonexistent/cc)"
    assert backend.compiles_wheel() is False
    assert backend.get_requires_for_build_wheel() == []


def test_an_editable_install_never_asks_for_the_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_COMPILE", "1")
    assert backend.get_requires_for_build_editable() == []
    assert backend.get_requires_for_build_wheel() == [backend.MYPYC]


def test_a_machine_without_a_compiler_builds_the_pure_package_and_says_so(
    tmp_path: Path,
) -> None:
    # A copy of the project: pip builds in the source tree, whose build/ is the CI's.
    source = tmp_path / "source"
    for name in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        (source / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, source / name)
    for name in ("build_support", "src"):
        shutil.copytree(ROOT / name, source / name, ignore=IGNORED)
    env = {k: v for k, v in os.environ.items() if k != "TABLETOP_COMPILE"}
    env["CC"] = "/nonexistent/cc"
    pip = [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation"]
    done = subprocess.run(
        [*pip, "-w", str(tmp_path), str(source)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    said = [line for line in (done.stdout + done.stderr).splitlines() if "tabletop: no C" in line]
    assert len(said) == 1, said
    assert "building the pure-Python package" in said[0]
    (wheel,) = tmp_path.glob("tabletop-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    assert not [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".so")]

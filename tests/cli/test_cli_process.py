"""The real program in a child process: piped stdin, and Ctrl-C as a signal."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tabletop

COMMAND = [sys.executable, "-m", "tabletop.cli.main", "play", "uno-power"]
SINGLE_ROUND = ["-o", "target_score=single_round"]
ENV = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "120"}


def test_piped_stdin_plays_to_the_end(tmp_path: Path) -> None:
    args = [*COMMAND, "--seats", "you,heuristic", *SINGLE_ROUND, "--seed", "2"]
    done = subprocess.run(
        args, input="1\n" * 3000, capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Match over" in done.stdout
    assert done.stderr == ""


def _read_until(process: subprocess.Popen[bytes], marker: bytes, timeout: float) -> bytes:
    assert process.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        left = deadline - time.monotonic()
        if left <= 0 or not selector.select(left):
            raise AssertionError(f"no {marker!r} in output: {seen[-500:]!r}")
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            raise AssertionError(f"output ended before {marker!r}: {seen[-500:]!r}")
        seen += chunk
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_at_the_prompt_saves_a_record(tmp_path: Path) -> None:
    path = tmp_path / "sigint.json"
    args = [*COMMAND, "--seats", "you,random", "--seed", "3", "--record", str(path)]
    process = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV
    )
    try:
        _read_until(process, b"your choice", timeout=30)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130, err.decode()
    assert b"Interrupted: game saved to" in out
    assert b"Traceback" not in err
    record = tabletop.GameRecord.load(path)
    assert record.result is None
    record.replay()

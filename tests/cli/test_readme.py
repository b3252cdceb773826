"""Every ``tabletop`` command README.md shows, run as a person types it in a terminal.

The commands are read from the README itself (its ``sh`` blocks and its inline code),
so a command added there is run here too. Each runs as the installed program in a
pseudo-terminal, so it sees a terminal as a person's shell gives it one: progress
bars drawn live, colours, the terminal's width, a keyboard. Only their sizes shrink
(:data:`TINY`: fewer games, a free port); a person's answers are typed at each prompt
(:data:`TYPED`), and a server is fetched from the address it prints, then stopped
with Ctrl-C.
"""

from __future__ import annotations

import os
import re
import select
import signal
import struct
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

fcntl = pytest.importorskip("fcntl")  # POSIX pseudo-terminals
termios = pytest.importorskip("termios")

README = Path(__file__).resolve().parents[2] / "README.md"
ROWS, COLUMNS = 40, 100
PROMPT = "your choice ("
RUNNING = re.compile(r"Tabletop is running: open (\S+) in your browser")
SECONDS = 60  # the most one command may take, whatever its size

# command -> (option, value) pairs set to keep it tiny and repeatable (added where the
# README has none)
TINY: dict[str, list[tuple[str, str]]] = {
    "serve": [("--port", "0")],  # any free port: the README's may be taken
    # The README's own seed for every game: a random deal can end before the last
    # answer typed ("q", which saves), and then nothing says "game saved to".
    "play": [("--seed", "7")],
    "sim": [("--games", "4")],
    "study": [("--games", "2")],  # replicates of each experiment
}
# command -> the lines typed at its prompts, one per prompt ("q" saves and stops)
TYPED: dict[str, list[str]] = {"play": ["1", "1", "1", "q"]}
# command -> its exit status when it worked, where not 0: a server stopped by Ctrl-C
# exits as the shell's convention for it says
STATUS: dict[str, int] = {"serve": 130}
# command -> what its output shows when it worked
SHOWS: dict[str, str] = {
    "list": "bots: ",
    "play": "game saved to",
    "replay": "Replay: ",
    "sim": "4/4",  # the progress bar, complete
    "study": "The study's page",
}


def readme_commands(text: str) -> list[str]:
    """The ``tabletop`` commands of a README, in order, each once: the lines of its
    ``sh`` blocks (also after ``&&``, without ``# comments``) and its inline code."""
    commands: list[str] = []
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    for line in "\n".join(blocks).splitlines():
        for part in line.split(" # ")[0].split("&&"):
            commands.append(part.strip())
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    commands += re.findall(r"`(tabletop [^`]+)`", prose)
    wanted = [c for c in commands if c.startswith("tabletop ")]
    return list(dict.fromkeys(wanted))


def tiny(words: list[str]) -> list[str]:
    """``words`` with the options of :data:`TINY` for its command set or added."""
    words = list(words)
    for option, value in TINY.get(words[0], []):
        if option in words:
            words[words.index(option) + 1] = value
        else:
            words += [option, value]
    return words


@dataclass
class Session:
    """One command in a pseudo-terminal: what it printed, and its exit status."""

    command: str
    output: str = ""
    status: int | None = None
    problems: list[str] = field(default_factory=list)


def _program() -> list[str]:
    """The ``tabletop`` program installed beside this Python (its module otherwise)."""
    script = Path(sys.executable).with_name("tabletop")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tabletop.cli.main"]


def run_in_terminal(command: str, cwd: Path, env: dict[str, str]) -> Session:
    """Run ``command`` (a README line) tiny, in a pseudo-terminal, typing its answers."""
    words = tiny(command.split()[1:])
    session = Session(command)
    typed = list(TYPED.get(words[0], []))
    controller, terminal = os.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    process = subprocess.Popen(
        [*_program(), *words],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=cwd,
        env=env,
        start_new_session=True,
    )
    os.close(terminal)
    seen = b""
    prompts = 0
    stopping = False
    deadline = time.monotonic() + SECONDS
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(controller, 65536)
                except OSError:  # the program closed the terminal: it has ended
                    chunk = b""
                if not chunk:
                    break
                seen += chunk
            text = seen.decode("utf-8", "replace")
            if text.count(PROMPT) > prompts and typed:
                prompts = text.count(PROMPT)
                os.write(controller, typed.pop(0).encode() + b"\r")
            address = RUNNING.search(text)
            if address and not stopping:
                stopping = True
                session.problems += _fetch(address.group(1))
                process.send_signal(signal.SIGINT)  # Ctrl-C
        session.status = process.wait(timeout=max(1.0, deadline - time.monotonic()))
        seen += _rest(controller)  # what it wrote after the loop stopped reading
    except subprocess.TimeoutExpired:
        session.problems.append(f"still running after {SECONDS} s")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(controller)
    session.output = seen.decode("utf-8", "replace")
    return session


def _rest(controller: int) -> bytes:
    """Whatever the terminal still holds once the program has ended."""
    rest = b""
    while select.select([controller], [], [], 0)[0]:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the program's side is closed and nothing is left
            break
        if not chunk:
            break
        rest += chunk
    return rest


def _fetch(address: str) -> list[str]:
    """Problems opening the address a server printed (none: it answered)."""
    try:
        with urllib.request.urlopen(address, timeout=20) as answer:
            return [] if answer.status == 200 else [f"{address} answered {answer.status}"]
    except OSError as exc:
        return [f"cannot open the printed address {address}: {exc}"]


def test_the_readme_commands_are_read() -> None:
    commands = readme_commands(README.read_text(encoding="utf-8"))
    named = {c.split()[1] for c in commands}
    assert {"list", "serve", "play", "replay", "sim", "study"} <= named, commands
    assert "tabletop serve" in commands  # from "pip install ... && tabletop serve"
    assert not any("#" in c or "&&" in c for c in commands)
    assert tiny(["sim", "kung-fu", "--games", "2000"]) == ["sim", "kung-fu", "--games", "4"]
    assert tiny(["study", "power-cards"]) == ["study", "power-cards", "--games", "2"]


def test_every_readme_command_runs_in_a_terminal(tmp_path: Path) -> None:
    """In README order, in one folder (``replay`` reads the record ``play`` saved)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("COLUMNS", "LINES", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "NO_COLOR")
    }
    env.update(
        HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
        LANG="C.UTF-8",
        TERM="xterm-256color",
    )
    failures = []
    for command in readme_commands(README.read_text(encoding="utf-8")):
        session = run_in_terminal(command, tmp_path, env)
        name = command.split()[1]
        shows = SHOWS.get(name)
        problems = list(session.problems)
        if session.status != STATUS.get(name, 0):
            problems.append(f"exit status {session.status}")
        if "Traceback" in session.output:
            problems.append("a traceback")
        if shows is not None and shows not in session.output:
            problems.append(f"no {shows!r} on screen")
        if problems:
            failures.append(f"{command}: {', '.join(problems)}\n{session.output[-3000:]}")
    assert not failures, "\n\n".join(failures)

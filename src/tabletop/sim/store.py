"""The run folder: settings, finished games, records and reports on disk.

``games.jsonl`` is the truth: one line per finished game, appended and flushed
as batches finish, so Ctrl-C or a killed process loses only the games in
flight. ``--resume`` reads it back and plays only what is missing. Everything
else (``summary.json``, the CSV files, ``report.html``) is derived from it and
rewritten at the end of each run. Only each game's byte offset is kept in
memory; the games are read back in index order when the reports are written.

Layout::

    run.json          the spec (game, options, line-up, games, seed) and the version
    games.jsonl       one GameResult per line
    records/          game-000042.json per game with record_games (tabletop replay FILE)
    summary.json      every figure of the summary
    players.csv       one row per player of the line-up
    games.csv         one row per game
    report.html       the self-contained report with plots
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO

import tabletop
from tabletop.sim.errors import SimError
from tabletop.sim.play import GameResult
from tabletop.sim.spec import SimSpec

RUN_FILE = "run.json"
GAMES_FILE = "games.jsonl"
RECORDS_DIR = "records"


def record_path(folder: Path, index: int) -> Path:
    """Where game ``index``'s record is kept."""
    return folder / RECORDS_DIR / f"game-{index:06d}.json"


class RunFolder:
    """A run folder: its spec, the games it holds (by index), and appending more."""

    def __init__(self, path: Path, spec: SimSpec, offsets: dict[int, int] | None = None) -> None:
        self.path = path
        self.spec = spec
        self._offsets: dict[int, int] = offsets if offsets is not None else {}
        self._games: IO[bytes] | None = None

    @property
    def games_file(self) -> Path:
        return self.path / GAMES_FILE

    @classmethod
    def create(cls, path: Path, spec: SimSpec) -> RunFolder:
        """A new run in ``path``, which must not hold a run already."""
        if (path / RUN_FILE).exists():
            raise SimError(
                "{path} already holds a run; continue it with --resume {path} "
                "or choose another --out",
                path=path,
            )
        if path.exists() and not path.is_dir():
            raise SimError("--out {path} is a file, not a folder", path=path)
        if not path.parent.is_dir():
            raise SimError("--out: the folder {folder!r} does not exist", folder=str(path.parent))
        path.mkdir(exist_ok=True)
        meta = {"tabletop": tabletop.__version__, "spec": spec.to_dict()}
        (path / RUN_FILE).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        (path / GAMES_FILE).write_bytes(b"")
        return cls(path, spec)

    @classmethod
    def open(cls, path: Path) -> RunFolder:
        """An existing run; checks its games (a line torn by a kill is dropped)."""
        try:
            meta = json.loads((path / RUN_FILE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SimError(
                "--resume: {path} holds no run (no {file})", path=path, file=RUN_FILE
            ) from None
        except (OSError, json.JSONDecodeError) as exc:
            raise SimError(
                "--resume: cannot read {path}: {problem}", path=path / RUN_FILE, problem=exc
            ) from None
        if not isinstance(meta, dict):
            raise SimError("--resume: {path} is not a run file", path=path / RUN_FILE)
        spec = SimSpec.from_dict(meta.get("spec"))
        return cls(path, spec, _scan_games(path / GAMES_FILE, spec))

    def grow(self, games: int) -> None:
        """Plan ``games`` games instead of fewer: every game already played keeps its
        index and seed, so the longer run is the one that would have been played."""
        if games < self.spec.games:
            raise SimError(
                "{path} holds {held} games; it cannot shrink to {games}",
                path=self.path,
                held=self.spec.games,
                games=games,
            )
        self.spec = replace(self.spec, games=games)
        meta = {"tabletop": tabletop.__version__, "spec": self.spec.to_dict()}
        (self.path / RUN_FILE).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")

    def done(self) -> frozenset[int]:
        """The indices of the games finished so far."""
        return frozenset(self._offsets)

    def __len__(self) -> int:
        return len(self._offsets)

    def results(self) -> Iterator[GameResult]:
        """The finished games, read back in index order."""
        offsets = self._offsets
        with self.games_file.open("rb") as f:
            for index in sorted(offsets):
                f.seek(offsets[index])
                yield GameResult.from_dict(json.loads(f.readline()))

    def append(self, results: list[GameResult]) -> None:
        """Keep a batch: records first, then the lines that mark the games as done."""
        if self.spec.record_games:
            (self.path / RECORDS_DIR).mkdir(exist_ok=True)
            for r in results:
                if r.record is not None:
                    text = json.dumps(r.record, indent=1) + "\n"
                    record_path(self.path, r.index).write_text(text, encoding="utf-8")
        if self._games is None:
            self._games = self.games_file.open("ab")
        f = self._games
        position = f.seek(0, 2)
        lines = []
        for r in results:
            line = (json.dumps(r.to_dict()) + "\n").encode()
            if r.index not in self._offsets:
                self._offsets[r.index] = position
            position += len(line)
            lines.append(line)
        f.write(b"".join(lines))
        f.flush()

    def close(self) -> None:
        if self._games is not None:
            self._games.close()
            self._games = None


def _scan_games(path: Path, spec: SimSpec) -> dict[int, int]:
    """Index -> byte offset of each finished game in ``path``; cuts a line torn by a kill."""
    offsets: dict[int, int] = {}
    try:
        f = path.open("r+b")
    except FileNotFoundError:
        return offsets
    with f:
        position = 0
        for number, line in enumerate(f, 1):
            if not line.endswith(b"\n"):
                f.truncate(position)
                break
            try:
                data = json.loads(line)
                index = int(data["index"])
                seats = len(data["seating"])
                GameResult.from_dict(data)
            except (ValueError, KeyError, TypeError) as exc:
                raise SimError(
                    "--resume: {path} line {number} is damaged: {problem}",
                    path=path,
                    number=number,
                    problem=repr(exc),
                ) from None
            if not 0 <= index < spec.games or seats != spec.num_players:
                raise SimError(
                    "--resume: {path} line {number} does not belong to this run",
                    path=path,
                    number=number,
                )
            offsets.setdefault(index, position)
            position += len(line)
    return offsets

"""The run folder: settings, finished games, records and reports on disk.

``games.jsonl`` is the truth: one line per finished game, appended and flushed
as batches finish, so Ctrl-C or a killed process loses only the games in
flight. ``--resume`` reads it back and plays only what is missing. Everything
else (``summary.json``, the CSV files, ``report.html``) is derived from it and
rewritten at the end of each run.

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
from pathlib import Path
from typing import IO, Any

import tabletop
from tabletop.sim.play import GameResult
from tabletop.sim.spec import SimError, SimSpec

RUN_FILE = "run.json"
GAMES_FILE = "games.jsonl"
RECORDS_DIR = "records"


def record_path(folder: Path, index: int) -> Path:
    """Where game ``index``'s record is kept."""
    return folder / RECORDS_DIR / f"game-{index:06d}.json"


class RunFolder:
    """An open run folder; appends finished games."""

    def __init__(self, path: Path, spec: SimSpec) -> None:
        self.path = path
        self.spec = spec
        self._games: IO[str] | None = None

    @classmethod
    def create(cls, path: Path, spec: SimSpec) -> RunFolder:
        """A new run in ``path``, which must not hold a run already."""
        if (path / RUN_FILE).exists():
            raise SimError(
                f"{path} already holds a run; continue it with --resume {path} "
                "or choose another --out"
            )
        if path.exists() and not path.is_dir():
            raise SimError(f"--out {path} is a file, not a folder")
        if not path.parent.is_dir():
            raise SimError(f"--out: the folder {str(path.parent)!r} does not exist")
        path.mkdir(exist_ok=True)
        meta = {"tabletop": tabletop.__version__, "spec": spec.to_dict()}
        (path / RUN_FILE).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        (path / GAMES_FILE).touch()
        return cls(path, spec)

    @classmethod
    def open(cls, path: Path) -> tuple[RunFolder, list[GameResult]]:
        """An existing run and the games it finished (a torn last line is dropped)."""
        try:
            meta = json.loads((path / RUN_FILE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SimError(f"--resume: {path} holds no run (no {RUN_FILE})") from None
        except (OSError, json.JSONDecodeError) as exc:
            raise SimError(f"--resume: cannot read {path / RUN_FILE}: {exc}") from None
        if not isinstance(meta, dict):
            raise SimError(f"--resume: {path / RUN_FILE} is not a run file")
        spec = SimSpec.from_dict(meta.get("spec"))
        results = _read_games(path / GAMES_FILE, spec)
        return cls(path, spec), results

    def append(self, results: list[GameResult]) -> None:
        """Keep a batch: records first, then the lines that mark the games as done."""
        if self.spec.record_games:
            (self.path / RECORDS_DIR).mkdir(exist_ok=True)
            for r in results:
                if r.record is not None:
                    text = json.dumps(r.record, indent=1) + "\n"
                    record_path(self.path, r.index).write_text(text, encoding="utf-8")
        if self._games is None:
            self._games = (self.path / GAMES_FILE).open("a", encoding="utf-8")
        self._games.write("".join(json.dumps(r.to_dict()) + "\n" for r in results))
        self._games.flush()

    def close(self) -> None:
        if self._games is not None:
            self._games.close()
            self._games = None


def _read_games(path: Path, spec: SimSpec) -> list[GameResult]:
    """The finished games in ``path``, by index; cuts a line torn by a kill."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    keep = data.rfind(b"\n") + 1
    if keep < len(data):
        with path.open("r+b") as f:
            f.truncate(keep)
    found: dict[int, GameResult] = {}
    for number, line in enumerate(data[:keep].decode("utf-8").splitlines(), 1):
        try:
            result = GameResult.from_dict(json.loads(line))
        except (ValueError, KeyError, TypeError) as exc:
            raise SimError(f"--resume: {path} line {number} is damaged: {exc!r}") from None
        if not 0 <= result.index < spec.games or len(result.seating) != spec.num_players:
            raise SimError(f"--resume: {path} line {number} does not belong to this run")
        found.setdefault(result.index, result)
    return [found[i] for i in sorted(found)]


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))

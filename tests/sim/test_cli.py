"""``tabletop sim``: the files it writes, the tables it prints, the mistakes it reports."""

from __future__ import annotations

import csv
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tabletop.sim.report import render_html

from .conftest import Invoke

KUNG_FU = ["sim", "kung-fu", "--seats", "heuristic,random", "--games", "12", "--no-progress"]
UNO = ["sim", "uno-power", "--seats", "heuristic,random,random", "--games", "9", "--no-progress"]
UNO += ["-o", "target_score=single_round"]
VOID = {"meta", "img", "br", "hr", "link", "input"}


class _Checker(HTMLParser):
    """Checks that every element is closed in order and collects image sources."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.images: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value and not value.startswith("data:"):
                self.external.append(value)
        if tag == "img":
            self.images.append(dict(attrs).get("src") or "")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def check_html(text: str) -> _Checker:
    checker = _Checker()
    checker.feed(text)
    checker.close()
    assert checker.stack == [], f"unclosed: {checker.stack}"
    assert checker.external == [], "the report must be self-contained"
    return checker


def test_a_run_writes_every_report(invoke: Invoke, tmp_path: Path) -> None:
    done = invoke(UNO)
    assert done.exit_code == 0, done.output
    run = tmp_path / "tabletop-sim-uno-power-1"
    summary = json.loads((run / "summary.json").read_text())
    assert summary["games_played"] == 9 and summary["complete"]
    assert [row["player"] for row in summary["standings"]] == ["heuristic", "random", "random#2"]
    assert sum(row["games"] for row in summary["turn_order"]) == 27
    assert {c["name"] for c in summary["game_stats"]["counters"]} >= {"bonus_uses", "towers_taken"}
    for label in ("heuristic", "random#2", "Turn order", "UNO Power: mean per game"):
        assert label in done.stdout

    with (run / "games.csv").open(newline="") as f:
        games = list(csv.DictReader(f))
    assert [int(g["index"]) for g in games] == list(range(9))
    assert {g["heuristic.seat"] for g in games} == {"0", "1", "2"}
    for g in games:
        assert g["winners"]
        winners = g["winners"].split("|")
        assert all(float(g[f"{w}.return"]) == 1.0 for w in winners)
        assert int(g["length"]) > 0 and g["heuristic.towers_taken"] != ""
    with (run / "players.csv").open(newline="") as f:
        players = list(csv.DictReader(f))
    assert [p["player"] for p in players] == ["heuristic", "random", "random#2"]
    assert sum(int(p["wins"]) for p in players) >= 9
    assert float(players[0]["ci95_low"]) <= float(players[0]["win_rate"])

    report = check_html((run / "report.html").read_text())
    assert len(report.images) == 4  # win rates, turn order, lengths, strength
    assert all(src.startswith("data:image/png;base64,iVBOR") for src in report.images)


def test_same_command_same_results_for_any_jobs(invoke: Invoke, tmp_path: Path) -> None:
    for jobs in ("1", "2"):
        done = invoke([*KUNG_FU, "--jobs", jobs, "--out", f"jobs{jobs}"])
        assert done.exit_code == 0, done.output
    for name in ("summary.json", "games.csv", "players.csv", "report.html"):
        assert (tmp_path / "jobs1" / name).read_bytes() == (tmp_path / "jobs2" / name).read_bytes()


def test_record_games_can_be_replayed(invoke: Invoke, tmp_path: Path) -> None:
    done = invoke([*KUNG_FU, "--record-games", "--out", "rec"])
    assert done.exit_code == 0, done.output
    records = sorted((tmp_path / "rec" / "records").iterdir())
    assert [p.name for p in records] == [f"game-{i:06d}.json" for i in range(12)]
    rows = [
        json.loads(line) for line in (tmp_path / "rec" / "games.jsonl").read_text().splitlines()
    ]
    by_index = {row["index"]: row for row in rows}
    replayed = invoke(["replay", "--quiet", str(records[5])])
    assert replayed.exit_code == 0, replayed.output
    assert "result verified" in replayed.stdout
    record = json.loads(records[5].read_text())
    assert record["result"]["winners"] == by_index[5]["winners"]
    assert len(record["actions"]) == by_index[5]["length"]


def test_the_progress_bar_reaches_the_end(invoke: Invoke) -> None:
    done = invoke([arg for arg in KUNG_FU if arg != "--no-progress"] + ["--jobs", "2"])
    assert done.exit_code == 0, done.output
    assert "12/12" in done.stderr and "games/s" in done.stderr and "0:00:00 left" in done.stderr


def test_resume_of_a_finished_run_only_reports(invoke: Invoke, tmp_path: Path) -> None:
    assert invoke([*KUNG_FU, "--out", "done"]).exit_code == 0
    before = (tmp_path / "done" / "games.jsonl").read_text()
    again = invoke(["sim", "--resume", "done", "--no-progress"])
    assert again.exit_code == 0, again.output
    assert (tmp_path / "done" / "games.jsonl").read_text() == before


def test_no_game_stats(invoke: Invoke, tmp_path: Path) -> None:
    done = invoke([*KUNG_FU, "--no-game-stats", "--out", "bare"])
    assert done.exit_code == 0, done.output
    summary = json.loads((tmp_path / "bare" / "summary.json").read_text())
    assert "game_stats" not in summary and summary["games_played"] == 12
    check_html((tmp_path / "bare" / "report.html").read_text())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", "chess"], "unknown game"),
        (["sim", "kung-fu", "--seats", "random"], "takes 2 to 2 seats"),
        (["sim", "kung-fu", "--seats", "random,robot"], "unknown bot 'robot'"),
        (["sim", "kung-fu", "--seats", "random,,random"], "empty seat"),
        (["sim", "kung-fu", "-o", "deck"], "key=value"),
        (["sim", "kung-fu", "-o", "no_such=1"], "no_such"),
        (["sim", "kung-fu", "--backend", "dask"], "unknown backend"),
        (["sim", "kung-fu", "--address", "auto"], "add --backend ray"),
        (["sim"], "give a GAME"),
        (["sim", "--resume", "nowhere"], "holds no run"),
        (["sim", "kung-fu", "--resume", "nowhere"], "drop GAME"),
        (["sim", "--resume", "x", "--seats", "random,random", "--games", "3"], "--seats, --games"),
        (["sim", "kung-fu", "--out", "missing/run"], "does not exist"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(invoke: Invoke, args: list[str], message: str) -> None:
    done = invoke(args)
    assert done.exit_code == 2, done.output
    assert done.stderr.startswith("error: ") and message in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1


def test_an_existing_run_folder_is_not_overwritten(invoke: Invoke) -> None:
    assert invoke([*KUNG_FU, "--out", "once"]).exit_code == 0
    done = invoke([*KUNG_FU, "--out", "once"])
    assert done.exit_code == 2
    assert "already holds a run; continue it with --resume once" in done.stderr


def test_empty_partial_summary_renders() -> None:
    """A run interrupted before its first game still gets a valid report."""
    from tabletop.sim import SimSpec, summarise

    spec = SimSpec("kung-fu", ("heuristic", "random"), games=5)
    summary = summarise(spec, [])
    assert summary["games_played"] == 0 and summary["standings"][0]["rate"] is None
    check_html(render_html(summary))


def test_sim_is_listed_in_help(invoke: Invoke) -> None:
    assert "sim" in invoke(["--help"]).stdout
    usage = invoke(["sim", "--help"]).stdout
    for flag in ("--seats", "--jobs", "--resume", "--backend", "--record-games"):
        assert flag in usage


ENDGAME = """game = "kung-fu"
life = [2, 2]
hands = [["Straight Punch", "Crane Beak"], ["Low Kick"]]
"""


def test_every_game_starts_from_the_position(invoke: Invoke, tmp_path: Path) -> None:
    """--position: each game starts there with its own seed; the records keep the
    position and replay; the run resumes with it."""
    path = tmp_path / "endgame.toml"
    path.write_text(ENDGAME, encoding="utf-8")
    base = ["sim", "--position", str(path), "--seats", "heuristic,random", "--no-progress"]
    done = invoke([*base, "--games", "6", "--record-games", "--out", "end"])
    assert done.exit_code == 0, done.output
    records = sorted((tmp_path / "end" / "records").iterdir())
    firsts = set()
    for path_ in records:
        record = json.loads(path_.read_text())
        assert record["position"]["life"] == [2, 2]
        assert invoke(["replay", "--quiet", str(path_)]).exit_code == 0
        firsts.add(tuple(record["actions"][:4]))
    assert len(firsts) > 1  # its own seed each: the games differ
    settings = json.loads((tmp_path / "end" / "run.json").read_text())
    assert settings["spec"]["position"]["life"] == [2, 2]
    resumed = invoke(["sim", "--resume", "end", "--no-progress"])
    assert resumed.exit_code == 0, resumed.output
    # Short games: a two-life duel from the position, never a whole match.
    rows = [
        json.loads(line) for line in (tmp_path / "end" / "games.jsonl").read_text().splitlines()
    ]
    full = invoke(
        [
            *KUNG_FU[:1],
            "kung-fu",
            "--seats",
            "heuristic,random",
            "--games",
            "6",
            "--no-progress",
            "--out",
            "full",
        ]
    )
    assert full.exit_code == 0
    full_rows = [
        json.loads(line) for line in (tmp_path / "full" / "games.jsonl").read_text().splitlines()
    ]
    assert sum(r["length"] for r in rows) < sum(r["length"] for r in full_rows)


UNO_LESSON = 'game = "uno-power"\nhands = [["red 5"], ["blue 5"]]\ntop = "red 3"\n'


@pytest.mark.parametrize(
    ("content", "extra", "words"),
    [
        (ENDGAME, ["kung-fu"], "give no GAME or --option"),
        (UNO_LESSON, ["--seats", "heuristic,random,random"], "the position has 2 players"),
        ('game = "kung-fu"\nlife = [0, 2]\n', [], "position.life"),
    ],
)
def test_position_mistakes(
    invoke: Invoke, tmp_path: Path, content: str, extra: list[str], words: str
) -> None:
    path = tmp_path / "position.toml"
    path.write_text(content, encoding="utf-8")
    result = invoke(["sim", *extra, "--position", str(path), "--games", "2", "--no-progress"])
    assert result.exit_code != 0 and words in result.output, result.output

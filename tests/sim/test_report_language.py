"""The HTML report reads in the reader's language: headings, notes, table headers,
image descriptions and plot labels are messages; English stays as it was."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import registry
from tabletop.i18n.reader import Reader
from tabletop.sim import Arm, SimSpec, run_simulation, summarise
from tabletop.sim.report import render_html, write_reports

HEADINGS = re.compile(r"<(h[1-3]|title)>(.*?)</\1>")


@pytest.fixture(scope="module")
def tournament() -> dict[str, Any]:
    spec = SimSpec("kung-fu", ("heuristic", "random"), games=12)
    return summarise(spec, run_simulation(spec).results)


@pytest.fixture
def study(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setitem(registry._GAMES, "lottery", "tests.sim.lottery:LotteryGame")
    arms = [Arm("control")]
    arms += [
        Arm(f"{k} more", {"tickets": {"$seat": k, "$others": 0}}, covariate=float(k))
        for k in (1, 2, 3)
    ]
    spec = SimSpec(
        "lottery", ("random",) * 4, games=4 * 3, position='{"players": 4}', arms=tuple(arms)
    )
    return summarise(spec, run_simulation(spec).results)


def headings(page: str) -> list[str]:
    return [text for _, text in HEADINGS.findall(page)]


class Marking(Reader):
    """English, with every message marked, and the message ids it was asked for."""

    __slots__ = ("asked",)

    def __init__(self) -> None:
        super().__init__("en")
        self.asked: set[str] = set()

    def gettext(self, message: str, /, **fields: Any) -> str:
        self.asked.add(message)
        return "‹" + super().gettext(message, **fields) + "›"

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        self.asked.add(message)
        return "‹" + super().pgettext(context, message, **fields) + "›"

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        self.asked.add(plural)
        return "‹" + super().ngettext(singular, plural, n, **fields) + "›"


def test_english_is_the_default_and_unchanged(
    tournament: dict[str, Any], study: dict[str, Any]
) -> None:
    for summary in (tournament, study):
        page = render_html(summary)
        assert page == render_html(summary, Reader("en"))
        assert '<html lang="en">' in page


def test_every_heading_and_plot_label_goes_through_the_reader(
    tournament: dict[str, Any], study: dict[str, Any]
) -> None:
    for summary in (tournament, study):
        reader = Marking()
        page = render_html(summary, reader)
        found = headings(page)
        assert found and all(text.startswith("‹") for text in found), found
        for alt in re.findall(r'alt="([^"]*)"', page):
            assert alt.startswith("‹"), alt
        for note in re.findall(r'<p class="note">(.*?)</p>', page):
            assert note.startswith("‹"), note
    assert {"fair share", "win rate (95% interval)", "actions per game"} <= marking_asked(
        tournament
    )
    assert {"least-squares line", "effect (points)"} <= marking_asked(study)


def marking_asked(summary: dict[str, Any]) -> set[str]:
    reader = Marking()
    render_html(summary, reader)
    return reader.asked


def test_a_german_report_says_so(tournament: dict[str, Any]) -> None:
    page = render_html(tournament, Reader("de"))
    assert '<html lang="de">' in page and 'lang="en"' not in page
    english = set(headings(render_html(tournament)))
    assert not english & set(headings(page))


def test_write_reports_passes_the_reader_on(tmp_path: Path) -> None:
    spec = SimSpec("kung-fu", ("heuristic", "random"), games=4)
    write_reports(tmp_path, spec, run_simulation(spec).results, Reader("it"))
    assert '<html lang="it">' in (tmp_path / "report.html").read_text(encoding="utf-8")

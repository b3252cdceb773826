"""The analysis board of a finished game, in Debian's Chromium, for each title.

A person opens a finished game, steps to a decision, has its moves ranked, tries one
that was not played (a branch), plays on for the seat to move (hot-seat), finds the
branch listed beside the main line, reloads the page from its address and finds the
same moment and the branch again, lets the bots answer for the other seats, and
evaluates the whole game as a plot of win chances (Kung Fu to the end; UNO Power
stopped on the way). No page or console error occurs.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest

import tabletop
from tests.server.board import collect_errors
from tests.server.serverproc import Server, running_server
from tests.server.test_browser import LAPTOP, PHONE

TITLES = [
    # game, players, options, seed, viewport
    ("kung-fu", 2, {}, 4, PHONE),
    ("uno-power", 3, {"target_score": "single_round"}, 2, LAPTOP),
    ("king-of-tokyo", 2, {}, 3, LAPTOP),
]


@pytest.fixture
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of each test's own, so that the hint allowance of its address (which
    the whole game's evaluation spends) is this test's alone."""
    tmp = tmp_path_factory.mktemp("analysis")
    with running_server(f"sqlite:///{tmp / 'tabletop.db'}", tmp) as running:
        yield running


def finished_table(server: Server, game: str, players: int, options: Any, seed: int) -> str:
    """A table of random bots, watched until its game is over."""
    seats = [{"kind": "bot", "bot": "random"}] * players
    body = {"game": game, "seats": seats, "seed": seed, "options": options}
    answer = server.http.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    table_id: str = answer.json()["id"]
    with server.ws(table_id) as ws:
        ws.send(json.dumps({"type": "hello"}))
        while True:
            message = json.loads(ws.recv(timeout=120))
            if message.get("type") == "state" and message["result"] is not None:
                return table_id


def line(page: Any) -> list[str]:
    text: str = page.get_attribute("#replay", "data-line") or ""
    return text.split(".") if text else []


LINE_LENGTH = """([n, atLeast]) => {
  const text = document.querySelector('#replay').dataset.line || '';
  const length = text ? text.split('.').length : 0;
  return atLeast ? length >= n : length === n;
}"""


def wait_line(page: Any, moves: int, *, at_least: bool = False, timeout: int = 30_000) -> None:
    """Wait for the moment on screen to be ``moves`` moves into a branch."""
    page.wait_for_function(LINE_LENGTH, arg=[moves, at_least], timeout=timeout)


@pytest.mark.parametrize(
    ("game", "players", "options", "seed", "viewport"), TITLES, ids=[t[0] for t in TITLES]
)
def test_the_analysis_board(
    server: Server,
    chromium: Any,
    game: str,
    players: int,
    options: Any,
    seed: int,
    viewport: dict[str, int],
) -> None:
    table_id = finished_table(server, game, players, options, seed)
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    errors = collect_errors(page)
    page.goto(f"{server.url}table/{table_id}")
    page.wait_for_selector("#replay[data-step='0']", timeout=60_000)
    # Step (the arrow key) to a decision with a choice.
    for step in range(1, 60):
        if page.locator("#replay-moves option").count() > 1:
            break
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"#replay[data-step='{step}']")
    step = page.get_attribute("#replay", "data-step")
    assert page.locator("#replay-moves option").count() > 1
    assert f"#at={step}" in page.url  # the address names the moment

    # Its moves ranked; one not played is tried: a branch.
    page.click("#replay-analyse")
    page.wait_for_selector("#replay-analysis li[data-action]", timeout=60_000)
    other = page.locator("#replay-analysis li[data-played='']").first
    tried = other.get_attribute("data-action")
    other.locator("button.try").click()
    wait_line(page, 1)
    assert line(page) == [tried]
    assert page.locator("#replay-label").inner_text().startswith(f"branch from step {step}")
    assert page.locator("#replay-analysis li").count() == 0  # that was another moment's

    # Hot-seat: the person plays the next move too, whoever's it is.
    if page.locator("#replay-moves option").count():
        chosen = page.locator("#replay-moves option").last.get_attribute("value")
        page.select_option("#replay-moves", chosen)
        page.click("#replay-play")
        wait_line(page, 2)
        assert line(page) == [tried, chosen]
    branch = page.locator("#replay-lines li[data-branch]")
    assert branch.count() == 1
    assert branch.locator("button.move").count() == len(line(page))
    assert page.locator("#replay-lines button.move.current").count() == 1
    if page.locator("#replay-moves option").count():  # the branch's end judged too
        page.click("#replay-analyse")
        page.wait_for_selector("#replay-analysis li[data-action]", timeout=60_000)
        assert page.locator("#replay-analysis .played-tag").count() == 0

    # The moment on screen as a position file, that builds it again.
    href = page.get_attribute("#replay-position", "href")
    assert href.endswith(f"/position/{step}?line={'.'.join(line(page))}")
    saved = page.request.get(server.url + href.lstrip("/"))
    assert saved.status == 200 and 'game = "' + game + '"' in saved.text()
    tabletop.load_position(tomllib.loads(saved.text()))

    # The address keeps the moment; this browser keeps the branch.
    kept = line(page)
    page.reload()
    wait_line(page, len(kept), timeout=60_000)
    assert line(page) == kept and page.get_attribute("#replay", "data-step") == step
    assert page.locator("#replay-lines li[data-branch]").count() == 1
    page.keyboard.press("ArrowLeft")  # back along the branch
    wait_line(page, len(kept) - 1)
    page.keyboard.press("ArrowRight")  # and forward along it again
    wait_line(page, len(kept))
    assert line(page) == kept

    # The bots answer: from the main line, the person plays the seat to move, and the
    # bots play the other seats' moves (no click) until that seat decides again.
    page.click("#replay-lines li:first-child button")
    wait_line(page, 0)
    page.check("#replay-bots")
    hero = page.locator("#replay-mover").inner_text()
    for played in range(1, 80):
        page.select_option("#replay-moves", index=0)
        page.click("#replay-play")
        page.wait_for_function(  # a bot answered, or it is the person's seat again
            """([n, hero]) => {
              const text = document.querySelector('#replay').dataset.line || '';
              const length = text ? text.split('.').length : 0;
              const mover = document.querySelector('#replay-mover').textContent;
              return length > n || (length === n && mover === hero);
            }""",
            arg=[played, hero],
            timeout=60_000,
        )
        if len(line(page)) > played:
            break
    else:
        raise AssertionError("the person's seat never handed over")
    page.wait_for_function(  # the bots stop at the person's decision, or at the end
        "hero => document.querySelector('#replay-mover').textContent === hero"
        " || document.querySelector('#replay-try').hidden",
        arg=hero,
        timeout=90_000,
    )
    page.uncheck("#replay-bots")

    # The whole game's evaluation: a line per seat that decided, to the end or stopped.
    page.click("#replay-evaluate")
    if game == "uno-power":
        page.wait_for_selector("#replay-plot polyline", timeout=120_000)
        page.click("#replay-eval-stop")
        page.wait_for_selector("#replay[data-evaluated='stopped']", timeout=120_000)
        assert "stopped" in page.locator("#replay-eval-status").inner_text()
    else:
        page.wait_for_selector("#replay[data-evaluated='1']", timeout=300_000)
        assert page.locator("#replay-plot polyline").count() == players
        assert "every move judged" in page.locator("#replay-eval-status").inner_text()
    assert page.locator("#replay-plot .plot-legend li").count() == players
    box = page.locator("#replay-plot svg").bounding_box()
    page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    total = page.locator("#replay-step").get_attribute("max")
    page.wait_for_selector(f"#replay[data-step='{total}'][data-line='']")  # the plot's end
    # The evaluation runs into the address's hint allowance on purpose and waits: the
    # browser logs each such answer (429), which the page handled.
    assert [e for e in errors if "status of 429" not in e] == []
    context.close()


def test_a_record_opened_in_the_lobby_becomes_an_analysis_board(
    server: Server, chromium: Any, tmp_path: Any
) -> None:
    """A record file picked in the lobby: its finished game on a table of its own, the
    replay at its start, seen from the seat to decide with that seat's hand; a file
    that is no record says so and goes nowhere; a position file fills the lobby's box."""
    state = tabletop.make("kung-fu").new_state(2, seed=9)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0].id)
    good = tmp_path / "game.json"
    tabletop.GameRecord.from_state(state, players=["Ann", "Bob"]).save(good)
    bad = tmp_path / "notes.json"
    bad.write_text("these are not moves")
    position = tmp_path / "lesson.toml"
    position.write_text('game = "kung-fu"\nlife = [3, 5]\n')
    context = chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    errors = collect_errors(page)
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#record-file", str(bad))
    page.wait_for_selector("#record-error:not(:empty)")
    assert "not a game record" in page.locator("#record-error").inner_text()
    page.set_input_files("#position-file", str(position))
    page.wait_for_function("document.querySelector('#position').value.includes('life')")
    page.set_input_files("#record-file", str(good))
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#replay[data-step='0']", timeout=60_000)
    assert "Ann" in page.locator("#people").inner_text()
    page.keyboard.press("End")
    total = page.locator("#replay-step").get_attribute("max")
    assert total == str(len(state.history))
    page.keyboard.press("Home")
    page.wait_for_selector("#replay[data-step='0']")
    mover = state.game.new_state(2, seed=9).current_player
    page.select_option("#replay-seen", str(1 - mover))  # the other seat's hand
    page.wait_for_function(
        "seat => document.querySelector('#replay').dataset.seat === seat", arg=str(1 - mover)
    )
    assert [e for e in errors if "status of 422" not in e] == []
    context.close()


STUDY = """game = "kung-fu"
hands = [["Straight Punch", "Low Kick", "Forearm Block"], ["Crane Beak", "Palm Strike"]]
life = [3, 5]
attacker = 0
"""


def branch_tree(page: Any) -> list[int]:
    """How many ways part at each fork of the tree beside the main line, top level first."""
    counts: list[int] = page.evaluate(
        """() => [document.querySelectorAll('#replay-lines > li[data-branch]').length,
                  ...[...document.querySelectorAll('#replay-lines ul.variations')]
                     .map((u) => u.children.length)]"""
    )
    return counts


def play_option(page: Any, index: int, moves: int) -> None:
    page.select_option("#replay-moves", index=index)
    page.click("#replay-play")
    wait_line(page, moves)


def test_a_position_file_studied_on_the_board_branches_as_a_tree(
    server: Server, chromium: Any, tmp_path: Any
) -> None:
    """A position file picked in the lobby's "Study a position file…": a board of its
    own at the position (no main line to step or evaluate, no seat to take), where each
    move tried is a branch and moves that part from a branch nest under it, as
    Lichess shows variations; a way forgotten takes what follows it along."""
    position = tmp_path / "lesson.toml"
    position.write_text(STUDY)
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    errors = collect_errors(page)
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#study-file", str(position))
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#replay[data-study='1'][data-step='0']", timeout=60_000)
    assert "A position to study" in page.locator("#prompt-text").inner_text()
    assert page.locator("#replay-step").is_hidden()
    assert page.locator("#replay-evaluate").is_hidden()
    assert page.locator("button.claim-seat, button.claim").count() == 0
    assert page.locator("#replay-label").inner_text() == "the position"

    play_option(page, 0, 1)  # a first branch
    page.keyboard.press("ArrowLeft")  # back to the position
    wait_line(page, 0)
    play_option(page, 2, 1)  # another first move: a second branch
    assert branch_tree(page) == [2]
    page.keyboard.press("ArrowLeft")
    wait_line(page, 0)
    page.keyboard.press("ArrowRight")  # forward from the position: into a branch
    wait_line(page, 1)
    first = line(page)
    play_option(page, 0, 2)  # the branch goes on
    assert branch_tree(page) == [2]
    page.keyboard.press("ArrowLeft")
    wait_line(page, 1)
    play_option(page, 1, 2)  # another move after the same first: a fork under it
    assert branch_tree(page) == [2, 2]
    assert line(page)[0] == first[0]
    nested = page.locator("#replay-lines ul.variations > li[data-variation]")
    assert nested.count() == 2 and nested.locator("button.move.current").count() == 1

    page.reload()  # this browser keeps the tree
    wait_line(page, 2, timeout=60_000)
    assert branch_tree(page) == [2, 2]
    nested.nth(0).locator("button.remove").first.click()  # forget one way: no fork left
    page.wait_for_function("() => !document.querySelector('#replay-lines ul.variations')")
    assert branch_tree(page) == [2]
    page.locator("#replay-lines > li[data-branch] button.remove").first.click()
    page.wait_for_function(
        "() => document.querySelectorAll('#replay-lines > li[data-branch]').length === 1"
    )
    assert errors == []
    context.close()

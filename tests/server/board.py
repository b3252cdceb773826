"""Playing through the board in a real browser, and the rules every screen must keep.

:class:`BoardPlayer` plays one seat of a table page the way a person does: it clicks
(or, on a phone, taps) dice, cards, towers, piles, monsters and the decision bar,
answers the sheet a tap opens, and never uses the "All choices" menu unless told to.
At every decision it checks the page against the layout rules of the browser client
(docs/server.md): the prompt, every control of the decision and every seat's key
figures inside the first screen, no two panels overlapping, every control named for
screen readers, text that meets WCAG AA contrast, cards that hold their text (no
overflow, no word broken in a name), and a sheet opened by a tap that says no "null".
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# What a person can click to decide: elements bound to legal actions, the decision
# bar, and the controls that compose an action (dice to keep, towers to take, the
# split of a draw, the UNO! and face-down switches).
ACTION_CONTROLS = (
    "#board [data-action-ids], #decision-bar button, #kot-reroll:not([disabled]),"
    " .kf-split button.primary, .take-confirm:not([hidden]):not([disabled])"
)
UI_CONTROLS = (
    ".kot-die.selectable, .uno-toggle, .kf-toggle input,"
    " .kf-split button:not(.primary):not([disabled]), .tower[aria-pressed]"
)
CARDS = (
    ".kot-card:not(.empty), .kot-evo-card, .kf-card:not(.placeholder):not(.down),"
    " .uno-card:not(.mini)"
)
"""Every card of every board, for CHECK_CARDS."""


def _script(name: str) -> str:
    """A function of ``name`` (a .js file beside this one), without its head comment."""
    lines = (Path(__file__).with_name(name)).read_text().splitlines()
    return "\n".join(line for line in lines if not line.startswith("//"))


CHECK_LAYOUT = _script("check_layout.js")
CHECK_CONTRAST = _script("check_contrast.js")
CHECK_CARDS = _script("check_cards.js")


@dataclass
class PlayReport:
    """What a :class:`BoardPlayer` did: decisions met by kind, clicks by control."""

    decisions: Counter[str] = field(default_factory=Counter)
    clicks: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    moves: int = 0
    breaks: int = 0


class BoardPlayer:
    """Plays the seat of ``page`` through its board until the game is over."""

    def __init__(self, page: Any, *, touch: bool, seed: int, checks: bool = True) -> None:
        self.page = page
        self.touch = touch
        self.rng = random.Random(seed)
        self.checks = checks
        self.report = PlayReport()

    def press(self, locator: Any) -> None:
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def wait_for_turn(self) -> bool:
        """Wait for this seat's decision (True) or the end of the game (False),
        reading the summary of each round that ends on the way."""
        while True:
            self.page.wait_for_function(
                "document.body.dataset.over === '1' || document.querySelector('#break[open]')"
                " || (document.body.dataset.mine === '1' && document.body.dataset.pending === ''"
                " && document.body.dataset.ready === '1')",
                timeout=60_000,
            )
            if not self.page.locator("#break[open]").count():
                return self.page.evaluate("document.body.dataset.over") != "1"
            self.report.breaks += 1
            if self.checks:
                for problem in self.page.evaluate(CHECK_CONTRAST):
                    self.report.problems.append(f"round summary: {problem}")
            self.press(self.page.locator("#next-round"))
            self.page.wait_for_function("!document.querySelector('#break[open]')")

    def check(self) -> None:
        kind = self.page.evaluate("document.body.dataset.decision")
        controls = f"{ACTION_CONTROLS}, {UI_CONTROLS}"
        for problem in self.page.evaluate(CHECK_LAYOUT, controls):
            self.report.problems.append(f"{kind}: {problem}")
        for problem in self.page.evaluate(CHECK_CONTRAST):
            self.report.problems.append(f"{kind}: {problem}")
        for problem in self.page.evaluate(CHECK_CARDS, CARDS):
            self.report.problems.append(f"{kind}: {problem}")
        legal = self.page.locator("#choice-list button").count()
        summary = self.page.locator("#choices-summary").inner_text()
        if summary != f"All choices ({legal})":
            self.report.problems.append(f"{kind}: the menu says {summary!r} for {legal} buttons")

    def controls(self, selector: str) -> list[Any]:
        found = self.page.locator(selector)
        return [found.nth(i) for i in range(found.count()) if found.nth(i).is_visible()]

    def decide(self) -> None:
        """Make one decision through the board: some composing clicks, then an action."""
        page = self.page
        version = page.evaluate("document.body.dataset.version")
        kind = page.evaluate("document.body.dataset.decision")
        self.report.decisions[kind] += 1
        if self.checks:
            self.check()
        for step in range(40):  # keep dice, pick towers, turn a card over, then act
            actions = self.controls(ACTION_CONTROLS)
            ui = self.controls(UI_CONTROLS)
            if actions and (not ui or step >= 3 or self.rng.random() < 0.5):
                control = self.rng.choice(actions)
                self.report.clicks[_kind_of(control)] += 1
                self.press(control)
                break
            assert ui, f"{kind}: the board offers nothing to do"
            control = self.rng.choice(ui)
            self.report.clicks[_kind_of(control)] += 1
            self.press(control)
        else:
            raise AssertionError(f"{kind}: no action after 40 clicks")
        sheet = page.locator("#sheet[open] .sheet-action")
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}'"
            " || document.body.dataset.pending === '1' || document.querySelector('#sheet[open]')"
            " || document.body.dataset.over === '1'",
            timeout=30_000,
        )
        if page.locator("#sheet[open]").count():
            said = page.locator("#sheet[open]").inner_text()
            if re.search(r"\bnull\b", said):
                self.report.problems.append(f"{kind}: the sheet says null: {said[:60]!r}")
            choices = [sheet.nth(i) for i in range(sheet.count())]
            assert choices, f"{kind}: a sheet with nothing to choose"
            self.press(self.rng.choice(choices))
            self.report.clicks["sheet"] += 1
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}' || document.body.dataset.over === '1'",
            timeout=30_000,
        )
        error = page.locator("#errors").inner_text()
        assert not error, f"{kind}: the server refused a board click: {error}"
        self.report.moves += 1

    def play(self, max_moves: int = 5000) -> PlayReport:
        while self.report.moves < max_moves and self.wait_for_turn():
            self.decide()
        return self.report


def _kind_of(control: Any) -> str:
    """A short name for a clicked control, for the report."""
    described: str = control.evaluate(
        "el => el.id ? '#' + el.id : (el.closest('#decision-bar') ? 'decision-bar'"
        " : (el.className.baseVal ?? el.className).split(' ')[0] || el.tagName)"
    )
    return described


def record_frames(page: Any) -> list[dict[str, Any]]:
    """Every websocket frame ``page`` receives, parsed."""
    frames: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def collect_errors(page: Any) -> list[str]:
    """Page errors and console errors of ``page``, as they happen."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    return errors

"""Rulebook rulings that are options: the default reading and the other one.

Each test checks the default against the rulebook sentence it rests on, and checks
that the option plays the other reading of the same sentence.
"""

from __future__ import annotations

import pytest

import tabletop
from tests.games.uno_power.scenario import build, labels, tower_holders

NO_TOWERS = {"U": None, "N": None, "O": None, "!": None}
COLOURS = ("red", "blue", "green", "yellow")

# Each power icon and the card it stands for: „U: ... Er ist jetzt gegen „Zieh-1"-Karten
# geschützt! N: ... gegen „Zieh-2"-Karten ... O: ... gegen „Zieh-4"-Farbenwahlkarten ...
# !: ... gegen „Aussetzen"-Karten geschützt."
ICON_MEANINGS = [
    # (icon card on top, the card the icon stands for, a red card that is not it)
    ("red 5 (U)", "red Draw One", "red Skip"),
    ("red 2 (N)", "red Draw Two", "red Draw One"),
    ("red 4 (!)", "red Skip", "red Draw Two"),
    ("red 3 (O)", "Wild Draw Four", "red Skip"),
]


def plays(state) -> set[str]:
    """The cards the player on turn may play, by name (a wild once, any colour)."""
    out = set()
    for label in labels(state):
        if label.startswith("play "):
            out.add(label.removeprefix("play ").split(", name ")[0].removesuffix(" and call UNO"))
    return out


# -- 1. icon_rule ---------------------------------------------------------------


@pytest.mark.parametrize(("top", "meaning", "other"), ICON_MEANINGS)
@pytest.mark.parametrize(
    ("options", "forbidden"),
    [({}, False), ({"icon_rule": "never_match"}, False), ({"icon_rule": "forbid_meaning"}, True)],
    ids=["default", "never_match", "forbid_meaning"],
)
def test_icon_rule(options, forbidden, top, meaning, other):
    """Power icons: by default they forbid nothing; ``forbid_meaning`` reads the
    German sentence literally.

    The rulebook: „Auf diese Karten dürfen KEINE Karten, die der Bedeutung des
    Power-Symbols entsprechen, abgelegt werden. Diese Karten gelten als
    Zahlenkarten, d.h. auch auf diese können nur die Karten abgelegt werden, die auf
    jede andere Zahlenkarte abgelegt werden dürfen." The icons mean: „U: ... Er ist
    jetzt gegen „Zieh-1"-Karten geschützt!", N: „Zieh-2", O: „Zieh-4"-Farbenwahl,
    !: „Aussetzen".

    Default (``never_match``, as the English rules say: a power icon is never
    matched): an icon card is a plain number card, so the card its icon stands for
    may be played on it by colour (a Wild Draw Four at any time). With
    ``forbid_meaning``: no Draw One on a U card, no Draw Two on an N card, no Wild
    Draw Four on an O card, no Skip on a ! card; every other card matches as usual,
    and on the plain copy of the same number the card is legal again.
    """
    game = tabletop.make("uno-power", **options)
    hands = [[meaning, other, "blue 9"], ["blue 1"], ["green 1"]]
    state = build(game, 3, hands=hands, top=top)
    assert plays(state) == ({other} if forbidden else {meaning, other})
    assert "draw a card" in labels(state)
    # Only the icon can forbid it: on the plain copy of the number it is always legal.
    plain = top.split(" (")[0]
    state = build(game, 3, hands=hands, top=plain)
    assert plays(state) == {meaning, other}


# -- 2. first_grab_two ---------------------------------------------------------


def start_on_grab_two(game):
    """A new round whose first card is a Grab Two Towers while the first player
    holds a Grab Two Towers of another colour; returns (state, colour, other card)."""
    for seed in range(20000):
        state = game.new_state(4, seed=seed)
        top = state.view(None)["top_card"]
        if top["symbol"] != "grab2":
            continue
        view = state.view(state.current_player)
        if view["decision"]["kind"] != "turn":
            continue
        others = [
            c["label"]
            for c in view["hand"]
            if c["symbol"] == "grab2" and c["colour"] != top["colour"]
        ]
        if others:
            return state, top["colour"], others[0]
    raise AssertionError("no seed turns up a Grab Two Towers for such a hand")


@pytest.mark.parametrize(
    ("options", "symbol_accepted"),
    [
        ({}, False),
        ({"first_grab_two": "colour_only"}, False),
        ({"first_grab_two": "colour_or_symbol"}, True),
    ],
    ids=["default", "colour_only", "colour_or_symbol"],
)
def test_first_grab_two(options, symbol_accepted):
    """A Grab Two Towers turned up first: by default only its colour may follow.

    The rulebook: „Wird diese Karte zu Beginn des Spiels vom Kartengeber gezogen,
    darf sich der Spieler, der als Erster an der Reihe ist, keine Türme nehmen,
    sondern nur eine Karte mit entsprechender Farbe ablegen."

    Default (``colour_only``): nobody takes towers, and the first player may play
    only a card of that colour, so another colour's Grab Two Towers is NOT legal.
    With ``colour_or_symbol`` the symbol match of „Diese Karte darf nur auf eine
    Karte mit entsprechender Farbe oder eine andere „Nimm-2-Türme"-Karte gelegt
    werden." holds for the first card too: another colour's Grab Two Towers is
    accepted (still without any tower for the first card).
    """
    game = tabletop.make("uno-power", **options)
    state, colour, other = start_on_grab_two(game)
    assert tower_holders(state) == NO_TOWERS
    playable = plays(state)
    assert (other in playable) is symbol_accepted, playable
    if not symbol_accepted:
        # Every coloured card offered is of the first card's colour.
        coloured = {c for c in playable if c.split()[0] in COLOURS}
        assert all(c.startswith(colour + " ") for c in coloured), playable

"""Every action label of every game reads in every language (docs/languages.md).

Each game's action templates (``Game.action_messages``, section ``"action"``) render an
action from its data (``Game.action_data``): in English that must be the action's
``label`` exactly, for every action id of each option set that changes the actions
(an edition's card names, Power Up!'s Evolutions, another deck), which proves that the
data and the game hold everything each label says; in every other language each
placeholder must be filled.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.core.game import Game
from tabletop.i18n import Reader, languages
from tabletop.i18n.logtext import LogMessages, placeholders, render_label

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("king-of-tokyo", {}, 4),
    ("king-of-tokyo", {"edition": "2011"}, 4),
    ("king-of-tokyo", {"edition": "2016"}, 6),
    ("king-of-tokyo", {"power_up": "on"}, 4),
    ("king-of-tokyo", {"power_up": "mutant"}, 3),
    ("king-of-tokyo", {"edition": "2016", "power_up": "on"}, 2),
    ("uno-power", {}, 4),
    (
        "uno-power",
        {
            "jump_in": True,
            "seven_swap": True,
            "stacking": "progressive",
            "icon_grab": "optional",
            "tower_protection": "optional",
            "uno_call": "enforced",
        },
        6,
    ),
    ("uno-power", {"icon_table": "U:1,2 N:3,4 O:5 !:6,8", "jump_in": True}, 3),
    ("kung-fu", {}, 2),
    ("kung-fu", {"deck": "balanced"}, 2),
]

IDS = [
    f"{game_id}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}"
    for game_id, options, _ in CASES
]

OTHER_READERS = [Reader(lang) for lang in languages() if lang != "en"]

MOVES = {
    "king-of-tokyo": {
        "keep", "stop", "energy_drink", "smoke", "reroll_three", "probe", "herd_culler",
        "plot_twist", "stretchy", "heart", "healing_ray", "yield", "stay", "buy", "sweep",
        "buy_top", "tentacles", "end_buy", "decline", "mimic", "sell", "done_selling",
        "wings", "rapid_heal", "take_damage", "charge", "done_charging", "keep_evolution",
        "play_evolution", "draft_evolution", "evo_yes", "evo_no", "evo_face", "evo_change",
        "evo_seat", "evo_card", "evo_evolution", "freeze_time",
    },
    "uno-power": {
        "play", "draw", "keep", "take", "no_tower", "name_colour", "challenge",
        "no_challenge", "penalty", "block", "bonus", "no_bonus", "catch", "no_catch",
        "no_jump", "swap",
    },
    "kung-fu": {
        "attack", "attack_down", "pass", "parry", "activate", "decline", "pay", "draw_red",
        "take_initiative", "draw_difference", "discard_koku", "no_draw",
    },
}  # fmt: skip
"""Each game's moves (its action table's ``MOVE_NAMES``)."""


def _messages(game: Game[Any]) -> LogMessages:
    messages = game.action_messages()
    assert messages is not None
    assert messages.section == "action"
    return messages


@pytest.mark.parametrize(("game_id", "options", "players"), CASES, ids=IDS)
def test_every_label_renders_from_its_data(
    game_id: str, options: dict[str, Any], players: int
) -> None:
    game = tabletop.make(game_id, **options)
    state = game.new_state(players, seed=7)
    messages = _messages(game)
    english = Reader("en")
    moves: set[str] = set()
    for action in game.actions:
        data = game.action_data(action.id)
        move = str(data["move"])
        moves.add(move)
        # render_data raises where render_label would fall back to the English label.
        assert messages.render_data(move, data, english, state) == action.label, data
        assert render_label(state, action.id, english) == action.label
        for reader in OTHER_READERS:
            text = messages.render_data(move, data, reader, state)
            assert text and "{" not in text and "}" not in text, (reader.lang, data, text)
            assert render_label(state, action.id, reader) == text
    assert moves == MOVES[game_id]
    assert set(messages.templates) == moves, "a template for every move, and no other"


@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_action_messages_are_built_once(game_id: str) -> None:
    assert tabletop.make(game_id).action_messages() is tabletop.make(game_id).action_messages()


@pytest.mark.parametrize("game_id", sorted(MOVES))
@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_translations_name_the_same_fields(game_id: str, lang: str) -> None:
    messages = _messages(tabletop.make(game_id))
    reader = Reader(lang)
    for move, template in messages.templates.items():
        context = messages.context(move)
        if template.plural is None:
            forms = [reader.template(context, template.text)]
        else:
            forms = [
                reader.template(context, template.text, template.plural, n)
                for n in (0, 1, 2, 5, 12)
            ]
        for form in forms:
            assert placeholders(form) <= template.fields, (move, form)


def test_a_kung_fu_draw_reads_in_full_where_it_is_chosen() -> None:
    """The draw's label names no number of cards ("draw 0 red, the rest blue"); read at
    the draw, a person's label says it: one card by its colour, more by both counts,
    in every language; elsewhere it is the label."""
    game = tabletop.make("kung-fu")
    english, german = Reader("en"), Reader("de")
    draws = [a for a in game.actions if game.action_data(a.id)["move"] == "draw_red"]
    for cards, expected in (
        (1, ["draw a blue card", "draw a red card"]),
        (3, ["draw 3 blue", "draw 1 red and 2 blue", "draw 2 red and 1 blue", "draw 3 red"]),
    ):
        state = _drawing(game, cards)
        said = [render_label(state, a.id, english) for a in draws[: cards + 1]]
        assert said == expected
        german_said = [render_label(state, a.id, german) for a in draws[: cards + 1]]
        assert all("{" not in text for text in german_said)
        assert german_said != said
    not_drawing = game.new_state(2, seed=1)
    assert render_label(not_drawing, draws[0].id, english) == draws[0].label


def _drawing(game: Any, cards: int) -> Any:
    """A state of seeded random play whose decision is a draw of ``cards`` cards."""
    for seed in range(200):
        state = game.new_state(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            decision = state.view(None)["decision"]
            if decision["kind"] in ("draw", "facedown_draw") and decision["count"] == cards:
                return state
            state.apply(rng.choice(state.legal_actions()).id)
    raise AssertionError(f"no draw of {cards} cards in 200 games")

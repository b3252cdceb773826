"""King of Tokyo positions with Power cards out of the game (``box``) and moves played
from them (``moves``): docs/positions.md."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError, StateFormatError
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.game import KingOfTokyoGame

STOP = "stop rolling and resolve the dice"
NO_SCORE = ["1", "1", "2", "2", "3", "3"]


def _game(**options: Any) -> KingOfTokyoGame:
    game = tabletop.make("king-of-tokyo", **options)
    assert isinstance(game, KingOfTokyoGame)
    return game


def _all_but(game: KingOfTokyoGame, placed: Sequence[str]) -> list[str]:
    """Every Power card's name, as many times as the deck holds it, but ``placed``."""
    left = Counter({info.name: info.count for info in game.cards.info})
    left.subtract(placed)
    assert all(n >= 0 for n in left.values())
    return sorted(left.elements())


ROW = ["Heal", "Frenzy", "Jets"]
MONSTERS = [{"name": "Meka Dragon", "energy": 10}, "The King"]


def test_a_box_empties_the_deck() -> None:
    game = _game()
    state = game.position({"monsters": MONSTERS, "row": ROW, "box": _all_but(game, ROW)})
    view = state.view(None)
    assert view["deck_size"] == 0 and len(view["box"]) == len(game.cards) - 3
    assert "acid_attack" in view["box"]  # ids, as the discard pile shows them
    data = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(data).to_dict() == data
    assert "box" not in game.position({"monsters": MONSTERS}).to_dict()["state"]


def test_with_nothing_to_draw_no_sweep_and_a_bought_slot_stays_empty() -> None:
    game = _game()
    state = game.position(
        {
            "monsters": MONSTERS,
            "row": ROW,
            "box": _all_but(game, ROW),
            "step": "buy phase",
            "moves": ["buy the card in slot 3 of the row"],  # Jets, a Keep card
        }
    )
    assert "pay 2 energy to sweep the row" not in [a.label for a in state.legal_actions()]
    view = state.view(None)
    assert [c and c["name"] for c in view["row"]] == ["Heal", "Frenzy", None]
    game.state_from_dict(state.to_dict())  # every card still in one place


def test_the_discard_pile_refills_the_deck_never_the_box() -> None:
    game = _game()
    discard = ["Energize", "Commuter Train"]
    state = game.position(
        {
            "monsters": MONSTERS,
            "row": ROW,
            "discard": discard,
            "box": _all_but(game, [*ROW, *discard]),
            "step": "buy phase",
            "moves": ["buy the card in slot 3 of the row"],
        }
    )
    assert any(e.kind == "deck_reshuffled" for e in state.log)
    s = state.to_dict()["state"]
    names = game.cards.names
    in_play = [*s["deck"], *s["discard"], *(c for c in s["row"] if c >= 0)]
    in_play += [c for m in s["monsters"] for c in m[6]]  # Jets, bought
    assert sorted(names[c] for c in in_play) == sorted([*ROW, *discard])
    assert len(s["box"]) == len(game.cards) - 5


def test_determinizations_keep_the_box_out_of_the_deck() -> None:
    game = _game()
    state = game.position(
        {
            "monsters": MONSTERS,
            "row": ROW,
            "deck": ["Energize"],
            "box": _all_but(game, [*ROW, "Energize", "Commuter Train"]),
        }
    )
    data = state.to_dict()["state"]
    for seed in range(10):
        twin = state.determinize(1, Rng(seed)).to_dict()["state"]
        assert sorted(twin["deck"]) == sorted(data["deck"]) and twin["box"] == data["box"]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"box": "Heal"}, "must be a list of card names"),
        ({"box": ["Heel"]}, "no card called 'Heel'"),
        ({"box": ["Frenzy"]}, "Frenzy: more copies"),  # in the row
        ({"box": ["Acid Attack"], "deck": ["acid_attack"]}, "Acid Attack: more copies"),
    ],
)
def test_a_bad_box_is_refused(fields: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.box") as caught:
        _game().position({"monsters": MONSTERS, "row": ROW, **fields})
    assert words in str(caught.value)


def test_a_box_card_kept_by_a_monster_is_refused() -> None:
    spec = {"monsters": [{"name": "The King", "cards": ["Acid Attack"]}, "Kraken"]}
    with pytest.raises(InvalidOptionsError, match=r"position\.box") as caught:
        _game().position({**spec, "box": ["Acid Attack"]})
    assert "Acid Attack: more copies" in str(caught.value)


def test_a_saved_box_is_checked_like_the_other_places() -> None:
    game = _game()
    data = json.loads(json.dumps(game.position({"monsters": MONSTERS, "box": ["Heal"]}).to_dict()))
    twice = json.loads(json.dumps(data))
    twice["state"]["box"].append(twice["state"]["deck"][0])
    with pytest.raises(StateFormatError, match="not the 66 cards, each once"):
        game.state_from_dict(twice)
    lost = json.loads(json.dumps(data))
    lost["state"]["box"] = []
    with pytest.raises(StateFormatError, match="not the 66 cards, each once"):
        game.state_from_dict(lost)


# -- moves ------------------------------------------------------------------------------


def test_moves_play_on_with_the_scripted_dice() -> None:
    game = _game()
    spec = {
        "monsters": MONSTERS,
        "row": ROW,
        "next_dice": ["claw", "claw", "energy", "energy", "heart", "1"],
        "moves": [STOP],
    }
    state = game.position(spec)
    view = state.view(None)
    assert view["phase"] == "buy" and state.current_player == 0
    assert view["monsters"][0]["energy"] == 12 and view["tokyo"]["city"] == 0
    assert state.history == []
    data = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(data).to_dict() == data
    assert game.position(spec).to_dict() == data


def test_moves_reach_a_yield_decision() -> None:
    state = _game().position(
        {
            "monsters": MONSTERS,
            "city": "The King",
            "next_dice": ["claw", "claw", "1", "1", "2", "2"],
            "moves": [STOP],
        }
    )
    assert state.current_player == 1 and state.view(None)["decision"]["kind"] == "yield"


def test_a_move_that_is_not_legal_is_refused() -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.moves\[1\]") as caught:
        _game().position({"monsters": MONSTERS, "next_dice": NO_SCORE, "moves": [STOP, "buy Heal"]})
    assert "'buy Heal' is not legal for player 1 here" in str(caught.value)
    assert "'end your Buy phase'" in str(caught.value)


def test_no_move_follows_the_end_of_the_game() -> None:
    game = _game()
    spec = {
        "monsters": [{"name": "Meka Dragon", "stars": 19}, "The King"],
        "next_dice": ["3", "3", "3", "1", "1", "2"],
    }
    over = game.position({**spec, "moves": [STOP]})
    assert over.is_terminal() and over.winners() == [0]
    with pytest.raises(InvalidOptionsError, match=r"position\.moves\[1\]") as caught:
        game.position({**spec, "moves": [STOP, "end your Buy phase"]})
    assert "the game is over" in str(caught.value)

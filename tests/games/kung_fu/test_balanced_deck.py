"""``deck="balanced"``: the provisional deck with every parry worth 2 more, nothing else."""

from __future__ import annotations

import tabletop
from tabletop.games.kung_fu.deck_file import load_deck


def test_the_balanced_deck_raises_every_parry_by_two_and_changes_nothing_else() -> None:
    default, balanced = load_deck("default"), load_deck("balanced")
    assert balanced.names == default.names and balanced.num_types == default.num_types
    for k in range(default.num_types):
        card, twin = default.describe(k), balanced.describe(k)
        shift = 2 if card["deck"] == "parry" else 0
        assert twin["value"] == card["value"] + shift, card["name"]
        if card["boosted_value"] is not None:
            assert twin["boosted_value"] == card["boosted_value"] + shift, card["name"]
        for field in ("deck", "koku", "cost", "name"):
            assert twin[field] == card[field], (card["name"], field)
    assert default.deck_cards == balanced.deck_cards  # the same copies of each


def test_a_parry_in_play_counts_its_balanced_value() -> None:
    game = tabletop.make("kung-fu", deck="balanced")
    state = game.position(
        {
            "hands": [["Roundhouse Kick"], ["Forearm Block"]],
            "attacker": 0,
            "life": [10, 10],
        }
    )
    attack = next(a for a in state.legal_actions() if "face up" in a.label)
    state.apply(attack)
    while state.current_player == 1 and not state.is_terminal():
        state.apply(state.legal_actions()[0])
    # Roundhouse Kick 4 against Forearm Block 2 + 2: no life lost.
    assert state.view(None)["players"][1]["life"] == 10
    assert game.notice is not None and "provisional" in game.notice

"""Kung Fu's decisions in the terminal: whole sentences from the view's kind and numbers
(``cli.render.kung_fu_prompts.decision_prompt``) that read as the view's English ``text``."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.cli.render.kung_fu_prompts import decision_prompt
from tabletop.i18n import Reader

OPTION_SETS = [
    {},
    {"draw_split": "sequential"},
    {"max_voluntary_passes": "1"},
    {"deck": "balanced"},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_english_prompt_is_the_views_text(options: dict[str, str]) -> None:
    game = tabletop.make("kung-fu", **options)
    kinds: set[str] = set()
    for seed in range(8):
        state = game.new_state(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            view = state.view(seat)
            decision = view["decision"]
            assert decision_prompt(view, decision, Reader("en")) == decision["text"]
            for lang in ("de", "it"):
                text = decision_prompt(view, decision, Reader(lang))
                assert text and "{" not in text
            kinds.add(decision["kind"])
            state.apply(rng.choice(state.legal_actions()))
    assert {"attack", "draw", "parry", "activate", "defender_choice"} <= kinds

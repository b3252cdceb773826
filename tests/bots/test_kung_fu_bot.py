"""The Kung Fu heuristic bot: always legal, deterministic, fair, sensible, strong.

Positions are built on the fixture deck of ``tests.games.kung_fu.scenario`` (not the
provisional default deck), so changing the default deck breaks none of the scenario
checks; the strength and legality checks play the default deck and the fixture.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.bots import list_bots, make_bot
from tabletop.core.game import State
from tabletop.core.rng import Rng
from tabletop.games.kung_fu.bots import KungFuHeuristicBot
from tabletop.games.kung_fu.counting import best_of, best_payment
from tabletop.games.kung_fu.game import KungFuGame
from tests.games.kung_fu.scenario import act, build, hand, make, row

OPTION_SETS = [
    {},
    {"draw_split": "sequential", "payment": "minimal"},
    {"deciding_fight": "single_exchange", "lose2_target": "self", "reshuffle_on_empty": False},
    {
        "max_voluntary_passes": 3,
        "second_player_bonus_parry_cards": 2,
        "negated_parry_keeps_koku": True,
        "first_player": "1",
    },
    {"max_voluntary_passes": 0, "lose2_target": "opponent", "first_player": "0"},
]


@pytest.fixture(scope="module")
def fixture_game(tmp_path_factory: pytest.TempPathFactory) -> KungFuGame:
    return make(tmp_path_factory.mktemp("kung_fu_bot_deck"))


def play(state: State, bots: list[KungFuHeuristicBot | object]) -> list[int]:
    """Play to the end, checking every choice is legal; returns the action ids."""
    while not state.is_terminal():
        p = state.current_player
        action = bots[p].choose(state, p)  # type: ignore[attr-defined]
        assert action in state.legal_actions(), (action, state.legal_actions())
        state.apply(action)
    return list(state.history)


# -- legality, determinism, fairness ------------------------------------------------


def test_registered_as_heuristic() -> None:
    assert "heuristic" in list_bots("kung-fu")
    assert isinstance(make_bot("heuristic", "kung-fu", seed=1), KungFuHeuristicBot)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_never_illegal_default_deck(options: dict[str, object]) -> None:
    game = tabletop.make("kung-fu", **options)
    for seed in range(30):
        opponent = "random" if seed % 2 else "heuristic"
        bots = [make_bot("heuristic", "kung-fu", seed=seed), make_bot(opponent, "kung-fu", seed=7)]
        if seed % 4 >= 2:
            bots.reverse()
        play(game.new_state(2, seed=seed, log=seed % 3 == 0), bots)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_never_illegal_fixture_deck(tmp_path: Path, options: dict[str, object]) -> None:
    game = make(tmp_path, **options)
    for seed in range(20):
        bots = [make_bot("heuristic", "kung-fu", seed=1), make_bot("random", "kung-fu", seed=seed)]
        if seed % 2:
            bots.reverse()
        play(game.new_state(2, seed=seed, log=False), bots)


def test_deterministic() -> None:
    game = tabletop.make("kung-fu")
    runs = [
        play(
            game.new_state(2, seed=5, log=False),
            [make_bot("heuristic", "kung-fu", seed=3), make_bot("random", "kung-fu", seed=4)],
        )
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("seed", range(3))
def test_choices_depend_only_on_what_the_seat_may_see(seed: int) -> None:
    """Re-dealing the hidden cards (the opponent's hand, the draw piles, a face-down
    attack) never changes the bot's choice."""
    game = tabletop.make("kung-fu")
    state = game.new_state(2, seed=seed, log=False)
    bot = KungFuHeuristicBot(seed=0)
    other = make_bot("random", "kung-fu", seed=seed)
    checked = 0
    while not state.is_terminal():
        p = state.current_player
        if p == 0:
            action = bot.choose(state, p)
            for resample in range(2):
                twin = state.determinize(p, Rng(resample))
                assert bot.choose(twin, p) == action
            checked += 1
        else:
            action = other.choose(state, p)
        state.apply(action)
    assert checked > 5


def test_beats_random_clearly() -> None:
    """200 seeded games, seats alternating: measured about 0.95; 0.75 leaves a wide margin."""
    game = tabletop.make("kung-fu")
    score = 0.0
    games = 200
    for g in range(games):
        seat = g % 2
        bots: list[object] = [None, None]
        bots[seat] = make_bot("heuristic", "kung-fu", seed=g)
        bots[1 - seat] = make_bot("random", "kung-fu", seed=10_000 + g)
        state = game.new_state(2, seed=20_000 + g, log=False)
        play(state, bots)  # type: ignore[arg-type]
        winners = state.winners()
        score += 0.5 if not winners else float(winners == [seat])
    assert score / games > 0.75


# -- helpers ------------------------------------------------------------------------------


def test_best_payment_overpays_least_then_uses_fewest_cards() -> None:
    assert best_payment([1, 1, 2], 2) == [2]
    assert best_payment([2, 2, 1], 3) == [2, 1]
    assert best_payment([2, 2], 3) == [2, 2]
    assert best_payment([3, 1, 1, 1], 3) == [3]
    assert best_payment([1, 1], 3) is None
    assert best_payment([], 0) == []


def test_best_of_is_a_distribution_of_the_highest_value() -> None:
    odds = best_of([1, 1, 2, 3, 5], 2)
    assert abs(sum(odds.values()) - 1) < 1e-9
    assert set(odds) == {1, 2, 3, 5}
    assert odds[5] == pytest.approx(4 / 10)  # 4 of the 10 pairs hold the 5
    assert best_of([4, 4], 5) == {4: 1.0}
    assert best_of([1, 2], 0) == {0: 1.0}


# -- sensible choices in set positions (fixture deck) ------------------------------


def _choose(state: State) -> str:
    p = state.current_player
    return str(KungFuHeuristicBot(seed=0).choose(state, p))


def test_parries_with_a_card_that_holds(fixture_game: KungFuGame) -> None:
    state = build(fixture_game, hands=[["Heavy", "Jab"], ["Block", "Coin Block", "Big Wall"]])
    act(state, "attack with Heavy face up")
    assert _choose(state) == "parry with Big Wall"  # the only card that holds a 5
    state = build(fixture_game, hands=[["Jab", "Heavy"], ["Coin Block", "Block", "Wall"]])
    act(state, "attack with Jab face up")
    assert _choose(state) in ("parry with Block", "parry with Wall")  # never takes damage


def test_parries_with_the_effect_worth_buying(fixture_game: KungFuGame) -> None:
    # Nothing holds a 5; Healer (parry 1, heal 2 for 1 koku) saves most life.
    state = build(
        fixture_game,
        hands=[["Heavy", "Jab"], ["Block", "Coin Block", "Healer"]],
        rows=[[], ["Coin Punch"]],
        life=[10, 6],
    )
    act(state, "attack with Heavy face up")
    assert _choose(state) == "parry with Healer"
    act(state, "parry with Healer")
    assert _choose(state) == "activate your card's effect"


def test_arrow_effect_only_when_the_opponent_loses_life(fixture_game: KungFuGame) -> None:
    # Ripper: attack 3, after a hit the opponent discards 2 at random (cost 1).
    hit = build(
        fixture_game, hands=[["Ripper"], ["Block", "Jab", "Jab"]], rows=[["Coin Punch"], []]
    )
    act(hit, "attack with Ripper face up")
    assert hit.view(0)["decision"]["kind"] == "activate"  # Block (2) was played: 3 > 2
    assert _choose(hit) == "activate your card's effect"
    held = build(
        fixture_game, hands=[["Ripper"], ["Wall", "Jab", "Jab"]], rows=[["Coin Punch"], []]
    )
    act(held, "attack with Ripper face up")
    assert held.view(0)["decision"]["kind"] == "activate"  # Wall (4) holds: no hit
    assert _choose(held) == "do not activate"


def test_keeps_koku_when_the_effect_is_worth_nothing(fixture_game: KungFuGame) -> None:
    # Thief discards one of the opponent's Koku cards, but their row is empty.
    state = build(fixture_game, hands=[["Thief"], ["Block"]], rows=[["Coin Punch"], []])
    act(state, "attack with Thief face up")
    assert state.view(0)["decision"]["kind"] == "activate"
    assert _choose(state) == "do not activate"


def test_pays_with_the_least_overpayment(fixture_game: KungFuGame) -> None:
    # Power Kick: 3, boosted to 6 for 2 koku; the row holds coins worth 2 and 1.
    state = build(
        fixture_game, hands=[["Power Kick"], ["Block"]], rows=[["Coin Punch", "Gold Punch"], []]
    )
    act(state, "attack with Power Kick face up")
    bot = KungFuHeuristicBot(seed=0)
    while state.view(0)["decision"]["kind"] in ("activate", "pay"):
        state.apply(bot.choose(state, 0))
    assert state.view(0)["last_round"]["attack_value"] == 6  # boosted
    assert row(state, 0) == ["Coin Punch"]  # paid with Gold Punch alone


def test_discards_the_richest_koku_card(fixture_game: KungFuGame) -> None:
    state = build(
        fixture_game,
        hands=[["Thief"], ["Block"]],
        rows=[["Coin Punch"], ["Coin Block", "Gold Punch"]],
    )
    act(state, "attack with Thief face up", "activate your card's effect")
    assert _choose(state) == "discard Gold Punch from your opponent's koku"


def test_draws_blue_before_parrying_with_no_blue_card(fixture_game: KungFuGame) -> None:
    state = build(fixture_game, hands=[["Jab", "Jab"], ["Jab", "Heavy"]])
    act(state, "attack with Jab face down")
    assert state.current_player == 1
    assert _choose(state) == "draw 0 red, the rest blue"


def test_draws_the_difference_unless_the_initiative_finishes(fixture_game: KungFuGame) -> None:
    state = build(fixture_game, hands=[["Jab", "Jab"], ["Wall", "Heavy"]])
    act(state, "attack with Jab face up")  # Wall, the only blue card, parries: 4 > 2
    assert _choose(state) == "draw the difference"
    state = build(fixture_game, hands=[["Jab", "Jab"], ["Wall", "Heavy"]], life=[4, 10])
    act(state, "attack with Jab face up")
    assert _choose(state) == "take the initiative"  # Heavy (5) can knock out 4 life


def test_attacks_with_the_strong_card_into_a_weak_defence(fixture_game: KungFuGame) -> None:
    state = build(
        fixture_game,
        hands=[["Jab", "Heavy"], ["Coin Block", "Coin Block"]],
        blue_discard=["Wall", "Wall", "Wall", "Big Wall", "Big Wall", "Big Wall"],
    )
    assert _choose(state) == "attack with Heavy face up"
    assert hand(state, 0) == ["Heavy", "Jab"]


@pytest.mark.parametrize(("lose2_target", "activated"), [("card", False), ("opponent", True)])
def test_self_damaging_effects_only_when_they_pay(lose2_target: str, activated: bool) -> None:
    """Snake Fang (A11) and Returning Strike (P11) cost Koku and, as their cards read by
    default, 2 of their user's life: never worth activating. Where they hurt the
    opponent instead, the heuristic activates them when the exchange gains by it."""
    game = tabletop.make("kung-fu", lose2_target=lose2_target)
    seen = 0
    for seed in range(60):
        state = game.new_state(2, seed=seed, log=True)
        play(state, [make_bot("heuristic", "kung-fu", seed=seed * 2 + p) for p in range(2)])
        seen += sum(e.kind == "activate" and e.data["type"] in ("A11", "P11") for e in state.log)
    assert (seen > 0) == activated, seen

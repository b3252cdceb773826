"""ISMCTS and hints: legal, deterministic, and blind to what its seat cannot see."""

from __future__ import annotations

from dataclasses import replace

import pytest

import tabletop
from tabletop.bots import ISMCTS, ISMCTSBot, SearchSettings, analyse, list_bots, make_bot
from tabletop.bots.ismcts import GAME_LEVELS, LEVELS
from tabletop.bots.search import Sampler
from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.core.rng import Rng
from tests.games.uno_power.scenario import build

FAST = SearchSettings(iterations=25, rollout_depth=15)
# Both ways of playing the other seats inside the tree.
OPPONENTS = ["tree", "policy"]


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "ismcts"])
def test_levels_are_registered_for_every_game(name: str) -> None:
    for game_id in tabletop.list_games():
        assert name in list_bots(game_id)
        assert isinstance(make_bot(name, game_id, seed=1), ISMCTSBot)


@pytest.mark.parametrize("opponents", OPPONENTS)
@pytest.mark.parametrize("players", [2, 4])
def test_never_chooses_an_illegal_action(players: int, opponents: str) -> None:
    game = tabletop.make("uno-power", target_score="single_round", stacking="progressive")
    settings = replace(FAST, opponents=opponents)
    for seed in range(2):
        state = game.new_state(players, seed=seed, log=False)
        bots = [ISMCTSBot(seed * 10 + p, settings) for p in range(players)]
        while not state.is_terminal():
            p = state.current_player
            action = bots[p].choose(state, p)
            assert action in state.legal_actions()
            state.apply(action)


def _first_real_decision(seed: int) -> State:
    state = tabletop.make("uno-power", target_score="single_round").new_state(3, seed=seed)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("opponents", OPPONENTS)
def test_deterministic_with_a_seed(opponents: str) -> None:
    state = _first_real_decision(5)
    p = state.current_player
    settings = SearchSettings(iterations=60, opponents=opponents)
    runs = [ISMCTSBot(42, settings).searcher("uno-power").search(state, p) for _ in range(2)]
    assert runs[0] == runs[1]
    before = state.to_dict()
    ISMCTSBot(42, settings).choose(state, p)
    assert state.to_dict() == before


def _two_worlds() -> tuple[State, State]:
    """Seat 0 sees the same in both; only seat 1's one hidden card differs.

    Seat 0 holds two Wild Grab-a-Towers: it plays one and names a colour, then wins
    with the other unless seat 1 can follow with its last card: a blue 7 in world A,
    a yellow 7 in world B.
    """
    game = tabletop.make("uno-power", target_score="single_round")
    mine = ["Wild Grab-a-Tower", "Wild Grab-a-Tower"]
    a = build(game, 2, hands=[mine, ["blue 7"]], top="red 4", draw=["yellow 7"])
    b = build(game, 2, hands=[mine, ["yellow 7"]], top="red 4", draw=["blue 7"])
    assert a.view(0) == b.view(0)
    return a, b


def _rates(state: State, opponents: str, sample: Sampler | None = None) -> dict[str, float]:
    """Win rate of naming each colour (with the UNO call), from a seeded search."""
    bot = ISMCTSBot(7, SearchSettings(iterations=400, rollout_depth=30, opponents=opponents))
    search = bot.searcher("uno-power")
    search.sample = sample
    stats = search.search(state, 0)
    return {
        s.action.label.split("name ")[1].split()[0]: s.win_rate
        for s in stats
        if s.action.label.endswith("call UNO")
    }


@pytest.mark.parametrize("opponents", OPPONENTS)
def test_search_cannot_see_hidden_cards(opponents: str) -> None:
    a, b = _two_worlds()
    assert _rates(a, opponents) == _rates(b, opponents)  # whatever the hidden card

    # The same search allowed to look at the true state tells the worlds apart,
    # so the check above would catch a bot that cheats.
    def cheat(self: State, observer: int, rng: Rng) -> State:
        twin = self.clone()
        twin.rng = rng.derive()  # type: ignore[attr-defined]
        return twin

    seen_a, seen_b = _rates(a, opponents, cheat), _rates(b, opponents, cheat)
    assert seen_a["blue"] < seen_a["yellow"] - 0.2
    assert seen_b["yellow"] < seen_b["blue"] - 0.2


def test_hints_cover_every_legal_action_best_first() -> None:
    state = _first_real_decision(3)
    p = state.current_player
    hints = analyse(state, p, iterations=60, seed=2)
    assert sorted(h.action.id for h in hints) == sorted(a.id for a in state.legal_actions())
    assert sum(h.visits for h in hints) == 60
    assert all(0.0 <= h.win_probability <= 1.0 for h in hints)
    assert [h.visits for h in hints] == sorted((h.visits for h in hints), reverse=True)
    assert set(hints[0].to_dict()) == {
        "action",
        "label",
        "win_probability",
        "interval",
        "visits",
        "reason",
    }


def test_hints_refuse_the_wrong_seat_and_finished_games() -> None:
    state = _first_real_decision(3)
    other = (state.current_player + 1) % state.num_players
    with pytest.raises(tabletop.TabletopError, match="decision"):
        analyse(state, other, iterations=5)


@pytest.mark.parametrize("opponents", OPPONENTS)
def test_policy_opponents_are_played_by_the_policy(opponents: str) -> None:
    """With ``opponents="policy"`` the tree branches only on the searcher's actions.

    Rollouts of depth 0 and no prior leave the policy only one use: the other seats'
    decisions inside the tree. A spy records whose decisions those were.
    """
    state = _first_real_decision(5)
    p = state.current_player
    asked: list[int] = []

    def spy(det: State, rng: Rng) -> Action:
        asked.append(det.current_player)
        legal = det.legal_actions()
        return legal[rng.randrange(len(legal))]

    settings = SearchSettings(iterations=60, rollout_depth=0, opponents=opponents)
    ISMCTS(settings, Rng(1), spy).search(state, p)
    if opponents == "tree":
        assert asked == []
    else:
        assert asked and p not in asked


def test_a_level_takes_a_games_own_tuning() -> None:
    bot = make_bot("normal", "uno-power", seed=1)
    assert isinstance(bot, ISMCTSBot)
    for game_id in tabletop.list_games():
        expected = GAME_LEVELS.get(game_id, {}).get("normal", LEVELS["normal"])
        assert bot.searcher(game_id).settings == expected
    assert ISMCTSBot(1, FAST).searcher("uno-power").settings == FAST

"""Observers: layout, bounds, masks, and that no hidden information leaks in."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import tabletop  # noqa: E402
from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.core.game import Game, State  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.rl import observer_for  # noqa: E402
from tabletop.rl.observers import (  # noqa: E402
    KingOfTokyoObserver,
    KungFuObserver,
    UnoPowerObserver,
)

# (game id, options, number of players)
CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("uno-power", {"target_score": "single_round"}, 2),
    ("uno-power", {"target_score": "single_round"}, 6),
    ("uno-power", {"target_score": 100}, 3),
    ("uno-power", {"target_score": "single_round", "partners": True}, 4),
    (
        "uno-power",
        {
            "target_score": "single_round",
            "stacking": "progressive",
            "jump_in": True,
            "seven_swap": True,
            "icon_grab": "optional",
            "tower_protection": "optional",
        },
        4,
    ),
    ("uno-power", {"target_score": 60, "scoring": "lowest_total"}, 3),
    ("kung-fu", {}, 2),
    ("kung-fu", {"draw_split": "sequential", "max_voluntary_passes": 3}, 2),
    ("king-of-tokyo", {}, 2),
    ("king-of-tokyo", {"edition": "2016"}, 4),
    ("king-of-tokyo", {"first_player": "5", "bay_moves_up": True}, 6),
]
IDS = [f"{g}-{n}p-{i}" for i, (g, _, n) in enumerate(CONFIGS)]


def random_states(game: Game[Any], n: int, seed: int, limit: int = 400) -> list[State]:
    """Clones of the states of one random game (at most ``limit``, then the end)."""
    state = game.new_state(n, seed=seed, log=False)
    rng = Rng(seed)
    seen = [state.clone()]
    while not state.is_terminal() and len(seen) < limit:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize(("game_id", "options", "n"), CONFIGS, ids=IDS)
def test_encodings_are_in_bounds_and_masks_are_legal_actions(
    game_id: str, options: dict[str, Any], n: int
) -> None:
    game = tabletop.make(game_id, **options)
    observer = observer_for(game)
    assert observer.shape == (observer.size,)
    assert observer.size == sum(f.size for f in observer.fields)
    for seed in (1, 2):
        for state in random_states(game, n, seed):
            for player in range(n):
                obs = observer.encode(state, player)
                assert obs.dtype == np.float32 and obs.shape == observer.shape
                assert np.all(obs >= observer.low) and np.all(obs <= observer.high)
                if "hand" in observer.slices:  # King of Tokyo has no hands
                    view_hand = state.view(player)["hand"]
                    assert observer.named(obs)["hand"].sum() == len(view_hand)
            mask = observer.mask(state)
            assert mask.dtype == np.int8 and mask.shape == (game.info.num_distinct_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(state.legal_action_ids())
            if state.is_terminal():
                assert not mask.any()


@pytest.mark.parametrize(("game_id", "options", "n"), CONFIGS, ids=IDS)
def test_encode_equals_the_reference_encoding_of_the_view(
    game_id: str, options: dict[str, Any], n: int
) -> None:
    """An observer that reads the state directly must agree with ``encode_view``."""
    game = tabletop.make(game_id, **options)
    observer = observer_for(game)
    for seed in (3, 4, 5):
        for state in random_states(game, n, seed):
            for player in range(n):
                expected = observer.encode_view(state.view(player), player)
                np.testing.assert_array_equal(observer.encode(state, player), expected)


@pytest.mark.parametrize(("game_id", "options", "n"), CONFIGS, ids=IDS)
def test_encoding_ignores_what_the_seat_cannot_see(
    game_id: str, options: dict[str, Any], n: int
) -> None:
    game = tabletop.make(game_id, **options)
    observer = observer_for(game)
    for state in random_states(game, n, seed=7, limit=150)[::3]:
        for player in range(n):
            obs = observer.encode(state, player)
            text = observer.string(state, player)
            for k in range(3):
                twin = state.determinize(player, Rng(k))
                np.testing.assert_array_equal(observer.encode(twin, player), obs)
                assert observer.string(twin, player) == text


def test_uno_power_fields_are_relative_to_the_observer() -> None:
    game = tabletop.make("uno-power", target_score="single_round")
    observer = observer_for(game)
    assert isinstance(observer, UnoPowerObserver)
    state = game.new_state(3, seed=4)
    view = state.view(None)
    for player in range(3):
        named = observer.named(observer.encode(state, player))
        assert named["seat_present"].tolist() == [1, 1, 1, 0, 0, 0]
        for seat in range(3):
            rel = (seat - player) % 3
            assert named["hand_size"][rel] == view["players"][seat]["hand_size"]
        assert named["top_card"].sum() == 1
        assert np.flatnonzero(named["top_card"]).tolist() == [view["top_card"]["kind"]]
        decider = (state.current_player - player) % 3
        assert np.flatnonzero(named["decider"]).tolist() == [decider]


def test_kung_fu_hides_a_face_down_attack() -> None:
    game = tabletop.make("kung-fu", first_player="0")
    observer = observer_for(game)
    assert isinstance(observer, KungFuObserver)
    state = game.new_state(2, seed=3)
    down = [a for a in state.legal_actions() if "face down" in a.label]
    assert down, "the attacker can attack face down"
    state.apply(down[0])
    while state.view(None)["attack"] is None:  # a draw for the face-down attack may come first
        state.apply(state.legal_actions()[0])
    attacker = observer.named(observer.encode(state, 0))
    defender = observer.named(observer.encode(state, 1))
    assert attacker["attack_card"].sum() == 1 and attacker["attack_hidden"][0] == 0
    assert defender["attack_card"].sum() == 0 and defender["attack_hidden"][0] == 1
    assert attacker["attack_face_down"][0] == defender["attack_face_down"][0] == 1


def test_layout_string_and_errors() -> None:
    for game_id in ("uno-power", "kung-fu"):
        game = tabletop.make(game_id)
        observer = observer_for(game)
        table = observer.layout()
        assert all(f"`{f.name}`" in table for f in observer.fields)
        state = game.new_state(2, seed=1)
        assert str(state.view(0)["round"]) in observer.string(state, 0)
        assert "spectator" in observer.string(state, None)
        with pytest.raises(TabletopError):
            observer.encode(state, 2)


def test_observer_for_an_unknown_game() -> None:
    class Fake:
        class info:
            id = "chess"

    with pytest.raises(TabletopError, match="no observer for chess"):
        observer_for(Fake())  # type: ignore[arg-type]


def test_encode_is_the_reference_encoding_of_a_copy_of_the_view() -> None:
    """``encode_view`` sees nothing but a (copied) view dictionary, and the direct
    encoders of UNO Power and Kung Fu agree with it on a fresh game."""
    for game_id, n in (("kung-fu", 2), ("uno-power", 3)):
        game = tabletop.make(game_id)
        state = game.new_state(n, seed=5)
        observer = observer_for(game)
        for player in range(n):
            view = copy.deepcopy(state.view(player))
            reference = observer.encode_view(view, player)
            np.testing.assert_array_equal(observer.encode(state, player), reference)
            assert reference.any()


def test_the_documented_layouts_are_current() -> None:
    """docs/rl.md holds ``observer.layout()`` of each game with default options."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    for game_id in ("uno-power", "kung-fu", "king-of-tokyo"):
        assert observer_for(tabletop.make(game_id)).layout() in text, game_id


def test_king_of_tokyo_fields_are_relative_to_the_observer() -> None:
    from tabletop.games.king_of_tokyo.cards import Card

    game = tabletop.make("king-of-tokyo", first_player="1")
    observer = observer_for(game)
    assert isinstance(observer, KingOfTokyoObserver)
    state = random_states(game, 4, seed=3, limit=60)[-1]
    view = state.view(None)
    for player in range(4):
        named = observer.named(observer.encode(state, player))
        assert named["seat_present"].tolist() == [1, 1, 1, 1, 0, 0]
        for m in view["monsters"]:
            rel = (m["seat"] - player) % 4
            assert named["hearts"][rel] == m["hearts"]
            assert named["stars"][rel] == m["stars"]
            loc = named["location"].reshape(6, 3)[rel]
            assert loc.tolist() == [m["location"] == x for x in ("outside", "city", "bay")]
            owned = named["cards"].reshape(6, 64)[rel]
            assert owned.sum() == len(m["cards"])
            for card in m["cards"]:
                assert owned[Card[card["id"].upper()]] >= 1
        row = named["row"].reshape(3, 64)
        for slot, card in enumerate(view["row"]):
            assert np.flatnonzero(row[slot]).tolist() == [Card[card["id"].upper()]]
        assert named["row_cost"].tolist() == state.view(player)["your_costs"]
        assert named["dice"].sum() == len(view["dice"])
        assert named["discard"].sum() == len(view["discard"]) and named["deck_size"][0] > 0
        assert np.flatnonzero(named["active"]).tolist() == [(view["active"] - player) % 4]
        decider = (state.current_player - player) % 4
        assert np.flatnonzero(named["decider"]).tolist() == [decider]
        assert named["phase"].sum() == named["decision"].sum() == 1


def test_king_of_tokyo_direct_encoding_of_tokens_counters_and_mimic() -> None:
    """Positions random games rarely reach: a Mimic on a Smoke Cloud with counters on
    both, a charged Battery Monster, Wings active, poison and shrink tokens."""
    from tests.games.king_of_tokyo.scenario import fresh, give, mimic, setup

    state = fresh(5)
    (smoke,) = give(state, 1, "smoke_cloud", counters=2)
    mimic(state, 1, smoke, counters=3)
    give(state, 2, "battery_monster", counters=4)
    setup(state, 3, poison=2, shrink=1)
    state.immune |= 1 << 4
    observer = observer_for(state.game)
    for player in range(5):
        obs = observer.encode(state, player)
        np.testing.assert_array_equal(obs, observer.encode_view(state.view(player), player))
        named = observer.named(obs)
        r = (1 - player) % 5
        assert named["smoke"][r] == 5 and named["mimic"].sum() == 1
        assert named["batteries"][(2 - player) % 5] == 4
        assert named["poison"][(3 - player) % 5] == 2 and named["shrink"][(3 - player) % 5] == 1
        assert named["wings_active"][(4 - player) % 5] == 1
        assert named["bay_open"][0] == 1


def test_king_of_tokyo_deck_top_only_for_the_made_in_a_lab_owner() -> None:
    from tabletop.games.king_of_tokyo.cards import Card
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

    game = tabletop.make("king-of-tokyo")
    observer = observer_for(game)
    found = None
    for seed in range(60):  # random play reaches a Made in a Lab Buy phase now and then
        for state in random_states(game, 4, seed=seed):
            assert isinstance(state, KingOfTokyoState)
            if state.top_card_visible_to(state.current_player):
                found = state
                break
        if found is not None:
            break
    assert found is not None, "no random game reached a Made in a Lab Buy phase"
    owner = found.current_player
    top = Card[found.view(owner)["deck_top"]["id"].upper()]
    obs = observer.encode(found, owner)
    assert np.flatnonzero(observer.named(obs)["deck_top"]).tolist() == [top]
    assert "deck top: " in observer.string(found, owner)
    for other in range(4):
        if other != owner:
            assert not observer.named(observer.encode(found, other))["deck_top"].any()
    assert "deck top" not in observer.string(found, None)
    # The owner's determinized worlds keep the top card; the others' do not show it.
    for k in range(4):
        np.testing.assert_array_equal(observer.encode(found.determinize(owner, Rng(k)), owner), obs)


def test_king_of_tokyo_layout_and_string() -> None:
    from tabletop.games.king_of_tokyo.phases import ASK_NAMES, PHASE_NAMES
    from tabletop.rl.observers.king_of_tokyo import _KOT_DECISIONS, _KOT_PHASES

    assert set(_KOT_DECISIONS) == set(ASK_NAMES.values())  # the engine's names
    assert set(_KOT_PHASES) == set(PHASE_NAMES)
    game = tabletop.make("king-of-tokyo")
    observer = observer_for(game)
    assert observer.size == 2063
    assert all(f"`{f.name}`" in observer.layout() for f in observer.fields)
    state = game.new_state(3, seed=2)
    text = observer.string(state, 1)
    assert text.startswith("King of Tokyo, player 1's view, turn 1")
    assert text.splitlines()[2].startswith("  player 1 (")
    assert "spectator" in observer.string(state, None)
    with pytest.raises(TabletopError):
        observer.encode(state, 3)


def test_king_of_tokyo_power_up_fields_show_only_our_hand() -> None:
    """Our Evolutions are encoded; another seat's hand is only a count."""
    game = tabletop.make("king-of-tokyo", power_up="on")
    observer = observer_for(game)
    state = game.new_state(4, seed=5)
    while state.view(None)["phase"] == "setup":
        state.apply(state.legal_actions()[0])
    assert state.pu is not None
    for seat in range(4):
        obs = observer.named(observer.encode(state, seat))
        assert np.flatnonzero(obs["evo_hand"]).tolist() == sorted(state.pu.hand[seat])
        assert obs["evo_hand_size"].tolist()[:4] == [
            len(state.pu.hand[(seat + r) % 4]) for r in range(4)
        ]
        for k in range(3):  # others' hands re-sampled: our encoding does not change
            twin = state.determinize(seat, Rng(k))
            np.testing.assert_array_equal(observer.encode(twin, seat), observer.encode(state, seat))
    plain = observer_for(tabletop.make("king-of-tokyo"))
    assert plain.size == observer.size
    base = plain.named(plain.encode(tabletop.make("king-of-tokyo").new_state(4, seed=5), 0))
    assert not base["evo_hand_size"].any() and not base["evo_deck_size"].any()


def test_king_of_tokyo_power_up_tokens_follow_the_view() -> None:
    """Target tokens, lent Freeze Rays, the frozen die, UFO tokens and Evolution
    counters are encoded wherever the view shows them (random Power Up! games)."""
    game = tabletop.make("king-of-tokyo", power_up="on")
    observer = observer_for(game)
    rng = random.Random(4)
    seen = Counter()
    for seed in range(40):
        state = game.new_state(5, seed=seed, log=False)
        while not state.is_terminal():
            view = state.view(0)
            obs = observer.named(observer.encode(state, 0))
            for m in view["monsters"]:
                r = m["seat"]  # seat 0 observes: relative seats are the seats
                mine = m["evolutions"]
                if "target_token" in mine:
                    seen["target"] += 1
                    assert obs["target_token"][6 * r + mine["target_token"]] == 1
                if "freeze_ray_lent_to" in mine:
                    seen["freeze"] += 1
                    assert obs["freeze_ray"][6 * r + mine["freeze_ray_lent_to"]] == 1
                if "ufo_cards" in mine:
                    seen["ufo"] += 1
                    assert obs["ufo_cards"][r] == len(mine["ufo_cards"])
                if "counters" in mine:
                    seen["counters"] += 1
                    assert obs["evo_counters"][r] == min(60, sum(mine["counters"].values()))
                if "encased_die" in mine:
                    seen["encased"] += 1
                    assert obs["encased_die"].sum() == 1
            state.apply(rng.choice(state.legal_actions()))
    assert seen["target"] and seen["counters"] and seen["ufo"], seen

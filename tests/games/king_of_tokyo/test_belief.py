"""The public record of what each monster did with its Evolutions, and the belief that
reads it (Power Up!): the record notes plays, refusals and draws and nothing hidden;
the belief deals the opponents Evolution hands that fit what they did, from the record
and what the observer sees alone."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import tabletop
from tabletop.bots import ISMCTSBot, SearchSettings, make_bot
from tabletop.core.errors import StateFormatError
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.belief import HandBelief
from tabletop.games.king_of_tokyo.evolution_effects import cyber_bunny as bunny
from tabletop.games.king_of_tokyo.evolution_hands import may_hold
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.phases import Ask, Noted
from tabletop.games.king_of_tokyo.power_up import WINDOW_NAMES
from tabletop.games.king_of_tokyo.saving import check_cards
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.belief_play import play_heuristic, saved_with_record
from tests.games.king_of_tokyo.pu_scenario import hand, number, powered
from tests.games.king_of_tokyo.scenario import NOTHING, act, fresh, labels, roll, setup, start_turn

KING = "giga_zaur,the_king,cyber_bunny,kraken"
"""Seat 1 is The King: Giant Banana (temporary, no timing, "gain 2 hearts")."""
ANY_TIME = WINDOW_NAMES.index("any_time")


def _pu(state: KingOfTokyoState) -> PowerUp:
    assert state.pu is not None
    return state.pu


def _bits(mask: int) -> set[int]:
    return {n for n in range(mask.bit_length()) if mask >> n & 1}


def heuristic_game(
    seed: int, players: int = 4, steps: int | None = None, **options: Any
) -> KingOfTokyoState:
    """A Power Up! game of heuristic bots, stopped after ``steps`` decisions (or at its end)."""
    options.setdefault("power_up", "on")
    state = tabletop.make("king-of-tokyo", **options).new_state(players, seed=seed, log=False)
    assert isinstance(state, KingOfTokyoState)
    play_heuristic(state, seed, steps)
    return state


def king_asked(holding: str, hearts: int = 6) -> KingOfTokyoState:
    """Seat 1 (The King, ``hearts`` of 10) holds only ``holding``; seat 0's turn
    begins, and The King is asked in the window before the roll (option
    ``evolution_prompts="public"``: asked whatever it holds)."""
    state = powered(4, evolution_prompts="public", monsters=KING)
    hand(state, 1, holding)
    setup(state, 1, hearts=hearts)
    start_turn(state, 0)
    assert state.view(None)["decision"]["player"] == 1
    return state


# -- the record ---------------------------------------------------------------------------


def test_a_refusal_is_noted_with_what_the_seat_could_have_played_whatever_it_held() -> None:
    # Giant Banana at 6 hearts could be played; Alpha Male and I Am the King (permanent,
    # no timing) too. The entry names them whether The King holds the Banana or a card
    # it cannot play before a roll (Monkey Rush, when another leaves Tokyo).
    entries = []
    for holding in ("giant_banana", "monkey_rush"):
        state = king_asked(holding)
        assert state.record == []
        act(state, "decline")
        entries.append(state.record)
    assert entries[0] == entries[1]
    ((seat, kind, window, offered, hearts, max_hearts, damage),) = entries[0]
    assert (seat, kind, window, hearts, max_hearts, damage) == (
        1,
        Noted.DECLINED,
        ANY_TIME,
        6,
        10,
        -1,
    )
    assert _bits(offered) == {number("giant_banana"), number("alpha_male"), number("i_am_the_king")}


def test_a_play_is_noted_with_its_card_and_the_refusal_after_it() -> None:
    state = king_asked("giant_banana")
    act(state, "play Giant Banana")
    assert state.record is not None
    assert state.record[0] == (1, Noted.PLAYED, number("giant_banana"))
    assert all(e[0] == 1 for e in state.record)


def test_a_prevention_refusal_notes_the_damage() -> None:
    # Seat 1 holds Giant Banana, which answers damage; it takes 2 hearts instead.
    state = powered(4, evolution_prompts="public", monsters=KING)
    hand(state, 1, "giant_banana")
    setup(state, 1, hearts=6)
    state.decisions.clear()
    state.card_damage([1], 2, 0)
    state.advance()
    assert state.view(None)["decision"]["kind"] == "prevent_damage"
    act(state, "take the damage")
    assert state.record is not None
    (entry,) = [e for e in state.record if e[1] == Noted.DECLINED]
    assert entry[:3] == (1, Noted.DECLINED, WINDOW_NAMES.index("damage"))
    assert entry[4:] == (6, 10, 2)
    assert number("giant_banana") in _bits(entry[3])


@pytest.mark.parametrize("setup_rule", ["shuffle_back", "discard"])
def test_a_setup_keep_names_the_other_card_only_where_it_is_face_up(setup_rule: str) -> None:
    state = fresh(4, power_up="on", evolution_setup=setup_rule)
    d = state.decisions[-1]
    assert d.kind == Ask.EVO_KEEP
    drawn = sorted(d.data[:2])
    act(state, labels(state)[0])  # keeps the lower number
    assert state.record == [(d.player, Noted.RECEIVED, drawn[1] if setup_rule == "discard" else -1)]
    shown = state.view((d.player + 1) % 4)["monsters"][d.player]["evolutions"]["discard"]
    assert (evolution_table().info[drawn[1]].id in shown) == (setup_rule == "discard")


def test_a_keep_in_play_names_the_card_put_on_the_discard_pile() -> None:
    state = powered(4, evolution_prompts="public", monsters=KING)
    pu = _pu(state)
    pu.offer(state, 2, setup=False)
    d = state.decisions[-1]
    assert (d.kind, d.player) == (Ask.EVO_KEEP, 2)
    kept, other = d.data[0], d.data[1]
    act(state, f"keep {evolution_table().info[kept].name}")
    assert state.record == [(2, Noted.RECEIVED, other)]
    assert pu.discard[2] == [other] and kept in pu.hand[2]


def test_an_elimination_resets_the_seat() -> None:
    state = king_asked("giant_banana")
    act(state, "decline")
    state.decisions.clear()
    setup(state, 1, hearts=1)
    state.card_damage([1], 3, 0)
    state.advance()
    while state.monsters[1].alive and state.current_player == 1:
        act(state, labels(state)[-1])  # takes the damage, plays nothing
    assert not state.monsters[1].alive
    assert state.record is not None
    assert (1, Noted.RESET) in state.record
    assert [e for e in state.record if e[0] == 1][-1] == (1, Noted.RESET)
    assert _pu(state).hand[1] == [] and number("giant_banana") in _pu(state).discard[1]


def test_the_record_accounts_for_every_card_each_seat_holds() -> None:
    # One in for each card received or returned, one out for each play, all out at a
    # reset: the hand's size.
    checked = 0
    for seed in range(6):
        state = heuristic_game(seed, steps=120)
        assert state.record is not None
        for p in range(4):
            size = 0
            for e in state.record:
                if e[0] != p:
                    continue
                if e[1] in (Noted.RECEIVED, Noted.RETURNED):
                    size += 1
                elif e[1] == Noted.PLAYED:
                    size -= 1
                elif e[1] == Noted.RESET:
                    size = 0
            assert size == len(_pu(state).hand[p]), (seed, p)
            checked += 1
    assert checked == 24


@pytest.mark.parametrize("power_up", ["on", "mutant"])
def test_the_record_holds_only_what_every_seat_saw(power_up: str) -> None:
    # Each card an entry names was face up for all when it was noted: played (a public
    # event), or put on the discard pile; a refusal's offered cards do not depend on
    # the hand (checked above): here, the cards it names are all cards the seat may hold.
    for seed in range(3):
        game = tabletop.make("king-of-tokyo", power_up=power_up)
        state = game.new_state(4, seed=seed)
        assert isinstance(state, KingOfTokyoState)
        bots = [make_bot("heuristic", "king-of-tokyo", seed=p) for p in range(4)]
        while not state.is_terminal():
            p = state.current_player
            before, logged = len(state.record or []), len(state.log)
            may = {q: set(may_hold(state, q)) for q in range(4)}
            state.apply(bots[p].choose(state, p))
            assert state.record is not None
            public = [e for e in state.log[logged:] if e.visible_to is None]
            played = {
                (e.data["seat"], e.data["evolution"]) for e in public if e.kind == "evolution"
            }
            for e in state.record[before:]:
                seat, kind = e[0], e[1]
                assert len(e) == (3, 7, 3, 3, 2)[kind]
                info = evolution_table().info
                if kind == Noted.PLAYED:
                    assert (seat, info[e[2]].id) in played
                elif kind == Noted.RECEIVED and e[2] >= 0:
                    view = state.view((seat + 1) % 4)["monsters"]
                    assert any(info[e[2]].id in m["evolutions"]["discard"] for m in view)
                elif kind == Noted.DECLINED:
                    assert _bits(e[3]) <= may[seat]


def test_a_determinized_copy_keeps_no_record_and_the_state_saves_its_own() -> None:
    state = heuristic_game(3, steps=80)
    assert state.record
    assert state.determinize(0, Rng(1)).record is None
    twin = state.clone()
    assert twin.record == state.record and twin.record is not state.record
    data = json.loads(json.dumps(state.to_dict()))
    assert state.kot_game.state_from_dict(data).record == state.record
    assert "record" not in state.game_data()
    # A state saved before the record existed loads with an empty one.
    del data["state"]["record"]
    assert state.kot_game.state_from_dict(data).record == []


BROKEN: dict[str, tuple[Any, str]] = {
    "a seat not at the table": ([[4, Noted.PLAYED, 3]], r"record: no seat"),
    "an unknown kind": ([[0, 9, 3]], r"record: unknown entry"),
    "a refusal too short": ([[0, Noted.DECLINED, 14, 0]], r"record: unknown entry"),
    "an Evolution that does not exist": ([[0, Noted.PLAYED, 72]], r"record: impossible entry"),
    "more hearts than the most": (
        [[0, Noted.DECLINED, ANY_TIME, 1, 11, 10, -1]],
        r"record: impossible entry",
    ),
    "a window that does not exist": (
        [[0, Noted.DECLINED, 99, 1, 5, 10, -1]],
        r"record: impossible entry",
    ),
    "not a list": (7, r"malformed King of Tokyo state"),
    "an entry of text": ([["zero", 0, 1]], r"malformed King of Tokyo state"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_malformed_record_is_refused(name: str) -> None:
    record, message = BROKEN[name]
    state = heuristic_game(1, steps=10)
    data = saved_with_record(state, record)
    with pytest.raises(StateFormatError, match=message):
        state.kot_game.state_from_dict(data)


def test_a_record_of_evolutions_without_power_up_is_refused() -> None:
    state = tabletop.make("king-of-tokyo").new_state(4, seed=1)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["state"]["record"] == []
    data["state"]["record"] = [[0, Noted.RESET]]
    with pytest.raises(StateFormatError, match="without Power Up"):
        state.game.state_from_dict(data)


# -- the belief ---------------------------------------------------------------------------


def mid_game(seed: int, **options: Any) -> KingOfTokyoState:
    """A heuristic game stopped where the seat to play has an opponent holding
    Evolutions (the first such game from ``seed`` on)."""
    for attempt in range(seed, seed + 50):
        state = heuristic_game(attempt, steps=70, **options)
        bots = [make_bot("heuristic", "king-of-tokyo", seed=p) for p in range(4)]
        while not state.is_terminal():
            p = state.current_player
            if len(state.legal_actions()) > 1 and any(
                _pu(state).hand[q] for q in range(4) if q != p
            ):
                return state
            state.apply(bots[p].choose(state, p))
    raise AssertionError("no opponent held an Evolution")


@pytest.mark.parametrize("power_up", ["on", "mutant"])
def test_sampled_hands_hold_only_cards_the_seat_may_hold_and_the_observer_cannot_see(
    power_up: str,
) -> None:
    for seed in range(4):
        state = mid_game(seed, power_up=power_up)
        me = state.current_player
        pu = _pu(state)
        mine = set(pu.hand[me]) | (set(pu.deck[me]) if power_up == "mutant" else set())
        belief = HandBelief(state, me, Rng(seed))
        rng = Rng(seed + 1)
        for _ in range(20):
            det = belief.sample(state, me, rng)
            assert isinstance(det, KingOfTokyoState)
            dpu = _pu(det)
            assert dpu.hand[me] == pu.hand[me]
            assert dpu.table == pu.table and dpu.discard == pu.discard
            check_cards(det)  # every Evolution once
            for q in range(4):
                assert len(dpu.hand[q]) == len(pu.hand[q])
                if q != me:
                    assert set(dpu.hand[q]) <= set(may_hold(state, q)) - mine
        for s, hands in zip(belief.seats, belief.hands, strict=True):
            assert s != me
            assert all(len(h) == len(pu.hand[s]) for h in hands)


def test_the_belief_reads_the_record_not_the_hidden_cards() -> None:
    # Two states alike in all but the Evolutions in an opponent's hand (swapped with
    # cards of its deck) give the same hands and the same determinizations.
    tried = 0
    for seed in range(10):
        state = mid_game(seed)
        me = state.current_player
        belief = HandBelief(state, me, Rng(4))
        if not belief.seats:
            continue
        q = belief.seats[0]
        twin = state.clone()
        tpu = _pu(twin)
        size = len(tpu.hand[q])
        if len(tpu.deck[q]) < size:
            continue
        tpu.hand[q], tpu.deck[q][:size] = sorted(tpu.deck[q][:size]), tpu.hand[q]
        assert tpu.hand[q] != _pu(state).hand[q]
        other = HandBelief(twin, me, Rng(4))
        assert other.seats == belief.seats and other.hands == belief.hands
        one, two = Rng(7), Rng(7)
        for _ in range(5):
            assert belief.sample(state, me, one).to_dict() == other.sample(twin, me, two).to_dict()
        tried += 1
    assert tried >= 3


def test_a_seat_that_let_windows_pass_is_believed_not_to_hold_what_it_would_have_played() -> None:
    # The King (6 hearts of 10, holding Monkey Rush) lets the windows of seat 0's whole
    # turn pass, each offering Giant Banana, which heals it. Seat 0 believes it holds
    # the Banana far less often than a uniform deal does (1 of 8 cards).
    state = king_asked("monkey_rush")
    refusals = 0
    for _ in range(100):
        if state.active != 0:
            break
        decision = state.view(None)["decision"]
        if decision["player"] == 1:
            act(state, "decline")
            refusals += 1
        elif decision["kind"] == "roll":
            roll(state, *NOTHING)
        else:
            act(state, labels(state)[-1])  # ends the Buy phase, plays nothing
    assert refusals >= 4
    banana = number("giant_banana")
    belief = HandBelief(state, 0, Rng(3))
    (hands,) = belief.hands
    believed = sum(banana in h for h in hands) / len(hands)
    rng = Rng(5)
    dealt = [_pu(state.determinize(0, rng)).hand[1] for _ in range(400)]
    uniform = sum(banana in h for h in dealt) / len(dealt)
    assert uniform > 0.08
    assert believed < 0.4 * uniform, (believed, uniform)


def test_a_seat_that_put_a_temporary_card_away_is_believed_to_have_kept_a_permanent_one() -> None:
    # The King draws Giant Banana (temporary) and Alpha Male (permanent), keeps Alpha
    # Male, the Banana goes face up. Dealt that hand again, its belief favours the
    # permanent cards it could have kept over the temporary ones.
    state = powered(4, evolution_prompts="public", monsters=KING)
    pu = _pu(state)
    deck = pu.deck[1]
    for name in ("alpha_male", "giant_banana"):
        deck.remove(number(name))
        deck.append(number(name))
    pu.offer(state, 1, setup=False)
    act(state, "keep Alpha Male")
    assert state.record == [(1, Noted.RECEIVED, number("giant_banana"))]
    info = evolution_table().info
    belief = HandBelief(state, 0, Rng(2))
    (hands,) = belief.hands
    believed = sum(info[h[0]].permanent for h in hands) / len(hands)
    pool = may_hold(state, 1)
    uniform = sum(info[n].permanent for n in pool) / len(pool)
    assert believed > uniform + 0.15, (believed, uniform)


def test_the_belief_is_seeded() -> None:
    state = mid_game(2)
    me = state.current_player
    one, two = HandBelief(state, me, Rng(8)), HandBelief(state, me, Rng(8))
    assert one.seats and one.seats == two.seats and one.hands == two.hands
    a, b = Rng(1), Rng(1)
    for _ in range(5):
        assert one.sample(state, me, a).to_dict() == two.sample(state, me, b).to_dict()


def test_deal_hidden_gives_the_seats_their_hands_and_determinize_is_deal_hidden() -> None:
    state = mid_game(1)
    me = state.current_player
    pu = _pu(state)
    q = next(s for s in range(4) if s != me and pu.hand[s])
    hidden = sorted(pu.hand[q] + pu.deck[q])
    chosen = hidden[-len(pu.hand[q]) :]
    det = state.deal_hidden(me, Rng(3), {q: chosen})
    assert sorted(_pu(det).hand[q]) == chosen and det.record is None
    check_cards(det)
    plain = state.determinize(me, Rng(3)).to_dict()
    assert plain == state.deal_hidden(me, Rng(3), {}).to_dict()


def test_the_game_offers_the_belief_only_with_evolutions_to_read() -> None:
    base = tabletop.make("king-of-tokyo").new_state(4, seed=1)
    assert base.game.belief(base, 0, Rng(1)) is None
    state = powered(4, evolution_prompts="public", monsters=KING)
    assert state.game.belief(state, 0, Rng(1)) is None  # every hand empty
    hand(state, 1, "giant_banana")
    assert state.game.belief(state, 0, Rng(1)) is not None
    assert state.game.belief(state, 1, Rng(1)) is None  # only its own


def test_a_search_with_the_belief_is_seeded_and_legal() -> None:
    state = mid_game(3)
    player = state.current_player
    settings = SearchSettings(iterations=30, rollout="heuristic", rollout_depth=10, belief=True)
    first = ISMCTSBot(seed=5, settings=settings).choose(state, player)
    again = ISMCTSBot(seed=5, settings=settings).choose(state, player)
    assert first == again
    assert first in state.legal_actions()


def test_the_belief_deals_hands_closer_to_the_true_ones_than_a_uniform_deal() -> None:
    # In games of heuristic bots, the hands it deals share more cards with the true
    # hands than a uniform deal's, though it never reads them.
    believed = uniform = 0
    for seed in range(6):
        state = mid_game(seed)
        me = state.current_player
        pu = _pu(state)
        belief = HandBelief(state, me, Rng(seed))
        rng = Rng(seed + 50)
        for _ in range(20):
            for det, tally in ((belief.sample(state, me, rng), 0), (state.determinize(me, rng), 1)):
                assert isinstance(det, KingOfTokyoState)
                dpu = _pu(det)
                common = sum(len(set(dpu.hand[q]) & set(pu.hand[q])) for q in range(4) if q != me)
                if tally == 0:
                    believed += common
                else:
                    uniform += common
    assert believed > 1.3 * uniform, (believed, uniform)


def test_hands_are_counted_from_the_record_alone() -> None:
    # The belief's hands for a seat come from cards its monster's deck may hold,
    # counted as the observer counts them.
    state = mid_game(4)
    me = state.current_player
    belief = HandBelief(state, me, Rng(1))
    counts = Counter(n for hands in belief.hands for h in hands for n in h)
    assert all(belief.unseen[n] for n in counts)


def test_a_card_known_to_have_come_back_is_always_in_the_believed_hand() -> None:
    # Cyber Bunny (seat 2) played Heart of the Rabbit, which comes back to its hand when
    # it takes Tokyo: everybody saw it come back, so every hand dealt holds it.
    state = powered(4, evolution_prompts="public", monsters=KING)
    pu = _pu(state)
    rabbit = number("heart_of_the_rabbit")
    hand(state, 2, "heart_of_the_rabbit", "stroke_of_genius")
    pu.hand[2].remove(rabbit)
    pu.discard[2].append(rabbit)
    pu.counters[rabbit] = 1  # played, waiting to come back
    state.record = [(2, Noted.PLAYED, rabbit)]
    bunny.on_enter(state, 2)
    assert state.record[-1] == (2, Noted.RETURNED, rabbit) and rabbit in pu.hand[2]
    belief = HandBelief(state, 0, Rng(1))
    assert belief.seats == [2]
    assert all(rabbit in h and len(h) == 2 for h in belief.hands[0])
    rng = Rng(2)
    for _ in range(10):
        det = belief.sample(state, 0, rng)
        assert isinstance(det, KingOfTokyoState)
        assert rabbit in _pu(det).hand[2]

"""Random valid positions of each game build, load back and play on conformingly.

Hypothesis draws the fields of docs/positions.md within what its tables allow: card
names from each game's own card list, never more copies than the deck holds, seats
in range, tokens in their ranges, the dice a step shows. Each position must build
(a builder refusing a valid position is a bug in the builder, not in the strategy),
load back from its ``to_dict`` unchanged, and play on through the conformance
harness (:func:`~tabletop.core.conformance.check_state`). Hand-written positions test
what their authors thought of; these reach the corners nobody wrote down.

Settings: ``derandomize=True`` and no example database, so CI plays the same
examples every run; the example counts keep the file near half a minute on one core.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import Game, State
from tabletop.core.conformance import ConformanceError, check_state
from tabletop.games.king_of_tokyo.dice import BLACK_DICE, FACE_NAMES, MAX_DICE
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.game import KingOfTokyoGame
from tabletop.games.king_of_tokyo.options import MONSTER_NAMES
from tabletop.games.kung_fu.game import KungFuGame
from tabletop.games.uno_power.game import UnoPowerGame
from tests.core.toy import ToyGame, ToyState

Draw = Callable[[st.SearchStrategy[Any]], Any]


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


SEEDS = st.integers(0, 2**31 - 1)


def _cards(
    draw: Draw, left: Counter[str], low: int, high: int, allowed: Sequence[str] | None = None
) -> list[str]:
    """Between ``low`` and ``high`` card names out of ``left`` (copies still free),
    fewer if the deck runs out; each name taken lowers its count."""
    out: list[str] = []
    for _ in range(draw(st.integers(low, high))):
        free = [n for n in (allowed if allowed is not None else left) if left[n] > 0]
        if not free:
            break
        name = draw(st.sampled_from(sorted(free)))
        left[name] -= 1
        out.append(name)
    return out


def _check(game: Game[Any], fields: dict[str, Any], games: int = 2, deep_every: int = 9) -> State:
    """Build ``fields``, reload the state, and play ``games`` random games on from it
    (the harness's costly checks every ``deep_every`` steps); the state built."""
    state = game.position(json.loads(json.dumps(fields)))  # as a position file gives them
    data = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(data).to_dict() == data, "the round trip changed the state"
    assert game.position(fields).to_dict() == data, "the same fields built another state"
    report = check_state(state, games=games, seed=fields.get("seed", 0), deep_every=deep_every)
    assert report.games == games
    return state


# -- UNO Power ------------------------------------------------------------------


@cache
def _uno(target: int | str) -> UnoPowerGame:
    return UnoPowerGame(target_score=target)


UNO_TARGETS: tuple[int | str, ...] = ("single_round", 150)
UNO_TOWERS = ("U", "N", "O", "!")
UNO_COLOURS = ("red", "blue", "green", "yellow")


@st.composite
def uno_positions(draw: Draw) -> tuple[int | str, dict[str, Any]]:
    """An UNO Power position: each field present or left to the deal."""
    target = draw(st.sampled_from(UNO_TARGETS))
    game = _uno(target)
    cards = game.cards
    left = Counter(dict(zip(cards.names, cards.copies, strict=True)))
    wild = {name for name, colour in zip(cards.names, cards.colour, strict=True) if colour < 0}
    info = game.info
    players = draw(st.integers(info.min_players, info.max_players))
    fields: dict[str, Any] = {"seed": draw(SEEDS)}
    hands = None
    if draw(st.booleans()):  # an empty hand has won its round: at least one card
        hands = [_cards(draw, left, 1, 7) for _ in range(players)]
        fields["hands"] = hands
    else:
        fields["players"] = players
    if draw(st.booleans()):
        top = _cards(draw, left, 1, 1)[0]
        fields["top"] = top
        if top in wild:
            fields["colour"] = draw(st.sampled_from(UNO_COLOURS))
    if draw(st.booleans()):
        fields["discard"] = _cards(draw, left, 0, 5)
    if draw(st.booleans()):
        fields["draw"] = _cards(draw, left, 0, 6)
    seat = st.integers(0, players - 1)
    if draw(st.booleans()):
        fields["turn"] = draw(seat)
    if draw(st.booleans()):
        fields["direction"] = draw(st.sampled_from((1, -1)))
    if draw(st.booleans()):
        towers = draw(st.dictionaries(st.sampled_from(UNO_TOWERS), st.none() | seat))
        fields["towers"] = towers
    if draw(st.booleans()):
        top_score = 499 if target == "single_round" else int(target) - 1
        fields["scores"] = draw(
            st.lists(st.integers(0, top_score), min_size=players, max_size=players)
        )
    if draw(st.booleans()):
        fields["dealer"] = draw(seat)
    if draw(st.booleans()):
        fields["round"] = draw(st.integers(1, 12))
    if hands is not None and draw(st.booleans()):  # only a one-card hand calls UNO
        fields["called"] = [len(h) == 1 and draw(st.booleans()) for h in hands]
    if hands is not None and draw(st.booleans()):  # a coloured card is left for the top
        fields["box"] = _cards(draw, left, 0, 40)
    return target, fields


@_settings(12)
@given(uno_positions())
def test_uno_power_positions_play_on(position: tuple[int | str, dict[str, Any]]) -> None:
    """One game per position, the costly checks seldom: random players draw about as
    often as they play, so a round runs to a thousand moves or more, and the harness's
    log checks cost more the longer the log (23, not a multiple of 5: the full-log
    round trip comes every fifth time)."""
    target, fields = position
    _check(_uno(target), fields, games=1, deep_every=23)


# -- Kung Fu --------------------------------------------------------------------


@cache
def _kung_fu(passes: int) -> KungFuGame:
    return KungFuGame(max_voluntary_passes=passes)


KUNG_FU_PASSES = (-1, 2)  # as often as they want (the default), or twice a round


@st.composite
def kung_fu_positions(draw: Draw) -> tuple[int, dict[str, Any]]:
    """A Kung Fu position: each field present or left to the deal."""
    option = draw(st.sampled_from(KUNG_FU_PASSES))
    game = _kung_fu(option)
    cards = game.cards
    left = Counter(dict(zip(cards.names, cards.count, strict=True)))
    red = [n for n, c in zip(cards.names, cards.colour, strict=True) if c == 0]
    blue = [n for n, c in zip(cards.names, cards.colour, strict=True) if c == 1]
    fields: dict[str, Any] = {"seed": draw(SEEDS)}
    if draw(st.booleans()):
        fields["hands"] = [_cards(draw, left, 0, 7) for _ in range(2)]
    if draw(st.booleans()):
        fields["rows"] = [_cards(draw, left, 0, 4) for _ in range(2)]
    if draw(st.booleans()):
        fields["life"] = draw(st.lists(st.integers(1, 10), min_size=2, max_size=2))
    if draw(st.booleans()):
        fields["attacker"] = draw(st.integers(0, 1))
    for name, colour in (("red", red), ("blue", blue)):
        if draw(st.booleans()):
            fields[name] = _cards(draw, left, 0, 3, colour)
        if draw(st.booleans()):
            fields[f"{name}_discard"] = _cards(draw, left, 0, 4, colour)
    if draw(st.booleans()):
        fields["round"] = draw(st.integers(1, game.options.round_limit))
    if draw(st.booleans()):  # handovers left: the option's count at most
        left_each = st.just(-1) if option < 0 else st.integers(0, option)
        fields["passes"] = draw(st.lists(left_each, min_size=2, max_size=2))
    if draw(st.booleans()):
        fields["no_parry"] = draw(st.lists(st.booleans(), min_size=2, max_size=2))
    if "hands" in fields and draw(st.booleans()):  # short piles: nothing to deal
        fields["box"] = _cards(draw, left, 0, 30)
    return option, fields


@_settings(40)
@given(kung_fu_positions())
def test_kung_fu_positions_play_on(position: tuple[int, dict[str, Any]]) -> None:
    option, fields = position
    _check(_kung_fu(option), fields)


# -- King of Tokyo --------------------------------------------------------------

KOT_OPTIONS: tuple[tuple[str, str], ...] = (
    ("2011", "off"),
    ("2016", "off"),
    ("2016", "on"),
    ("2011", "on"),
    ("2016", "mutant"),
)
"""(edition, power_up) pairs the positions are drawn under."""

KOT_STEPS = ("start of turn", "rolling", "after the last roll", "buy phase", "end of turn")
ROLLED = ("rolling", "after the last roll")


@cache
def _kot(edition: str, power_up: str) -> KingOfTokyoGame:
    return KingOfTokyoGame(edition=edition, power_up=power_up)


def _slug_names(game: KingOfTokyoGame) -> dict[str, str]:
    """Each Power card's id to its name in the game's edition."""
    return {i.card.slug: i.name for i in game.cards.info}


@st.composite
def _evolutions(
    draw: Draw, keys: list[str], alive: list[bool], mutant: bool
) -> list[dict[str, list[str]]]:
    """Each monster's Evolutions in hand, face up, on top of its deck, discarded."""
    table = evolution_table()
    out: list[dict[str, list[str]]] = [{} for _ in keys]
    # Without Mutant a monster holds its own; with it, any of the table's, at most 8.
    shared = [e for k in keys for e in table.deck_of[k]]
    left = Counter({table.info[n].name: 1 for n in shared})
    for p, key in enumerate(keys):
        if not alive[p]:  # out of the game: nothing in hand or face up
            continue
        mine = sorted(table.info[n].name for n in (shared if mutant else table.deck_of[key]))
        permanent = [n for n in mine if table.by_id[_id(n)].permanent]
        budget = 8
        for name, high, allowed in (
            ("played", 3, permanent),
            ("evolutions", 3, mine),
            ("evolution_deck", 2, mine),
            ("evolution_discard", 2, mine),
        ):
            taken = _cards(draw, left, 0, min(high, budget), allowed)
            budget -= len(taken)
            if taken:
                out[p][name] = taken
    return out


@cache
def _evolution_ids() -> dict[str, str]:
    return {e.name: e.id for e in evolution_table().info}


def _id(name: str) -> str:
    return _evolution_ids()[name]


@st.composite
def kot_positions(draw: Draw) -> tuple[tuple[str, str], dict[str, Any]]:
    """A King of Tokyo position: monsters, their cards and tokens, Tokyo, the step."""
    edition, power_up = draw(st.sampled_from(KOT_OPTIONS))
    game = _kot(edition, power_up)
    info = game.cards.info
    names = _slug_names(game)
    left = Counter({i.name: i.count for i in info})
    keep = sorted(i.name for i in info if i.keep)
    n = draw(st.integers(2, 6))
    if draw(st.integers(0, 4)) == 0:  # the monsters and their cards dealt
        return (edition, power_up), _kot_dealt(draw, n)
    # Any of the nine may sit at the table (docs/positions.md), the box's six and more.
    keys = draw(st.permutations(sorted(MONSTER_NAMES)))[:n]
    alive = [True] * n
    for p in draw(st.lists(st.integers(0, n - 1), max_size=n - 2, unique=True)):
        alive[p] = False  # out: at least two stay in
    monsters: list[dict[str, Any]] = []
    for p, key in enumerate(keys):
        name = draw(st.sampled_from((game.monster_name(key), key)))
        if not alive[p]:
            monsters.append({"name": name, "out": True})
            continue
        m: dict[str, Any] = {"name": name}
        for token, high in (("stars", 19), ("energy", 25), ("poison", 6), ("shrink", 6)):
            if draw(st.booleans()):
                m[token] = draw(st.integers(0, high))
        cards = _cards(draw, left, 0, 4, keep)
        if cards:
            m["cards"] = cards
        monsters.append(m)
    if power_up != "off":
        for m, evo in zip(
            monsters, draw(_evolutions(list(keys), alive, power_up == "mutant")), strict=True
        ):
            m.update(evo)
    for p, m in enumerate(monsters):  # Mimic copies another monster's Keep card
        if names["mimic"] in m.get("cards", ()) and draw(st.booleans()):
            others = sorted(
                {c for q, o in enumerate(monsters) if q != p for c in o.get("cards", ())}
                - {names["mimic"]}
            )
            if others:
                m["mimic"] = draw(st.sampled_from(others))
    for m in monsters:
        if m.get("out"):
            continue
        owned = [*m.get("cards", ()), m.get("mimic")]
        counters = _counters(draw, names, m, edition)
        if counters:
            m["counters"] = counters
        bigger = names["even_bigger"] in owned or "Eater of Souls" in m.get("played", ())
        if draw(st.booleans()):
            m["hearts"] = draw(st.integers(1, 12 if bigger else 10))
    fields: dict[str, Any] = {"seed": draw(SEEDS), "monsters": monsters}
    seats = [p for p in range(n) if alive[p]]
    if draw(st.booleans()):
        city = draw(st.sampled_from(seats))
        fields["city"] = draw(st.sampled_from((city, monsters[city]["name"])))
    if len(seats) >= 5 and draw(st.booleans()):  # the Bay: five monsters in the game
        taken = fields.get("city")
        bay = draw(
            st.sampled_from([p for p in seats if p != taken and monsters[p]["name"] != taken])
        )
        fields["bay"] = bay
    turn = draw(st.sampled_from(seats))
    fields["turn"] = draw(st.sampled_from((turn, monsters[turn]["name"])))
    if draw(st.booleans()):
        fields["turn_number"] = draw(st.integers(1, 60))
    count = _dice(monsters[turn], names)
    # Dice are required at the rolled steps: a monster that rolls none shows none there.
    step = draw(st.sampled_from(KOT_STEPS if count else [s for s in KOT_STEPS if s not in ROLLED]))
    fields["step"] = step
    if step in ROLLED:
        faces = st.lists(st.sampled_from(FACE_NAMES), min_size=count, max_size=count)
        fields["dice"] = draw(faces)
    if step == "rolling" and draw(st.booleans()):
        brain = names["giant_brain"] in (
            *monsters[turn].get("cards", ()),
            monsters[turn].get("mimic"),
        )
        fields["rolls_left"] = draw(st.integers(1, 3 if brain else 2))
    if draw(st.booleans()):
        fields["next_dice"] = draw(st.lists(st.sampled_from(FACE_NAMES), max_size=12))
    for name, high in (("row", 3), ("deck", 3), ("discard", 4), ("box", 50)):
        if draw(st.booleans()):
            fields[name] = _cards(draw, left, 0, high)
    return (edition, power_up), _spelled(draw, fields, edition)


def _kot_dealt(draw: Draw, n: int) -> dict[str, Any]:
    """A position that names no monster: ``players`` of them dealt from the box, at a
    step of a turn given by seat number."""
    fields: dict[str, Any] = {
        "seed": draw(SEEDS),
        "players": n,
        "turn": draw(st.integers(0, n - 1)),
    }
    step = draw(st.sampled_from(KOT_STEPS))
    fields["step"] = step
    if step in ROLLED:  # nothing shrinks the dealt monsters' six dice or adds to them
        fields["dice"] = draw(st.lists(st.sampled_from(FACE_NAMES), min_size=6, max_size=6))
    return fields


def _spelled(draw: Draw, fields: dict[str, Any], edition: str) -> dict[str, Any]:
    """``fields`` with each card named any way the docs allow: by this edition's name,
    the other edition's or the id, each Evolution by name or id; and a monster with no
    field but its name as the bare name."""
    this = _slug_names(_kot(edition, "off"))
    other = _slug_names(_kot("2016" if edition == "2011" else "2011", "off"))
    slug = {name: s for s, name in this.items()}

    def card(name: str) -> str:
        return str(draw(st.sampled_from((name, slug[name], other[slug[name]]))))

    def evolution(name: str) -> str:
        return str(draw(st.sampled_from((name, _id(name)))))

    out = dict(fields)
    for key in ("row", "deck", "discard", "box"):
        if key in out:
            out[key] = [card(c) for c in out[key]]
    monsters: list[Any] = []
    for m in out["monsters"]:
        m = dict(m)
        if "cards" in m:
            m["cards"] = [card(c) for c in m["cards"]]
        if "mimic" in m:
            m["mimic"] = card(m["mimic"])
        for key in ("evolutions", "played", "evolution_deck", "evolution_discard"):
            if key in m:
                m[key] = [evolution(e) for e in m[key]]
        if "counters" in m:  # by this edition's name or the id: a counter names a card held
            m["counters"] = {
                (draw(st.sampled_from((c, slug[c]))) if c in slug else evolution(c)): k
                for c, k in m["counters"].items()
            }
        monsters.append(m["name"] if list(m) == ["name"] else m)
    out["monsters"] = monsters
    return out


def _dice(m: dict[str, Any], names: dict[str, str]) -> int:
    """The dice a monster rolls: six black ones, one fewer per Shrink token, one more
    per Extra Head (its Mimic's copy too)."""
    owned = [*m.get("cards", ()), m.get("mimic")]
    count = BLACK_DICE - int(m.get("shrink", 0)) + owned.count(names["extra_head"])
    return max(0, min(MAX_DICE, count))


def _counters(draw: Draw, names: dict[str, str], m: dict[str, Any], edition: str) -> dict[str, int]:
    """Counters on the cards that carry them, a Mimic copying one as that card (the
    2011 Monster Batteries must say)."""
    out: dict[str, int] = {}
    carriers = [(c, c) for c in m.get("cards", ())]
    if "mimic" in m:
        carriers.append((names["mimic"], m["mimic"]))
    for holder, card in carriers:
        if card == names["smoke_cloud"] and draw(st.booleans()):
            out[holder] = draw(st.integers(1, 3))
        elif card == names["battery_monster"]:
            if edition == "2011":  # 2 counters per energy charged
                out[holder] = 2 * draw(st.integers(0, 6))
            elif draw(st.booleans()):
                out[holder] = draw(st.sampled_from((2, 4, 6)))
    if "Adapting Technology" in m.get("played", ()) and draw(st.booleans()):
        out["Adapting Technology"] = draw(st.integers(1, 3))
    return out


@_settings(60)
@given(kot_positions())
def test_king_of_tokyo_positions_play_on(
    position: tuple[tuple[str, str], dict[str, Any]],
) -> None:
    (edition, power_up), fields = position
    _check(_kot(edition, power_up), fields)


# -- the harness from a state ---------------------------------------------------


def test_check_state_plays_on_from_a_mid_game_state() -> None:
    state = ToyGame(tokens=9).new_state(3, seed=4)
    state.apply(1)
    before = state.to_dict()
    report = check_state(state, games=3, deep_every=1)
    assert report.games == 3 and report.steps == sum(report.lengths)
    assert state.to_dict() == before  # every game plays on from a clone


def test_check_state_catches_a_state_that_does_not_load_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose saved data forgets whose turn it is."""
    restore = ToyGame.state_from_dict

    def forgetful(self: ToyGame, data: Any) -> ToyState:
        state = restore(self, data)
        state.turn = 0
        return state

    monkeypatch.setattr(ToyGame, "state_from_dict", forgetful)
    state = ToyGame().new_state(2, seed=1)
    state.apply(0)
    with pytest.raises(ConformanceError, match="restored from its data differs"):
        check_state(state, games=1)

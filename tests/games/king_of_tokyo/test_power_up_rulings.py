"""Power Up! interactions and rulings, read from the card texts.

Each test plays a position built with the scenario helpers and checks what the card
texts (and the rulings noted with them) say should happen when two cards meet, or
when a card meets a step of the turn: Electric Carrot against the victims' own
prevention, Encased in Ice against Background Dweller, Cult Worshippers after a turn
skipped with Sunken Temple, every kind of energy counted by Stroke of Genius, the
healing Temporaries after a loss lands, Destructive Wave on an entry through Death
From Above, Anger Batteries after Poison, and Terror of the Deep as a one-off card.
The ruling options are named with their values (``healing_temporaries``,
``destructive_wave_entry``, ``anger_batteries_poison``, ``terror_of_the_deep``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import tabletop
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    EDITIONS,
    END_BUY,
    NOTHING,
    STAY,
    STOP,
    act,
    asked,
    energy,
    give,
    hearts,
    labels,
    put,
    roll,
    script_dice,
    set_row,
    setup,
    stars,
    start_turn,
)

CARROT_GIVE = "give 1 energy (Electric Carrot)"
CARROT_LOSE = "lose 1 more heart (Electric Carrot)"
WINGS = "pay 2 energy to lose no hearts this turn (Wings)"
REROLL_3 = "reroll a 3 (Background Dweller)"
SKIP_TEMPLE = "skip your turn for 3 hearts and 3 energy"
FOOD_YES = "play with your food: 2 hearts fewer, steal 1 star and 1 energy"
RAY_1 = "Healing Ray: heal seat 2 with a heart die"  # seat 1, numbered from 1
PURR_ENERGY = "give 1 energy (Mega Purr)"

PLAIN = ("take the damage", "decline", "play your turn", STAY, END_BUY)
"""Answers that play nothing and change nothing: declining, staying, ending a Buy."""

Step = tuple[int, str | None, tuple[str, ...], tuple[int, ...]]
"""One decision met on the way: who, which kind, the labels offered, everyone's hearts."""


def _pu(state: KingOfTokyoState):  # type: ignore[no-untyped-def]
    assert state.pu is not None
    return state.pu


def _turn_passed(state: KingOfTokyoState, seat: int) -> bool:
    """``seat``'s turn is over: another monster's turn has begun (or the game ended)."""
    return state.is_terminal() or state.active != seat


def play_out(
    state: KingOfTokyoState,
    seat: int,
    pick: Callable[[KingOfTokyoState], str | None] | None = None,
) -> list[Step]:
    """Answer every decision until ``seat``'s turn is over (the next turn has begun).

    ``pick`` may choose the answer (a label); where it returns ``None`` the plain
    answer is given (decline, take the damage, stay, end the Buy phase). Returns the
    decisions met, for checks on who was asked what.
    """
    met: list[Step] = []
    for _ in range(80):
        if _turn_passed(state, seat):
            return met
        options = labels(state)
        met.append((state.current_player, asked(state), tuple(options), tuple(hearts(state))))
        choice = pick(state) if pick is not None else None
        if choice is None:
            choice = next((a for a in PLAIN if a in options), None)
        assert choice is not None, f"no plain answer to {asked(state)}: {options}"
        act(state, choice)
    raise AssertionError("the turn did not end")


def _asked_of(met: list[Step], seat: int, label: str) -> bool:
    return any(who == seat and label in options for who, _, options, _ in met)


# -- A. Electric Carrot after the victim's own prevention -----------------------------------

BUNNY = "cyber_bunny,giga_zaur,kraken,alienoid"


def _carrot(*cards: str, victim_energy: int) -> KingOfTokyoState:
    """Seat 0 (Cyber Bunny) in Tokyo with Electric Carrot face up; seat 1 outside Tokyo
    with ``cards`` and ``victim_energy``; seats 2 and 3 have no energy (never asked)."""
    state = powered(4, monsters=BUNNY)
    in_play(state, 0, "electric_carrot")
    put(state, 0, "city")
    if cards:
        give(state, 1, *cards)
    setup(state, 1, energy=victim_energy)
    start_turn(state, 0)
    return state


def _victim_answers(state: KingOfTokyoState) -> str | None:
    """Seat 1 pays for Wings and, if asked the carrot question, gives the energy (so
    that a wrong question shows in its energy); the others lose the extra heart."""
    options = labels(state)
    if state.current_player == 1 and WINGS in options:
        return WINGS
    if CARROT_GIVE in options:
        return CARROT_GIVE if state.current_player == 1 else CARROT_LOSE
    return None


def test_electric_carrot_not_on_a_loss_armor_plating_ignores() -> None:
    """One claw against Armor Plating: no heart lost, so not wounded: no carrot choice."""
    state = _carrot("armor_plating", victim_energy=2)
    roll(state, "claw", "1", "1", "2", "2", "3")
    met = play_out(state, 0, _victim_answers)
    assert not _asked_of(met, 1, CARROT_GIVE) and not _asked_of(met, 1, CARROT_LOSE)
    assert hearts(state)[1] == 10
    assert energy(state)[1] == 2 and energy(state)[0] == 0
    assert hearts(state)[2:] == [8, 8]  # the others, wounded without energy: 1 more heart


def test_electric_carrot_not_after_wings() -> None:
    """The victim pays for Wings: it loses nothing and is not asked for the carrot energy."""
    state = _carrot("wings", victim_energy=3)
    roll(state, "claw", "1", "1", "2", "2", "3")
    met = play_out(state, 0, _victim_answers)
    assert _asked_of(met, 1, WINGS)
    assert not _asked_of(met, 1, CARROT_GIVE) and not _asked_of(met, 1, CARROT_LOSE)
    assert hearts(state)[1] == 10
    assert energy(state)[1] == 3 - 2 and energy(state)[0] == 0


def test_electric_carrot_not_after_camouflage_saves_the_heart() -> None:
    state = _carrot("camouflage", victim_energy=2)
    script_dice(state, "heart")  # Camouflage's one die cancels the one heart
    roll(state, "claw", "1", "1", "2", "2", "3")
    met = play_out(state, 0, _victim_answers)
    assert not _asked_of(met, 1, CARROT_GIVE) and not _asked_of(met, 1, CARROT_LOSE)
    assert hearts(state)[1] == 10 and energy(state)[:2] == [0, 2]


@pytest.mark.parametrize(
    ("answer", "victim", "energies"),
    [(CARROT_GIVE, 9, [1, 1]), (CARROT_LOSE, 8, [0, 2])],
)
def test_electric_carrot_control(answer: str, victim: int, energies: list[int]) -> None:
    """Without prevention the wounded victim chooses: 1 energy to the attacker, or 1 heart."""
    state = _carrot(victim_energy=2)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert state.current_player == 1 and asked(state) == "evolution_question"
    assert sorted(labels(state)) == [CARROT_GIVE, CARROT_LOSE]
    act(state, answer)
    play_out(state, 0)
    assert hearts(state)[1] == victim
    assert energy(state)[:2] == energies


# -- B. Encased in Ice against Background Dweller -------------------------------------------

PENGUIN = "space_penguin,giga_zaur,kraken,alienoid"


def _frozen_three(*faces: str) -> KingOfTokyoState:
    """Seat 0 freezes a 3 with Encased in Ice; seat 1 (Background Dweller) then begins
    its turn, its own dice showing ``faces`` (and the rerolls the faces after them)."""
    state = powered(4, monsters=PENGUIN)
    in_play(state, 0, "encased_in_ice")
    setup(state, 0, energy=1)
    give(state, 1, "background_dweller")
    start_turn(state, 0)
    roll(state, "3", "1", "1", "2", "2", "heart")
    act(state, "choose the face 3")
    assert energy(state)[0] == 0
    script_dice(state, *faces)
    start_turn(state, 1)
    assert state.active == 1 and len(state.dice) == 6
    assert state.view(1)["monsters"][0]["evolutions"].get("encased_die") == "3"
    return state


def _threes(state: KingOfTokyoState) -> int:
    return state.dice.count(2)  # the face 3


@pytest.mark.parametrize("when", ["rolling", "final"])
def test_background_dweller_cannot_reroll_the_frozen_three(when: str) -> None:
    """Its own 3s may be rerolled; the frozen 3 stays, and is never offered."""
    state = _frozen_three("1", "1", "2", "3", "3", "1", "2")  # two rerolls: 1, then 2
    assert _threes(state) == 3
    if when == "final":
        act(state, STOP)
    assert REROLL_3 in labels(state)
    act(state, REROLL_3)
    assert _threes(state) == 2
    assert REROLL_3 in labels(state)  # one of its own 3s is left
    before = stars(state)[1]
    act(state, REROLL_3)
    if when == "rolling":
        assert _threes(state) == 1  # the frozen die, not offered
        assert REROLL_3 not in labels(state)
    else:
        # Only the frozen 3 is left: no third reroll offered, the dice resolve
        # (1, 1, 1, 2, 2 and the frozen 3: one star).
        assert state.active != 1, f"still asked: {labels(state)}"
        assert stars(state)[1] == before + 1


def test_background_dweller_not_offered_for_the_frozen_three_alone() -> None:
    state = _frozen_three("1", "1", "2", "2", "heart")
    assert _threes(state) == 1
    assert REROLL_3 not in labels(state)
    act(state, STOP)
    met = play_out(state, 1)
    assert not _asked_of(met, 1, REROLL_3)


# -- C. Cult Worshippers after a turn skipped with Sunken Temple ----------------------------

KRAKEN = "kraken,cyber_bunny,giga_zaur,alienoid"


def test_cult_worshippers_after_sunken_temple() -> None:
    """The skipped turn still gained 3 hearts: Cult Worshippers is offered before the next
    monster's turn, and gives 3 stars."""
    state = powered(4, monsters=KRAKEN)
    in_play(state, 0, "sunken_temple")
    hand(state, 0, "cult_worshippers")
    setup(state, 0, hearts=5)
    start_turn(state, 0)
    act(state, SKIP_TEMPLE)
    assert hearts(state)[0] == 8 and energy(state)[0] == 3
    met = play_out(
        state,
        0,
        lambda s: "play Cult Worshippers" if "play Cult Worshippers" in labels(s) else None,
    )
    assert _asked_of(met, 0, "play Cult Worshippers"), "not offered before the next turn"
    assert stars(state)[0] == 3
    assert number("cult_worshippers") in _pu(state).discard[0]


# -- D. Stroke of Genius counts energy from every source ------------------------------------

STROKE = "play Stroke of Genius"


def _stroke(state: KingOfTokyoState, **answers: str) -> tuple[int, int]:
    """Play out seat 0's turn (``answers``: label to choose when offered, by who asks:
    ``s0``..``s3``) until Stroke of Genius is offered; play it. Returns seat 0's energy
    just before and just after."""
    by_seat = {int(k[1:]): v for k, v in answers.items()}
    for _ in range(80):
        assert not _turn_passed(state, 0), "Stroke of Genius was not offered"
        options = labels(state)
        if state.current_player == 0 and STROKE in options:
            before = energy(state)[0]
            act(state, STROKE)
            return before, energy(state)[0]
        wanted = by_seat.get(state.current_player)
        if wanted is not None and wanted in options:
            act(state, wanted)
        else:
            act(state, next(a for a in PLAIN if a in options))
    raise AssertionError("the turn did not end")


def test_stroke_of_genius_counts_mega_purr_energy() -> None:
    """Two monsters give 1 energy each for Mega Purr: Stroke of Genius gives 2 more."""
    state = powered(4, monsters=BUNNY)
    hand(state, 0, "mega_purr", "stroke_of_genius")
    setup(state, 1, energy=1, stars=1)
    setup(state, 2, energy=1, stars=1)
    setup(state, 3, energy=0, stars=0)
    put(state, 3, "city")
    start_turn(state, 0)
    act(state, "play Mega Purr")
    for _ in range(2):
        assert asked(state) == "evolution_question" and state.current_player in (1, 2)
        act(state, PURR_ENERGY)
    assert energy(state)[:3] == [2, 0, 0]
    roll(state, *NOTHING)
    assert _stroke(state) == (2, 4)


def test_stroke_of_genius_counts_healing_ray_payments() -> None:
    """Healing Ray: the healed monster pays 2 energy per heart; that energy counts."""
    state = powered(4, monsters=BUNNY)
    hand(state, 0, "stroke_of_genius")
    give(state, 0, "healing_ray")
    setup(state, 1, hearts=6, energy=10)
    put(state, 2, "city")
    start_turn(state, 0)
    roll(state, "heart", "heart", "1", "2", "3", "3")
    act(state, RAY_1, RAY_1)
    assert hearts(state)[1] == 8 and energy(state)[:2] == [4, 6]
    assert _stroke(state) == (4, 8)


def test_stroke_of_genius_counts_electric_carrot_energy() -> None:
    state = powered(4, monsters=BUNNY)
    hand(state, 0, "stroke_of_genius")
    in_play(state, 0, "electric_carrot")
    put(state, 0, "city")
    setup(state, 1, energy=2)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert _stroke(state, s1=CARROT_GIVE) == (1, 2)
    assert energy(state)[1] == 1


def test_stroke_of_genius_counts_play_with_your_food_energy() -> None:
    state = powered(4, monsters=BUNNY)
    hand(state, 0, "stroke_of_genius")
    in_play(state, 0, "play_with_your_food")
    put(state, 1, "city")
    setup(state, 1, energy=2, stars=2)
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert _stroke(state, s0=FOOD_YES) == (1, 2)
    assert energy(state)[1] == 1 and hearts(state)[1] == 9


def test_stroke_of_genius_counts_dice_and_mega_purr_together() -> None:
    state = powered(4, monsters=BUNNY)
    hand(state, 0, "mega_purr", "stroke_of_genius")
    setup(state, 1, energy=1)
    setup(state, 2, energy=1)
    put(state, 3, "city")
    start_turn(state, 0)
    act(state, "play Mega Purr")  # only energy to give: given without a question
    assert energy(state)[0] == 2
    roll(state, "energy", "1", "1", "2", "2", "3")
    assert _stroke(state) == (3, 6)


# -- E. Healing Temporaries after the loss lands ---------------------------------------------

HEALERS = pytest.mark.parametrize(
    ("card", "label", "heal"),
    [
        ("giant_banana", "play Giant Banana", 2),
        ("healing_rain", "play Healing Rain", 2),
        ("radioactive_waste", "play Radioactive Waste", 1),
    ],
)


def _hit(card: str, *, start: int, claws: int, **options: Any) -> KingOfTokyoState:
    """Seat 1, in Tokyo with ``start`` hearts and ``card`` in hand, is hit by ``claws``.

    ``evolution_windows="own_turn"`` unless given: the card is then offered on seat 0's
    turn only against the damage, not in the windows of every step (where an any-time
    card may of course heal later in the turn)."""
    options.setdefault("evolution_windows", "own_turn")
    state = powered(4, **options)
    hand(state, 1, card)
    put(state, 1, "city")
    setup(state, 1, hearts=start)
    start_turn(state, 0)
    roll(state, *(("claw",) * claws + ("1", "2", "3", "3"))[:6])
    return state


@HEALERS
@pytest.mark.parametrize("windows", ["own_turn", "every_turn"])
def test_healing_temporary_after_the_loss_at_full_hearts(
    card: str, label: str, heal: int, windows: str
) -> None:
    """10/10, 2 hearts lost: played after the loss lands, it heals back up (not 8)."""
    state = _hit(card, start=10, claws=2, evolution_windows=windows)

    def after_loss(s: KingOfTokyoState) -> str | None:
        if s.current_player == 1 and label in labels(s) and hearts(s)[1] < 10:
            return label
        return None

    met = play_out(state, 0, after_loss)
    assert any(who == 1 and label in opts and hp[1] == 8 for who, _, opts, hp in met), (
        "not offered after the loss landed"
    )
    assert hearts(state)[1] == min(10, 8 + heal)


@HEALERS
@pytest.mark.parametrize("windows", ["own_turn", "every_turn"])
def test_healing_temporary_after_a_lethal_loss(
    card: str, label: str, heal: int, windows: str
) -> None:
    """2 hearts, 3 lost: declined before the loss, played once it landed (before the
    elimination is checked), it keeps the monster alive."""
    state = _hit(card, start=2, claws=3, evolution_windows=windows)

    def after_loss(s: KingOfTokyoState) -> str | None:
        if s.current_player == 1 and label in labels(s) and hearts(s)[1] < 2:
            return label
        return None

    met = play_out(state, 0, after_loss)
    assert _asked_of(met, 1, label)
    assert state.monsters[1].alive, "eliminated: the card was not offered after the loss"
    assert hearts(state)[1] == heal


@HEALERS
def test_healing_temporary_before_loss_option(card: str, label: str, heal: int) -> None:
    """``healing_temporaries="before_loss"``: offered only before the loss lands."""
    state = _hit(card, start=10, claws=2, healing_temporaries="before_loss")

    def before_loss(s: KingOfTokyoState) -> str | None:
        if s.current_player == 1 and label in labels(s):
            assert hearts(s)[1] == 10, "offered after the loss under before_loss"
            return label
        return None

    play_out(state, 0, before_loss)
    assert hearts(state)[1] == 8
    # A lethal loss: declined before, it is not offered again: eliminated.
    state = _hit(card, start=2, claws=3, healing_temporaries="before_loss")
    met = play_out(state, 0)
    assert all(hp[1] == 2 for who, _, opts, hp in met if who == 1 and label in opts)
    assert not state.monsters[1].alive


def test_healing_temporaries_default() -> None:
    game = tabletop.make("king-of-tokyo", power_up="on")
    assert game.options.healing_temporaries == "before_and_after_loss"


# -- F. Destructive Wave on an entry through Death From Above --------------------------------


def _death_from_above(edition: str, **options: Any) -> KingOfTokyoState:
    """Seat 0 (Kraken) outside Tokyo, Destructive Wave in hand, buys Death From Above
    (seat 1 in the City)."""
    state = powered(4, monsters=KRAKEN, edition=edition, **options)
    hand(state, 0, "destructive_wave")
    put(state, 1, "city")
    set_row(state, "death_from_above")
    setup(state, 0, energy=9)
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert asked(state) == "buy" and state.city == 1
    act(state, BUY_1)
    assert state.city == 0
    return state


def _wave(s: KingOfTokyoState) -> str | None:
    return "play Destructive Wave" if "play Destructive Wave" in labels(s) else None


@EDITIONS
def test_destructive_wave_after_death_from_above(edition: str) -> None:
    state = _death_from_above(edition)
    met = play_out(state, 0, _wave)
    assert _asked_of(met, 0, "play Destructive Wave"), "not offered on the entry"
    assert hearts(state) == [10, 8, 8, 8]
    assert state.city == 0


@EDITIONS
def test_destructive_wave_enter_step_option(edition: str) -> None:
    state = _death_from_above(edition, destructive_wave_entry="enter_step")
    met = play_out(state, 0, _wave)
    assert not _asked_of(met, 0, "play Destructive Wave")
    assert hearts(state) == [10, 10, 10, 10]
    assert _pu(state).hand[0] == [number("destructive_wave")]


def test_destructive_wave_entry_default() -> None:
    game = tabletop.make("king-of-tokyo", power_up="on")
    assert game.options.destructive_wave_entry == "any_entry"


# -- G. Anger Batteries counts the hearts lost to Poison ---------------------------------------

ALIENOID = "alienoid,cyber_bunny,giga_zaur,kraken"
ANGER = "play Anger Batteries"


def _poisoned(**options: Any) -> KingOfTokyoState:
    """Seat 0 (Alienoid), 2 Poison tokens, Anger Batteries in hand, loses nothing else."""
    state = powered(4, monsters=ALIENOID, **options)
    hand(state, 0, "anger_batteries")
    put(state, 1, "city")
    setup(state, 0, poison=2)
    start_turn(state, 0)
    roll(state, *NOTHING)
    return state


def test_anger_batteries_after_poison() -> None:
    state = _poisoned()

    def anger(s: KingOfTokyoState) -> str | None:
        if s.current_player == 0 and ANGER in labels(s):
            assert hearts(s)[0] == 8, "offered before the Poison hearts were lost"
            return ANGER
        return None

    met = play_out(state, 0, anger)
    assert _asked_of(met, 0, ANGER), "not offered after Poison"
    assert hearts(state)[0] == 8 and energy(state)[0] == 2


def test_anger_batteries_before_poison_option() -> None:
    state = _poisoned(anger_batteries_poison="before_poison")

    def anger(s: KingOfTokyoState) -> str | None:
        if s.current_player == 0 and ANGER in labels(s):
            return ANGER
        return None

    play_out(state, 0, anger)
    assert hearts(state)[0] == 8
    assert energy(state)[0] == 0  # whatever was played gained nothing


def test_anger_batteries_poison_default() -> None:
    game = tabletop.make("king-of-tokyo", power_up="on")
    assert game.options.anger_batteries_poison == "counts"


# -- H. Terror of the Deep is a one-off card by default ---------------------------------------


def test_terror_of_the_deep_default_is_temporary() -> None:
    game = tabletop.make("king-of-tokyo", power_up="on")
    assert game.options.terror_of_the_deep == "temporary"


def _terror_played(**options: Any) -> KingOfTokyoState:
    state = powered(4, monsters="cyber_bunny,kraken,giga_zaur,alienoid", **options)
    hand(state, 1, "terror_of_the_deep")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert state.current_player == 1 and "play Terror of the Deep" in labels(state)
    script_dice(state, always="heart")
    act(state, "play Terror of the Deep")
    assert hearts(state)[1] == 10  # every die a heart: all three hearts cancelled
    return state


def _face_up(state: KingOfTokyoState, seat: int) -> list[str]:
    return [e["id"] for e in state.view(seat)["monsters"][seat]["evolutions"]["table"]]


def test_terror_of_the_deep_discarded_after_one_roll_by_default() -> None:
    state = _terror_played()
    assert "terror_of_the_deep" not in _face_up(state, 1)
    assert "terror_of_the_deep" in state.view(1)["monsters"][1]["evolutions"]["discard"]


def test_terror_of_the_deep_permanent_option_stays_face_up() -> None:
    state = _terror_played(terror_of_the_deep="permanent")
    assert "terror_of_the_deep" in _face_up(state, 1)

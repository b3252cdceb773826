"""Rulings of the 2011 edition taken from the rulebook and the card texts.

Each test quotes the sentence it rests on. The 2011 rulebook (Italian) defines an
attack in its glossary:

    "Un Mostro porta un attacco se ha tenuto almeno un [artiglio]. Questo significa
    che le carte che aumentano la perdita di [cuori] in un attacco, non sono
    utilizzabili senza [artiglio]."

(a monster attacks when it has kept at least one claw, so cards that *increase the
hearts lost in an attack* do nothing without a claw). Where a later publisher ruling
reads a card otherwise, that reading is an option, and each option is checked both
ways: the default follows the printed text, the other value gives the other reading.
"""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import in_play, powered
from tests.games.king_of_tokyo.scenario import (
    STAY,
    act,
    asked,
    hearts,
    labels,
    put,
    roll,
    stars,
    start_turn,
    turn,
)

NO_CLAW_NO_ONE = ("2", "2", "3", "3", "heart", "energy")
"""Dice with no claw, no 1 and no set: nothing scores, nothing hits."""

NO_CLAW_NO_SET = ("1", "1", "2", "2", "3", "3")
"""Dice with no claw and no set of three."""


def _default(option: str) -> Any:
    return tabletop.make("king-of-tokyo").options_dict()[option]


def _view(state: KingOfTokyoState) -> dict[str, Any]:
    return state.view(None)


# -- 1. Meow Missile: its claw is a claw ------------------------------------------------


def _meow_missile(*faces: str) -> KingOfTokyoState:
    """Cyber Kitty (seat 0, outside Tokyo, 2011 rules) with Meow Missile face up rolls
    ``faces``; seat 1 holds Tokyo City."""
    state = powered(4, monsters="cyber_kitty,cyber_bunny,kraken,meka_dragon")
    in_play(state, 0, "meow_missile")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *faces)
    return state


def test_meow_missile_claw_attacks_without_a_claw_die_2011() -> None:
    """Meow Missile: "+1 claw when you roll at least one [1]" ("If your resolved dice
    show at least one 1, add 1 claw"). The 2011 glossary only stops cards that add to
    the hearts lost in an attack when no claw was kept; Meow Missile adds a claw, and
    that claw is the attack. So a single 1 and no claw die, from outside Tokyo, costs
    the monster in Tokyo 1 heart (2011 edition, the default)."""
    state = _meow_missile("1", "2", "2", "3", "heart", "energy")
    assert hearts(state) == [10, 9, 10, 10], (
        "Meow Missile's claw did not hit Tokyo without a claw die"
    )


def test_meow_missile_claw_is_a_smash_that_lets_tokyo_yield_2011() -> None:
    """Meow Missile's added claw is a claw: the monster in Tokyo it wounds was
    attacked, and "Se vieni attaccato mentre sei all'interno di Tokyo [...] puoi
    arrenderti al Mostro che ti ha attaccato (che subentra in città)" (attacked in
    Tokyo, you may yield to the attacker, who takes your place)."""
    state = _meow_missile("1", "2", "2", "3", "heart", "energy")
    assert asked(state) == "yield" and state.current_player == 1, labels(state)
    act(state, STAY)
    assert _view(state)["tokyo"]["city"] == 1


def test_meow_missile_claw_adds_to_a_claw_die_2011() -> None:
    """With a claw die too, Meow Missile's "+1 claw" makes 2 claws: 2 hearts."""
    state = _meow_missile("1", "claw", "2", "3", "heart", "energy")
    assert hearts(state) == [10, 8, 10, 10]


def test_meow_missile_needs_a_one_2011() -> None:
    """ "when you roll at least one [1]": no 1 and no claw die, no claw and no loss."""
    state = _meow_missile(*NO_CLAW_NO_ONE)
    assert hearts(state) == [10, 10, 10, 10]


# -- 2. Poison Quills (2011): "also deal 2 damage" --------------------------------------


def _quills(*faces: str, city: int = 1, **options: Any) -> KingOfTokyoState:
    """Seat 0 with Poison Quills (2011 edition) rolls ``faces``; ``city`` holds Tokyo."""
    state = turn(cards={0: "poison_quills"}, city=city, options=options)
    roll(state, *faces)
    return state


def test_poison_quills_2011_option_default() -> None:
    assert _default("poison_quills_2011") == "damage"


def test_poison_quills_2011_deals_2_damage_without_a_claw_die() -> None:
    """Poison Quills (2011): "when you score [2][2][2] also deal 2 damage". The 2011
    glossary restricts only the cards "che aumentano la perdita di [cuori] in un
    attacco" (that increase the hearts lost in an attack); Poison Quills deals its
    own damage. Default ``poison_quills_2011="damage"``: three 2s and no claw die
    from outside cost the monster in Tokyo 2 hearts; the 2s still score 2 stars."""
    state = _quills("2", "2", "2", "1", "3", "3")
    assert hearts(state) == [10, 8, 10, 10], "Poison Quills dealt nothing without a claw die"
    assert stars(state)[0] == 2


def test_poison_quills_2011_damage_from_tokyo_hits_every_monster_outside() -> None:
    """The 2 damage goes where the attack would go: from Tokyo, every monster outside
    loses 2 hearts ("damage" reading, no claw die)."""
    state = _quills("2", "2", "2", "1", "3", "3", city=0, poison_quills_2011="damage")
    assert hearts(state) == [10, 8, 8, 8]


def test_poison_quills_2011_needs_claw_option() -> None:
    """``poison_quills_2011="needs_claw"`` reads Poison Quills as extra damage of an
    attack: "non sono utilizzabili senza [artiglio]", so with no claw die it deals
    nothing (the 2s still score)."""
    state = _quills("2", "2", "2", "1", "3", "3", poison_quills_2011="needs_claw")
    assert hearts(state) == [10, 10, 10, 10]
    assert stars(state)[0] == 2


@pytest.mark.parametrize("reading", ["damage", "needs_claw"])
def test_poison_quills_2011_with_a_claw_die_adds_2(reading: str) -> None:
    """With a claw die both readings agree: 1 claw + 2 damage = 3 hearts."""
    state = _quills("2", "2", "2", "claw", "1", "3", poison_quills_2011=reading)
    assert hearts(state) == [10, 7, 10, 10]


# -- 3. A Keep card eliminates the monster in Tokyo -------------------------------------


def _acid_kill(**options: Any) -> KingOfTokyoState:
    """Seat 0 (outside) owns Acid Attack; seat 1 holds Tokyo City with 1 heart; seat 0
    rolls no claw and no set, so only Acid Attack's 2011 damage can hurt anyone."""
    state = turn(cards={0: "acid_attack"}, city=1, seats={1: {"hearts": 1}}, options=options)
    roll(state, *NO_CLAW_NO_SET)
    return state


def test_keep_card_kill_2011_option_default() -> None:
    assert _default("keep_card_kill_2011") == "takes_tokyo"


def test_keep_card_kill_in_tokyo_the_killer_takes_tokyo_2011() -> None:
    """Acid Attack (2011): "deal 1 extra damage each turn, even when you don't
    otherwise attack". The rulebook: "Se vieni eliminato mentre sei a Tokyo, il
    Mostro che ti ha eliminato prende subito il controllo di Tokyo" (eliminated in
    Tokyo, the monster that eliminated you takes control of Tokyo at once); only a
    Discard card is excepted ("Nota: una carta SCARTA che ti fa perdere Punti Vita non
    è un attacco. Se vieni eliminato da una di queste carte, nessuno prende il tuo
    posto a Tokyo"). Acid Attack is a Keep card, so its owner, with no claw die, takes
    Tokyo City and its entry star ("Quando prendi il controllo di Tokyo, guadagni 1
    [stella]")."""
    state = _acid_kill()
    view = _view(state)
    assert not view["monsters"][1]["alive"]
    assert view["tokyo"]["city"] == 0, "the Acid Attack owner did not take Tokyo"
    assert stars(state)[0] == 1


def test_keep_card_kill_tokyo_stays_empty_option() -> None:
    """``keep_card_kill_2011="tokyo_stays_empty"`` (a later publisher ruling): the
    monster eliminated by Acid Attack leaves Tokyo empty, as a Discard card would,
    and the owner without a claw die gains no entry star."""
    state = _acid_kill(keep_card_kill_2011="tokyo_stays_empty")
    view = _view(state)
    assert not view["monsters"][1]["alive"]
    assert view["tokyo"]["city"] is None
    assert stars(state)[0] == 0


def test_keep_card_kill_takes_tokyo_option_explicit() -> None:
    """The default reading, named: ``keep_card_kill_2011="takes_tokyo"``."""
    state = _acid_kill(keep_card_kill_2011="takes_tokyo")
    assert _view(state)["tokyo"]["city"] == 0 and stars(state)[0] == 1


# -- 4. Freeze Time: "you CAN take another turn" ----------------------------------------


def _freeze_time(**options: Any) -> KingOfTokyoState:
    """Seat 0 (outside, full hearts, no energy, Tokyo empty) owns Freeze Time and
    scores 1-1-1 with no claw: nothing else to decide in its turn."""
    state = turn(cards={0: "freeze_time"}, options=options)
    roll(state, "1", "1", "1", "2", "3", "heart")
    return state


def _turn_and_dice(state: KingOfTokyoState) -> tuple[int, int]:
    view = _view(state)
    return view["active"], len(view["dice"])


def test_freeze_time_option_default() -> None:
    assert _default("freeze_time") == "may"


def test_freeze_time_extra_turn_is_a_choice() -> None:
    """Freeze Time: "On a turn where you score [1][1][1], you CAN take another turn
    with one less die." Default ``freeze_time="may"``: after scoring 1-1-1 the owner
    is asked yes or no; yes gives it another turn with 5 dice, no lets the next
    monster play with 6."""
    state = _freeze_time()
    choices = state.legal_actions()
    assert state.current_player == 0 and len(choices) == 2, (
        f"no yes/no choice for Freeze Time; seat {state.current_player} is asked "
        f"{asked(state)!r} with {len(choices)} actions: {labels(state)[:6]}"
    )
    outcomes = []
    for choice in choices:
        branch = state.clone()
        branch.apply(choice.id)
        outcomes.append(_turn_and_dice(branch))
    assert sorted(outcomes) == [(0, 5), (1, 6)], dict(zip(labels(state), outcomes, strict=True))


def test_freeze_time_declined_next_monster_plays() -> None:
    """Declining ("you can", not "you must"): seat 1 plays next, with 6 dice, and the
    next turn of seat 0 has its 6 dice again."""
    state = _freeze_time(freeze_time="may")
    declines = [c for c in state.legal_actions() if _turn_and_dice(_after(state, c.id)) == (1, 6)]
    assert state.current_player == 0 and len(declines) == 1, labels(state)[:6]
    state.apply(declines[0].id)
    assert _turn_and_dice(state) == (1, 6)
    for seat in (1, 2, 3):
        assert _view(state)["active"] == seat
        roll(state, *NO_CLAW_NO_ONE)
    assert _turn_and_dice(state) == (0, 6)


def _after(state: KingOfTokyoState, action_id: int) -> KingOfTokyoState:
    branch = state.clone()
    branch.apply(action_id)
    return branch


def test_freeze_time_must_option() -> None:
    """``freeze_time="must"``: the extra turn follows without a choice; seat 0 is
    already rolling its 5 dice."""
    state = _freeze_time(freeze_time="must")
    assert _turn_and_dice(state) == (0, 5)
    assert state.current_player == 0 and asked(state) == "roll"


# -- 5. Rooting for the Underdog: a tie for the fewest stars ----------------------------


def _underdog_turn(edition: str, tie: str | None, owner: int, tied: int) -> KingOfTokyoState:
    """Seat 1 owns Rooting for the Underdog and plays its own turn with ``owner`` stars;
    seat 0 (outside Tokyo) has ``tied`` stars, seats 2 (in Tokyo City) and 3 have 5.
    Seat 1 rolls dice that score, heal, charge and hit nothing, stays outside (Tokyo
    is held), and its turn ends. Nobody else's turn ends in between, and seat 2 in
    Tokyo gains its stars only at the start of its own turn, after the owner's."""
    options = {} if tie is None else {"underdog_tie": tie}
    state = turn(
        1,
        edition=edition,
        options=options,
        cards={1: "rooting_for_the_underdog"},
        city=2,
        stars=owner,
        seats={0: {"stars": tied}, 2: {"stars": 5}, 3: {"stars": 5}},
    )
    assert stars(state) == [tied, owner, 5, 5]
    roll(state, *NO_CLAW_NO_SET)
    assert state.active == 2, "the owner's turn did not end"
    assert all(m["alive"] for m in _view(state)["monsters"])
    return state


@pytest.mark.parametrize("edition", ["2011", "2016"])
@pytest.mark.parametrize(("tie", "tied_gain"), [(None, 1), ("gains", 1), ("nothing", 0)])
def test_rooting_for_the_underdog_tied_for_fewest_stars(
    edition: str, tie: str | None, tied_gain: int
) -> None:
    """Rooting for the Underdog (2016): "At the end of your turn, if you have the
    fewest [stars], gain 1 [star]." (2011: "at the end of a turn"). A monster tied
    with another for the fewest stars still has the fewest stars, so by default
    (``underdog_tie="gains"``) the owner, ending its own turn tied with seat 0 at 2
    stars (seats 2 and 3 at 5), gains 1 star; ``underdog_tie="nothing"`` (Board Game
    Arena) asks for strictly fewer, and the tied owner gains none. With strictly the
    fewest stars (1 against 2, 5, 5) the owner gains 1 star under both values."""
    if tie is None:
        assert _default("underdog_tie") == "gains"
    state = _underdog_turn(edition, tie, owner=2, tied=2)
    assert stars(state)[:2] == [2, 2 + tied_gain], (
        f"tied for the fewest stars, underdog_tie={tie!r}: stars {stars(state)}"
    )
    assert stars(state)[3] == 5
    state = _underdog_turn(edition, tie, owner=1, tied=2)
    assert stars(state)[:2] == [2, 2], (
        f"strictly the fewest stars, underdog_tie={tie!r}: stars {stars(state)}"
    )
    assert stars(state)[3] == 5

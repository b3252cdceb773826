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
from tests.games.king_of_tokyo.pu_scenario import hand, in_play, powered
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    END_BUY,
    STAY,
    act,
    asked,
    energy,
    hearts,
    labels,
    put,
    roll,
    set_row,
    setup,
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


# -- 6. Evolutions without a timing: "auch im Zug eines anderen Spielers" ---------------
#
# The Power Up! rulebook: "Behalte deine Evolutionen auf der Hand, bis du sie ausspielen
# willst, was auch im Zug eines anderen Spielers sein kann, wenn die Karte keinen genauen
# Zeitpunkt zum Ausspielen angibt." (keep your Evolutions in hand until you want to play
# them, which may also be during another player's turn, when the card gives no exact
# moment to play it). Option ``evolution_windows``: ``"every_turn"`` (the default) offers
# such an Evolution at every step of every turn and against damage; ``"own_turn"`` only at
# the start of its holder's own turn and in its own Buy phase.

SCORE_AND_ENTER = ("1", "1", "1", "claw", "2", "3")
"""Seat 0's last roll: three 1s score 1 star and the claw takes the empty Tokyo City
(2011: "Quando prendi il controllo di Tokyo, guadagni 1 [stella]")."""

ALIEN_SCOURGE = "Alien Scourge"
"""Alien Scourge (temporary, no timing): "Gain 2 stars." It always changes something."""

WINDOWS = (
    "before the roll",
    "after the last roll",
    "after the dice resolve",
    "after Enter Tokyo",
    "after the Buy phase",
    "at the end of the turn",
)


def _window(**point: Any) -> dict[str, Any]:
    return point


EXPECTED_WINDOWS = [
    # seat 0 has not rolled yet
    _window(dice=[], stars=0, city=None, cards=0),
    # the dice are rolled, nothing resolved: no star yet
    _window(dice=sorted(SCORE_AND_ENTER), stars=0, city=None, cards=0),
    # the 1-1-1 scored, Tokyo not entered yet
    _window(dice=sorted(SCORE_AND_ENTER), stars=1, city=None, cards=0),
    # seat 0 took Tokyo City (+1 star), has not bought yet
    _window(dice=sorted(SCORE_AND_ENTER), stars=2, city=0, cards=0),
    # seat 0 bought Armor Plating in its Buy phase
    _window(dice=sorted(SCORE_AND_ENTER), stars=2, city=0, cards=1),
    _window(dice=sorted(SCORE_AND_ENTER), stars=2, city=0, cards=1),
]
"""Where seat 0's turn stands at each window of :data:`WINDOWS` (seat 0's view)."""


def _others_turn(
    holder: int = 1,
    evolutions: tuple[str, ...] = ("alien_scourge",),
    *,
    seats: dict[int, dict[str, int]] | None = None,
    **options: Any,
) -> KingOfTokyoState:
    """Power Up! (2011 unless ``options`` say otherwise): ``holder`` has ``evolutions``
    in hand and nothing else; seat 0 (10 energy, Armor Plating first in the row) begins
    its turn, Tokyo empty."""
    state = powered(4, **options)
    hand(state, holder, *evolutions)
    setup(state, 0, energy=10)
    for seat, fields in (seats or {}).items():
        setup(state, seat, **fields)
    set_row(state, "armor_plating")
    start_turn(state, 0)
    return state


def _decision(state: KingOfTokyoState) -> dict[str, Any]:
    decision = state.view(None)["decision"]
    return {} if decision is None else dict(decision)


def _point(state: KingOfTokyoState) -> dict[str, Any]:
    view = _view(state)
    return _window(
        dice=sorted(view["dice"]),
        stars=view["monsters"][0]["stars"],
        city=view["tokyo"]["city"],
        cards=len(view["monsters"][0]["cards"]),
    )


def _seat_0_turn(
    state: KingOfTokyoState,
    holder: int = 1,
    *,
    play: str | None = None,
    at: int | None = None,
    faces: tuple[str, ...] = SCORE_AND_ENTER,
) -> list[dict[str, Any]]:
    """Play seat 0's turn to its end: seat 0 rolls ``faces`` (its last roll), buys the
    card in slot 1 once and ends its Buy phase. ``holder`` declines every window it is
    offered, except the ``at``-th (from 0), where it plays ``play``. Returns where
    seat 0's turn stood at each window offered to ``holder``."""
    windows: list[dict[str, Any]] = []
    rolled = bought = False
    for _ in range(50):
        if state.is_terminal() or state.active != 0:
            return windows
        decision = _decision(state)
        player, kind = decision.get("player"), decision.get("kind")
        if kind == "play_evolution" and player == holder:
            assert decision.get("window") == "any_time", decision
            windows.append(_point(state))
            act(state, f"play {play}" if len(windows) - 1 == at else "decline")
        elif player == 0 and kind == "roll" and not rolled:
            rolled = True
            roll(state, *faces)
        elif player == 0 and kind == "buy":
            act(state, END_BUY if bought else BUY_1)
            bought = True
        else:
            raise AssertionError(
                f"unexpected decision on seat 0's turn: {decision} {labels(state)}"
            )
    raise AssertionError("seat 0's turn did not end")


def test_evolution_windows_option_default() -> None:
    assert _default("evolution_windows") == "every_turn"


def test_no_timing_evolution_offered_at_every_step_of_another_turn() -> None:
    """``evolution_windows="every_turn"``: seat 1 holds Alien Scourge ("Gain 2 stars.")
    and is offered it on seat 0's turn (``play_evolution``, window ``any_time``) before
    the roll, after the last roll, after the dice resolve, after Enter Tokyo, after the
    Buy phase and at the end of the turn, once each; each "decline" lets the turn go
    on to its next step, and seat 1 keeps the card for its own turn."""
    state = _others_turn()
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind"), decision.get("window")) == (
        1,
        "play_evolution",
        "any_time",
    ), decision
    assert labels(state) == [f"play {ALIEN_SCOURGE}", "decline"]
    windows = _seat_0_turn(state)
    assert windows == EXPECTED_WINDOWS, dict(zip(WINDOWS, windows, strict=False))
    assert state.active == 1 and stars(state) == [2, 0, 0, 0]
    assert _view(state)["monsters"][1]["evolutions"]["hand_size"] == 1


@pytest.mark.parametrize("at", range(len(WINDOWS)), ids=[w.replace(" ", "_") for w in WINDOWS])
def test_no_timing_evolution_played_on_another_turn(at: int) -> None:
    """Seat 1 plays Alien Scourge in one window of seat 0's turn: it gains 2 stars at
    that moment ("Gain 2 stars."), the card leaves its hand, it is asked no more, and
    seat 0's turn goes on as it would have."""
    state = _others_turn()
    windows = _seat_0_turn(state, play=ALIEN_SCOURGE, at=at)
    assert windows == EXPECTED_WINDOWS[: at + 1], f"played {WINDOWS[at]}: {windows}"
    assert stars(state) == [2, 2, 0, 0]
    assert _view(state)["monsters"][1]["evolutions"]["hand_size"] == 0
    assert state.active == 1 and _view(state)["tokyo"]["city"] == 0
    assert _decision(state).get("kind") == "roll", "seat 1's own turn did not begin"


def test_no_timing_evolution_windows_go_clockwise_from_the_active_monster() -> None:
    """Several holders at one step: each is asked once, clockwise from the monster whose
    turn it is (as for two Opportunists: "il primo in senso orario dal giocatore che sta
    giocando il turno"). On seat 2's turn, seat 3 is asked before seat 1, then seat 2
    rolls."""
    state = powered(4)
    hand(state, 1, "alien_scourge")
    hand(state, 3, "panda_monium")  # "Gain 6 energy. Every other monster gains 3 energy."
    start_turn(state, 2)
    asked_seats = []
    while _decision(state).get("kind") == "play_evolution":
        asked_seats.append(state.current_player)
        act(state, "decline")
    assert asked_seats == [3, 1]
    assert state.current_player == 2 and asked(state) == "roll"


def test_own_turn_option_never_asks_on_another_turn() -> None:
    """``evolution_windows="own_turn"``: the holder of Alien Scourge is asked at no step
    of seat 0's turn; it is first asked when its own turn begins."""
    state = _others_turn(evolution_windows="own_turn")
    assert _seat_0_turn(state) == []
    assert stars(state) == [2, 0, 0, 0]
    decision = _decision(state)
    assert state.active == 1 and decision.get("player") == 1, decision
    assert decision.get("kind") == "play_evolution" and decision.get("window") != "any_time"


# 2011: "Il gioco finisce se un Mostro guadagna 20 Punti Vittoria" -- at once.


@pytest.mark.parametrize("at", range(len(WINDOWS)), ids=[w.replace(" ", "_") for w in WINDOWS])
def test_alien_scourge_on_another_turn_wins_at_once_2011(at: int) -> None:
    """2011 rulebook: "Il gioco finisce se un Mostro guadagna 20 Punti Vittoria ( ) o
    nel momento in cui rimane l'ultimo Mostro in vita." Seat 1, at 18 stars, plays
    Alien Scourge ("Gain 2 stars.") during seat 0's turn: it has 20 stars and the game
    ends there and then, seat 1 the winner, seat 0's turn unfinished."""
    state = _others_turn(seats={1: {"stars": 18}})
    _seat_0_turn(state, play=ALIEN_SCOURGE, at=at)
    assert stars(state)[1] == 20
    assert state.is_terminal(), f"20 stars {WINDOWS[at]} of another's turn did not end the game"
    assert state.winners() == [1]
    assert _view(state)["victory"] == "stars"


def test_alien_scourge_at_18_stars_waits_for_own_turn_under_own_turn() -> None:
    """``evolution_windows="own_turn"``: the same monster at 18 stars cannot play Alien
    Scourge on seat 0's turn, which ends with nobody winning; at the start of its own
    turn it can, and then wins."""
    state = _others_turn(seats={1: {"stars": 18}}, evolution_windows="own_turn")
    assert _seat_0_turn(state) == []
    assert not state.is_terminal() and stars(state)[1] == 18
    assert state.active == 1 and _decision(state).get("kind") == "play_evolution"
    act(state, f"play {ALIEN_SCOURGE}")
    assert state.is_terminal() and state.winners() == [1]


def test_alien_scourge_on_another_turn_wins_at_turn_end_with_game_end_end_of_turn() -> None:
    """``game_end="end_of_turn"`` (victory checked at the end of each turn): seat 1
    reaches 20 stars before seat 0's roll; the game goes on until seat 0's turn ends,
    then seat 1 wins."""
    state = _others_turn(seats={1: {"stars": 18}}, game_end="end_of_turn")
    act(state, f"play {ALIEN_SCOURGE}")
    assert stars(state)[1] == 20 and not state.is_terminal()
    assert state.current_player == 0 and asked(state) == "roll"
    roll(state, *NO_CLAW_NO_ONE)
    while not state.is_terminal() and state.active == 0:
        act(state, END_BUY)
    assert state.is_terminal() and state.winners() == [1]


# A healing Evolution against lethal damage on another monster's turn.

RADIOACTIVE_WASTE = "Radioactive Waste"
"""Radioactive Waste (temporary, no timing): "Gain 2 energy and 1 heart." """


def _smashed_at_one_heart(**options: Any) -> KingOfTokyoState:
    """Seat 1 holds Tokyo City with 1 heart and Radioactive Waste in hand; seat 0,
    outside, rolls one claw: the smash would eliminate seat 1. Seat 1 declines the
    windows before the claw resolves."""
    state = powered(4, **options)
    hand(state, 1, "radioactive_waste")
    put(state, 1, "city")
    setup(state, 1, hearts=1)
    start_turn(state, 0)
    while _decision(state).get("kind") == "play_evolution":
        act(state, "decline")
    roll(state, "claw", "1", "1", "2", "2", "3")
    while _decision(state).get("kind") == "play_evolution":
        act(state, "decline")
    return state


def test_healing_evolution_saves_from_lethal_damage_on_another_turn() -> None:
    """The rulebook's "auch im Zug eines anderen Spielers" includes the moment a smash
    lands: seat 1 in Tokyo at 1 heart, smashed for 1 on seat 0's turn, is asked
    (``prevent_damage``) with "play Radioactive Waste" among its choices; it plays it,
    gains 2 energy and 1 heart, loses 1 heart and lives, and may then yield or stay
    ("Se vieni attaccato mentre sei all'interno di Tokyo [...] puoi arrenderti")."""
    state = _smashed_at_one_heart()
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (1, "prevent_damage"), decision
    assert f"play {RADIOACTIVE_WASTE}" in labels(state)
    act(state, f"play {RADIOACTIVE_WASTE}")
    assert _view(state)["monsters"][1]["alive"]
    assert hearts(state)[1] == 1 and energy(state)[1] == 2
    assert asked(state) == "yield" and state.current_player == 1
    act(state, STAY)
    assert _view(state)["tokyo"]["city"] == 1


def test_healing_evolution_not_played_the_smash_eliminates() -> None:
    """Taking the damage instead, and declining the card again once the loss has
    landed (option healing_temporaries: it may still heal at 0 hearts): seat 1 is
    eliminated, and seat 0, the monster that eliminated it, takes Tokyo ("il Mostro
    che ti ha eliminato prende subito il controllo di Tokyo")."""
    state = _smashed_at_one_heart()
    assert _decision(state).get("kind") == "prevent_damage"
    others = [label for label in labels(state) if label != f"play {RADIOACTIVE_WASTE}"]
    assert len(others) == 1, labels(state)
    act(state, others[0])
    assert _decision(state).get("window") == "after_loss" and hearts(state)[1] == 0
    act(state, "decline")
    assert not _view(state)["monsters"][1]["alive"]
    assert _view(state)["tokyo"]["city"] == 0


def test_own_turn_option_offers_only_healing_evolutions_against_another_monsters_smash() -> None:
    """``evolution_windows="own_turn"``: an Evolution without a timing is not offered
    against damage on another monster's turn (Alien Scourge: the smash eliminates seat
    1); a healing Temporary still is, as it may always answer damage (Radioactive
    Waste). Corrected from a first reading of the option's description."""
    state = _smashed_at_one_heart(evolution_windows="own_turn")
    assert f"play {RADIOACTIVE_WASTE}" in labels(state)
    state = powered(4, evolution_windows="own_turn")
    hand(state, 1, "alien_scourge")
    put(state, 1, "city")
    setup(state, 1, hearts=1)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert not state.monsters[1].alive, f"seat 1 asked {asked(state)!r}: {labels(state)}"


# Asked only when the Evolution would change something.


def _asked_on_seat_0_turn(
    evolution: str, seats: dict[int, dict[str, int]] | None = None
) -> list[dict[str, Any]]:
    """Seat 1 holds only ``evolution``; seat 0 plays a turn that scores, heals, charges
    and hits nothing and stays out of Tokyo. The windows seat 1 was offered."""
    state = _others_turn(1, (evolution,), seats=seats)
    windows = _seat_0_turn(state, faces=NO_CLAW_NO_SET)
    assert state.active == 1 and _view(state)["tokyo"]["city"] is None
    return windows


@pytest.mark.parametrize(
    ("evolution", "seats"),
    [
        # Giant Banana: "Gain 2 hearts." -- at full hearts, nothing to gain.
        ("giant_banana", {1: {"hearts": 10}}),
        # Healing Rain: "Gain 2 hearts."
        ("healing_rain", {1: {"hearts": 10}}),
        # Primal Bellow: "Every other monster loses 2 stars." -- nobody has a star.
        ("primal_bellow", {}),
        # Mega Purr: "A monster with neither gives nothing." -- nobody has either.
        ("mega_purr", {0: {"energy": 0}}),
    ],
)
def test_no_timing_evolution_not_offered_when_it_changes_nothing(
    evolution: str, seats: dict[int, dict[str, int]]
) -> None:
    """A holder whose only Evolution without a timing would change nothing now is not
    asked on another monster's turn: a heal-only card at full hearts, Primal Bellow
    when no other monster has a star, Mega Purr when none has energy or a star."""
    assert _asked_on_seat_0_turn(evolution, seats) == []


@pytest.mark.parametrize(
    ("evolution", "seats"),
    [
        ("giant_banana", {1: {"hearts": 9}}),
        ("healing_rain", {1: {"hearts": 8}}),
        ("primal_bellow", {2: {"stars": 1}}),
        ("mega_purr", {0: {"energy": 0}, 3: {"energy": 1}}),
    ],
)
def test_no_timing_evolution_offered_when_it_changes_something(
    evolution: str, seats: dict[int, dict[str, int]]
) -> None:
    """The same cards once they would act (a heart missing, a star or an energy to
    take) are offered at every step of seat 0's turn."""
    assert len(_asked_on_seat_0_turn(evolution, seats)) == len(WINDOWS)


# -- 7. Monkey Rush: Tokyo emptied by a Discard card in the Buy phase -------------------

MONKEY_RUSH = "Monkey Rush"
"""Monkey Rush (The King, temporary): "Play when the monster controlling Tokyo leaves
it or is eliminated: you take control of Tokyo." """


def _bombing_empties_tokyo() -> KingOfTokyoState:
    """Power Up! (2011): seat 2 (The King) holds Monkey Rush; seat 1 holds Tokyo City
    with 1 heart; seat 0, outside with 10 energy, rolls dice that score, heal, charge
    and hit nothing (declining any Evolution window on the way) and, in its Buy phase,
    buys High Altitude Bombing ("Every monster, you included, loses 3 hearts.")."""
    state = powered(4, monsters="giga_zaur,kraken,the_king,alienoid")
    hand(state, 2, "monkey_rush")
    put(state, 1, "city")
    setup(state, 1, hearts=1)
    setup(state, 0, energy=10)
    set_row(state, "high_altitude_bombing")
    start_turn(state, 0)
    while _decision(state).get("kind") == "play_evolution":
        act(state, "decline")
    roll(state, *NO_CLAW_NO_SET)
    while _decision(state).get("kind") == "play_evolution":
        act(state, "decline")
    assert (state.current_player, asked(state)) == (0, "buy"), _decision(state)
    assert _view(state)["tokyo"]["city"] == 1
    act(state, BUY_1)
    return state


def test_monkey_rush_offered_when_a_bought_discard_card_eliminates_tokyo() -> None:
    """Monkey Rush: "Play when the monster controlling Tokyo leaves it or is
    eliminated: you take control of Tokyo." Not only in another monster's Enter Tokyo
    step: seat 1, in Tokyo City at 1 heart, is eliminated by the High Altitude
    Bombing seat 0 buys, and seat 2 is asked (``play_evolution``) at once, with "play
    Monkey Rush" among its choices. Playing it, seat 2 takes Tokyo City and its entry
    star ("Quando prendi il controllo di Tokyo, guadagni 1 [stella]"); then seat 0's
    Buy phase goes on."""
    state = _bombing_empties_tokyo()
    assert not _view(state)["monsters"][1]["alive"]
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (2, "play_evolution"), decision
    assert f"play {MONKEY_RUSH}" in labels(state), labels(state)
    act(state, f"play {MONKEY_RUSH}")
    assert _view(state)["tokyo"]["city"] == 2
    assert stars(state)[2] == 1
    assert _view(state)["monsters"][2]["evolutions"]["hand_size"] == 0
    assert hearts(state)[0] == 7 and hearts(state)[2] == 7
    assert (state.active, state.current_player, asked(state)) == (0, 0, "buy"), _decision(state)


def test_monkey_rush_declined_after_a_discard_card_tokyo_stays_empty() -> None:
    """Declining Monkey Rush: nobody takes the place of a monster eliminated in Tokyo
    by a Discard card ("Se vieni eliminato da una di queste carte, nessuno prende il
    tuo posto a Tokyo"), so Tokyo City stays empty, seat 2 keeps the card and gains no
    star, and seat 0's Buy phase goes on."""
    state = _bombing_empties_tokyo()
    assert not _view(state)["monsters"][1]["alive"]
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (2, "play_evolution"), decision
    act(state, "decline")
    assert _view(state)["tokyo"]["city"] is None
    assert stars(state)[2] == 0
    assert _view(state)["monsters"][2]["evolutions"]["hand_size"] == 1
    assert (state.active, state.current_player, asked(state)) == (0, 0, "buy"), _decision(state)

"""Player preferences: standing answers that the engine gives for a player.

``game.preferences({...})`` builds a frozen preferences object (defaults for the
rest; an unknown name or a bad value raises ``InvalidOptionsError``).
``game.auto_answer(state, seat, prefs)`` returns ``(action, after)``: ``action`` is
the legal Action to play for ``seat`` when it is the current player and its
preferences cover the pending decision (else ``None``: ask the player), ``after``
the preferences afterwards (one-off choices used up). It never changes the state.

The preferences:

* ``evolutions``: ``"every"`` (answers no Evolution question), ``"matching"``
  (default: declines an Evolution window where decline is the only move; takes the
  damage at ``prevent_damage`` where that is the only move), ``"next_turn"``
  (declines every Evolution window and takes damage whose only other choices are
  Evolution plays, until a decision on the player's own turn: then it turns back to
  ``"matching"`` and asks), ``"off"`` (always declines Evolution windows).
* ``leave_tokyo_at`` / ``stay_in_tokyo_at`` (0..20, 0 = ask): yield with hearts <=
  leave, stay with hearts >= stay; stay must be more than leave when both are set.
* ``skip_next_buy``: end the next Buy phase (one-off).
* ``skip_empty_steps`` (default on): pass where passing is the only move.
* ``rapid_healing``: ``"ask"`` or ``"lethal_only"`` (default: decline the Rapid
  Healing step question; take non-lethal damage where "rapid_heal" is the only other
  choice).

A loss of hearts that nothing of the player's can prevent is never a question: it is
taken whatever the preferences.
* ``heal_requests`` (0..20): play "rapid_heal" whenever it is legal, one fewer each
  time.

Every call goes through :func:`answer`, which starts from preferences that ask
everything (:data:`ASK_EVERYTHING`) so that each test meets only the preference it
names, checks that the state is unchanged and that the action is legal for the
seat, and returns its move.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import hand, powered
from tests.games.king_of_tokyo.scenario import (
    NOTHING,
    asked,
    give,
    hearts,
    labels,
    position,
    put,
    roll,
    setup,
    start_turn,
    turn,
)

KING = "giga_zaur,the_king,cyber_bunny,kraken"
"""Seat 1 is The King (Giant Banana: "Gain 2 hearts", no timing), seat 2 Cyber Bunny
(Stroke of Genius, timing "end"), seat 3 Kraken."""

CLAW = ("claw", "1", "1", "2", "2", "3")
"""One claw and nothing else that scores or heals."""

TWO_CLAWS = ("claw", "claw", "1", "2", "3", "3")
"""Two claws, no set."""

DEFAULTS = {
    "evolutions": "matching",
    "leave_tokyo_at": 0,
    "stay_in_tokyo_at": 0,
    "skip_next_buy": False,
    "skip_empty_steps": True,
    "rapid_healing": "lethal_only",
    "heal_requests": 0,
}

ASK_EVERYTHING = {
    **DEFAULTS,
    "evolutions": "every",
    "skip_empty_steps": False,
    "rapid_healing": "ask",
}
"""Preferences that answer nothing: what each test starts from."""

EVERYTHING_ON = {
    "evolutions": "off",
    "leave_tokyo_at": 10,
    "stay_in_tokyo_at": 11,
    "skip_next_buy": True,
    "skip_empty_steps": True,
    "rapid_healing": "lethal_only",
    "heal_requests": 5,
}
"""Preferences that would answer nearly anything they are allowed to answer."""


# -- helpers ---------------------------------------------------------------------------


def fields(prefs: Any) -> dict[str, Any]:
    return {name: getattr(prefs, name) for name in DEFAULTS}


def moves(state: KingOfTokyoState) -> list[str]:
    return sorted(state.game.action_data(a.id)["move"] for a in state.legal_actions())


def decision(state: KingOfTokyoState) -> dict[str, Any]:
    d = state.view(None)["decision"]
    return {} if d is None else dict(d)


def do(state: KingOfTokyoState, move: str) -> None:
    """Apply the single legal action whose move is ``move``."""
    found = [a for a in state.legal_actions() if state.game.action_data(a.id)["move"] == move]
    assert len(found) == 1, (move, moves(state), labels(state))
    state.apply(found[0])


def ask(state: KingOfTokyoState, seat: int, prefs: Any) -> tuple[str | None, Any]:
    """``auto_answer`` for ``seat`` with the preferences object ``prefs``: the move of
    the action it returns (``None`` if it asks), and the preferences after. Checks that
    the state is unchanged, that the action is legal for the current player (who must
    be ``seat``), and that ``prefs`` itself was not changed."""
    game = state.game
    before = copy.deepcopy(state.to_dict())
    prefs_before = fields(prefs)
    action, after = game.auto_answer(state, seat, prefs)
    assert state.to_dict() == before, "auto_answer changed the state"
    assert fields(prefs) == prefs_before, "auto_answer changed the preferences passed in"
    assert after is not None
    if action is None:
        return None, after
    assert seat == state.current_player, "answered for a seat that is not to play"
    legal = {a.id for a in state.legal_actions()}
    assert action.id in legal, f"not a legal action: {action}"
    return game.action_data(action.id)["move"], after


def answer(state: KingOfTokyoState, seat: int, **values: Any) -> tuple[str | None, Any]:
    """As :func:`ask`, with preferences built from ``values`` over
    :data:`ASK_EVERYTHING`."""
    return ask(state, seat, state.game.preferences({**ASK_EVERYTHING, **values}))


def evolution_game() -> KingOfTokyoState:
    """Power Up!, every hand empty, holders of unplayable cards asked ("public")."""
    return powered(4, evolution_prompts="public", monsters=KING)


# -- positions -------------------------------------------------------------------------


def unplayable_window() -> KingOfTokyoState:
    """Seat 1 (The King, 10/10 hearts) holds only Giant Banana, which can change
    nothing: before seat 0's roll it is asked (``play_evolution``), decline is its only
    move."""
    state = evolution_game()
    hand(state, 1, "giant_banana")
    setup(state, 1, hearts=10)
    start_turn(state, 0)
    assert (decision(state).get("player"), asked(state)) == (1, "play_evolution")
    assert state.active == 0
    assert moves(state) == ["decline"], labels(state)
    return state


def playable_window() -> KingOfTokyoState:
    """The same at 6 hearts: Giant Banana can be played, so seat 1 can play or
    decline."""
    state = evolution_game()
    hand(state, 1, "giant_banana")
    setup(state, 1, hearts=6)
    start_turn(state, 0)
    assert (decision(state).get("player"), asked(state)) == (1, "play_evolution")
    assert state.active == 0
    assert moves(state) == ["decline", "play_evolution"], labels(state)
    return state


def own_turn_window(hearts_: int = 6) -> KingOfTokyoState:
    """Seat 1 (The King, Giant Banana in hand) begins its own turn: it is asked
    (``play_evolution``) before its turn starts, play or decline."""
    state = evolution_game()
    hand(state, 1, "giant_banana")
    setup(state, 1, hearts=hearts_)
    start_turn(state, 1)
    assert (decision(state).get("player"), asked(state)) == (1, "play_evolution")
    assert state.active == 1
    assert moves(state) == ["decline", "play_evolution"], labels(state)
    return state


def own_turn_unplayable_window() -> KingOfTokyoState:
    """Seat 2 (Cyber Bunny) holds only Stroke of Genius (timing "end") and begins its
    own turn: asked before its start, decline is its only move."""
    state = evolution_game()
    hand(state, 2, "stroke_of_genius")
    start_turn(state, 2)
    assert (decision(state).get("player"), asked(state)) == (2, "play_evolution")
    assert state.active == 2
    assert moves(state) == ["decline"], labels(state)
    return state


def decline_windows(state: KingOfTokyoState) -> None:
    while asked(state) in ("play_evolution", "rapid_healing"):
        do(state, "decline")


def smashed(seat: int, hearts_: int = 6, *, rapid: bool = False) -> KingOfTokyoState:
    """Seat ``seat`` holds Tokyo City with ``hearts_`` hearts; seat 0 rolls one claw;
    windows before the damage are declined. Seat 1 (The King) holds Giant Banana, seat
    2 (Cyber Bunny) Stroke of Genius; with ``rapid`` the smashed seat also has Rapid
    Healing and 4 energy."""
    state = evolution_game()
    hand(state, 1, "giant_banana")
    hand(state, 2, "stroke_of_genius")
    setup(state, seat, hearts=hearts_)
    if rapid:
        give(state, seat, "rapid_healing")
        setup(state, seat, energy=4)
    put(state, seat, "city")
    start_turn(state, 0)
    decline_windows(state)
    roll(state, *CLAW)
    while asked(state) in ("play_evolution", "rapid_healing") and hearts(state)[seat] == hearts_:
        do(state, "decline")
    d = decision(state)
    assert (d.get("player"), d.get("kind")) == (seat, "prevent_damage"), d
    return state


def damage_take_only() -> KingOfTokyoState:
    """Cyber Bunny (Stroke of Genius, which cannot answer damage) is about to lose a
    heart: ``prevent_damage`` with "take_damage" as its only move."""
    state = smashed(2)
    assert moves(state) == ["take_damage"], labels(state)
    return state


def damage_evolution_or_take() -> KingOfTokyoState:
    """The King (6 hearts, Giant Banana) is about to lose a heart: it may play Giant
    Banana or take the damage."""
    state = smashed(1)
    assert moves(state) == ["play_evolution", "take_damage"], labels(state)
    return state


def damage_evolution_heal_or_take() -> KingOfTokyoState:
    """The King (6 hearts, Giant Banana, Rapid Healing, 4 energy) is about to lose a
    heart: Giant Banana, "rapid_heal" or the damage."""
    state = smashed(1, rapid=True)
    assert moves(state) == ["play_evolution", "rapid_heal", "take_damage"], labels(state)
    return state


def hit_with_rapid_healing(hearts_: int, energy_: int = 4) -> KingOfTokyoState:
    """No Power Up!: seat 0 in Tokyo City rolls two claws; seat 1 (Rapid Healing,
    ``hearts_`` hearts) is about to lose 2 hearts: "rapid_heal" or "take_damage"."""
    state = position(
        cards={1: "rapid_healing"}, city=0, seats={1: {"hearts": hearts_, "energy": energy_}}
    )
    start_turn(state, 0)
    decline_windows(state)
    roll(state, *TWO_CLAWS)
    decline_windows(state)
    d = decision(state)
    assert (d.get("player"), d.get("kind"), d.get("amount")) == (1, "prevent_damage", 2), d
    assert moves(state) == ["rapid_heal", "take_damage"], labels(state)
    return state


def rapid_healing_step(energy_: int = 4) -> KingOfTokyoState:
    """Seat 1 (Rapid Healing, 5 hearts) is asked before seat 0's roll whether it heals
    (``rapid_healing``: "rapid_heal" or "decline")."""
    state = position(cards={1: "rapid_healing"}, seats={1: {"hearts": 5, "energy": energy_}})
    start_turn(state, 0)
    assert (decision(state).get("player"), asked(state)) == (1, "rapid_healing")
    assert moves(state) == ["decline", "rapid_heal"], labels(state)
    return state


def yield_question(hearts_after: int = 8) -> KingOfTokyoState:
    """Seat 1 in Tokyo City, smashed for 2 by seat 0, is asked whether it yields, with
    ``hearts_after`` hearts."""
    state = position(city=1, seats={1: {"hearts": hearts_after + 2}})
    start_turn(state, 0)
    roll(state, *TWO_CLAWS)
    assert (decision(state).get("player"), asked(state)) == (1, "yield"), decision(state)
    assert hearts(state)[1] == hearts_after
    assert moves(state) == ["stay", "yield"], labels(state)
    return state


def buy_phase(**where: Any) -> KingOfTokyoState:
    """Seat 0 (10 energy) has rolled nothing and is in its Buy phase."""
    where.setdefault("energy", 10)
    state = turn(**where)
    decline_windows(state)
    roll(state, *NOTHING)
    decline_windows(state)
    assert (decision(state).get("player"), asked(state)) == (0, "buy"), decision(state)
    assert "end_buy" in moves(state)
    return state


# -- building preferences --------------------------------------------------------------


def test_defaults() -> None:
    game = tabletop.make("king-of-tokyo")
    assert fields(game.preferences({})) == DEFAULTS
    assert fields(game.preferences({"leave_tokyo_at": 3})) == {**DEFAULTS, "leave_tokyo_at": 3}


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("evolutions", "every"),
        ("evolutions", "matching"),
        ("evolutions", "next_turn"),
        ("evolutions", "off"),
        ("leave_tokyo_at", 0),
        ("leave_tokyo_at", 20),
        ("stay_in_tokyo_at", 0),
        ("stay_in_tokyo_at", 20),
        ("skip_next_buy", True),
        ("skip_next_buy", False),
        ("skip_empty_steps", True),
        ("rapid_healing", "ask"),
        ("rapid_healing", "lethal_only"),
        ("heal_requests", 0),
        ("heal_requests", 20),
    ],
)
def test_valid_values_accepted(name: str, value: Any) -> None:
    prefs = tabletop.make("king-of-tokyo").preferences({name: value})
    assert fields(prefs) == {**DEFAULTS, name: value}


def test_all_at_once() -> None:
    prefs = tabletop.make("king-of-tokyo", power_up="on").preferences(EVERYTHING_ON)
    assert fields(prefs) == EVERYTHING_ON


def test_unknown_name_rejected() -> None:
    game = tabletop.make("king-of-tokyo")
    with pytest.raises(InvalidOptionsError):
        game.preferences({"leave_tokyo_below": 3})
    with pytest.raises(InvalidOptionsError):
        game.preferences({"evolutions": "off", "colour": "green"})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("evolutions", "sometimes"),
        ("evolutions", "never"),
        ("leave_tokyo_at", 21),
        ("leave_tokyo_at", -1),
        ("stay_in_tokyo_at", 21),
        ("stay_in_tokyo_at", -1),
        ("skip_next_buy", "maybe"),
        ("skip_empty_steps", "maybe"),
        ("rapid_healing", "always"),
        ("rapid_healing", "any_time"),
        ("heal_requests", 21),
        ("heal_requests", -1),
    ],
)
def test_bad_value_rejected(name: str, value: Any) -> None:
    with pytest.raises(InvalidOptionsError):
        tabletop.make("king-of-tokyo").preferences({name: value})


@pytest.mark.parametrize(("leave", "stay"), [(5, 5), (6, 5), (20, 1), (1, 1)])
def test_stay_must_be_more_than_leave(leave: int, stay: int) -> None:
    with pytest.raises(InvalidOptionsError):
        tabletop.make("king-of-tokyo").preferences(
            {"leave_tokyo_at": leave, "stay_in_tokyo_at": stay}
        )


@pytest.mark.parametrize(("leave", "stay"), [(5, 6), (0, 5), (5, 0), (19, 20), (20, 0)])
def test_stay_and_leave_compatible(leave: int, stay: int) -> None:
    """Stay above leave is fine, and 0 (ask) is not a setting to compare."""
    prefs = tabletop.make("king-of-tokyo").preferences(
        {"leave_tokyo_at": leave, "stay_in_tokyo_at": stay}
    )
    assert (prefs.leave_tokyo_at, prefs.stay_in_tokyo_at) == (leave, stay)


def test_preferences_are_frozen() -> None:
    prefs = tabletop.make("king-of-tokyo").preferences({"heal_requests": 2})
    with pytest.raises((AttributeError, TypeError)):
        prefs.heal_requests = 1
    assert prefs.heal_requests == 2


# -- not the current player ------------------------------------------------------------


def test_not_the_current_player_is_never_answered() -> None:
    """Seat 1 is asked whether it yields; every other seat, whatever its preferences,
    gets None and its preferences back unchanged."""
    state = yield_question(8)
    for seat in (0, 2, 3):
        for values in (EVERYTHING_ON, {"leave_tokyo_at": 20}, {"stay_in_tokyo_at": 1}):
            move, after = answer(state, seat, **values)
            assert move is None, (seat, values)
            assert fields(after) == {**ASK_EVERYTHING, **values}


def test_not_the_current_player_one_offs_kept() -> None:
    """Seat 0 is in its Buy phase: seat 1's skip_next_buy is not used; seat 1 is asked
    about Rapid Healing: seat 0's heal_requests are not used."""
    state = buy_phase()
    move, after = answer(state, 1, skip_next_buy=True)
    assert move is None and after.skip_next_buy is True
    state = rapid_healing_step()
    move, after = answer(state, 0, heal_requests=3)
    assert move is None and after.heal_requests == 3
    move, after = answer(state, 2, heal_requests=3, skip_empty_steps=True)
    assert move is None and after.heal_requests == 3


def test_not_the_current_player_evolution_windows() -> None:
    """Seat 1 is asked at an Evolution window on seat 0's turn: seat 0 (the active
    monster) with "next_turn" is not answered and does not turn back; seats 2 and 3
    with "off" are not answered."""
    state = unplayable_window()
    move, after = answer(state, 0, evolutions="next_turn")
    assert move is None and after.evolutions == "next_turn"
    for seat in (2, 3):
        move, after = answer(state, seat, evolutions="off")
        assert move is None and after.evolutions == "off"


# -- defaults answer nothing -----------------------------------------------------------


@pytest.mark.parametrize(
    "build",
    [
        unplayable_window,
        playable_window,
        own_turn_window,
        own_turn_unplayable_window,
        damage_evolution_or_take,
        damage_evolution_heal_or_take,
        rapid_healing_step,
        lambda: hit_with_rapid_healing(5),
        lambda: hit_with_rapid_healing(2),
        yield_question,
        buy_phase,
        lambda: buy_phase(cards={0: "rapid_healing"}, hearts=5),
    ],
    ids=[
        "unplayable_window",
        "playable_window",
        "own_turn_window",
        "own_turn_unplayable_window",
        "damage_evolution_or_take",
        "damage_evolution_heal_or_take",
        "rapid_healing_step",
        "hit_non_lethal",
        "hit_lethal",
        "yield",
        "buy",
        "buy_with_rapid_healing",
    ],
)
def test_asking_everything_answers_nothing(build: Any) -> None:
    state = build()
    seat = state.current_player
    move, after = answer(state, seat)
    assert move is None, (asked(state), move)
    assert fields(after) == ASK_EVERYTHING


# -- evolutions: "every" ---------------------------------------------------------------


def test_every_asks_even_when_decline_is_the_only_move() -> None:
    state = unplayable_window()
    assert answer(state, 1, evolutions="every")[0] is None


def test_a_loss_nothing_can_prevent_is_never_asked() -> None:
    """ "You are about to lose hearts: nothing of yours can prevent it" is no question:
    taken even by preferences that ask everything."""
    state = damage_take_only()
    assert answer(state, 2, evolutions="every")[0] == "take_damage"


# -- the defaults ----------------------------------------------------------------------


def _defaults(state: KingOfTokyoState, seat: int) -> str | None:
    return ask(state, seat, state.game.preferences())[0]


def test_the_defaults_ask_only_real_questions() -> None:
    """A person is asked about an Evolution only when holding one it can play then,
    about Rapid Healing only against a lethal loss, and never where passing is all
    it could do."""
    assert _defaults(unplayable_window(), 1) == "decline"
    assert _defaults(own_turn_unplayable_window(), 2) == "decline"
    assert _defaults(damage_take_only(), 2) == "take_damage"
    assert _defaults(playable_window(), 1) is None
    assert _defaults(damage_evolution_or_take(), 1) is None
    assert _defaults(rapid_healing_step(), 1) == "decline"
    assert _defaults(hit_with_rapid_healing(5), 1) == "take_damage"
    assert _defaults(hit_with_rapid_healing(2), 1) is None
    assert _defaults(yield_question(), 1) is None
    assert _defaults(buy_phase(), 0) is None


def test_open_questions_are_the_public_windows() -> None:
    """The windows every holder of Evolutions is asked in are open questions (their
    answers are paced alike by a server); the others are not, nor any window when
    only holders of a playable card are asked."""
    for build in (unplayable_window, playable_window, damage_take_only):
        state = build()
        assert state.game.open_question(state), build.__name__
    for build in (yield_question, buy_phase, rapid_healing_step):
        state = build()
        assert not state.game.open_question(state), build.__name__
    holding = powered(4, monsters=KING)  # evolution_prompts="holding"
    hand(holding, 1, "giant_banana")
    assert not holding.game.open_question(holding)


# -- evolutions: "matching" ------------------------------------------------------------


def test_matching_declines_when_nothing_playable() -> None:
    state = unplayable_window()
    move, after = answer(state, 1, evolutions="matching")
    assert move == "decline"
    assert after.evolutions == "matching"
    do(state, "decline")
    assert (decision(state).get("player"), asked(state)) == (0, "roll")


def test_matching_declines_on_own_turn_when_nothing_playable() -> None:
    state = own_turn_unplayable_window()
    move, after = answer(state, 2, evolutions="matching")
    assert move == "decline" and after.evolutions == "matching"


def test_matching_asks_when_a_playable_card_is_held() -> None:
    state = playable_window()
    move, after = answer(state, 1, evolutions="matching")
    assert move is None and after.evolutions == "matching"
    state = own_turn_window()
    assert answer(state, 1, evolutions="matching")[0] is None


def test_matching_takes_damage_when_nothing_else_offered() -> None:
    state = damage_take_only()
    move, after = answer(state, 2, evolutions="matching")
    assert move == "take_damage" and after.evolutions == "matching"


def test_matching_asks_damage_when_a_card_could_answer_it() -> None:
    state = damage_evolution_or_take()
    assert answer(state, 1, evolutions="matching")[0] is None
    state = damage_evolution_heal_or_take()
    assert answer(state, 1, evolutions="matching")[0] is None


def test_matching_does_not_answer_other_questions() -> None:
    assert answer(yield_question(), 1, evolutions="matching")[0] is None
    assert answer(rapid_healing_step(), 1, evolutions="matching")[0] is None
    assert answer(buy_phase(), 0, evolutions="matching")[0] is None


# -- evolutions: "next_turn" -----------------------------------------------------------


def test_next_turn_declines_on_another_turn_even_with_a_playable_card() -> None:
    for build in (unplayable_window, playable_window):
        state = build()
        move, after = answer(state, 1, evolutions="next_turn")
        assert move == "decline", build.__name__
        assert after.evolutions == "next_turn"


def test_next_turn_takes_damage_when_the_other_choices_are_evolutions() -> None:
    state = damage_evolution_or_take()
    move, after = answer(state, 1, evolutions="next_turn")
    assert move == "take_damage" and after.evolutions == "next_turn"
    state = damage_take_only()
    move, after = answer(state, 2, evolutions="next_turn")
    assert move == "take_damage" and after.evolutions == "next_turn"


def test_next_turn_asks_damage_when_rapid_heal_is_also_offered() -> None:
    """The other choices are not only Evolution plays ("rapid_heal" too): ask."""
    state = damage_evolution_heal_or_take()
    move, after = answer(state, 1, evolutions="next_turn")
    assert move is None and after.evolutions == "next_turn"


@pytest.mark.parametrize("build", [own_turn_window, own_turn_unplayable_window])
def test_next_turn_stops_on_own_turn(build: Any) -> None:
    """A window on the player's own turn: the preference is back to "matching", which
    answers as "matching" does (asks with a playable card, declines without)."""
    state = build()
    seat = state.active
    move, after = answer(state, seat, evolutions="next_turn", leave_tokyo_at=3)
    assert move == answer(state, seat, evolutions="matching")[0]
    assert move == (None if build is own_turn_window else "decline")
    assert after.evolutions == "matching"
    assert after.leave_tokyo_at == 3


def test_next_turn_stops_at_own_roll() -> None:
    """Any decision on its own turn ends it: the player's roll too."""
    state = own_turn_window(10)
    do(state, "decline")
    assert (decision(state).get("player"), asked(state)) == (1, "roll")
    move, after = answer(state, 1, evolutions="next_turn")
    assert move is None and after.evolutions == "matching"


def test_next_turn_carried_through_another_turn_then_stops() -> None:
    """Fed back its own ``after``, "next_turn" declines seat 1's window on seat 0's
    turn and still holds afterwards; on seat 1's own turn it asks and turns back."""
    state = playable_window()
    prefs = state.game.preferences({"evolutions": "next_turn"})
    move, prefs = ask(state, 1, prefs)
    assert move == "decline" and prefs.evolutions == "next_turn"
    state = own_turn_window()
    move, prefs = ask(state, 1, prefs)
    assert move is None and prefs.evolutions == "matching"


def test_next_turn_does_not_answer_other_questions() -> None:
    state = yield_question()
    move, after = answer(state, 1, evolutions="next_turn")
    assert move is None and after.evolutions == "next_turn"
    state = rapid_healing_step()
    move, after = answer(state, 1, evolutions="next_turn")
    assert move is None and after.evolutions == "next_turn"


# -- evolutions: "off" -----------------------------------------------------------------


@pytest.mark.parametrize(
    "build", [unplayable_window, playable_window, own_turn_window, own_turn_unplayable_window]
)
def test_off_always_declines(build: Any) -> None:
    """Whether or not a playable card is held, on another's turn or its own: declined,
    and "off" never turns itself back."""
    state = build()
    seat = state.current_player
    move, after = answer(state, seat, evolutions="off")
    assert move == "decline"
    assert after.evolutions == "off"


def test_off_does_not_answer_other_questions() -> None:
    assert answer(yield_question(), 1, evolutions="off")[0] is None
    assert answer(rapid_healing_step(), 1, evolutions="off")[0] is None
    assert answer(buy_phase(), 0, evolutions="off")[0] is None


# -- leave_tokyo_at / stay_in_tokyo_at -------------------------------------------------


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"leave_tokyo_at": 8}, "yield"),
        ({"leave_tokyo_at": 9}, "yield"),
        ({"leave_tokyo_at": 20}, "yield"),
        ({"leave_tokyo_at": 7}, None),
        ({"leave_tokyo_at": 1}, None),
        ({"stay_in_tokyo_at": 8}, "stay"),
        ({"stay_in_tokyo_at": 7}, "stay"),
        ({"stay_in_tokyo_at": 1}, "stay"),
        ({"stay_in_tokyo_at": 9}, None),
        ({"stay_in_tokyo_at": 20}, None),
        ({"leave_tokyo_at": 8, "stay_in_tokyo_at": 9}, "yield"),
        ({"leave_tokyo_at": 7, "stay_in_tokyo_at": 8}, "stay"),
        ({"leave_tokyo_at": 7, "stay_in_tokyo_at": 9}, None),
        ({"leave_tokyo_at": 0, "stay_in_tokyo_at": 0}, None),
    ],
)
def test_yield_thresholds_at_8_hearts(values: dict[str, int], expected: str | None) -> None:
    state = yield_question(8)
    move, after = answer(state, 1, **values)
    assert move == expected
    assert fields(after) == {**ASK_EVERYTHING, **values}, "the thresholds are not one-off"


def test_leave_answer_is_applied_as_a_yield() -> None:
    """The answer really yields: playing it hands Tokyo City to the attacker."""
    state = yield_question(3)
    prefs = state.game.preferences({"leave_tokyo_at": 3})
    action, _ = state.game.auto_answer(state, 1, prefs)
    assert action is not None
    state.apply(action)
    assert state.city == 0


def test_stay_answer_is_applied_as_a_stay() -> None:
    state = yield_question(6)
    prefs = state.game.preferences({"stay_in_tokyo_at": 6})
    action, _ = state.game.auto_answer(state, 1, prefs)
    assert action is not None
    state.apply(action)
    assert state.city == 1


def test_tokyo_thresholds_answer_only_the_yield_question() -> None:
    """Seat 0 in Tokyo City at its own roll, or at its Buy phase: not answered."""
    state = turn(city=0, hearts=5)
    assert asked(state) == "roll"
    assert answer(state, 0, leave_tokyo_at=20)[0] is None
    assert answer(state, 0, stay_in_tokyo_at=1)[0] is None
    state = buy_phase(city=0, hearts=5)
    assert answer(state, 0, leave_tokyo_at=20)[0] is None
    assert answer(state, 0, stay_in_tokyo_at=1)[0] is None


# -- skip_next_buy ---------------------------------------------------------------------


def test_skip_next_buy_ends_the_buy_phase_once() -> None:
    state = buy_phase()
    prefs = state.game.preferences({"skip_next_buy": True, "leave_tokyo_at": 4})
    move, after = ask(state, 0, prefs)
    assert move == "end_buy"
    assert after.skip_next_buy is False
    assert fields(after) == {**DEFAULTS, "leave_tokyo_at": 4}
    assert prefs.skip_next_buy is True, "the preferences passed in changed"
    # used up: the same Buy phase is asked with what came back
    assert ask(state, 0, after)[0] is None


def test_skip_next_buy_answer_ends_the_turn() -> None:
    state = buy_phase()
    action, _ = state.game.auto_answer(state, 0, state.game.preferences({"skip_next_buy": True}))
    assert action is not None
    state.apply(action)
    assert state.active == 1, "seat 0's turn did not end"
    assert all(len(m.cards) == 0 for m in state.monsters), "a card was bought"


def test_skip_next_buy_kept_until_the_buy_phase() -> None:
    """At its roll the one-off is not used: it comes back unchanged."""
    state = turn(energy=10)
    assert (decision(state).get("player"), asked(state)) == (0, "roll")
    move, after = answer(state, 0, skip_next_buy=True)
    assert move is None and after.skip_next_buy is True


def test_skip_next_buy_with_rapid_healing_in_the_buy_phase() -> None:
    """A Buy phase that also offers "rapid_heal": still ended."""
    state = buy_phase(cards={0: "rapid_healing"}, hearts=5)
    assert "rapid_heal" in moves(state)
    move, after = answer(state, 0, skip_next_buy=True)
    assert move == "end_buy" and after.skip_next_buy is False


# -- skip_empty_steps ------------------------------------------------------------------


def test_skip_empty_steps_declines_an_empty_window() -> None:
    state = unplayable_window()
    move, after = answer(state, 1, skip_empty_steps=True)
    assert move == "decline" and after.skip_empty_steps is True
    state = own_turn_unplayable_window()
    assert answer(state, 2, skip_empty_steps=True)[0] == "decline"


def test_skip_empty_steps_takes_unanswerable_damage() -> None:
    state = damage_take_only()
    move, after = answer(state, 2, skip_empty_steps=True)
    assert move == "take_damage" and after.skip_empty_steps is True


@pytest.mark.parametrize(
    "build",
    [
        playable_window,
        own_turn_window,
        damage_evolution_or_take,
        damage_evolution_heal_or_take,
        rapid_healing_step,
        lambda: hit_with_rapid_healing(5),
        yield_question,
        buy_phase,
    ],
    ids=[
        "playable_window",
        "own_turn_window",
        "damage_evolution_or_take",
        "damage_evolution_heal_or_take",
        "rapid_healing_step",
        "hit_non_lethal",
        "yield",
        "buy",
    ],
)
def test_skip_empty_steps_asks_when_there_is_a_choice(build: Any) -> None:
    state = build()
    move, after = answer(state, state.current_player, skip_empty_steps=True)
    assert move is None and after.skip_empty_steps is True


# -- rapid_healing ---------------------------------------------------------------------


def test_lethal_only_declines_the_step_question() -> None:
    state = rapid_healing_step()
    move, after = answer(state, 1, rapid_healing="lethal_only")
    assert move == "decline" and after.rapid_healing == "lethal_only"


def test_ask_asks_the_step_question() -> None:
    state = rapid_healing_step()
    assert answer(state, 1, rapid_healing="ask")[0] is None


@pytest.mark.parametrize(
    ("hearts_", "expected"),
    [(5, "take_damage"), (3, "take_damage"), (2, None), (1, None)],
    ids=["5_hearts", "3_hearts", "2_hearts_lethal", "1_heart_lethal"],
)
def test_lethal_only_takes_non_lethal_damage(hearts_: int, expected: str | None) -> None:
    """Seat 1 is about to lose 2 hearts: with 3 or more it takes them; with 2 or fewer
    the loss would eliminate it: ask."""
    state = hit_with_rapid_healing(hearts_)
    move, after = answer(state, 1, rapid_healing="lethal_only")
    assert move == expected
    assert after.rapid_healing == "lethal_only"
    assert answer(state, 1, rapid_healing="ask")[0] is None


def test_lethal_only_asks_when_an_evolution_could_answer_the_damage() -> None:
    """Besides the damage, Giant Banana and "rapid_heal": not only "rapid_heal"."""
    state = damage_evolution_heal_or_take()
    assert answer(state, 1, rapid_healing="lethal_only")[0] is None


def test_lethal_only_does_not_answer_the_buy_phase() -> None:
    """In its own Buy phase "rapid_heal" is one of many moves: ask."""
    state = buy_phase(cards={0: "rapid_healing"}, hearts=5)
    assert "rapid_heal" in moves(state)
    assert answer(state, 0, rapid_healing="lethal_only")[0] is None


# -- heal_requests ---------------------------------------------------------------------


def test_heal_requests_heal_at_the_step_question_and_count_down() -> None:
    """Two requests, 20 energy: heals twice (fed its own ``after``), then asks (asked
    at every occasion)."""
    state = rapid_healing_step(energy_=20)
    prefs = state.game.preferences({**ASK_EVERYTHING, "heal_requests": 2})
    move, prefs = ask(state, 1, prefs)
    assert move == "rapid_heal" and prefs.heal_requests == 1
    do(state, "rapid_heal")
    assert hearts(state)[1] == 6
    assert (decision(state).get("player"), asked(state)) == (1, "rapid_healing")
    move, prefs = ask(state, 1, prefs)
    assert move == "rapid_heal" and prefs.heal_requests == 0
    do(state, "rapid_heal")
    assert hearts(state)[1] == 7
    assert (decision(state).get("player"), asked(state)) == (1, "rapid_healing")
    move, prefs = ask(state, 1, prefs)
    assert move is None and prefs.heal_requests == 0


@pytest.mark.parametrize("hearts_", [5, 2])
def test_heal_requests_heal_against_damage(hearts_: int) -> None:
    state = hit_with_rapid_healing(hearts_)
    move, after = answer(state, 1, heal_requests=3)
    assert move == "rapid_heal" and after.heal_requests == 2


def test_heal_requests_heal_in_own_buy_phase() -> None:
    state = buy_phase(cards={0: "rapid_healing"}, hearts=5)
    move, after = answer(state, 0, heal_requests=1)
    assert move == "rapid_heal" and after.heal_requests == 0


def test_heal_requests_with_evolutions_offered_too() -> None:
    state = damage_evolution_heal_or_take()
    move, after = answer(state, 1, heal_requests=1)
    assert move == "rapid_heal" and after.heal_requests == 0


def test_heal_requests_come_before_lethal_only() -> None:
    """ "rapid_heal" is legal: it is played, not declined."""
    state = rapid_healing_step()
    move, after = answer(state, 1, heal_requests=1, rapid_healing="lethal_only")
    assert move == "rapid_heal" and after.heal_requests == 0


def test_heal_requests_kept_where_rapid_heal_is_not_legal() -> None:
    """Without Rapid Healing at the yield question, or at the Buy phase: not used."""
    state = yield_question()
    move, after = answer(state, 1, heal_requests=2)
    assert move is None and after.heal_requests == 2
    state = buy_phase()
    assert "rapid_heal" not in moves(state)
    move, after = answer(state, 0, heal_requests=2)
    assert move is None and after.heal_requests == 2


def test_heal_requests_kept_when_the_owner_cannot_heal() -> None:
    """The Rapid Healing owner at its maximum hearts, in its Buy phase: "rapid_heal" is
    not legal, so nothing is answered and the requests are kept."""
    state = buy_phase(cards={0: "rapid_healing"}, hearts=10)
    assert "rapid_heal" not in moves(state)
    move, after = answer(state, 0, heal_requests=2)
    assert move is None and after.heal_requests == 2

"""Power Up!: the Evolutions' effects, questions and abilities, and the timing windows.

The expansion's part of a position is one :class:`~.evolution_state.PowerUp` object
hung on the state (``state.pu``, ``None`` when the option is off), so the base game
pays nothing for it. This module holds what the Evolution modules register and the
windows' rules that :class:`~.evolution_state.PowerUp` applies.

**Windows.** A player may play an Evolution only where the rules ask it
(docs/games/king-of-tokyo.md, "Power Up!"); a *window* names such a moment, and a
player is asked only when it holds an Evolution it can legally play there
(:meth:`~.evolution_state.PowerUp.open_window`).
Evolutions without a timing (``when == "any"``) are offered to their holder at the
start of its own turn and in its own Buy phase: the two moments of its own turn where
it is free to act. Cards for the end of a turn are offered to every holder at the end
of every turn.

**Effects.** Each Evolution's effect is registered by its id in :data:`EFFECTS`
(what playing it does), :data:`PLAYABLE` (an extra condition for playing it) and,
for permanent ones, at the hooks of :mod:`.hookspecs` (where they read
:meth:`~.evolution_state.PowerUp.has`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.decisions import Decision
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.evolutions import EvolutionInfo, evolution_table
from tabletop.games.king_of_tokyo.phases import Ask

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.evolution_state import PowerUp
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

Effect = Callable[["KingOfTokyoState", int], None]
Condition = Callable[["KingOfTokyoState", int], bool]

EFFECTS: dict[str, Effect] = {}
"""Evolution id -> what playing it does (a permanent one is face up before it runs)."""
PLAYABLE: dict[str, Condition] = {}
"""Evolution id -> an extra condition for playing it, beyond its window."""
ALSO_IN: dict[str, frozenset[str]] = {}
"""Evolution id -> windows that offer it besides those of its ``when`` (a healing
Temporary may answer damage: ``"damage"``)."""


@dataclass(frozen=True, slots=True)
class Question:
    """A question an Evolution asks (``Ask.EVO_CHOICE``), e.g. "name a face".

    ``options(state, seat, context)`` gives the legal answers (``Action``s of the
    ``EVO_*`` blocks); ``answer(state, seat, move, arg, context)`` applies the one
    chosen. ``context`` is the decision's data after the Evolution's number; it must
    hold nothing the other players may not see, or ``view`` must hide it.
    """

    text: str
    options: Callable[[KingOfTokyoState, int, tuple[int, ...]], list[Action]]
    answer: Callable[[KingOfTokyoState, int, int, int, tuple[int, ...]], None]


QUESTIONS: dict[str, Question] = {}
"""Evolution id -> the question it asks (at most one per Evolution)."""

CardEffect = Callable[["KingOfTokyoState", int, int], None]
CardCondition = Callable[["KingOfTokyoState", int, int], bool]


@dataclass(frozen=True, slots=True)
class Ability:
    """A face-up permanent's ability used by choice (its ``EVO_YES`` action).

    Offered in the decisions named by ``windows`` ("buy": the own Buy phase;
    "damage": a prevention decision) when ``can(state, seat, card)`` holds; ``use``
    applies it. ``card`` is the face-up card (the Evolution, or Icy Reflection
    copying it), so counters and once-per-turn bits belong to that card.
    """

    windows: frozenset[str]
    can: CardCondition
    use: CardEffect


ABILITIES: dict[str, Ability] = {}
"""Evolution id -> the ability of its face-up card (Adapting Technology...)."""

ICY_MARK = "icy_reflection"  # marks[ICY_MARK]: the Evolution under the snowflake token


def icy_number() -> int:
    """Icy Reflection's number (a constant, looked up when first needed)."""
    return evolution_table().by_id["icy_reflection"].number


def yes_or_no(evolution: str) -> Callable[[KingOfTokyoState, int, tuple[int, ...]], list[Action]]:
    """The options of a yes/no question: the Evolution's two answers, in its own words."""
    number = evolution_number(evolution)

    def options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
        table = state.table
        return [table.evo_yes[number], table.evo_no[number]]

    return options


def yes_no_question(
    evolution: str, text: str, on_yes: Callable[[KingOfTokyoState, int, tuple[int, ...]], None]
) -> None:
    """Register ``evolution``'s yes/no question (asked with :func:`ask`): on yes,
    ``on_yes(state, seat, context)`` runs; on no, nothing happens. ``on_yes`` checks
    again whatever may have changed since the question was asked."""

    def answer(
        state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
    ) -> None:
        if move == Move.EVO_YES:
            on_yes(state, seat, context)

    QUESTIONS[evolution] = Question(text, yes_or_no(evolution), answer)


def tally_reward(
    evolution: str, key: str, reward: Callable[[KingOfTokyoState, int, int], None]
) -> None:
    """Register an Evolution that turns a per-turn tally (``PowerUp.tally``: hearts
    lost, energy or hearts gained) into a reward; playable once the tally is positive."""

    def tallied(state: KingOfTokyoState, seat: int) -> int:
        return pu_of(state).tallied(key, seat)

    PLAYABLE[evolution] = lambda state, seat: tallied(state, seat) > 0
    EFFECTS[evolution] = lambda state, seat: reward(state, seat, tallied(state, seat))


def ask(state: KingOfTokyoState, seat: int, evolution: str, *context: int) -> None:
    """Push ``evolution``'s question to ``seat`` (registered in :data:`QUESTIONS`)."""
    number = evolution_table().by_id[evolution].number
    state.decisions.push(Decision(Ask.EVO_CHOICE, seat, (number, *context)))


# Which ``when`` values each window offers.
WINDOW_ALLOWS: dict[str, frozenset[str]] = {
    # Permanents with a start-of-turn question are played as the turn begins; the
    # question is then asked at step A3 of each of the holder's turns.
    "before_start": frozenset({"before_start", "any", "start_question"}),
    "buy": frozenset({"buy", "any", "end", "end_own"}),
    "resolving": frozenset({"resolving"}),
    "change_dice": frozenset({"change_dice"}),
    "before_resolve": frozenset({"before_resolve"}),
    "after_other_roll": frozenset({"after_other_roll"}),
    "damage": frozenset({"damage"}),
    "after_damage": frozenset({"after_damage"}),
    "yield": frozenset({"yield"}),
    "other_enter": frozenset({"other_enter"}),
    "after_enter": frozenset({"after_enter"}),
    "other_buy": frozenset({"other_buy"}),
    "end": frozenset({"end"}),
    "end_own": frozenset({"end", "end_own"}),
    # evolution_windows="every_turn": the step boundaries of every turn (windows.any_time)
    "any_time": frozenset({"any"}),
    # A loss of hearts has landed, before 0 hearts eliminates (option healing_temporaries)
    "after_loss": frozenset(),
    # Tokyo entered outside the Enter Tokyo step (option destructive_wave_entry)
    "card_entry": frozenset(),
}
DAMAGE_ANY_TIME = WINDOW_ALLOWS["damage"] | {"any"}
"""What a monster about to lose hearts may play with evolution_windows="every_turn"."""
WINDOW_NAMES = tuple(WINDOW_ALLOWS)
ASKED_IN_VAIN = frozenset({"any_time", "after_loss"})
"""Windows that offer an Evolution only when playing it would change something."""
DRAW = 2  # Evolutions drawn at set-up and on three hearts; one is kept
DRAFT_PACKET = 8


def effect(evolution: str) -> Callable[[Effect], Effect]:
    """Register what playing ``evolution`` does."""

    def wrap(fn: Effect) -> Effect:
        EFFECTS[evolution] = fn
        return fn

    return wrap


def passive(evolution: str) -> None:
    """Register a permanent Evolution that does nothing when played: its effect is
    at the rules' hooks (:mod:`.hookspecs`), which read ``PowerUp.has`` (or ``count``)."""
    EFFECTS[evolution] = _face_up_only


def _face_up_only(state: KingOfTokyoState, seat: int) -> None:
    """Playing it only puts it face up (``PowerUp.play`` did)."""


def playable(evolution: str) -> Callable[[Condition], Condition]:
    """Register an extra condition for playing ``evolution``."""

    def wrap(fn: Condition) -> Condition:
        PLAYABLE[evolution] = fn
        return fn

    return wrap


def evolution_number(evolution: str) -> int:
    """The number of the Evolution with this id."""
    return evolution_table().by_id[evolution].number


def pu_of(state: KingOfTokyoState) -> PowerUp:
    """The state's Power Up! part (effects only run when the expansion is on)."""
    pu = state.pu
    assert pu is not None, "Power Up! is off"
    return pu


def changes_something(state: KingOfTokyoState, seat: int, number: int) -> bool:
    """Whether ``seat`` playing Evolution ``number`` now would change the game.

    A permanent one does (it acts from then on). A temporary one is tried on a copy of
    the state and compared with the card merely going to the discard pile.
    """
    if evolution_table().info[number].permanent:
        return True
    played = state.clone()
    pu_of(played).play(played, seat, number)
    after = played.game_data()
    before = state.game_data()
    kept = before["power_up"]  # the same position, the card only discarded (copied:
    kept["hand"] = [list(h) for h in kept["hand"]]  # to_dict shares the live lists)
    kept["discard"] = [list(d) for d in kept["discard"]]
    kept["hand"][seat].remove(number)
    kept["discard"][pu_of(state).owner.get(number, seat)].append(number)
    return bool(after != before)


@cache
def timed_for(monsters: tuple[str, ...], window: str, evolution_windows: str) -> tuple[int, ...]:
    """The Evolutions of these monsters' decks whose timing lets them be played in
    ``window``: the cards :meth:`PowerUp.playable` may offer there, before the position's
    conditions (the public record tests only these, :mod:`.evolution_hands`)."""
    table = evolution_table()
    allows = timings(window, evolution_windows)
    out: list[int] = []
    for monster in monsters:
        out += [n for n in table.deck_of.get(monster, ()) if timed(table.info[n], window, allows)]
    return tuple(sorted(out))


def timings(window: str, evolution_windows: str) -> frozenset[str]:
    """The timings (``when``) of the Evolutions that may be played in ``window``: with
    ``evolution_windows="every_turn"`` one without a timing may also answer damage."""
    if window == "damage" and evolution_windows == "every_turn":
        return DAMAGE_ANY_TIME
    return WINDOW_ALLOWS[window]


def timed(e: EvolutionInfo, window: str, allows: frozenset[str]) -> bool:
    """Whether Evolution ``e``, with an effect, may be played in ``window`` by its timing
    (``allows``: :func:`timings`), before the position's conditions."""
    return (e.when in allows or window in ALSO_IN.get(e.id, ())) and e.id in EFFECTS


@cache
def deck_windows(monsters: tuple[str, ...], evolution_windows: str) -> frozenset[str]:
    """The windows in which some Evolution of these monsters' decks may be played."""
    table = evolution_table()
    out: set[str] = set()
    for monster in monsters:
        for n in table.deck_of.get(monster, ()):
            e = table.info[n]
            out.update(w for w, allows in WINDOW_ALLOWS.items() if e.when in allows)
            out.update(ALSO_IN.get(e.id, ()))
            if evolution_windows == "every_turn" and e.when == "any":
                out.add("damage")
    if evolution_windows != "every_turn":
        out.discard("any_time")
    return frozenset(out)

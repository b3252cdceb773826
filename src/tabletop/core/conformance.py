"""The conformance harness every game runs: generic invariants of the game API.

``check_game`` plays seeded random games and checks, step by step, the promises of
:class:`~tabletop.core.game.State` that every other layer relies on. It is library
code so that a new game, or a user's variant, can run the same checks::

    from tabletop.core.conformance import check_game
    import tabletop
    report = check_game(tabletop.make("uno-power"), num_players=3, games=2)
    assert report.steps > 0

``check_state`` runs the same checks on games played on from a given state: a
position (docs/positions.md) or a saved state reaches situations a deal rarely does
(an end game, a full hand), and a state the rules cannot continue from shows up
there, not in a fresh game::

    from tabletop.core.conformance import check_state
    state = tabletop.make("kung-fu").position({"life": [1, 2], "rows": [["Palm Strike"], []]})
    assert check_state(state, games=3).games == 3
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.errors import IllegalActionError, StateFormatError
from tabletop.core.game import TERMINAL, Game, State
from tabletop.core.rng import Rng


class ConformanceError(AssertionError):
    """A game broke an invariant of the game API."""


@dataclass
class ConformanceReport:
    """What the harness played: games, steps and how often each log event occurred."""

    games: int = 0
    steps: int = 0
    events: Counter[str] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)


def _fail(message: str, state: State) -> ConformanceError:
    return ConformanceError(
        f"{state.game.id} seed={state.seed} after {len(state.history)} actions: {message}"
    )


NOT_ACTIONS: tuple[object, ...] = ("0", 1.5, None, True, (0,))
"""Values a caller may pass by mistake: ``apply`` must raise ``IllegalActionError``."""

NOT_STATE_DATA: tuple[object, ...] = ([], "state", 7, {}, {"game": None})
"""Not a state's data: ``state_from_dict`` must raise ``StateFormatError``."""


def _accepted(
    call: Callable[[Any], object], values: Iterable[object], error: type[Exception]
) -> list[object]:
    """The ``values`` that ``call`` takes without raising ``error``."""
    taken = []
    for value in values:
        try:
            call(value)
        except error:
            continue
        taken.append(value)
    return taken


def check_game(
    game: Game[Any],
    *,
    num_players: int | Iterable[int] | None = None,
    games: int = 5,
    seed: int = 0,
    deep_every: int = 7,
) -> ConformanceReport:
    """Play ``games`` random games per player count and check the API invariants.

    Cheap checks run at every step; the costly ones (round trips, clones,
    determinization, views) run every ``deep_every`` steps and at the end.
    Raises :class:`ConformanceError` on the first violation.
    """
    info = game.info
    if num_players is None:
        counts: list[int] = list(range(info.min_players, info.max_players + 1))
    elif isinstance(num_players, int):
        counts = [num_players]
    else:
        counts = list(num_players)
    report = ConformanceReport()
    check_action_data(game)
    chooser = Rng(seed)
    for n in counts:
        for g in range(games):
            game_seed = seed * 1_000_003 + n * 1009 + g
            state = game.new_state(n, game_seed)
            twin = game.new_state(n, game_seed)
            _play_one(state, twin, "a new state with the same seed", chooser, deep_every, report)
    return report


def check_state(
    state: State, *, games: int = 3, seed: int = 0, deep_every: int = 7
) -> ConformanceReport:
    """Play ``games`` random games on from ``state`` and check the API invariants.

    The same checks as :func:`check_game`, from a position or a saved state instead of
    the deal. Each game starts from a clone, so ``state`` itself is left as it was; its
    own generator decides chance, so the games differ by the moves ``seed`` picks. The
    determinism twin is the state restored from its ``to_dict``: playing the same
    actions on it must end in the same state, which is what a saved game resumed
    elsewhere relies on. The action table belongs to the game, not to the state:
    :func:`check_action_data` (run by :func:`check_game`) checks it once, not here for
    every state. Raises :class:`ConformanceError` on the first violation.
    """
    game = state.game
    report = ConformanceReport()
    before = _snapshot(state)
    chooser = Rng(seed)
    try:  # through JSON, as a save travels: the twin shares no list with ``state``
        data = json.dumps(state.to_dict())
    except TypeError as exc:
        raise _fail(f"to_dict is not JSON-serialisable: {exc}", state) from None
    for _ in range(games):
        twin = game.state_from_dict(json.loads(data))
        _play_one(
            state.clone(), twin, "the state restored from its data", chooser, deep_every, report
        )
        if _snapshot(state) != before:
            raise _fail("playing on from a clone changed the original", state)
    return report


def check_action_data(game: Game[Any]) -> None:
    """Every action id has JSON-ready data naming its move, and no two ids share it
    (a client that binds a board element to the data finds exactly one action)."""
    seen: dict[str, int] = {}
    for action_id in range(game.info.num_distinct_actions):
        data = game.action_data(action_id)
        if not isinstance(data, dict) or not isinstance(data.get("move"), str):
            raise ConformanceError(
                f"{game.id}: action {action_id} has no 'move' in its data: {data!r}"
            )
        if "id" in data or "label" in data:
            raise ConformanceError(f"{game.id}: action {action_id}'s data reuses 'id' or 'label'")
        key = json.dumps(data, sort_keys=True)
        if key in seen:
            raise ConformanceError(
                f"{game.id}: actions {seen[key]} and {action_id} have the same data {key}"
            )
        seen[key] = action_id
    try:
        game.action_data(game.info.num_distinct_actions)
    except IllegalActionError:
        return
    raise ConformanceError(f"{game.id}: action_data takes an id out of range")


def _play_one(
    state: State,
    twin: State,
    twin_is: str,
    chooser: Rng,
    deep_every: int,
    report: ConformanceReport,
) -> None:
    """Play ``state`` to the end with moves drawn from ``chooser``, checking each step.

    ``twin`` (``twin_is`` says what it is, for the messages) must equal ``state`` and
    gets the same action ids: ending elsewhere means the game is not a function of its
    state and the actions, and a replay or a resumed save would go astray.
    """
    game = state.game
    info = game.info
    n = state.num_players
    if state.to_dict() != twin.to_dict():
        raise _fail(f"{twin_is} differs from the state", state)
    steps = 0
    seen = _Seen()
    while not state.is_terminal():
        player = state.current_player
        if not 0 <= player < n:
            raise _fail(f"current_player {player} is not a seat", state)
        legal = state.legal_actions()
        if not legal:
            raise _fail("no legal action in a non-terminal state", state)
        ids = [a.id for a in legal]
        if len(set(ids)) != len(ids):
            raise _fail(f"duplicate action ids {ids}", state)
        for a in legal:
            if not 0 <= a.id < info.num_distinct_actions:
                raise _fail(f"action id {a.id} out of range", state)
            if game.action_from_id(a.id) != a:
                raise _fail(f"action_from_id({a.id}) does not give {a}", state)
        if steps % deep_every == 0:
            _deep_checks(game, state, legal, chooser, seen)
        action = legal[chooser.randrange(len(legal))]
        state.apply(action)
        twin.apply(action.id)
        steps += 1
        if len(state.history) > info.max_game_length:  # a saved state's moves count too
            raise _fail(f"game exceeds max_game_length {info.max_game_length}", state)
    if state.current_player != TERMINAL:
        raise _fail("terminal state has a current player", state)
    if state.legal_actions():
        raise _fail("terminal state has legal actions", state)
    returns = state.returns()
    if len(returns) != n:
        raise _fail(f"returns has {len(returns)} entries for {n} players", state)
    for r in returns:
        if not info.min_utility <= r <= info.max_utility:
            raise _fail(f"return {r} outside [{info.min_utility}, {info.max_utility}]", state)
    if twin.to_dict() != state.to_dict():
        raise _fail(f"replaying the same actions on {twin_is} gave another state", state)
    try:
        state.apply(0)
    except IllegalActionError:
        pass
    else:
        raise _fail("an action was accepted after the end", state)
    _deep_checks(game, state, [], chooser, seen, whole_log=True)
    for event in state.log:
        if event.seq in seen.texts and _event_text(event) != seen.texts[event.seq]:
            raise _fail(f"log event {event.seq} ({event.kind}) changed after it was logged", state)
    report.games += 1
    report.steps += steps
    report.lengths.append(steps)
    report.events.update(e.kind for e in state.log)


def _event_text(event: Any) -> str:
    return json.dumps(event.to_dict(), sort_keys=True)


@dataclass
class _Seen:
    """What one game's deep checks have read of its log: its first ``events`` events
    (``last`` the last of them), their text as first read (by ``seq``), which must
    never change, and those each seat may see. Each check reads only the events since
    the last: reading a long game's log costs time in proportion to its length, not to
    its square."""

    events: int = 0
    last: Any = None
    texts: dict[int, str] = field(default_factory=dict)
    visible: dict[int, list[Any]] = field(default_factory=dict)

    def read(self, state: State) -> list[Any]:
        """The events logged since the last read (all of them again if the log is no
        longer what was read, with more at its end)."""
        events = state.log
        if self.events and (len(events) < self.events or events[self.events - 1] is not self.last):
            self.events, self.visible = 0, {}
        fresh = events[self.events :]
        for event in fresh:
            self.texts.setdefault(event.seq, _event_text(event))
            for p in range(state.num_players):
                if event.visible(p):
                    self.visible.setdefault(p, []).append(event)
        self.events = len(events)
        self.last = events[-1] if events else None
        return fresh

    def tail(self, player: int, size: int = 40) -> list[Any]:
        """:func:`_tail` of the state read, from the events ``player`` may see."""
        events = self.visible.get(player, [])
        return [len(events), *(e.to_dict() for e in events[-size:])]


def _snapshot(state: State) -> dict[str, Any]:
    """``to_dict`` without the log (compared by length): cheap enough for every check."""
    snap = state.to_dict(include_log=False)
    snap["log"] = len(state.log)
    return snap


def _tail(state: State, player: int | None, size: int = 40) -> list[dict[str, Any]]:
    events = state.log_for(player)
    return [len(events), *(e.to_dict() for e in events[-size:])]  # type: ignore[list-item]


def _deep_checks(
    game: Game[Any],
    state: State,
    legal: list[Any],
    chooser: Rng,
    seen: _Seen,
    *,
    whole_log: bool = False,
) -> None:
    """The costly checks. The round trip through ``to_dict``, JSON and
    ``state_from_dict`` carries the log events since the last check (all of them with
    ``whole_log``, as at the end): each event is checked once, with the state it
    came with, and the events before were checked with theirs."""
    data = state.to_dict(include_log=False)
    before = {**data, "log": len(state.log)}  # what _snapshot gives
    fresh = seen.read(state)
    if state.keeps_log:
        data["log"] = [e.to_dict() for e in (state.log if whole_log else fresh)]
    try:
        text = json.dumps(data)
    except TypeError as exc:
        raise _fail(f"to_dict is not JSON-serialisable: {exc}", state) from None
    restored = game.state_from_dict(json.loads(text))
    for garbage in _accepted(game.state_from_dict, NOT_STATE_DATA, StateFormatError):
        raise _fail(f"state_from_dict accepted {garbage!r}", state)
    if restored.to_dict(include_log=data["log"] is not None) != data:
        raise _fail("to_dict/state_from_dict round trip changed the state", state)
    if [a.id for a in restored.legal_actions()] != [a.id for a in legal]:
        raise _fail("restored state has other legal actions", state)

    for p in [None, *range(state.num_players)]:
        view = state.view(p)
        try:
            json.dumps(view)
        except TypeError as exc:
            raise _fail(f"view({p}) is not JSON-serialisable: {exc}", state) from None
        for event in state.log_for(p, max(0, len(state.log) - 40)):
            if not event.visible(p):
                raise _fail(f"log_for({p}) returned a hidden event", state)
        if p is None:
            continue
        det = state.determinize(p, chooser.derive())
        if det.view(p) != view:
            raise _fail(f"view({p}) changed when others' hidden information was re-sampled", state)
        if _tail(det, p) != seen.tail(p):
            raise _fail(f"log_for({p}) changed under determinization", state)
        if det.current_player != state.current_player:
            raise _fail("determinization changed the current player", state)
        if not det.is_terminal():
            det_legal = det.legal_actions()
            if not det_legal:
                raise _fail("determinized state has no legal action", state)
            if p == state.current_player and [a.id for a in det_legal] != [a.id for a in legal]:
                raise _fail("determinization changed the observer's own legal actions", state)
            det.apply(det_legal[chooser.randrange(len(det_legal))])
    if _snapshot(state) != before:
        raise _fail("determinizing or viewing changed the state", state)

    if legal:
        clone = state.clone()
        clone.apply(legal[chooser.randrange(len(legal))])
        if _snapshot(state) != before:
            raise _fail("applying an action to a clone changed the original", state)
        legal_ids = {a.id for a in legal}
        illegal = [i for i in range(game.info.num_distinct_actions) if i not in legal_ids]
        if illegal:
            bad = illegal[chooser.randrange(len(illegal))]
            try:
                state.apply(bad)
            except IllegalActionError as exc:
                if not str(exc):
                    raise _fail("IllegalActionError without a message", state) from None
            else:
                raise _fail(f"illegal action id {bad} was accepted", state)
            if _snapshot(state) != before:
                raise _fail("a rejected action changed the state", state)
        for garbage in _accepted(state.apply, NOT_ACTIONS, IllegalActionError):
            raise _fail(f"{garbage!r} was accepted as an action", state)
        if _snapshot(state) != before:
            raise _fail("a value that is no action changed the state", state)

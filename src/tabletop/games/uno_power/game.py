"""UNO Power as a :class:`~tabletop.core.game.Game`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from tabletop.core.action import Action
from tabletop.core.decisions import Decision
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.game import Game, GameInfo, Sampler, State
from tabletop.core.package_texts import PackageTexts
from tabletop.core.rng import Rng
from tabletop.games.uno_power import describe, position
from tabletop.games.uno_power.actions import ActionTable
from tabletop.games.uno_power.belief import HandBelief
from tabletop.games.uno_power.cards import (
    DRAW1,
    DRAW2,
    GRAB2,
    ICON_MEANING,
    NUM_COLOURS,
    NUM_SYMBOLS,
    REVERSE,
    SKIP,
    WILD_DRAW4,
    WILD_GRAB,
    CardTable,
    card_table,
)
from tabletop.games.uno_power.options import UnoPowerOptions
from tabletop.games.uno_power.phases import (
    ASK_PLAY_DRAWN,
)
from tabletop.games.uno_power.state import UnoPowerState

MIN_PLAYERS = 2
MAX_PLAYERS = 6


class UnoPowerGame(PackageTexts, Game[UnoPowerOptions]):
    """UNO Power for 2-6 players, a match to 500 points by default.

    >>> import tabletop
    >>> game = tabletop.make("uno-power", target_score="single_round")
    >>> state = game.new_state(2, seed=5)
    >>> sorted({a.label.split()[0] for a in state.legal_actions()}) <= ["draw", "play"]
    True
    """

    id = "uno-power"
    title = "UNO Power"
    options_type = UnoPowerOptions
    text_package = "tabletop.games.uno_power"

    def __init__(self, options: UnoPowerOptions | None = None, **values: Any) -> None:
        super().__init__(options, **values)
        opts = self.options
        self.cards: CardTable = card_table(opts.icon_table, opts.card_points)
        self.table: ActionTable = _action_table(self.cards)
        # The ways to play each kind, indexed by "the play leaves one card": then the
        # versions that call UNO too, where the call is enforced.
        enforced = opts.uno_call == "enforced"
        table = self.table
        self.plays: tuple[tuple[tuple[Action, ...], ...], ...] = (
            table.play,
            table.play_both if enforced else table.play,
        )
        # The Wild Draw Four restriction is checked by a challenge when challenges
        # are on (so bluffing is possible), and as a legality rule when they are off.
        self.wd4_challenge: bool = opts.wd4_restriction and opts.wd4_challenge
        self.wd4_enforced: bool = opts.wd4_restriction and not opts.wd4_challenge
        cards = self.cards
        # The kinds playable on each top card: match[colour * num_kinds + top kind]
        # (the colour in play, named for a wild). With icon_rule="forbid_meaning" an
        # icon card refuses the card its icon stands for. Past those rows, one per
        # colour: a Grab Two Towers turned up first, under first_grab_two="colour_only"
        # (only cards of its colour, during the first turn: see legal.match_row).
        forbid = opts.icon_rule == "forbid_meaning"
        rows: list[int] = []
        for c in range(NUM_COLOURS):
            for k in range(cards.num_kinds):
                playable = cards.match[c * NUM_SYMBOLS + cards.symbol[k]]
                if forbid and cards.icon[k] >= 0:
                    playable &= ~cards.symbol_mask[ICON_MEANING[cards.icon[k]]]
                rows.append(playable)
        self.num_kinds: int = cards.num_kinds
        self.first_grab_row: int = len(rows) if opts.first_grab_two == "colour_only" else -1
        rows += cards.colour_mask
        self.match: tuple[int, ...] = tuple(rows)
        # Cards that may move towers, and cards whose effect touches the next player.
        self.grabs: tuple[bool, ...] = tuple(
            cards.icon[k] >= 0 or cards.symbol[k] in (GRAB2, WILD_GRAB)
            for k in range(cards.num_kinds)
        )
        self.targets: tuple[bool, ...] = tuple(
            cards.symbol[k] in (DRAW1, DRAW2, SKIP, REVERSE, WILD_DRAW4)
            for k in range(cards.num_kinds)
        )
        self.turn_limit = opts.round_turn_limit
        # The "play the card you drew?" decisions, by seat and card (immutable, shared).
        self.play_drawn: tuple[tuple[Decision, ...], ...] = tuple(
            tuple(Decision(ASK_PLAY_DRAWN, p, (k,)) for k in range(cards.num_kinds))
            for p in range(MAX_PLAYERS)
        )
        # Legal lists of normal turns, keyed by playable set and "leaves one card".
        self.turn_actions: dict[int, list[Action]] = {}
        # A number with an icon whose grab needs no decision: its tower, else -1.
        self.auto_icon: tuple[int, ...] = tuple(
            cards.icon[k]
            if cards.icon[k] >= 0
            and opts.icon_grab == "automatic"
            and not opts.jump_in
            and not (opts.seven_swap and cards.symbol[k] == 7)
            else -1
            for k in range(cards.num_kinds)
        )
        # A played card takes the fast path when it has no effect at all.
        self.fast_path: tuple[bool, ...] = tuple(
            plain and not opts.jump_in and not (opts.seven_swap and self.cards.symbol[k] == 7)
            for k, plain in enumerate(self.cards.plain)
        )

    @cached_property
    def play_drawn_actions(self) -> tuple[list[Action], ...]:
        """The legal lists of "play the card you drew?", at ``2 * kind + leaves_one``.

        Built once, like the turn lists, since a fifth of a random game's decisions
        are this one.
        """
        lists = []
        for k in range(self.cards.num_kinds):
            for plays in self.plays:  # leaves_one False, then True
                legal = list(plays[k])
                if not self.options.forced_play_drawn:
                    legal.append(self.table.keep)
                lists.append(legal)
        return tuple(lists)

    def belief(self, state: State, observer: int, rng: Rng) -> Sampler | None:
        """Hands weighted by the seats' plays this round (:mod:`.belief`)."""
        assert isinstance(state, UnoPowerState)
        return HandBelief(state, observer, rng).sample

    @cached_property
    def info(self) -> GameInfo:
        opts = self.options
        target = 1 if opts.target_score == "single_round" else int(opts.target_score)
        # Every round adds at least one point to somebody's total (rounds end with
        # cards in the others' hands), so the rounds are bounded; each turn of a
        # round holds at most a handful of decisions per player.
        max_rounds = target * MAX_PLAYERS + 1
        per_turn = 4 * MAX_PLAYERS + 8
        return GameInfo(
            id=self.id,
            title=self.title,
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
            num_distinct_actions=len(self.table.actions),
            max_game_length=max_rounds * (opts.round_turn_limit + 2) * per_turn,
            break_after=("round_end",),
        )

    @property
    def actions(self) -> tuple[Action, ...]:
        return self.table.actions

    def action_data(self, action_id: int) -> dict[str, Any]:
        self.action_from_id(action_id)
        return self.table.data(action_id)

    def new_state(
        self, num_players: int, seed: int | None = None, *, log: bool = True
    ) -> UnoPowerState:
        self.check_num_players(num_players)
        if self.options.partners and num_players != 4:
            raise InvalidOptionsError("partners", "partners needs exactly 4 players")
        return UnoPowerState.new(
            self, num_players, self.fresh_seed() if seed is None else seed, log
        )

    def decision_texts(self) -> tuple[str, ...]:
        """What each decision asks (the view's ``decision.text``)."""
        from tabletop.games.uno_power.phases import ASK_TEXT
        from tabletop.games.uno_power.view import TURN_TEXT

        return (TURN_TEXT, *ASK_TEXT.values())

    def position(self, spec: Mapping[str, Any]) -> UnoPowerState:
        return position.build(self, spec)

    def describe(self, state: State) -> dict[str, Any]:
        assert isinstance(state, UnoPowerState)
        return describe.describe(state)

    def situation(self, state: State) -> dict[str, Any]:
        assert isinstance(state, UnoPowerState)
        return describe.situation(state, super().situation(state))

    def state_from_dict(self, data: dict[str, Any]) -> UnoPowerState:
        return UnoPowerState.from_dict(self, data)


_TABLES: dict[int, ActionTable] = {}


def _action_table(cards: CardTable) -> ActionTable:
    key = id(cards)
    if key not in _TABLES:
        _TABLES[key] = ActionTable(cards)
    return _TABLES[key]

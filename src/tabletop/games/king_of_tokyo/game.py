"""King of Tokyo as a :class:`~tabletop.core.game.Game`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from tabletop.core.action import Action
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.game import Game, GameInfo, Sampler, State
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo import position
from tabletop.games.king_of_tokyo.actions import action_table
from tabletop.games.king_of_tokyo.belief import HandBelief
from tabletop.games.king_of_tokyo.cards import card_table
from tabletop.games.king_of_tokyo.constants import RAPID_HEAL_COST, SWEEP_COST
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import load_cards
from tabletop.games.king_of_tokyo.options import (
    BOX_2011,
    BOX_2016,
    MONSTER_NAMES,
    KingOfTokyoOptions,
)
from tabletop.games.king_of_tokyo.preferences import (
    KingOfTokyoPreferences,
    auto_answer,
    open_question,
)
from tabletop.games.king_of_tokyo.state import KingOfTokyoState

if TYPE_CHECKING:
    from tabletop.i18n.logtext import LogMessages
    from tabletop.i18n.reader import Reader

# A bound on the decisions of one turn, for ``max_game_length``: rolls and extra
# rolls, die changes, heart dice, yields, purchases, Opportunist answers, sales and
# prevention windows. Energy bounds purchases and extra rolls; see ``max_game_length``.
DECISIONS_PER_TURN = 400


class KingOfTokyoGame(Game[KingOfTokyoOptions]):
    """King of Tokyo (Richard Garfield, IELLO) for 2 to 6 monsters.

    >>> import tabletop
    >>> game = tabletop.make("king-of-tokyo", first_player="0", monsters="kraken,the_king")
    >>> state = game.new_state(2, seed=1)
    >>> state.view(0)["monsters"][1]["name"], state.current_player
    ('The King', 0)
    """

    id = "king-of-tokyo"
    title = "King of Tokyo"
    options_type = KingOfTokyoOptions
    preferences_type = KingOfTokyoPreferences

    def __init__(self, options: KingOfTokyoOptions | None = None, **values: Any) -> None:
        super().__init__(options, **values)
        load_cards()  # the card modules register at the rules' hooks (once)
        opts = self.options
        self.cards = card_table(opts.edition)
        self.table = action_table(opts.edition)
        self.box = BOX_2011 if opts.edition == "2011" else BOX_2016
        self.claw_rule = opts.rule("extra_damage") == "claw"
        self.claw_entry = opts.rule("tokyo_entry") == "claw"
        self.immediate_end = opts.rule("game_end") == "immediate"
        self.underdog_any_turn = opts.rule("underdog_turns") == "any"
        # Below this much energy nothing is for sale: no card, no sweep, no Rapid Healing
        # (without a discount).
        self.cheapest_buy = min(*self.cards.cost, SWEEP_COST, RAPID_HEAL_COST)

    def auto_answer(self, state: State, seat: int, preferences: Any) -> tuple[Action | None, Any]:
        assert isinstance(state, KingOfTokyoState)
        return auto_answer(state, seat, preferences)

    def open_question(self, state: State) -> bool:
        assert isinstance(state, KingOfTokyoState)
        return open_question(state)

    def belief(self, state: State, observer: int, rng: Rng) -> Sampler | None:
        """Evolution hands weighted by what the monsters did with theirs (:mod:`.belief`),
        with Power Up! and an opponent holding some; else ``None`` (a uniform deal)."""
        assert isinstance(state, KingOfTokyoState)
        pu = state.pu
        if pu is None or not any(pu.hand[p] for p in range(state.num_players) if p != observer):
            return None
        return HandBelief(state, observer, rng).sample

    def explain(
        self, state: State, player: int, action: Action, reader: Reader | None = None
    ) -> str | None:
        assert isinstance(state, KingOfTokyoState)
        # Imported here: hints read the catalogs, which a game without hints never loads.
        from tabletop.games.king_of_tokyo.explain import explain as explain_action

        return explain_action(state, player, action, reader)

    def monster_name(self, key: str) -> str:
        name = MONSTER_NAMES[key]
        if key == "giga_zaur" and self.options.edition == "2016":
            return "Gigazaur"
        return name

    def log_messages(self) -> LogMessages:
        """The log's templates (:mod:`.log_text`), built once."""
        from tabletop.games.king_of_tokyo.log_text import log_messages

        return log_messages()

    def action_messages(self) -> LogMessages:
        """The action labels' templates (:mod:`.action_text`), built once."""
        from tabletop.games.king_of_tokyo.action_text import action_messages

        return action_messages()

    def decision_texts(self) -> tuple[str, ...]:
        """What each decision asks, and each Evolution's question (``reason``)."""
        from tabletop.games.king_of_tokyo.phases import ASK_TEXT
        from tabletop.games.king_of_tokyo.power_up import QUESTIONS

        return (*ASK_TEXT.values(), *sorted({q.text for q in QUESTIONS.values()}))

    @cached_property
    def _why_keys(self) -> dict[str, str]:
        keys: dict[str, str] = {}
        other = "2016" if self.options.edition == "2011" else "2011"
        for table in (self.cards, card_table(other)):
            for card in table.info:
                keys.setdefault(card.name, card.card.slug)
        for evolution in evolution_table().info:
            keys.setdefault(evolution.name, evolution.id)
        return keys

    def why_key(self, why: str) -> str:
        """The log data's key for the cause ``why`` of a gain or loss: a Power card's
        id for its name, an Evolution's id for its name, else ``why`` itself (a phrase
        of :data:`.log_text.WHY_PHRASES`).

        >>> game = KingOfTokyoGame(edition="2011")
        >>> game.why_key("Omnivore"), game.why_key("Mega Purr"), game.why_key("the dice")
        ('detritivore', 'mega_purr', 'the dice')
        """
        return self._why_keys.get(why, why)

    @cached_property
    def info(self) -> GameInfo:
        return GameInfo(
            id=self.id,
            title=self.title,
            min_players=2,
            max_players=6,
            num_distinct_actions=len(self.table.actions),
            max_game_length=self.options.turn_limit * DECISIONS_PER_TURN,
        )

    @property
    def actions(self) -> tuple[Action, ...]:
        return self.table.actions

    def action_data(self, action_id: int) -> dict[str, Any]:
        self.action_from_id(action_id)
        return self.table.data(action_id)

    def new_state(
        self, num_players: int = 4, seed: int | None = None, *, log: bool = True
    ) -> KingOfTokyoState:
        self.check_num_players(num_players)
        self.options.monster_list(num_players)  # raises for a wrong count
        first = self.options.first_player
        if first.isdigit() and int(first) >= num_players:
            raise InvalidOptionsError(
                "first_player",
                "seat number {number} (value {first!r}) is not a seat of this "
                "{players}-player game",
                number=int(first) + 1,
                first=first,
                players=num_players,
            )
        return KingOfTokyoState.new(
            self, num_players, self.fresh_seed() if seed is None else seed, log
        )

    def position(self, spec: Mapping[str, Any]) -> KingOfTokyoState:
        return position.build(self, spec)

    def describe(self, state: State) -> dict[str, Any]:
        """The position fields that build ``state`` again (docs/positions.md); raises
        :class:`~tabletop.core.positions.PositionError` where no field can say it."""
        assert isinstance(state, KingOfTokyoState)
        from tabletop.games.king_of_tokyo.position_describe import describe

        return describe(self, state)

    def script_chance(
        self, fields: dict[str, Any], state: State, actions: Sequence[Action]
    ) -> dict[str, Any]:
        """``fields`` with the dice that ``actions`` roll from ``state`` added to
        ``next_dice`` (docs/positions.md, "From a saved state or a record")."""
        assert isinstance(state, KingOfTokyoState)
        from tabletop.games.king_of_tokyo.position_describe import script_dice

        return script_dice(fields, state, actions)

    def state_from_dict(self, data: dict[str, Any]) -> KingOfTokyoState:
        return KingOfTokyoState.from_dict(self, data)

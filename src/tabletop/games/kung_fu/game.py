"""Kung Fu as a :class:`~tabletop.core.game.Game`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property, lru_cache
from typing import Any

from tabletop.core.action import Action
from tabletop.core.bits import bits
from tabletop.core.decisions import Decision
from tabletop.core.game import Game, GameInfo, Sampler, State
from tabletop.core.package_texts import PackageTexts
from tabletop.core.rng import Rng
from tabletop.games.kung_fu import describe, position
from tabletop.games.kung_fu.actions import DRAW_CHOICES, ActionTable
from tabletop.games.kung_fu.belief import HandBelief
from tabletop.games.kung_fu.cards import BLUE, RED, CardTable, Effect, EffectSpec
from tabletop.games.kung_fu.deck_file import PACKAGED_DECKS, load_deck
from tabletop.games.kung_fu.options import KungFuOptions
from tabletop.games.kung_fu.phases import Ask
from tabletop.games.kung_fu.state import INITIATIVE_DRAW, KungFuState

NUM_PLAYERS = 2


PROVISIONAL_DECK_NOTICE = (
    "The Kung Fu deck shipped with the game is provisional: the real card list was not "
    "available, so every card's name, values and effects are assumptions. If you own the "
    "game, enter its cards in a deck file and play with the option deck=PATH (the schema is "
    "in docs/games/kung-fu.md#entering-the-real-cards)."
)
"""What :attr:`KungFuGame.notice` says while ``deck="default"``."""


class KungFuGame(PackageTexts, Game[KungFuOptions]):
    """Kung Fu (Palm & Zach, White Goblin Games, 2013) for exactly two players.

    The shipped deck is provisional (no public card list was found); pass
    ``deck=PATH`` to play with another card list.

    >>> import tabletop
    >>> game = tabletop.make("kung-fu", first_player="0")
    >>> state = game.new_state(2, seed=1)
    >>> state.current_player, state.view(0)["phase"]
    (0, 'initiative')
    """

    id = "kung-fu"
    title = "Kung Fu"
    options_type = KungFuOptions
    text_package = "tabletop.games.kung_fu"

    @property
    def notice(self) -> str | None:
        """A warning while a provisional packaged deck is in use (``"default"``, ``"balanced"``)."""
        if self.options.deck not in PACKAGED_DECKS:
            return None
        return PROVISIONAL_DECK_NOTICE

    def __init__(self, options: KungFuOptions | None = None, **values: Any) -> None:
        super().__init__(options, **values)
        opts = self.options
        cards = self.cards = load_deck(opts.deck)
        table = self.table = _action_table(cards)
        self.red_mask = cards.colour_mask[RED]
        self.blue_mask = cards.colour_mask[BLUE]
        self.sequential = opts.draw_split == "sequential"
        self.reshuffle = opts.reshuffle_on_empty
        self.minimal_payment = opts.payment == "minimal"
        self.facedown_may = opts.facedown_draw == "may"
        # The effects that resolve after the comparison, with lose2's target set
        # by the option (R12).
        target = opts.lose2_target
        self.post: tuple[tuple[EffectSpec, ...], ...] = tuple(
            tuple(
                EffectSpec(
                    e.kind,
                    e.arrow,
                    e.amount,
                    e.to_self if target == "card" else target == "self",
                )
                if e.kind == Effect.LOSE
                else e
                for e in effects
            )
            for effects in cards.post
        )
        # The cards' texts and labels as this game plays them (lose2's target may be
        # an option).
        lose_to_self = None if target == "card" else target == "self"
        self.texts: tuple[str, ...] = tuple(
            cards.text(k, lose_to_self) for k in range(cards.num_types)
        )
        self.labels: tuple[str, ...] = tuple(
            cards.label(k, lose_to_self) for k in range(cards.num_types)
        )
        # Shared immutable decisions and legal lists.
        self.ask_attack = tuple(Decision(Ask.ATTACK, p) for p in range(NUM_PLAYERS))
        self.ask_parry = tuple(Decision(Ask.PARRY, p) for p in range(NUM_PLAYERS))
        self.ask_choice = tuple(Decision(Ask.CHOICE, p) for p in range(NUM_PLAYERS))
        self.ask_activate = tuple(
            tuple(Decision(Ask.ACTIVATE, p, (side,)) for p in range(NUM_PLAYERS)) for side in (0, 1)
        )
        self.ask_draw = tuple(
            tuple(Decision(Ask.DRAW, p, (n,)) for n in range(DRAW_CHOICES))
            for p in range(NUM_PLAYERS)
        )
        self.draw_options: tuple[tuple[list[Action], ...], ...] = tuple(
            tuple(list(table.draw_red[lo : hi + 1]) for hi in range(DRAW_CHOICES))
            for lo in range(DRAW_CHOICES)
        )
        # After a face-down attack (facedown_draw="may"): draw a blue card (r = 0) or a
        # red one (r = 1), as the piles allow, or not; at [lo][hi] like draw_options.
        self.ask_facedown = tuple(Decision(Ask.FACEDOWN_DRAW, p, (1,)) for p in range(NUM_PLAYERS))
        self.facedown_options: tuple[tuple[list[Action], ...], ...] = tuple(
            tuple([*table.draw_red[lo : hi + 1], table.no_draw] for hi in range(2))
            for lo in range(2)
        )
        self.activate_actions = [table.activate, table.decline]
        self.choice_actions = [table.take_initiative, table.draw_difference]
        self.attack_actions: dict[int, list[Action]] = {}
        self.parry_actions: dict[int, list[Action]] = {}

    def describe_card(self, k: int) -> dict[str, Any]:
        """Card type ``k`` for views and logs (``CardTable.describe``), its ``text`` and
        ``label`` as this game's options play it."""
        out = self.cards.describe(k)
        out["text"] = self.texts[k]
        out["label"] = self.labels[k]
        return out

    def belief(self, state: State, observer: int, rng: Rng) -> Sampler | None:
        """The opponent's hand weighted by its attacks and parries (:mod:`.belief`)."""
        assert isinstance(state, KungFuState)
        return HandBelief(state, observer, rng).sample

    def build_attack_actions(self, key: int) -> list[Action]:
        """Attack choices for ``key`` = red types held << 1 | may pass (memoised)."""
        table = self.table
        legal: list[Action] = []
        for k in bits(key >> 1):
            legal.append(table.attack[k])
            legal.append(table.attack_down[k])
        if key & 1:
            legal.append(table.pass_)
        self.attack_actions[key] = legal
        return legal

    def build_parry_actions(self, mask: int) -> list[Action]:
        """Parry choices for the blue types held (memoised)."""
        parry = self.table.parry
        legal = [parry[k] for k in bits(mask)]
        self.parry_actions[mask] = legal
        return legal

    @cached_property
    def info(self) -> GameInfo:
        return GameInfo(
            id=self.id,
            title=self.title,
            min_players=NUM_PLAYERS,
            max_players=NUM_PLAYERS,
            num_distinct_actions=len(self.table.actions),
            max_game_length=self.options.round_limit * self.max_decisions_per_round() + 1,
        )

    def max_decisions_per_round(self) -> int:
        """A true bound on the decisions of one round (for ``max_game_length``).

        Phase A: each voluntary pass and each change of initiative (with its draw):
        a number per player, or with ``max_voluntary_passes=-1`` at most ``cards / 3``
        in all, since each one draws 3 cards and needs them there; forced handovers
        each draw at least one card, or lead to an attack or the stalemate, so there
        are at most ``cards + 2`` of them. Then the face-down draw (one decision,
        drawing or not), the parry, two activation windows with one payment decision per coin,
        the effects (a draw or a choice each), the defender's choice with its draw,
        and the switch's draw.
        """
        cards = self.cards
        opts = self.options
        seq = self.sequential

        def draws(n: int) -> int:
            return n if seq else 1

        if opts.max_voluntary_passes < 0:
            handovers = cards.total_cards // INITIATIVE_DRAW
        else:
            handovers = 2 * opts.max_voluntary_passes
        passes = handovers * (1 + draws(INITIATIVE_DRAW))
        forced = (cards.total_cards + 2) * draws(INITIATIVE_DRAW)
        attack = 1 + draws(1)
        parry = 1
        activation = 2 * (1 + cards.max_cost)
        effects = 2 * cards.max_effects * max(1, draws(cards.max_amount))
        choice = 1 + draws(DRAW_CHOICES - 1)
        switch = draws(INITIATIVE_DRAW)
        return passes + forced + attack + parry + activation + effects + choice + switch

    @property
    def actions(self) -> tuple[Action, ...]:
        return self.table.actions

    def action_data(self, action_id: int) -> dict[str, Any]:
        self.action_from_id(action_id)
        return self.table.data(action_id)

    def new_state(
        self, num_players: int = NUM_PLAYERS, seed: int | None = None, *, log: bool = True
    ) -> KungFuState:
        self.check_num_players(num_players)
        return KungFuState.new(self, num_players, self.fresh_seed() if seed is None else seed, log)

    def position(self, spec: Mapping[str, Any]) -> KungFuState:
        return position.build(self, spec)

    def describe(self, state: State) -> dict[str, Any]:
        assert isinstance(state, KungFuState)
        return describe.describe(state)

    def state_from_dict(self, data: dict[str, Any]) -> KungFuState:
        return KungFuState.from_dict(self, data)


@lru_cache(maxsize=32)
def _action_table(cards: CardTable) -> ActionTable:
    """One action table per loaded deck, shared by its games (as many kept as
    :func:`~.deck_file.parse_deck` keeps decks; a compiled ``CardTable`` cannot be
    weakly referenced)."""
    return ActionTable(cards)

"""King of Tokyo's observer: every monster's board, the row, the discard pile, the
dice, the decision, and Power Up!'s Evolutions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from librt.vecs import vec
from mypy_extensions import mypyc_attr

from tabletop.core.game import Game, State
from tabletop.games.king_of_tokyo.phases import ASK_NAMES as KOT_ASK_NAMES
from tabletop.games.king_of_tokyo.phases import PHASE_NAMES as KOT_PHASE_NAMES
from tabletop.games.king_of_tokyo.view import bay_open, location_of
from tabletop.rl.observers.base import Buffer, Field, Observer, Row

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


_KOT_PHASES = ("setup", "start", "roll", "resolve", "yield", "enter", "buy", "end", "over")
_KOT_DECISIONS = (
    "roll",
    "psychic_probe",
    "change_dice",
    "heart_dice",
    "yield",
    "buy",
    "opportunist",
    "mimic",
    "move_mimic",
    "charge_batteries",
    "metamorph",
    "prevent_damage",
    "keep_evolution",
    "play_evolution",
    "draft_evolution",
    "evolution_question",
    "freeze_time",
    "rapid_healing",
)
_KOT_LOCATIONS = ("outside", "city", "bay")
# Decisions whose view ``amount`` is a number of hearts or heart dice (for
# ``charge_batteries`` the view's ``amount`` is the card being charged, not a count).
_KOT_AMOUNT_KINDS = frozenset(("heart_dice", "prevent_damage"))
# Caps of the counts the rules do not bound (energy hoards, stars won in one step
# past 20, tokens): the encoding clips at these values.
KOT_STAR_CAP = 40
KOT_ENERGY_CAP = 60
KOT_TOKEN_CAP = 12
KOT_EVOLUTION_HAND_CAP = 16


@mypyc_attr(allow_interpreted_subclasses=True)  # a user's observer may extend it
class KingOfTokyoObserver(Observer):
    """King of Tokyo: every monster's board, the row, the discard pile and the dice.

    Everything but the deck order is public, so the observation is the same for
    every seat up to the rotation of the per-seat fields (``max_seats = 6`` entries
    each; ``seat_present`` marks the seats in play), the seat's own row costs
    (Alien Origin) and the deck's top card, which a Made in a Lab owner sees in its
    own Buy phase. Card types are :class:`~tabletop.games.king_of_tokyo.cards.Card`
    numbers; counts the rules leave unbounded (stars, energy, tokens, battery
    energy, the hearts of a hit) are clipped at the documented maximum.
    """

    max_seats = 6

    def __init__(self, game: Game[Any]) -> None:
        from tabletop.games.king_of_tokyo.actions import ROW_SIZE
        from tabletop.games.king_of_tokyo.cards import NUM_INSTANCES, NUM_TYPES, Card
        from tabletop.games.king_of_tokyo.constants import ROLLS
        from tabletop.games.king_of_tokyo.dice import FACE_NAMES, MAX_DICE, NUM_FACES
        from tabletop.games.king_of_tokyo.evolutions import evolution_table
        from tabletop.games.king_of_tokyo.monster import HEART_CAP
        from tabletop.games.king_of_tokyo.power_up import WINDOW_NAMES

        cards = game.cards  # type: ignore[attr-defined]
        t = NUM_TYPES
        s = self.max_seats
        e = len(evolution_table().info)
        copies = float(max(info.count for info in cards.info))
        # Giant Brain and a Mimic copy of it: two extra rolls, the first roll made.
        rolls_high = float(ROLLS + 2 - 1)
        super().__init__(
            game,
            [
                Field("seat_present", s, 1, "1 for each relative seat in the game"),
                Field("alive", s, 1, "1 for each relative seat still in the game"),
                Field("hearts", s, float(HEART_CAP), "hearts of each relative seat"),
                Field("max_hearts", s, float(HEART_CAP), "maximum hearts of each relative seat"),
                Field(
                    "stars",
                    s,
                    float(KOT_STAR_CAP),
                    f"stars of each relative seat (clipped at {KOT_STAR_CAP})",
                ),
                Field(
                    "energy",
                    s,
                    float(KOT_ENERGY_CAP),
                    f"energy of each relative seat (clipped at {KOT_ENERGY_CAP})",
                ),
                Field("location", 3 * s, 1, "one-hot outside, city, bay: 3 per relative seat"),
                Field(
                    "poison",
                    s,
                    float(KOT_TOKEN_CAP),
                    f"Poison tokens of each relative seat (clipped at {KOT_TOKEN_CAP})",
                ),
                Field(
                    "shrink",
                    s,
                    float(KOT_TOKEN_CAP),
                    f"Shrink tokens of each relative seat (clipped at {KOT_TOKEN_CAP})",
                ),
                Field("wings_active", s, 1, "1 when Wings protects the seat this turn"),
                Field(
                    "cards",
                    t * s,
                    copies,
                    "Keep cards owned (Mimic included): copies per type, 64 per seat",
                ),
                Field(
                    "mimic",
                    t * s,
                    1,
                    "one-hot type of the card the seat's Mimic copies, 64 per seat",
                ),
                Field("smoke", s, 6, "Smoke counters on the seat's cards"),
                Field(
                    "batteries",
                    s,
                    float(KOT_ENERGY_CAP),
                    f"energy on the seat's Battery Monster cards (clipped at {KOT_ENERGY_CAP})",
                ),
                Field("row", t * ROW_SIZE, 1, "one-hot card type in each row slot: 64 per slot"),
                Field(
                    "row_cost",
                    ROW_SIZE,
                    float(max(cards.cost)),
                    "what the observer pays for each row card",
                ),
                Field("deck_size", 1, float(NUM_INSTANCES), "cards left in the Power deck"),
                Field(
                    "deck_top",
                    t,
                    1,
                    "one-hot type of the deck's top card when we see it (Made in a Lab)",
                ),
                Field("discard", t, copies, "discard pile: copies of each card type"),
                Field(
                    "dice", NUM_FACES, float(MAX_DICE), "dice showing 1, 2, 3, heart, energy, claw"
                ),
                Field("rolls_left", 1, rolls_high, "rerolls left"),
                Field("phase", len(_KOT_PHASES), 1, "one-hot phase of the turn"),
                Field("decision", len(_KOT_DECISIONS), 1, "one-hot kind of the pending decision"),
                Field("decider", s, 1, "one-hot relative seat that must decide"),
                Field(
                    "amount",
                    1,
                    float(HEART_CAP),
                    f"heart dice left, or hearts about to be lost (clipped at {HEART_CAP})",
                ),
                Field("active", s, 1, "one-hot relative seat whose turn it is"),
                Field("bay_open", 1, 1, "1 when Tokyo Bay is in use (5 or more monsters)"),
                # Power Up! (all zero without it)
                Field("evo_hand", e, 1, "Power Up!: the Evolutions in our hand"),
                Field(
                    "evo_table",
                    e * s,
                    1,
                    "Power Up!: face-up permanent Evolutions, 72 per relative seat",
                ),
                Field(
                    "evo_hand_size",
                    s,
                    float(KOT_EVOLUTION_HAND_CAP),
                    f"Power Up!: Evolutions in each hand (clipped at {KOT_EVOLUTION_HAND_CAP})",
                ),
                Field("evo_deck_size", s, 8, "Power Up!: cards in each Evolution deck"),
                Field("evo_drawn", e, 1, "Power Up!: the two Evolutions we drew to keep one"),
                Field("evo_packet", e, 1, "Power Up!: our Mutant Evolution draft packet"),
                Field(
                    "evo_window",
                    len(WINDOW_NAMES),
                    1,
                    "Power Up!: one-hot window of a play_evolution decision",
                ),
                Field("evo_question", e, 1, "Power Up!: one-hot Evolution asking a question"),
                Field(
                    "evo_counters",
                    s,
                    float(KOT_ENERGY_CAP),
                    "Power Up!: counters and energy on each seat's face-up Evolutions "
                    f"(clipped at {KOT_ENERGY_CAP})",
                ),
                Field(
                    "target_token",
                    s * s,
                    1,
                    "Power Up!: who holds each seat's Target Acquired token, 6 per seat",
                ),
                Field(
                    "freeze_ray",
                    s * s,
                    1,
                    "Power Up!: who holds each seat's lent Freeze Ray, 6 per seat",
                ),
                Field("encased_die", NUM_FACES, 1, "Power Up!: the face frozen by Encased in Ice"),
                Field("ufo_cards", s, 3, "Power Up!: Keep cards carrying a UFO token, per seat"),
            ],
        )
        self._type_index: dict[str, int] = {c.slug: int(Card[c.slug.upper()]) for c in Card}
        self._counter_types = (int(Card.SMOKE_CLOUD), int(Card.BATTERY_MONSTER), int(Card.MIMIC))
        # Every field's offset in field order: ``_fill`` unpacks them in this order.
        self._offsets = tuple(self.offset[f.name] for f in self.fields)
        self._phase_index = {name: i for i, name in enumerate(_KOT_PHASES)}
        self._decision_index = {name: i for i, name in enumerate(_KOT_DECISIONS)}
        self._location_index = {name: i for i, name in enumerate(_KOT_LOCATIONS)}
        self._face_index = {name: i for i, name in enumerate(FACE_NAMES)}
        self._num_types = t
        self._amount_cap = HEART_CAP
        self._evolution_index = {ev.id: ev.number for ev in evolution_table().info}
        self._window_index = {name: i for i, name in enumerate(WINDOW_NAMES)}
        self._num_evolutions = e
        self._card_offsets = (self.offset["cards"], self.offset["smoke"], self.offset["batteries"])
        # For the direct encoder: Card numbers by card instance, indices by rule ints.
        self._power_up = game.options.power_up != "off"
        self._instance_type = tuple(int(c) for c in game.cards.instances)  # type: ignore[attr-defined]
        self._stage_index = tuple(self._phase_index[name] for name in KOT_PHASE_NAMES)
        self._ask_index = {kind: self._decision_index[name] for kind, name in KOT_ASK_NAMES.items()}
        self._amount_asks = frozenset(
            kind for kind, name in KOT_ASK_NAMES.items() if name in _KOT_AMOUNT_KINDS
        )

    def _owned_cards(
        self, buf: Buffer | vec[float], r: int, held: list[tuple[int, int]], copied_type: int
    ) -> None:
        """Relative seat ``r``'s cards, as (card type, counters on it) pairs: the type
        counts, and the Smoke and battery counters (the Mimic copies ``copied_type``)."""
        owned, smoke, batteries = self._card_offsets
        smoke_type, battery_type, mimic_type = self._counter_types
        base = owned + self._num_types * r
        charge = 0
        for ct, on_card in held:
            buf[base + ct] += 1
            if on_card:
                # A Mimic card carries the counters of the card it copies.
                kind = copied_type if ct == mimic_type else ct
                if kind == smoke_type:
                    buf[smoke + r] += on_card
                elif kind == battery_type:
                    charge += on_card
        if charge:
            buf[batteries + r] = charge if charge < KOT_ENERGY_CAP else KOT_ENERGY_CAP

    def row(self, state: State, player: int) -> Row:
        # The fields of King of Tokyo's ``build_view``, read from the state, written
        # into a vec (compiled: no Python call per entry). With Power Up! the
        # Evolution fields come from the view, so all of it does.
        if self._power_up:
            return super().row(state, player)
        st: KingOfTokyoState = state  # type: ignore[assignment]
        buf = vec[float]([0.0] * self.size)
        (present, alive, hearts, max_hearts, stars, energy, location, poison, shrink, wings,
         _owned, mimic, _smoke, _batteries, row, row_cost, deck_size, deck_top, discard, dice,
         rolls_left, phase, decision_at, decider, amount, active, bay_open_at,
         *_power_up) = self._offsets  # fmt: skip
        types = self._instance_type
        t = self._num_types
        n = st.num_players
        star_cap, energy_cap, token_cap = KOT_STAR_CAP, KOT_ENERGY_CAP, KOT_TOKEN_CAP
        counters = st.counters
        immune = st.immune
        location_index = self._location_index
        for m in st.monsters:
            seat = m.seat
            r = (seat - player) % n
            buf[present + r] = 1
            if m.alive:
                buf[alive + r] = 1
            buf[hearts + r] = m.hearts
            buf[max_hearts + r] = m.max_hearts
            x = m.stars
            buf[stars + r] = x if x < star_cap else star_cap
            x = m.energy
            buf[energy + r] = x if x < energy_cap else energy_cap
            buf[location + 3 * r + location_index[location_of(st, seat)]] = 1
            x = m.poison
            if x:
                buf[poison + r] = x if x < token_cap else token_cap
            x = m.shrink
            if x:
                buf[shrink + r] = x if x < token_cap else token_cap
            if immune >> seat & 1:
                buf[wings + r] = 1
            copied_type = -1
            if m.mimic >= 0:
                copied_type = types[m.mimic]
                buf[mimic + t * r + copied_type] = 1
            if m.cards:
                held = [(types[c], counters.get(c, 0)) for c in m.cards]
                self._owned_cards(buf, r, held, copied_type)
        for i, c in enumerate(st.row):
            if c >= 0:
                buf[row + t * i + types[c]] = 1
                buf[row_cost + i] = st.cost_for(player, c)
        deck = st.deck
        buf[deck_size] = len(deck)
        if st.top_card_visible_to(player):
            buf[deck_top + types[deck[-1]]] = 1
        for c in st.discard:
            buf[discard + types[c]] += 1
        for f in st.dice:
            buf[dice + f] += 1
        buf[rolls_left] = st.rolls_left
        buf[phase + self._stage_index[st.stage]] = 1
        if st.decisions:
            d = st.decisions[-1]
            buf[decision_at + self._ask_index[d.kind]] = 1
            buf[decider + (d.player - player) % n] = 1
            if d.kind in self._amount_asks:
                x = d.data[0]
                buf[amount] = x if x < self._amount_cap else self._amount_cap
        buf[active + (st.active - player) % n] = 1
        if bay_open(st):
            buf[bay_open_at] = 1
        return buf

    def _fill(self, view: dict[str, Any], player: int, buf: Buffer) -> None:
        # Offsets are read from a tuple once and counts are written as ints (the
        # buffer converts): this runs at every RL step. Caps use comparisons, not min().
        kind = self._type_index
        t = self._num_types
        monsters = view["monsters"]
        n = len(monsters)
        location_index = self._location_index
        (
            present,
            alive,
            hearts,
            max_hearts,
            stars,
            energy,
            location,
            poison,
            shrink,
            wings,
            _owned,
            mimic,
            _smoke,
            _batteries,
            row,
            row_cost,
            deck_size,
            deck_top,
            discard,
            dice,
            rolls_left,
            phase,
            decision_at,
            decider,
            amount,
            active,
            bay_open,
            evo_hand,
            evo_table,
            evo_hand_size,
            evo_deck_size,
            evo_drawn,
            evo_packet,
            evo_window,
            evo_question,
            evo_counters,
            target_token,
            freeze_ray,
            encased_die,
            ufo_cards,
        ) = self._offsets
        star_cap, energy_cap, token_cap = KOT_STAR_CAP, KOT_ENERGY_CAP, KOT_TOKEN_CAP
        for m in monsters:
            r = (m["seat"] - player) % n
            buf[present + r] = 1
            if m["alive"]:
                buf[alive + r] = 1
            buf[hearts + r] = m["hearts"]
            buf[max_hearts + r] = m["max_hearts"]
            x = m["stars"]
            buf[stars + r] = x if x < star_cap else star_cap
            x = m["energy"]
            buf[energy + r] = x if x < energy_cap else energy_cap
            buf[location + 3 * r + location_index[m["location"]]] = 1
            tokens = m["tokens"]
            x = tokens["poison"]
            if x:
                buf[poison + r] = x if x < token_cap else token_cap
            x = tokens["shrink"]
            if x:
                buf[shrink + r] = x if x < token_cap else token_cap
            if m["wings_active"]:
                buf[wings + r] = 1
            copied = m["mimic"]
            copied_type = -1
            if copied is not None:
                copied_type = kind[copied["id"]]
                buf[mimic + t * r + copied_type] = 1
            cards = m["cards"]
            if cards:
                held = [(kind[card["id"]], card.get("counters", 0)) for card in cards]
                self._owned_cards(buf, r, held, copied_type)
        for i, card in enumerate(view["row"]):
            if card is not None:
                buf[row + t * i + kind[card["id"]]] = 1
        costs = view.get("your_costs")
        if costs is not None:
            for i, cost in enumerate(costs):
                if cost is not None:
                    buf[row_cost + i] = cost
        buf[deck_size] = view["deck_size"]
        top = view.get("deck_top")
        if top is not None:
            buf[deck_top + kind[top["id"]]] = 1
        for cid in view["discard"]:
            buf[discard + kind[cid]] += 1
        face = self._face_index
        for f in view["dice"]:
            buf[dice + face[f]] += 1
        buf[rolls_left] = view["rolls_left"]
        buf[phase + self._phase_index[view["phase"]]] = 1
        decision = view["decision"]
        if decision is not None:
            name = decision["kind"]
            buf[decision_at + self._decision_index[name]] = 1
            buf[decider + (decision["player"] - player) % n] = 1
            if name in _KOT_AMOUNT_KINDS and "amount" in decision:
                x = decision["amount"]
                buf[amount] = x if x < self._amount_cap else self._amount_cap
        buf[active + (view["active"] - player) % n] = 1
        if view["tokyo"]["bay_open"]:
            buf[bay_open] = 1
        if view.get("power_up", "off") == "off":
            return
        ev = self._evolution_index
        e = self._num_evolutions
        hand_cap = KOT_EVOLUTION_HAND_CAP
        for m in monsters:
            r = (m["seat"] - player) % n
            mine = m["evolutions"]
            x = mine["hand_size"]
            buf[evo_hand_size + r] = x if x < hand_cap else hand_cap
            buf[evo_deck_size + r] = mine["deck_size"]
            for card in mine["table"]:
                buf[evo_table + e * r + ev[card["id"]]] = 1
            for card in mine.get("hand", ()):
                buf[evo_hand + ev[card["id"]]] = 1
            for card in mine.get("packet", ()):
                buf[evo_packet + ev[card["id"]]] = 1
            counters = mine.get("counters")
            if counters:
                x = sum(counters.values())
                buf[evo_counters + r] = x if x < energy_cap else energy_cap
            holder = mine.get("target_token")
            if holder is not None:
                buf[target_token + self.max_seats * r + (holder - player) % n] = 1
            holder = mine.get("freeze_ray_lent_to")
            if holder is not None:
                buf[freeze_ray + self.max_seats * r + (holder - player) % n] = 1
            frozen = mine.get("encased_die")
            if frozen is not None:
                buf[encased_die + face[frozen]] = 1
            ufo = mine.get("ufo_cards")
            if ufo:
                buf[ufo_cards + r] = len(ufo)
        if decision is not None:
            for card in decision.get("drawn", ()):
                buf[evo_drawn + ev[card["id"]]] = 1
            window = decision.get("window")
            if window is not None:
                buf[evo_window + self._window_index[window]] = 1
            asking = decision.get("evolution")
            if asking is not None:
                buf[evo_question + ev[asking]] = 1

    def _text(self, view: dict[str, Any], player: int | None) -> str:
        who = "spectator" if player is None else f"player {player}"
        decision = view["decision"]
        if decision is None:
            ask = f"over, winners {view['winners']}"
        else:
            ask = f"{decision['kind']} for player {decision['player']}"
            if decision["kind"] in _KOT_AMOUNT_KINDS and "amount" in decision:
                ask += f" ({decision['amount']})"
        tokyo = view["tokyo"]
        city = "-" if tokyo["city"] is None else f"player {tokyo['city']}"
        bay = "-" if tokyo["bay"] is None else f"player {tokyo['bay']}"
        dice = ", ".join(view["dice"]) or "none"
        lines = [
            f"King of Tokyo, {who}'s view, turn {view['turn']} of player {view['active']} "
            f"({view['phase']}): {ask}",
            f"Tokyo City {city}, Tokyo Bay {bay}{' (open)' if tokyo['bay_open'] else ''}; "
            f"dice {dice}, {view['rolls_left']} rerolls left",
        ]
        monsters = view["monsters"]
        n = len(monsters)
        start = 0 if player is None else player
        for i in range(n):
            m = monsters[(start + i) % n]
            names = []
            for card in m["cards"]:
                label = card["name"]
                if card["id"] == "mimic" and m["mimic"] is not None:
                    label += f" (copies {m['mimic']['name']})"
                if card.get("counters"):
                    label += f" [{card['counters']}]"
                names.append(label)
            state = (
                f"{m['hearts']}/{m['max_hearts']} hearts, {m['stars']} stars, "
                f"{m['energy']} energy, {m['location']}"
                if m["alive"]
                else "eliminated"
            )
            tokens = m["tokens"]
            extra = "".join(f", {k} {tokens[k]}" for k in ("poison", "shrink") if tokens[k]) + (
                ", wings" if m["wings_active"] else ""
            )
            lines.append(
                f"  player {m['seat']} ({m['name']}): {state}{extra}; "
                f"cards: {', '.join(names) or '-'}"
            )
        costs = view.get("your_costs") or [None] * len(view["row"])
        row = [
            "-"
            if c is None
            else f"{c['name']} ({c['cost']}"
            + ("" if k is None or k == c["cost"] else f", {k} for you")
            + ")"
            for c, k in zip(view["row"], costs, strict=True)
        ]
        lines.append(
            f"row: {', '.join(row)}; deck {view['deck_size']}, discard {len(view['discard'])}"
        )
        if view.get("deck_top") is not None:
            lines.append(f"deck top: {view['deck_top']['name']}")
        return "\n".join(lines)

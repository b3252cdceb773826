"""Why the heuristic likes an action, in the game's words: the reasons hints show.

:func:`explain` reads what the heuristic bot reads (:mod:`.heuristic`): the monsters'
boards, Tokyo, the row and the dice, never the deck order (the top card only when
Made in a Lab shows it to the buyer), and it words the heuristic's own rules and
tables (:func:`~.heuristic.wanted`, :func:`~.heuristic.yield_threshold`,
:data:`~.heuristic.WORTH`): "keeps the three 3s: 3 stars", "leaves Tokyo: 5 hearts
left with three monsters able to hit", "buys Extra Head: worth 4.5 stars for 7 energy".
It returns ``None`` for the decisions the heuristic has no reason for (Evolutions'
questions, die changes). Hints call it once per legal action, so it is plain Python,
not compiled.
"""

from __future__ import annotations

from tabletop.core.action import Action
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo.actions import HEART_HEAL, HEART_POISON, Move
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import RAPID_HEAL_COST, SWEEP_COST
from tabletop.games.king_of_tokyo.dice import (
    CLAW,
    ENERGY,
    HEART,
    KEEPS,
    NUM_FACES,
    THREE,
    counts_of,
)
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.heuristic import (
    ENTER_WITH,
    HEALING_EVOLUTIONS,
    MIN_WORTH_PER_ENERGY,
    SELF_DAMAGE,
    STARS,
    WORTH,
    attackers_of_tokyo,
    wanted,
    yield_threshold,
)
from tabletop.games.king_of_tokyo.monster import WIN_STARS
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.state import KingOfTokyoState

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def explain(state: KingOfTokyoState, player: int, action: Action) -> str | None:
    """Why the heuristic would value ``action`` for ``player``, or ``None``."""
    if not state.decisions:
        return None
    table = state.table
    move = table.move[action.id]
    arg = table.arg[action.id]
    kind = state.decisions[-1].kind
    m = state.monsters[player]
    if move == Move.KEEP:
        return _keep(state, player, KEEPS[arg])
    if move == Move.STOP:
        return f"stops: {_outcome(state, player, counts_of(state.dice))}"
    if move in (Move.SMOKE, Move.ENERGY_DRINK):
        rerolled = _unwanted(state, player)
        if not rerolled:
            return None
        return f"one more roll for the {plural(rerolled, 'die', 'dice')} not worth keeping"
    if move == Move.REROLL_THREE:
        if counts_of(state.dice)[THREE] >= 2:
            return None
        return "rerolls a 3: a lone 3 scores nothing"
    if move == Move.HEART:
        return _heart(state, player, arg)
    if move in (Move.YIELD, Move.STAY):
        return _tokyo(state, player, move == Move.YIELD)
    if move == Move.BUY:
        return _buy(state, player, state.row[arg])
    if move == Move.TENTACLES:
        return _buy(state, player, arg)
    if move == Move.BUY_TOP:
        if not state.deck or not state.top_card_visible_to(player):
            return None
        return _buy(state, player, state.deck[-1])
    if move == Move.SWEEP:
        return _sweep(state, player)
    if move == Move.END_BUY:
        return _end_buy(state, player)
    if move == Move.DECLINE and kind == Ask.OPPORTUNIST:
        best = _best_buy(state, player, state.legal_actions())
        if best is None:
            return "declines: the new card is not worth its cost"
        return None
    if move == Move.MIMIC:
        card = state.cards.instances[arg]
        return f"copies {state.card_name(card)}: worth {WORTH[card]:g} stars"
    if move in (Move.WINGS, Move.RAPID_HEAL, Move.TAKE_DAMAGE):
        return _damage(state, player, move)
    if move in (Move.KEEP_EVOLUTION, Move.DRAFT_EVOLUTION):
        e = evolution_table().info[arg]
        verb = "keeps" if move == Move.KEEP_EVOLUTION else "drafts"
        if e.permanent:
            return f"{verb} {e.name}: permanent, it acts every turn"
        return f"{verb} {e.name}: a one-off card" + (
            ", playable any time" if e.when == "any" else ""
        )
    if move == Move.PLAY_EVOLUTION:
        e = evolution_table().info[arg]
        if e.id in HEALING_EVOLUTIONS:
            if m.hearts > m.max_hearts - 2:
                return f"plays {e.name}: little to heal at {m.hearts} of {m.max_hearts} hearts"
            return f"plays {e.name}: heals, at {m.hearts} of {m.max_hearts} hearts"
        if e.permanent:
            return f"plays {e.name}: permanent, it acts from now on"
        return None
    return None


# -- dice -------------------------------------------------------------------------------


def _keep(state: KingOfTokyoState, player: int, kept: tuple[int, ...]) -> str:
    """A reroll that keeps the faces counted in ``kept``: the kept dice the heuristic
    values most, and why (the action's label names the others)."""
    groups = [_face_reason(state, player, f, kept[f]) for f in range(NUM_FACES) if kept[f]]
    if groups:
        _, name, why = max(groups, key=lambda g: g[0])
        return f"keeps {name}: {why}"
    want = wanted(state, player)
    counts = counts_of(state.dice)
    lost = [_FACES[f] for f in range(NUM_FACES) if want[f] and counts[f]]
    if not lost:
        return "rerolls every die: none is worth keeping"
    return f"rerolls every die, even the {_join(lost)} worth keeping"


_FACES = ("1s", "2s", "3s", "hearts", "energy", "claws")


def _face_reason(state: KingOfTokyoState, player: int, face: int, n: int) -> tuple[int, str, str]:
    """``n`` kept dice of ``face``: how much the heuristic values them (a rank), what
    they are, and why they are worth keeping to ``player`` (or not)."""
    m = state.monsters[player]
    if face <= THREE:  # the numbers 1, 2 and 3
        number = face + 1
        if n >= 3:
            return 10 + n, f"the {_count(n)} {number}s", plural(number + n - 3, "star")
        more = 3 - n
        dice = f"a {number}" if n == 1 else f"the pair of {number}s"
        wins = f"{_count(more)} more make{'s' if more == 1 else ''} {plural(number, 'star')}"
        return (3 if face == THREE and n == 2 else 0), dice, wins
    if face == ENERGY:
        return 4, "the energy", f"{n} energy to buy cards"
    if face == HEART:
        hearts = plural(n, "heart")
        if state.in_tokyo(player):
            return 0, hearts, "no healing in Tokyo"
        tokens = [t for t, k in (("Poison", m.poison), ("Shrink", m.shrink)) if k]
        if tokens:
            return 7, hearts, f"remove {_join(tokens)}"
        if m.hearts >= m.max_hearts:
            return 0, hearts, "already at full health"
        healed = min(m.max_hearts, m.hearts + n)
        return (
            (6 if wanted(state, player)[HEART] else 1),
            hearts,
            f"heal to {healed} of {m.max_hearts}",
        )
    claws = plural(n, "claw")
    if state.in_tokyo(player):
        return 5, claws, f"{n} damage to each monster outside Tokyo"
    targets = [p for p in (state.city, state.bay) if p >= 0]
    if not targets:
        if state.kot_game.claw_entry:
            return 5, claws, "take the empty Tokyo"
        return 0, claws, "Tokyo is empty, they hit nobody"
    names = _join([state.monster_name(p) for p in targets])
    weakest = min(state.monsters[p].hearts for p in targets)
    if weakest <= n:
        return 9, claws, f"can knock out {names} in Tokyo"
    if weakest <= 3:
        return 5, claws, f"hit {names} in Tokyo, down to {plural(weakest, 'heart')}"
    if m.hearts >= ENTER_WITH:
        return 5, claws, f"hit {names} in Tokyo; {m.hearts} hearts can take it"
    return 1, claws, f"hit {names} in Tokyo, though {m.hearts} hearts is few to take it"


def _unwanted(state: KingOfTokyoState, player: int) -> int:
    """How many dice the heuristic would reroll."""
    want = wanted(state, player)
    return sum(c for f, c in enumerate(counts_of(state.dice)) if not want[f])


def _outcome(state: KingOfTokyoState, player: int, counts: tuple[int, ...]) -> str:
    """What the dice give as they stand: "3 stars, 1 energy and 2 claws"."""
    parts: list[str] = []
    stars = sum(f + 1 + counts[f] - 3 for f in range(THREE + 1) if counts[f] >= 3)
    if stars:
        parts.append(plural(stars, "star"))
    if counts[ENERGY]:
        parts.append(f"{counts[ENERGY]} energy")
    if counts[HEART]:
        hearts = plural(counts[HEART], "heart")
        parts.append(f"{hearts} (no healing in Tokyo)" if state.in_tokyo(player) else hearts)
    if counts[CLAW]:
        parts.append(plural(counts[CLAW], "claw"))
    if not parts:
        return "the dice give nothing"
    return f"takes {_join(parts)}"


def _heart(state: KingOfTokyoState, player: int, use: int) -> str:
    m = state.monsters[player]
    if use == HEART_POISON:
        return f"removes a Poison token: it costs a heart every turn ({m.poison} now)"
    if use != HEART_HEAL:
        return f"removes a Shrink token: it gets back a die ({m.shrink} now)"
    return f"heals: {m.hearts} of {m.max_hearts} hearts now"


# -- Tokyo ------------------------------------------------------------------------------


def _tokyo(state: KingOfTokyoState, player: int, leave: bool) -> str:
    m = state.monsters[player]
    threshold = yield_threshold(state, player)
    attackers = attackers_of_tokyo(state)
    able = f"{_count(attackers)} {'monster' if attackers == 1 else 'monsters'} able to hit"
    hearts = plural(m.hearts, "heart")
    close = m.stars + 2 >= WIN_STARS and m.hearts > 2
    if leave:
        if m.hearts <= threshold:
            return f"leaves Tokyo: {hearts} left with {able}"
        if close:
            return f"leaves Tokyo, though {m.stars} stars: one more turn there may win"
        return f"leaves Tokyo: safe, though {hearts} left could take another round"
    if close and m.hearts > threshold:
        return f"stays in Tokyo: {m.stars} stars, the next turn there may win"
    if m.hearts > threshold:
        return f"stays in Tokyo: {hearts} left, enough with {able}"
    return f"stays in Tokyo: risky with {hearts} left and {able}"


# -- cards ------------------------------------------------------------------------------


def _card_score(state: KingOfTokyoState, player: int, c: int) -> float | None:
    """The heuristic's score for buying instance ``c``: worth - 0.55 x cost; ``inf`` for a
    card that wins, ``None`` for one whose damage would knock the buyer out."""
    m = state.monsters[player]
    card = state.cards.instances[c]
    if SELF_DAMAGE.get(card, 0) >= m.hearts:
        return None
    if m.stars + STARS.get(card, 0) >= WIN_STARS:
        return float("inf")
    return _worth(state, player, card) - MIN_WORTH_PER_ENERGY * state.cost_for(player, c)


def _worth(state: KingOfTokyoState, player: int, card: Card) -> float:
    m = state.monsters[player]
    if card == Card.HEAL and m.hearts > m.max_hearts - 2:
        return 0.2  # as the heuristic: little to heal
    return WORTH[card]


def _buy(state: KingOfTokyoState, player: int, c: int) -> str:
    card = state.cards.instances[c]
    name = state.card_name(card)
    score = _card_score(state, player, c)
    if score is None:
        return f"buys {name}: its {SELF_DAMAGE[card]} damage would knock you out"
    if score == float("inf"):
        return f"buys {name}: its {plural(STARS[card], 'star')} win the game"
    worth = _worth(state, player, card)
    cost = state.cost_for(player, c)
    if score > 0:
        return f"buys {name}: worth {worth:g} stars for {cost} energy"
    return f"buys {name}: worth only {worth:g} stars for {cost} energy"


def _best_buy(state: KingOfTokyoState, player: int, legal: list[Action]) -> int | None:
    """The card instance the heuristic would buy among ``legal``, or ``None``."""
    table = state.table
    best: int | None = None
    best_score = 0.0
    for a in legal:
        move = table.move[a.id]
        if move == Move.BUY:
            c = state.row[table.arg[a.id]]
        elif move == Move.TENTACLES:
            c = table.arg[a.id]
        else:
            continue
        score = _card_score(state, player, c)
        if score is not None and score > best_score:
            best, best_score = c, score
    return best


def _sweep(state: KingOfTokyoState, player: int) -> str:
    best = _best_buy(state, player, state.legal_actions())
    if best is None:
        cost = SWEEP_COST
        return f"sweeps the row: no card in it is worth its cost ({cost} energy for 3 new ones)"
    return f"sweeps the row, though {state.cards.names[best]} is worth buying"


def _end_buy(state: KingOfTokyoState, player: int) -> str:
    energy = state.monsters[player].energy
    legal = state.legal_actions()
    best = _best_buy(state, player, legal)
    if best is not None:
        card = state.cards.instances[best]
        worth = _worth(state, player, card)
        cost = state.cost_for(player, best)
        name = state.card_name(card)
        return f"keeps its energy, though {name} is worth {worth:g} stars for {cost} energy"
    if not any(state.table.move[a.id] == Move.BUY for a in legal):
        return f"keeps {energy} energy: no card it can afford"
    return f"keeps {energy} energy: no card is worth its cost"


def _damage(state: KingOfTokyoState, player: int, move: int) -> str | None:
    m = state.monsters[player]
    d = state.decisions[-1]
    if d.kind != Ask.PREVENT:
        if move == Move.RAPID_HEAL:
            return f"gains 1 heart for {RAPID_HEAL_COST} energy: {m.hearts} of {m.max_hearts} now"
        return None
    hearts = int(d.data[0])
    lost = plural(hearts, "heart")
    deadly = hearts >= m.hearts
    if move == Move.WINGS:
        return f"Wings: saves {lost} for 2 energy" + (", and your life" if deadly else "")
    if move == Move.RAPID_HEAL:
        if deadly:
            return f"heals with Rapid Healing: losing {lost} would knock you out"
        return f"gains 1 heart for {RAPID_HEAL_COST} energy before losing {lost}"
    if deadly:
        return f"takes the damage: {lost} knock you out"
    return f"takes the damage: {lost}, keeping the energy"


def _join(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _count(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)

"""Why the heuristic keeps, rerolls or stops its dice, and spends a heart, in the
game's words: the dice's part of the hints (:mod:`.explain`).

Each kept face is ranked as the heuristic values it (:func:`~.heuristic.wanted`): three
of a number score, claws hit the monster in Tokyo or take it, hearts heal or remove
tokens; the reason names the group ranked highest. Messages are of the context
``"king-of-tokyo:hint"``, as in :mod:`.explain`.
"""

from __future__ import annotations

from tabletop.games.king_of_tokyo import explain_words as words
from tabletop.games.king_of_tokyo.actions import HEART_HEAL, HEART_POISON
from tabletop.games.king_of_tokyo.dice import CLAW, ENERGY, HEART, NUM_FACES, THREE, counts_of
from tabletop.games.king_of_tokyo.heuristic import ENTER_WITH, wanted
from tabletop.games.king_of_tokyo.log_text import monster_word
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tabletop.i18n.reader import Reader


def keep(state: KingOfTokyoState, player: int, kept: tuple[int, ...], r: Reader) -> str:
    """A reroll that keeps the faces counted in ``kept``: the kept dice the heuristic
    values most, and why (the action's label names the others)."""
    groups = [_face_reason(state, player, f, kept[f], r) for f in range(NUM_FACES) if kept[f]]
    if groups:
        _, name, why = max(groups, key=lambda g: g[0])
        # {dice}: the dice kept ("the three 3s", "2 claws"); {why}: what they are
        # worth ("3 stars", "heal to 8 of 10").
        return r.pgettext("king-of-tokyo:hint", "keeps {dice}: {why}", dice=name, why=why)
    want = wanted(state, player)
    counts = counts_of(state.dice)
    lost = [_face_plural(f, r) for f in range(NUM_FACES) if want[f] and counts[f]]
    if not lost:
        return r.pgettext("king-of-tokyo:hint", "rerolls every die: none is worth keeping")
    return r.pgettext(
        "king-of-tokyo:hint",
        "rerolls every die, even the {faces} worth keeping",
        faces=words.join(lost, r),
    )


def _face_plural(face: int, r: Reader) -> str:
    """Dice of one face: "1s", "hearts", "energy", "claws"."""
    if face == 0:
        return r.pgettext("king-of-tokyo:hint:faces", "1s")
    if face == 1:
        return r.pgettext("king-of-tokyo:hint:faces", "2s")
    if face == THREE:
        return r.pgettext("king-of-tokyo:hint:faces", "3s")
    if face == HEART:
        return r.pgettext("king-of-tokyo:hint:faces", "hearts")
    if face == ENERGY:
        return r.pgettext("king-of-tokyo:hint:faces", "energy")
    return r.pgettext("king-of-tokyo:hint:faces", "claws")


def _face_reason(
    state: KingOfTokyoState, player: int, face: int, n: int, r: Reader
) -> tuple[int, str, str]:
    """``n`` kept dice of ``face``: how much the heuristic values them (a rank), what
    they are, and why they are worth keeping to ``player`` (or not)."""
    m = state.monsters[player]
    ctx = "king-of-tokyo:hint"
    if face <= THREE:  # the numbers 1, 2 and 3
        number = face + 1
        if n >= 3:
            stars = number + n - 3
            return (
                10 + n,
                r.pgettext(ctx, "the {count} {number}s", count=words.count(n, r), number=number),
                r.npgettext(ctx, "{n} star", "{n} stars", stars),
            )
        if n == 1:
            dice = r.pgettext(ctx, "a {number}", number=number)
            wins = r.npgettext(ctx, "two more make {n} star", "two more make {n} stars", number)
        else:
            dice = r.pgettext(ctx, "the pair of {number}s", number=number)
            wins = r.npgettext(ctx, "one more makes {n} star", "one more makes {n} stars", number)
        return (3 if face == THREE and n == 2 else 0), dice, wins
    if face == ENERGY:
        return (
            4,
            r.pgettext(ctx, "the energy"),
            r.npgettext(ctx, "{n} energy to buy cards", "{n} energy to buy cards", n),
        )
    if face == HEART:
        hearts = words.hearts(n, r)
        if state.in_tokyo(player):
            return 0, hearts, r.pgettext(ctx, "no healing in Tokyo")
        tokens = []
        if m.poison:
            tokens.append(r.pgettext(ctx, "Poison"))
        if m.shrink:
            tokens.append(r.pgettext(ctx, "Shrink"))
        if tokens:
            return 7, hearts, r.pgettext(ctx, "remove {tokens}", tokens=words.join(tokens, r))
        if m.hearts >= m.max_hearts:
            return 0, hearts, r.pgettext(ctx, "already at full health")
        healed = min(m.max_hearts, m.hearts + n)
        return (
            (6 if wanted(state, player)[HEART] else 1),
            hearts,
            r.pgettext(ctx, "heal to {hearts} of {max}", hearts=healed, max=m.max_hearts),
        )
    claws = r.npgettext(ctx, "{n} claw", "{n} claws", n)
    if state.in_tokyo(player):
        return (
            5,
            claws,
            r.npgettext(
                ctx,
                "{n} damage to each monster outside Tokyo",
                "{n} damage to each monster outside Tokyo",
                n,
            ),
        )
    targets = [p for p in (state.city, state.bay) if p >= 0]
    if not targets:
        if state.kot_game.claw_entry:
            return 5, claws, r.pgettext(ctx, "take the empty Tokyo")
        return 0, claws, r.pgettext(ctx, "Tokyo is empty, they hit nobody")
    names = words.join([monster_word(p, r, state) for p in targets], r)
    weakest = min(state.monsters[p].hearts for p in targets)
    if weakest <= n:
        return 9, claws, r.pgettext(ctx, "can knock out {monsters} in Tokyo", monsters=names)
    if weakest <= 3:
        return (
            5,
            claws,
            r.npgettext(
                ctx,
                "hit {monsters} in Tokyo, down to {n} heart",
                "hit {monsters} in Tokyo, down to {n} hearts",
                weakest,
                monsters=names,
            ),
        )
    if m.hearts >= ENTER_WITH:
        return (
            5,
            claws,
            r.npgettext(
                ctx,
                "hit {monsters} in Tokyo; {n} hearts can take it",
                "hit {monsters} in Tokyo; {n} hearts can take it",
                m.hearts,
                monsters=names,
            ),
        )
    return (
        1,
        claws,
        r.npgettext(
            ctx,
            "hit {monsters} in Tokyo, though {n} hearts is few to take it",
            "hit {monsters} in Tokyo, though {n} hearts is few to take it",
            m.hearts,
            monsters=names,
        ),
    )


def unwanted(state: KingOfTokyoState, player: int) -> int:
    """How many dice the heuristic would reroll."""
    want = wanted(state, player)
    return sum(c for f, c in enumerate(counts_of(state.dice)) if not want[f])


def outcome(state: KingOfTokyoState, player: int, counts: tuple[int, ...], r: Reader) -> str:
    """What the dice give as they stand: "takes 3 stars, 1 energy and 2 claws"."""
    ctx = "king-of-tokyo:hint"
    parts: list[str] = []
    stars = sum(f + 1 + counts[f] - 3 for f in range(THREE + 1) if counts[f] >= 3)
    if stars:
        parts.append(r.npgettext(ctx, "{n} star", "{n} stars", stars))
    if counts[ENERGY]:
        parts.append(r.npgettext(ctx, "{n} energy", "{n} energy", counts[ENERGY]))
    if counts[HEART]:
        if state.in_tokyo(player):
            parts.append(
                r.npgettext(
                    ctx,
                    "{n} heart (no healing in Tokyo)",
                    "{n} hearts (no healing in Tokyo)",
                    counts[HEART],
                )
            )
        else:
            parts.append(words.hearts(counts[HEART], r))
    if counts[CLAW]:
        parts.append(r.npgettext(ctx, "{n} claw", "{n} claws", counts[CLAW]))
    if not parts:
        return r.pgettext(ctx, "the dice give nothing")
    return r.pgettext(ctx, "takes {gains}", gains=words.join(parts, r))


def heart(state: KingOfTokyoState, player: int, use: int, r: Reader) -> str:
    m = state.monsters[player]
    if use == HEART_POISON:
        return r.pgettext(
            "king-of-tokyo:hint",
            "removes a Poison token: it costs a heart every turn ({tokens} now)",
            tokens=m.poison,
        )
    if use != HEART_HEAL:
        return r.pgettext(
            "king-of-tokyo:hint",
            "removes a Shrink token: it gets back a die ({tokens} now)",
            tokens=m.shrink,
        )
    return r.pgettext(
        "king-of-tokyo:hint",
        "heals: {hearts} of {max} hearts now",
        hearts=m.hearts,
        max=m.max_hearts,
    )

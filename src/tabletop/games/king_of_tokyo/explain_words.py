"""The small words every hint reason of King of Tokyo shares (:mod:`.explain`,
:mod:`.explain_dice`): a card's name, a worth in stars, a count of hearts, a list, a
small count spelled out; in the reader's language.
"""

from __future__ import annotations

from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.log_text import card_name
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tabletop.i18n.catalogs import SOURCE
from tabletop.i18n.reader import Reader


def card(state: KingOfTokyoState, card: Card | int, r: Reader) -> str:
    """A Power card's name as this game's edition prints it, in the reader's words."""
    return card_name(Card(card).slug, r, str(state.kot_game.options.edition))


def decimal(value: float, r: Reader) -> str:
    """A worth in stars: "4.5" ("4,5" in German)."""
    return f"{value:g}" if r.lang == SOURCE else r.number(value)


def hearts(n: int, r: Reader) -> str:
    """A count of hearts: "1 heart", "5 hearts"."""
    return r.npgettext("king-of-tokyo:hint", "{n} heart", "{n} hearts", n)


def join(words: list[str], r: Reader) -> str:
    """ "a", "a and b", "a, b and c" (by the language's rule outside English)."""
    if r.lang != SOURCE:
        return r.join(words)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def count(n: int, r: Reader) -> str:
    """A small count in words: "no", "one", "two", ... "nine"; larger ones in digits."""
    ctx = "king-of-tokyo:hint:count"
    words = (
        r.pgettext(ctx, "no"),
        r.pgettext(ctx, "one"),
        r.pgettext(ctx, "two"),
        r.pgettext(ctx, "three"),
        r.pgettext(ctx, "four"),
        r.pgettext(ctx, "five"),
        r.pgettext(ctx, "six"),
        r.pgettext(ctx, "seven"),
        r.pgettext(ctx, "eight"),
        r.pgettext(ctx, "nine"),
    )
    return words[n] if 0 <= n < len(words) else str(n)

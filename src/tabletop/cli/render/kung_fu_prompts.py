"""What a Kung Fu decision asks, in the reader's language.

The view says it in English (``decision["text"]``), built from numbers it also shows;
the prompt is rebuilt here from the decision's kind and those numbers as whole
messages, so that each reader gets it in their language (the test checks that the
English rebuilt equals the view's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.cli.language import tr
from tabletop.cli.render.base import View, decision_text
from tabletop.i18n import SOURCE, Reader


def decision_prompt(view: View, decision: Mapping[str, Any], reader: Reader | None = None) -> str:
    """What the view's ``decision`` asks, in ``reader``'s words (the terminal's when
    ``None``): a whole sentence per kind of decision, its numbers from the view (the
    cards to draw, the koku due, the cost of the seat's card on the table, the
    parry's margin). In English it reads as the view's ``text``, which says which of a
    kind's sentences applies where the view's numbers cannot (whether the attacker may
    still give up the initiative; a draw asked card by card). A sentence this does not
    know is looked up as it is (:func:`~tabletop.cli.render.base.decision_text`)."""
    reader = reader or tr()
    english = decision.get("text", "")
    sentences = zip(
        _decision_sentences(view, decision, Reader(SOURCE)),
        _decision_sentences(view, decision, reader),
        strict=True,
    )
    for source, translated in sentences:
        if source == english:
            return translated
    return decision_text("kung-fu", english)


def _decision_sentences(view: View, decision: Mapping[str, Any], reader: Reader) -> list[str]:
    """The sentences a decision of its kind may read, with the view's numbers."""
    context = "kung-fu:decision"
    kind = decision.get("kind")
    if kind == "attack":
        return [
            reader.pgettext(
                context,
                "attack with a red card, face up or face down, or give up the initiative",
            ),
            reader.pgettext(context, "attack with a red card, face up or face down"),
        ]
    if kind == "draw" and decision.get("count") is not None:
        n = int(decision["count"])
        return [
            reader.pgettext(context, "choose the deck of your next card ({n} to draw)", n=n),
            reader.pgettext(context, "choose the deck of the card you draw"),
            reader.npgettext(
                context,
                "choose how many of your {n} card comes from the red deck",
                "choose how many of your {n} cards come from the red deck",
                n,
            ),
        ]
    if kind == "parry":
        return [reader.pgettext(context, "parry with a blue card")]
    if kind == "facedown_draw":
        return [
            reader.pgettext(
                context,
                "the attack lies face down: draw a card from the pile of your choice, or not",
            )
        ]
    if kind == "activate":
        card = my_card(view)
        if card is None:
            return []
        return [
            reader.pgettext(
                context, "activate your card's effect for {cost} koku, or not", cost=card["cost"]
            )
        ]
    if kind == "pay" and decision.get("due") is not None:
        return [
            reader.pgettext(
                context,
                "pay {due} more koku from your koku row (change is lost)",
                due=int(decision["due"]),
            )
        ]
    if kind == "defender_choice":
        attack, parry = view.get("attack") or {}, view.get("parry") or {}
        if attack.get("value") is None or parry.get("value") is None:
            return []
        return [
            reader.npgettext(
                context,
                "take the initiative, or draw {n} card and let the attacker keep it",
                "take the initiative, or draw {n} cards and let the attacker keep it",
                parry["value"] - attack["value"],
            )
        ]
    if kind == "discard_koku":
        return [reader.pgettext(context, "choose which of your opponent's koku cards to discard")]
    return []


def my_card(view: View) -> Mapping[str, Any] | None:
    """The card the deciding seat has on the table (attack or parry)."""
    decision = view.get("decision") or {}
    seat = decision.get("player")
    slot = view.get("attack") if seat == view.get("attacker") else view.get("parry")
    return slot.get("card") if slot else None

"""King of Tokyo's hooks (``hookspecs.py``, ``data/hooks.json``): every card where the
data says, in card modules only, and docs/architecture.md's hook map is the registry's.

``python -m tests.games.king_of_tokyo.test_hooks`` rewrites the map in the docs.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import HOOKS, load_cards

ARCHITECTURE = Path(__file__).resolve().parents[3] / "docs" / "architecture.md"
BEGIN = "<!-- hook map: generated from the registry by tests/games/king_of_tokyo/test_hooks.py -->"
END = "<!-- end of the hook map -->"
CARD_MODULES = (
    "tabletop.games.king_of_tokyo.powers",
    "tabletop.games.king_of_tokyo.evolution_effects.",
)


def test_every_hook_is_sealed_with_the_cards_its_order_names() -> None:
    load_cards()
    for hook in HOOKS.hooks.values():
        assert hook.sealed and [key for key, _ in hook.entries] == list(hook.order)


@pytest.mark.parametrize("name", sorted(HOOKS.hooks))
def test_a_hook_names_cards_and_only_card_modules_implement_it(name: str) -> None:
    load_cards()
    hook = HOOKS.hooks[name]
    evolutions = evolution_table().by_id
    for key, effect in hook.entries:
        assert effect.__module__.startswith(CARD_MODULES), (name, key, effect.__module__)
        if isinstance(key, str):
            assert key in evolutions, f"{name}: {key!r} is not an Evolution"
        else:
            assert key in set(Card), f"{name}: {key!r} is not a Power card"


def test_every_discard_card_resolves_through_the_hook() -> None:
    raw = json.loads(
        resources.files("tabletop.games.king_of_tokyo").joinpath("data/cards.json").read_text()
    )
    discards = [entry["id"] for entry in raw["cards"] if entry["kind"] == "discard"]
    assert list(HOOKS.hooks["discard_card_bought"].names) == discards


def hook_map() -> str:
    return "\n".join([BEGIN, "", *HOOKS.table(), "", END])


def test_the_docs_hook_map_is_the_registry() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:end] == hook_map(), (
        "docs/architecture.md's hook map is out of date: "
        "python -m tests.games.king_of_tokyo.test_hooks rewrites it"
    )


if __name__ == "__main__":
    text = ARCHITECTURE.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    ARCHITECTURE.write_text(text[:start] + hook_map() + text[end:], encoding="utf-8")
    print(f"wrote the hook map of {len(HOOKS.hooks)} hooks to {ARCHITECTURE}")

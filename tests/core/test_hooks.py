"""The hook mechanism (:mod:`tabletop.core.hooks`): order from data, mistakes refused."""

from __future__ import annotations

import doctest
from collections.abc import Callable
from pathlib import Path

import pytest

import tabletop.core.hooks
from tabletop.core.compiled import compiled
from tabletop.core.hooks import Hook, HookError, HookSet

Note = Callable[[list[str]], None]


def toy(order: tuple[str, ...] = ("herbivore", "solar_powered")) -> tuple[HookSet, Hook[str, Note]]:
    hooks = HookSet("toy", (), {"end_of_turn": order})
    return hooks, hooks.hook("end_of_turn", "J: the end of the turn")


def noting(word: str) -> Note:
    def note(log: list[str]) -> None:
        log.append(word)

    return note


@pytest.mark.skipif(compiled(), reason="a compiled module keeps no doctest to run")
def test_the_doctests_run() -> None:
    result = doctest.testmod(tabletop.core.hooks)
    assert result.attempted > 0 and result.failed == 0


def test_the_implementations_run_in_the_data_order_not_the_registration_order() -> None:
    hooks, end = toy()
    end.add("solar_powered", noting("solar"))
    end.add("herbivore", noting("herbivore"))
    assert end.calls == ()  # nothing runs before the seal
    hooks.load()
    log: list[str] = []
    for effect in end.calls:
        effect(log)
    assert log == ["herbivore", "solar"]
    assert [key for key, _ in end.entries] == ["herbivore", "solar_powered"]
    hooks.load()  # once only: a second call changes nothing
    assert len(end.calls) == 2


def test_a_card_the_order_does_not_name_may_not_register() -> None:
    _, end = toy()
    with pytest.raises(HookError, match="'mimic' is not in its order"):
        end.impl("mimic")
    with pytest.raises(HookError, match="'mimic' is not in its order"):
        end.add("mimic", noting("mimic"))


def test_an_order_entry_nobody_registers_fails_the_seal() -> None:
    hooks, end = toy()
    end.add("herbivore", noting("herbivore"))
    with pytest.raises(HookError, match="nothing registers solar_powered"):
        hooks.load()


def test_a_card_registers_once_and_before_the_seal() -> None:
    hooks, end = toy(("herbivore",))
    end.add("herbivore", noting("herbivore"))
    with pytest.raises(HookError, match="registers twice"):
        end.add("herbivore", noting("again"))
    hooks.load()
    with pytest.raises(HookError, match="after the hooks were sealed"):
        end.add("herbivore", noting("late"))


def test_the_data_and_the_declarations_agree() -> None:
    with pytest.raises(HookError, match="names a card twice"):
        toy(("herbivore", "herbivore"))
    hooks, _ = toy()
    with pytest.raises(HookError, match="declared twice"):
        hooks.hook("end_of_turn", "again")
    with pytest.raises(HookError, match="has no order"):
        hooks.hook("start_of_turn", "A")
    undeclared = HookSet("toy", (), {"end_of_turn": (), "roll_bonus": ()})
    undeclared.hook("end_of_turn", "J")
    with pytest.raises(HookError, match="undeclared hooks: \\['roll_bonus'\\]"):
        undeclared.load()


def test_keys_are_read_from_the_data() -> None:
    hooks = HookSet("toy", (), {"roll_bonus": ("2", "7")})
    bonus: Hook[int, Note] = hooks.hook("roll_bonus", "D", int)
    assert bonus.order == (2, 7) and bonus.names == ("2", "7")


def test_load_imports_the_card_modules_a_package_stands_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "toy_game"
    (package / "cards").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "spec.py").write_text(
        "from tabletop.core.hooks import HookSet\n"
        "HOOKS = HookSet('toy', ('toy_game.cards',), {'end': ('a', 'b')})\n"
        "END = HOOKS.hook('end', 'J')\n"
    )
    (package / "cards" / "__init__.py").write_text("")  # imports no card itself
    for name in ("a", "b"):
        (package / "cards" / f"{name}.py").write_text(
            f"from toy_game.spec import END\n@END.impl({name!r})\ndef {name}() -> str:\n"
            f"    return {name!r}\n"
        )
    monkeypatch.syspath_prepend(str(tmp_path))
    import toy_game.spec

    toy_game.spec.HOOKS.load()
    assert [effect() for effect in toy_game.spec.END.calls] == ["a", "b"]
    assert toy_game.spec.HOOKS.table()[2] == "| `end` | J | `a`, `b` |"

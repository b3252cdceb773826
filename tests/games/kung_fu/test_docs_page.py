"""docs/games/kung-fu.md documents every option with its default."""

from __future__ import annotations

import dataclasses
import re

from tabletop.games.kung_fu import KungFuOptions
from tests.test_docs import DOCS, _documented_default


def test_every_option_is_documented_with_its_default() -> None:
    text = (DOCS / "games" / "kung-fu.md").read_text(encoding="utf-8")
    text = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| `([a-z0-9_]+)` \| ([^|]*) \|", text, re.MULTILINE))
    for f in dataclasses.fields(KungFuOptions):
        assert f.name in rows, f"option {f.name} is missing from the table in kung-fu.md"
        assert _documented_default(rows[f.name]) == f.default, f.name

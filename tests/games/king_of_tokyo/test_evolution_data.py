"""The Power Up! Evolution data against the rules reference's counts (section 4.5)."""

from __future__ import annotations

from collections import Counter

from tabletop.games.king_of_tokyo.evolutions import WINDOWS, evolution_table
from tabletop.games.king_of_tokyo.options import MONSTERS

# Temporary and permanent cards per monster, as section 4.5's headings give them.
KINDS = {
    "space_penguin": (3, 5),
    "alienoid": (3, 5),
    "cyber_kitty": (4, 4),
    "the_king": (4, 4),
    "giga_zaur": (4, 4),
    "meka_dragon": (3, 5),
    "pandakai": (4, 4),
    "cyber_bunny": (4, 4),
    "kraken": (4, 4),
}


def test_every_monster_has_eight_evolutions_of_the_right_kinds() -> None:
    table = evolution_table()
    assert len(table.info) == 72 and len(table.by_id) == 72
    assert set(table.deck_of) == set(MONSTERS) == set(KINDS)
    for monster, deck in table.deck_of.items():
        kinds = Counter(table.info[n].permanent for n in deck)
        assert (kinds[False], kinds[True]) == KINDS[monster], monster
    assert sum(not e.permanent for e in table.info) == 33


def test_bga_numbers_follow_the_monsters() -> None:
    """BGA numbers an Evolution ``monster * 10 + n`` (section 4.1)."""
    bga_monster = {1: "space_penguin", 2: "alienoid", 3: "cyber_kitty", 4: "the_king"}
    bga_monster |= {5: "giga_zaur", 6: "meka_dragon", 13: "pandakai", 14: "cyber_bunny"}
    bga_monster |= {15: "kraken"}
    for e in evolution_table().info:
        assert bga_monster[e.bga // 10] == e.monster, e.id
        assert 1 <= e.bga % 10 <= 8


def test_timed_cards_carry_the_windows_of_section_4_4() -> None:
    by_id = evolution_table().by_id
    assert by_id["cat_nip"].when == by_id["tune_up"].when == "before_start"
    assert by_id["heart_of_the_rabbit"].when == "after_other_roll"
    assert by_id["bamboozle"].when == "other_buy"
    assert {e.when for e in evolution_table().info} <= set(WINDOWS)
    assert by_id["alien_scourge"].when == "any"

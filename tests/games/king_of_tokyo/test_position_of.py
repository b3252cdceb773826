"""``position_of`` on King of Tokyo (docs/positions.md, "From a saved state or a
record"): the dice the moves roll are scripted in ``next_dice``, so that a decision
inside the dice resolution is the monster rolling before its last roll; chance no
field scripts ends the walk. The round trip: seeded random games, both editions,
Power Up! on and Mutant; at a sample of every step's decisions ``position_of`` writes
a file whose position is the same situation, and only chance no field scripts (a pile
shuffled, Miraculous Catch's card) may leave a decision unwritten.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import tabletop
from tabletop.core.positions import PositionError, load_position, position_of
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.game import KingOfTokyoGame
from tabletop.games.king_of_tokyo.position_turn import step_of

OPTIONS: list[dict[str, Any]] = [
    {"edition": "2011"},
    {"edition": "2016"},
    {"edition": "2016", "power_up": "on"},
    {"edition": "2011", "power_up": "on", "evolution_setup": "discard"},
    {"edition": "2016", "power_up": "mutant"},
    {
        "edition": "2016",
        "power_up": "on",
        "evolution_prompts": "holding",
        "freeze_time": "may",
        "skipped_turn_end": "end_of_turn",
        "tokyo_bay": True,
    },
]
SEEDS = (0, 1, 2)
SAMPLE = 3
"""One decision in this many is written (a walk and a rebuild each)."""
UNSCRIPTED = "draws chance that no field of a position scripts"


def _game(**options: Any) -> KingOfTokyoGame:
    game = tabletop.make("king-of-tokyo", **options)
    assert isinstance(game, KingOfTokyoGame)
    return game


def _apply(state: Any, label: str) -> None:
    state.apply(next(a for a in state.legal_actions() if a.label == label))


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_every_decision_round_trips(options: dict[str, Any]) -> None:
    game = _game(**options)
    written: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        state = game.new_state(2 + (seed * 3 + len(options)) % 5, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if len(state.history) % SAMPLE == seed % SAMPLE:
                step = step_of(state)
                seen[step] += 1
                try:
                    fields = position_of(state)
                except PositionError as exc:
                    assert UNSCRIPTED in str(exc), (seed, len(state.history), str(exc))
                else:
                    written[step] += 1
                    again = load_position(fields)
                    assert game.situation(again) == game.situation(state), (seed, step)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    print(options, {s: f"{written[s]}/{n}" for s, n in seen.items()})
    assert sum(written.values()) >= 0.98 * sum(seen.values())
    if game.options.power_up != "off":
        assert written["set-up"] == seen["set-up"] > 0


def test_the_last_roll_resolving_is_the_rolling_step_and_its_faces() -> None:
    """The roll that ends rolling resolves the dice at once: the King deciding whether
    to yield is Kraken's rolling step, the faces rolled in ``next_dice``."""
    game = _game(edition="2016")
    start = game.new_state(2, seed=3)
    # Kraken rolls (seat 0 or 1, the first player's); the other is in Tokyo.
    fields = game.describe(start)
    fields.update(
        {
            "city": 1 - start.active,
            "dice": ["claw", "claw", "claw", "1", "2", "3"],
            "rolls_left": 1,
        }
    )
    start = game.position(fields)
    state = start.clone()
    _apply(state, "keep claw, claw, claw and reroll the rest")
    assert state.view(None)["decision"]["kind"] == "yield"
    with pytest.raises(PositionError, match="resolving"):
        game.describe(state)
    written = position_of(state, start)
    assert written["step"] == "rolling" and written["rolls_left"] == 1
    assert written["moves"] == ["keep claw, claw, claw and reroll the rest"]
    rolled = list(state.view(None)["dice"])
    for face in ("claw", "claw", "claw"):
        rolled.remove(face)
    assert sorted(written["next_dice"]) == sorted(rolled)  # the three dice rerolled
    assert game.situation(load_position(written)) == game.situation(state)


def test_a_turn_rolled_straight_into_its_resolution() -> None:
    """Blizzard: The King rolls once, and its claws land on Space Penguin in Tokyo,
    who holds Wings: damage on its way, in the turn after the Buy phase it came from."""
    game = _game(edition="2016", power_up="on")
    for seed in range(20):
        start = game.position(
            {
                "monsters": [
                    {
                        "name": "Space Penguin",
                        "played": ["Blizzard"],
                        "cards": ["Wings"],
                        "energy": 6,
                    },
                    "The King",
                ],
                "city": "Space Penguin",
                "step": "buy phase",
                "dice": ["1", "1", "2", "2", "3", "heart"],
                "seed": seed,
                "stop": "buy phase",
            }
        )
        state = start.clone()
        _apply(state, "end your Buy phase")
        if state.view(None)["decision"]["kind"] == "prevent_damage":
            break
    else:
        pytest.fail("no seed rolled a claw")
    written = position_of(state, start)
    assert written["step"] == "buy phase" and written["moves"] == ["end your Buy phase"]
    assert sorted(written["next_dice"]) == sorted(state.view(None)["dice"])  # one roll
    assert game.situation(load_position(written)) == game.situation(state)


def test_a_pile_shuffled_on_the_way_is_no_field() -> None:
    """The Power deck is empty: a sweep shuffles the discard pile into a new deck, in an
    order no field says."""
    game = _game(edition="2016")
    row, discard = ["Heal", "Frenzy", "Jets"], ["Wings", "Tank", "Giant Brain", "Camouflage"]
    state = game.position(
        {
            "monsters": [{"name": "Kraken", "energy": 4}, "The King"],
            "step": "buy phase",
            "dice": ["1", "1", "2", "2", "3", "3"],
            "row": row,
            "deck": [],
            "discard": discard,
            "box": [name for name in game.cards.names if name not in row + discard],
            "stop": "buy phase",
        }
    )
    sweep = next(a for a in state.legal_actions() if a.label == "pay 2 energy to sweep the row")
    fields = game.describe(state)
    with pytest.raises(PositionError, match=UNSCRIPTED) as caught:
        game.script_chance(fields, state, [sweep])
    assert "position.moves" in str(caught.value)
    rolls = next(a for a in state.legal_actions() if a.label == "end your Buy phase")
    scripted = game.script_chance(game.describe(state), state, [rolls])
    assert len(scripted["next_dice"]) == 6  # the next monster's first roll


@pytest.mark.parametrize(
    "options",
    [
        {"power_up": "on"},
        {"power_up": "on", "evolution_setup": "discard"},
        {"power_up": "mutant"},
        {"power_up": "mutant", "draft_direction": "right"},
    ],
    ids=str,
)
def test_every_set_up_decision_is_described(options: dict[str, Any]) -> None:
    game = _game(**options)
    for seed in range(3):
        state = game.new_state(2 + seed, seed)
        rng = Rng(seed)
        decisions = 0
        while step_of(state) == "set-up":
            fields = game.describe(state)  # checks its rebuild itself
            assert fields["step"] == "set-up" and "turn_number" not in fields
            written = position_of(state)
            assert "moves" not in written
            assert game.situation(load_position(written)) == game.situation(state)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        assert decisions >= state.num_players


# What docs/positions.md says of the set-up, read from there alone.


def test_a_set_up_position_of_the_monsters_alone_is_the_games_start() -> None:
    game = _game(power_up="on", first_player="1", monsters="kraken,the_king,alienoid")
    state = game.position({"players": 3, "step": "set-up", "seed": 6, "turn": 1})
    assert game.situation(state) == game.situation(game.new_state(3, seed=6))


def test_a_mutant_draft_under_way() -> None:
    game = _game(edition="2016", power_up="mutant")
    kraken = ["Healing Rain", "Destructive Wave", "Cult Worshippers", "High Tide"]
    kraken += ["Terror of the Deep", "Eater of Souls", "Sunken Temple", "Mandibles of Dread"]
    king = ["Monkey Rush", "Simian Scamper", "Jungle Frenzy", "Giant Banana"]
    king += ["Chest Thumping", "Alpha Male", "I Am the King!", "Twas Beauty Killed the Beast"]
    state = game.position(
        {
            "monsters": [
                # Kraken, the first player, took High Tide this round ...
                {
                    "name": "Kraken",
                    "draft": [*kraken[:3], *kraken[4:]],
                    "evolution_deck": [kraken[3]],
                },
                # ... The King takes its card now.
                {"name": "The King", "draft": king},
            ],
            "step": "set-up",
        }
    )
    assert state.current_player == 1
    assert sorted(a.label for a in state.legal_actions()) == sorted(f"draft {e}" for e in king)
    _apply(state, "draft Alpha Male")
    # The round is over; the packets pass on, and Kraken takes from The King's.
    assert state.current_player == 0
    rest = [e for e in king if e != "Alpha Male"]
    assert sorted(a.label for a in state.legal_actions()) == sorted(f"draft {e}" for e in rest)
    described = game.describe(state)
    assert described["monsters"][0]["draft"] == rest
    assert described["monsters"][1]["evolution_deck"] == ["Alpha Male"]


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"step": "set-up"}, "position.step", "Power Up! only"),
        ({"step": "set-up", "turn_number": 1}, "position.turn_number", "before the first turn"),
        ({"step": "set-up", "dice": []}, "position.dice", "before the first turn"),
        ({"step": "set-up", "this_turn": {}}, "position.this_turn", "before the first turn"),
    ],
)
def test_the_set_up_refuses_the_turns_fields(
    fields: dict[str, Any], field: str, words: str
) -> None:
    options = {} if fields == {"step": "set-up"} else {"power_up": "on"}
    with pytest.raises(PositionError) as caught:
        _game(**options).position(fields)
    assert field in str(caught.value) and words in str(caught.value)


def test_a_draft_is_the_mutant_variants_and_the_set_ups() -> None:
    kraken = ["Healing Rain", "Destructive Wave"]
    with pytest.raises(PositionError, match=r"monsters\[0\]\.draft.*Mutant"):
        _game(power_up="on").position(
            {"monsters": [{"name": "Kraken", "draft": kraken}, "The King"], "step": "set-up"}
        )
    mutant = _game(power_up="mutant")
    with pytest.raises(PositionError, match=r"position\.monsters.*14 are not"):
        mutant.position(
            {"monsters": [{"name": "Kraken", "draft": kraken}, "The King"], "step": "set-up"}
        )


def test_a_draft_round_goes_clockwise_from_the_first_player() -> None:
    """The packets smaller by a card are the first ones clockwise from ``turn``."""
    game = _game(power_up="mutant")
    king = ["Monkey Rush", "Simian Scamper", "Jungle Frenzy", "Giant Banana"]
    king += ["Chest Thumping", "Alpha Male", "I Am the King!", "Twas Beauty Killed the Beast"]
    kraken = ["Healing Rain", "Destructive Wave", "Cult Worshippers", "High Tide"]
    kraken += ["Terror of the Deep", "Eater of Souls", "Sunken Temple", "Mandibles of Dread"]
    fields: dict[str, Any] = {
        "monsters": [
            {"name": "Kraken", "draft": kraken[1:], "evolution_deck": kraken[:1]},
            {"name": "The King", "draft": king},
        ],
        "step": "set-up",
    }
    assert game.position(fields).current_player == 1
    with pytest.raises(PositionError, match=r"position\.monsters.*clockwise"):
        game.position({**fields, "turn": "The King"})
    with pytest.raises(PositionError, match=r"position\.step.*set-up"):
        game.position({**fields, "step": "start of turn"})

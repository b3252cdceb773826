"""Hints' reasons: each game's heuristic explains an action in the game's words
(``Game.explain``, ``games/<game>/explain.py``), from what the seat may see only."""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.bots import Hint, analyse, make_bot
from tabletop.core.action import Action
from tabletop.core.game import Game, State
from tabletop.core.rng import Rng
from tabletop.games.uno_power.actions import MOVE_PLAY
from tabletop.games.uno_power.explain import play_terms
from tabletop.games.uno_power.state import UnoPowerState


def reasons(state: State) -> dict[str, str | None]:
    """Every legal action's label and its reason, for the player on turn."""
    player = state.current_player
    return {a.label: state.game.explain(state, player, a) for a in state.legal_actions()}


def action(state: State, label: str) -> Action:
    return next(a for a in state.legal_actions() if a.label == label)


# -- King of Tokyo ------------------------------------------------------------------------

KOT = tabletop.make("king-of-tokyo")
RIVALS = ["Kraken", "Meka Dragon", "Cyber Kitty"]


def kot(me: dict[str, Any], **spec: Any) -> State:
    return KOT.position({"monsters": [{"name": "The King", **me}, *RIVALS], **spec})


def test_king_of_tokyo_explains_the_dice_it_keeps() -> None:
    state = kot({"hearts": 5}, step="rolling", dice=["3", "3", "3", "energy", "1", "claw"])
    why = reasons(state)
    assert why["keep 3, 3, 3 and reroll the rest"] == "keeps the three 3s: 3 stars"
    assert why["keep 3, 3 and reroll the rest"] == "keeps the pair of 3s: one more makes 3 stars"
    assert why["keep 1 and reroll the rest"] == "keeps a 1: two more make 1 star"
    assert why["keep energy and reroll the rest"] == "keeps the energy: 1 energy to buy cards"
    assert why["stop rolling and resolve the dice"] == "stops: takes 3 stars, 1 energy and 1 claw"
    assert why["reroll all dice"] == (
        "rerolls every die, even the 3s, energy and claws worth keeping"
    )
    # Outside Tokyo and hurt, hearts heal; from Tokyo, claws hit everybody outside.
    hurt = kot({"hearts": 6}, step="rolling", dice=["heart", "heart", "claw", "1", "2", "2"])
    assert (
        reasons(hurt)["keep heart, heart and reroll the rest"] == "keeps 2 hearts: heal to 8 of 10"
    )
    tokyo = kot(
        {"hearts": 6},
        step="rolling",
        dice=["heart", "heart", "claw", "claw", "2", "2"],
        city="The King",
    )
    why = reasons(tokyo)
    assert why["keep claw, claw and reroll the rest"] == (
        "keeps 2 claws: 2 damage to each monster outside Tokyo"
    )
    assert why["keep heart, heart and reroll the rest"] == "keeps 2 hearts: no healing in Tokyo"


def test_king_of_tokyo_explains_claws_against_the_monster_in_tokyo() -> None:
    weak = KOT.position(
        {
            "monsters": ["The King", {"name": "Kraken", "hearts": 2}, *RIVALS[1:]],
            "city": "Kraken",
            "step": "rolling",
            "dice": ["claw", "claw", "1", "2", "3", "energy"],
        }
    )
    assert reasons(weak)["keep claw, claw and reroll the rest"] == (
        "keeps 2 claws: can knock out Kraken in Tokyo"
    )


def test_king_of_tokyo_explains_yielding_and_staying() -> None:
    # The King's two claws leave Kraken in Tokyo with 5 hearts, three monsters outside.
    state = KOT.position(
        {
            "monsters": ["The King", {"name": "Kraken", "hearts": 7}, *RIVALS[1:]],
            "city": "Kraken",
            "step": "after the last roll",
            "dice": ["claw", "claw", "1", "1", "2", "2"],
        }
    )
    assert state.current_player == 1
    assert reasons(state) == {
        "yield Tokyo": "leaves Tokyo: 5 hearts left with three monsters able to hit",
        "stay in Tokyo": "stays in Tokyo: risky with 5 hearts left and three monsters able to hit",
    }
    healthy = KOT.position(
        {
            "monsters": ["The King", {"name": "Kraken", "hearts": 10}, *RIVALS[1:]],
            "city": "Kraken",
            "step": "after the last roll",
            "dice": ["claw", "claw", "1", "1", "2", "2"],
        }
    )
    assert reasons(healthy)["stay in Tokyo"] == (
        "stays in Tokyo: 8 hearts left, enough with three monsters able to hit"
    )


def test_king_of_tokyo_explains_buying_sweeping_and_keeping_energy() -> None:
    state = kot({"energy": 7}, step="buy phase", row=["Extra Head", "Heal", "Tank"])
    why = reasons(state)
    assert (
        why["buy the card in slot 1 of the row"] == "buys Extra Head: worth 4.5 stars for 7 energy"
    )
    # Heal is worth little to a monster at full health.
    assert (
        why["buy the card in slot 2 of the row"] == "buys Heal: worth only 0.2 stars for 3 energy"
    )
    assert why["end your Buy phase"] == (
        "keeps its energy, though Extra Head is worth 4.5 stars for 7 energy"
    )
    assert why["pay 2 energy to sweep the row"] == (
        "sweeps the row, though Extra Head is worth buying"
    )
    poor = kot({"energy": 3}, step="buy phase", row=["Heal", "Nova Breath", "Tank"])
    why = reasons(poor)
    assert why["end your Buy phase"] == "keeps 3 energy: no card is worth its cost"
    assert why["pay 2 energy to sweep the row"] == (
        "sweeps the row: no card in it is worth its cost (2 energy for 3 new ones)"
    )


def test_king_of_tokyo_explains_heart_dice() -> None:
    state = kot(
        {"hearts": 6, "poison": 1},
        step="after the last roll",
        dice=["heart", "heart", "1", "1", "2", "2"],
    )
    assert reasons(state) == {
        "use a heart die to heal yourself": "heals: 6 of 10 hearts now",
        "use a heart die to remove a Poison token": (
            "removes a Poison token: it costs a heart every turn (1 now)"
        ),
    }


# -- UNO Power ----------------------------------------------------------------------------

UNO = tabletop.make("uno-power", target_score="single_round")


def uno(hands: list[list[str]], top: str, **spec: Any) -> State:
    return UNO.position({"hands": hands, "top": top, "turn": 0, **spec})


def test_uno_power_explains_plays_and_draws() -> None:
    state = uno(
        [
            ["blue Draw Two", "blue 5", "blue 7", "red 3", "Wild Grab-a-Tower"],
            ["green 1", "green 2"],
            ["red 9", "yellow 4", "yellow 5"],
        ],
        "blue 3",
    )
    why = reasons(state)
    assert why["play blue Draw Two"] == "plays blue Draw Two: player 2 holds 2 cards"
    assert why["play blue 5"] == "plays blue 5: stays in blue, 2 more in hand"
    assert why["play Wild Grab-a-Tower, name blue"] == (
        "plays Wild Grab-a-Tower, names blue: you hold 3 blue cards"
    )
    assert why["draw a card"] == "draws, though you could play blue Draw Two"
    assert why["play Wild Grab-a-Tower, name green"] == (
        "plays Wild Grab-a-Tower, names green: wilds are best kept for the end (5 cards in hand)"
    )
    # The colour named for a first card that is wild: the colour the hand holds most.
    assert UNO.explain(state, 0, UNO.table.name_colour[1]) == "names blue: you hold 3 blue cards"
    stuck = uno([["red 5", "red 7"], ["green 1", "green 2"], ["red 9", "yellow 4"]], "blue 3")
    assert reasons(stuck) == {"draw a card": "draws: no card to play"}


def test_uno_power_reasons_weigh_plays_as_the_heuristic_does() -> None:
    """The terms the reasons word add up to the heuristic's scores: the play it
    chooses is the one they score highest."""
    checked = 0
    for seed in range(4):
        state = UNO.new_state(4, seed=seed, log=False)
        bot = make_bot("heuristic", "uno-power")
        while not state.is_terminal():
            player = state.current_player
            chosen = bot.choose(state, player)
            plays = [a for a in state.legal_actions() if UNO.table.move[a.id] == MOVE_PLAY]
            if len(plays) > 1 and chosen in plays:

                def score(a: Action, p: int = player, s: State = state) -> float:
                    assert isinstance(s, UnoPowerState)
                    call = 100.0 if UNO.table.calls[a.id] else 0.0
                    return call + sum(v for v, _ in play_terms(s, p, a.id))

                assert score(chosen) == max(score(a) for a in plays)
                checked += 1
            state.apply(chosen)
    assert checked > 20


def test_uno_power_explains_towers_and_the_uno_call() -> None:
    blocked = uno(
        [["red Draw One", "blue 1", "blue 2"], ["green 1", "green 2"], ["red 9", "yellow 4"]],
        "red 3",
        towers={"U": 1},
    )
    assert reasons(blocked)["play red Draw One"] == (
        "plays red Draw One: player 2 holds the U tower, which blocks it"
    )
    last = uno([["red 5", "blue 1"], ["green 1", "green 2"], ["red 9", "yellow 4"]], "red 3")
    why = reasons(last)
    assert why["play red 5"] == "plays red 5, no UNO call: anyone may catch you"
    assert why["play red 5 and call UNO"] == "plays red 5 and calls UNO: sheds 5 points"


def test_uno_power_explains_the_wild_draw_four_challenge() -> None:
    hand = ["Wild Draw Four", "red 1", "red 2", "green 3", "green 4", "yellow 5", "yellow 6"]
    state = uno([hand, ["green 1", "green 2", "green 5"], ["red 9", "yellow 4"]], "red 3")
    assert reasons(state)["play Wild Draw Four, name green"] == (
        "plays Wild Draw Four, names green: a bluff, as you hold red, though player 2 holds 3 cards"
    )
    state.apply(action(state, "play Wild Draw Four, name green"))
    assert state.current_player == 1
    assert reasons(state) == {
        "challenge the Wild Draw Four": "challenges: player 1 holds 6 cards, so likely some red",
        "accept the Wild Draw Four": "accepts, though player 1 holds 6 cards: likely some red",
    }
    small = uno([["Wild Draw Four", "green 3"], ["green 1", "green 2"], ["yellow 4"]], "red 3")
    small.apply(action(small, "play Wild Draw Four, name green and call UNO"))
    assert reasons(small)["accept the Wild Draw Four"] == (
        "accepts: player 1 holds only 1 card, so likely no red"
    )


# -- Kung Fu ------------------------------------------------------------------------------

KUNG_FU = tabletop.make("kung-fu")


def kung_fu(hands: list[list[str]], **spec: Any) -> State:
    return KUNG_FU.position({"hands": hands, "life": [8, 8], **spec})


def play(state: State, label: str) -> None:
    state.apply(action(state, label))


def test_kung_fu_explains_parries_against_the_attack() -> None:
    state = kung_fu(
        [
            ["Cross Block", "Deflecting Hand", "Immovable Mountain", "Straight Punch"],
            ["Roundhouse Kick", "Low Kick", "Forearm Block"],
        ],
        attacker=1,
    )
    play(state, "attack with Roundhouse Kick face up")
    assert reasons(state) == {
        "parry with Deflecting Hand": (
            "parries with Deflecting Hand (1): stops 1 of 4 damage, and adds 1 koku to your row"
        ),
        "parry with Cross Block": "parries with Cross Block (3): stops 3 of 4 damage",
        "parry with Immovable Mountain": (
            "parries with Immovable Mountain (5): stops all 4 damage and wins by 1"
        ),
    }
    # What a parry card adds: an effect the Koku row pays for.
    rich = kung_fu(
        [["Healing Breath", "Cross Block", "Straight Punch"], ["Roundhouse Kick", "Low Kick"]],
        attacker=1,
        rows=[["Palm Strike"], []],
    )
    play(rich, "attack with Roundhouse Kick face up")
    assert reasons(rich)["parry with Healing Breath"] == (
        "parries with Healing Breath (2): stops 2 of 4 damage, and may heal 2 for 2 koku"
    )
    # Activating it: 2 life healed, less the 2 koku (0.5 life each) it costs.
    play(rich, "parry with Healing Breath")
    assert reasons(rich) == {
        "activate your card's effect": (
            "activates Healing Breath (heal 2) for 2 koku: worth 1.0 life in this exchange"
        ),
        "do not activate": (
            "does not activate, though Healing Breath (heal 2) is worth 1.0 life here"
        ),
    }


def test_kung_fu_explains_attacks_draws_and_the_initiative() -> None:
    defenceless = kung_fu(
        [["Cross Block", "Straight Punch"], ["Low Kick", "Forearm Block"]],
        attacker=0,
        no_parry=[False, True],
    )
    assert reasons(defenceless)["attack with Straight Punch face up"] == (
        "attacks with Straight Punch (2): they cannot parry it"
    )
    assert reasons(defenceless)["attack with Straight Punch face down"] == (
        "attacks face down with Straight Punch: hides it, but they draw a card for it"
    )
    passed = kung_fu(
        [["Cross Block", "Deflecting Hand", "Straight Punch"], ["Low Kick", "Forearm Block"]],
        attacker=1,
    )
    play(passed, "give up the initiative")
    why = reasons(passed)
    assert why["draw 1 red, the rest blue"] == (
        "draws 1 red, 2 blue: 2 red and 3 blue in hand, balanced"
    )
    assert why["draw 3 red, the rest blue"] == "draws 3 red, 0 blue: 4 red and 1 blue in hand"
    # A won parry: take the initiative when the next attack knocks the opponent out.
    won = kung_fu(
        [["Cross Block", "Immovable Mountain", "Straight Punch"], ["Low Kick", "Forearm Block"]],
        attacker=1,
        life=[8, 1],
    )
    play(won, "attack with Low Kick face up")
    play(won, "parry with Immovable Mountain")
    assert reasons(won) == {
        "take the initiative": (
            "takes the initiative: your Straight Punch (2) can knock them out (1 life)"
        ),
        "draw the difference": (
            "draws 2 cards, though your Straight Punch (2) can knock them out (1 life)"
        ),
    }


# -- every game ---------------------------------------------------------------------------


GAMES = [
    ("king-of-tokyo", {"power_up": "on"}, 4, 150),
    ("uno-power", {"target_score": "single_round"}, 4, 150),
    ("kung-fu", {}, 2, 150),
]


@pytest.mark.parametrize(("game_id", "options", "players", "steps"), GAMES)
def test_reasons_read_only_what_the_seat_may_see(
    game_id: str, options: dict[str, str], players: int, steps: int
) -> None:
    """Re-dealing what the seat cannot see (``determinize``) changes no reason."""
    game = tabletop.make(game_id, **options)
    explained = 0
    for seed in (5, 6, 7):
        state = game.new_state(players, seed=seed)
        bots = [make_bot("heuristic", game_id, seed=p) for p in range(players)]
        for step in range(steps):
            if state.is_terminal():
                break
            player = state.current_player
            if len(state.legal_actions()) > 1:
                seen = reasons(state)
                explained += sum(r is not None for r in seen.values())
                twin = state.determinize(player, Rng(step))
                assert reasons(twin) == seen, f"seed {seed}, step {step}"
            state.apply(bots[player].choose(state, player))
    assert explained > 100


def test_analyse_gives_each_hint_its_reason() -> None:
    state = kot({"hearts": 5}, step="rolling", dice=["3", "3", "3", "energy", "1", "claw"])
    hints = analyse(state, 0, iterations=30, seed=1)
    why = {h.action.label: h.reason for h in hints}
    assert why["keep 3, 3, 3 and reroll the rest"] == "keeps the three 3s: 3 stars"
    assert all(h.reason for h in hints)
    assert hints[0].to_dict()["reason"] == hints[0].reason
    assert Hint(hints[0].action, 0.5, 1).reason is None
    # A game that explains nothing: the base class's answer.
    assert Game.explain(KOT, state, 0, hints[0].action) is None

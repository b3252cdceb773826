"""Perfect-recall information states of the OpenSpiel games: a seat's string is equal
for two histories exactly when the seat saw the same (its own actions, the log events
it may see, its views), and re-sampling what it cannot see leaves it unchanged."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (open_spiel) is not installed")

from open_spiel.python.observation import make_observation  # noqa: E402

from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.core.state import State  # noqa: E402
from tabletop.rl.openspiel import TabletopState  # noqa: E402
from tests.rl.test_openspiel import CONFIGS as BASE_CONFIGS  # noqa: E402
from tests.rl.test_openspiel import IDS as BASE_IDS  # noqa: E402
from tests.rl.test_openspiel import _load  # noqa: E402

# King of Tokyo with Power Up!: the Evolutions in hand are hidden too.
CONFIGS = [*BASE_CONFIGS, {"game_id": "king-of-tokyo", "num_players": 3, "power_up": "on"}]
IDS = [*BASE_IDS, "king-of-tokyo-power-up"]

PUBLIC_RECALL = pyspiel.IIGObservationType(
    public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
)


class Oracle:
    """Everything each seat (and a spectator, last) saw, kept in full on a copy of the
    game that keeps its log: what the adapter's chains of digests must agree with."""

    def __init__(self, logged: State, seen: list[list[Any]] | None = None) -> None:
        self.logged = logged
        viewers = [*range(logged.num_players), None]
        self.viewers = viewers
        self.seen = seen or [[(None, self._events(logged.log, v), logged.view(v))] for v in viewers]

    @classmethod
    def deal(cls, state: TabletopState) -> Oracle:
        ts = state.tabletop_state
        return cls(ts.game.new_state(ts.num_players, ts.seed, log=True))

    @staticmethod
    def _events(events: Sequence[Any], viewer: int | None) -> list[Any]:
        return [(e.kind, e.text, e.data) for e in events if e.visible(viewer)]

    def apply(self, action: int) -> None:
        actor = self.logged.current_player
        logged = len(self.logged.log)
        self.logged.apply(action)
        new = self.logged.log[logged:]
        for trace, v in zip(self.seen, self.viewers, strict=True):
            own = action if v == actor else None
            trace.append((own, self._events(new, v), self.logged.view(v)))

    def clone(self) -> Oracle:
        return Oracle(self.logged.clone(), [list(t) for t in self.seen])

    def resampled(self, seat: int, seed: int) -> Oracle:
        """The oracle of ``state.resample_from_infostate(seat, lambda: seed / 2**53)``,
        counting from the sample."""
        return Oracle(self.logged.determinize(seat, Rng(seed)))


def _position(state: State) -> dict[str, Any]:
    """Everything of ``state`` but its log and public record of plays (which the
    recall's copy keeps and drops)."""
    data = state.to_dict(include_log=False)
    data["state"].pop("record", None)
    return data


def _strings(state: Any, n: int) -> list[str]:
    return [state.information_state_string(p) for p in range(n)]


def _random_line(
    config: dict[str, Any], seed: int, moves: int
) -> tuple[Any, list[tuple[Any, Oracle]]]:
    """A game of random moves, with a copy of the state and its oracle every 5 moves."""
    game = _load(config, seed=seed)
    rng = random.Random(seed)
    state = game.new_initial_state()
    oracle = Oracle.deal(state)
    points = []
    for step in range(moves):
        if state.is_terminal():
            break
        if step % 5 == 0:
            points.append((state.clone(), oracle.clone()))
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        oracle.apply(action)
    return game, points


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_strings_are_equal_exactly_when_the_seat_saw_the_same(config: dict[str, Any]) -> None:
    """Two moves from one position: each seat's strings differ exactly when the seat
    can tell the moves apart (its own move, or an event or view it sees differs)."""
    game, points = _random_line(config, seed=21, moves=60)
    n = game.num_players()
    rng = random.Random(3)
    told_apart = not_told = 0
    for state, oracle in points:
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        for a, b in [rng.sample(legal, 2) for _ in range(6)]:
            sa, sb = state.clone(), state.clone()
            oa, ob = oracle.clone(), oracle.clone()
            sa.apply_action(a)
            sb.apply_action(b)
            oa.apply(a)
            ob.apply(b)
            for p in range(n):
                same = oa.seen[p] == ob.seen[p]
                assert (sa.information_state_string(p) == sb.information_state_string(p)) == same
                told_apart += not same
                not_told += same
            public = make_observation(game, PUBLIC_RECALL)
            assert (public.string_from(sa, 0) == public.string_from(sb, 0)) == (
                oa.seen[n] == ob.seen[n]
            )
    assert told_apart > 0
    if config["game_id"] == "kung-fu":  # attacks face down: the defender sees no card
        assert not_told > 0


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_resampled_states_keep_the_seats_information_state(config: dict[str, Any]) -> None:
    """``resample_from_infostate(p)`` re-deals what ``p`` cannot see and keeps ``p``'s
    string; played on with the same moves, the twin's and the true game's strings for
    ``p`` stay equal exactly while ``p`` sees the same in both."""
    game, points = _random_line(config, seed=8, moves=45)
    n = game.num_players()
    public = make_observation(game, PUBLIC_RECALL)
    rng = random.Random(5)
    diverged = 0
    for k, (state, oracle) in enumerate(points):
        for p in range(n):
            seed = 1000 * k + p
            twin = state.resample_from_infostate(p, lambda s=seed: s / 2**53)
            assert twin.tabletop_state.view(p) == state.tabletop_state.view(p)
            assert twin.information_state_string(p) == state.information_state_string(p)
            assert public.string_from(twin, p) == public.string_from(state, p)
            # Another sample: the other seats' strings start at the sample, from what
            # they see in the sampled world.
            other = state.resample_from_infostate(p, lambda s=seed: (s + 7919) / 2**53)
            for q in range(n):
                if q != p:
                    same_view = twin.tabletop_state.view(q) == other.tabletop_state.view(q)
                    assert (
                        twin.information_state_string(q) == other.information_state_string(q)
                    ) == same_view
            # Play on in both worlds; compare with what p saw since the sample.
            true_world, true_oracle = state.clone(), Oracle(oracle.logged.clone())
            twin_oracle = oracle.resampled(p, seed)
            for _ in range(6):
                if true_world.is_terminal() or twin.is_terminal():
                    break
                if true_world.current_player() != twin.current_player():
                    break
                common = sorted(set(true_world.legal_actions()) & set(twin.legal_actions()))
                if not common:
                    break
                action = rng.choice(common)
                for s, o in ((true_world, true_oracle), (twin, twin_oracle)):
                    s.apply_action(action)
                    o.apply(action)
                same = true_oracle.seen[p] == twin_oracle.seen[p]
                assert (
                    true_world.information_state_string(p) == twin.information_state_string(p)
                ) == same
                diverged += not same
            # The twin's recall replays its own world: the sampled deal, not the true one.
            recall = twin._deal.recall
            recall.catch_up()
            assert _position(recall.base) == _position(twin.tabletop_state)
    if config["game_id"] != "kung-fu":  # a few Kung Fu moves may reveal nothing new
        assert diverged > 0


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_lazy_strings_equal_strings_asked_at_every_move(config: dict[str, Any]) -> None:
    """The chains are caught up on demand: asking at every move, once at the end, or on
    a clone gives the same strings, and the replay the chains read is the game itself."""
    game = _load(config, seed=4)
    n = game.num_players()
    eager, lazy = game.new_initial_state_with_seed(9), game.new_initial_state_with_seed(9)
    rng = random.Random(9)
    midway = None
    for step in range(80):
        if eager.is_terminal():
            break
        _strings(eager, n)
        action = rng.choice(eager.legal_actions())
        eager.apply_action(action)
        lazy.apply_action(action)
        if step == 30:
            midway = lazy.clone()
    assert _strings(lazy, n) == _strings(eager, n)
    assert len(set(_strings(lazy, n))) == n  # every seat has its own
    if midway is not None:
        assert midway.information_state_string(0) != lazy.information_state_string(0)
    recall = lazy._deal.recall
    recall.catch_up()
    assert _position(recall.base) == _position(lazy.tabletop_state)
    other_deal = game.new_initial_state_with_seed(10)
    assert other_deal.information_state_string(0) != game.new_initial_state_with_seed(
        9
    ).information_state_string(0)


def test_game_type_and_information_state_errors() -> None:
    game = _load(CONFIGS[2], seed=1)
    gt = game.get_type()
    assert gt.provides_information_state_string
    assert not gt.provides_information_state_tensor
    state = game.new_initial_state()
    text = state.information_state_string(0)
    assert text.startswith("seat 0 after 0 moves, recall ")
    assert text.endswith(state.observation_string(0))
    assert make_observation(game, PUBLIC_RECALL).string_from(state, 1).startswith("public")
    with pytest.raises(TabletopError, match="not tensors"):
        state.information_state_tensor(0)
    with pytest.raises(TabletopError, match="not a seat"):
        state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    with pytest.raises(pyspiel.SpielError):
        state.information_state_string(2)

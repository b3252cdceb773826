"""Server settings: one frozen value, so an app's behaviour is fixed when it is made.

Tests pass small limits (no bot pause, a tiny rate limit, snapshots every few
actions) and the ``serve`` command the defaults below.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def default_database_path() -> Path:
    """Where ``tabletop serve`` keeps its SQLite file without ``--database-url``.

    ``$XDG_DATA_HOME/tabletop`` (``~/.local/share/tabletop``), so games survive a
    change of working directory.
    """
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tabletop" / "tabletop.db"


def default_database_url() -> str:
    return f"sqlite:///{default_database_path()}"


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """Everything the server can be tuned by.

    ``bot_workers`` is the number of worker processes for bots and hints; 0 runs
    them in threads instead (still off the event loop; cheap to start, for tests).
    ``bot_pause_s`` paces bot moves so that people can follow them; a table's creator
    may choose its own pace between ``min_bot_pause_s`` and ``max_bot_pause_s``.
    ``bot_time_limit_s`` bounds one bot decision: past it, a random legal action
    (seeded like the bot) is played. A table's creator may let a search bot think
    by the clock, at most ``max_bot_think_seconds`` a decision (and never more than
    half of ``bot_time_limit_s``, so such a bot always answers in time). Messages
    over ``max_message_bytes`` are refused; each connection may send ``rate_burst``
    messages at once, refilled at ``rate_per_s``.

    What one client may cost (docs/server.md, "Limits"): HTTP bodies up to
    ``max_body_bytes``; ``http_rate_burst`` requests at once per address, refilled at
    ``http_rate_per_s``; request headers within ``header_timeout_s``; a websocket must
    say hello within ``hello_timeout_s``; ``max_connections_per_address`` websockets
    per address, ``max_connections_per_table`` per table, of which at most
    ``max_spectators_per_table`` watch; ``hints_per_minute`` hints per seat and
    ``hints_per_minute_per_address`` per address, computed by ``hint_workers`` of
    their own, the addresses in turn; ``max_waiting_tables_per_address`` tables
    waiting for players per address, and a table nobody joins expires after
    ``waiting_table_ttl_s``; ``max_live_tables_per_address`` tables waiting or playing
    in memory per address, and a table nobody has been at for ``idle_table_s`` sleeps
    out of memory until somebody opens it. Joins and leaves reach the other
    connections at most every ``presence_delay_s``, together. ``handshake_rate_burst``
    websockets may open at once per address, refilled at ``handshake_rate_per_s``, and
    a connection is sent at most the last ``join_log_events`` events of the log.

    Finished games' replay steps and records share a budget per address:
    ``replay_rate_burst`` at once, refilled at ``replay_rate_per_s``. A replay keeps a
    state every ``replay_checkpoint_every`` actions (a step replays at most that many),
    ``replay_checkpoints_kept`` states in all for the games replayed last. An analysis
    branch adds at most ``analysis_line_moves`` moves to a step; the evaluation of a
    whole game searches ``line_hint_iterations`` a decision (a part of a hint, in
    proportion to ``hint_iterations``), and the last ``analyses_kept`` analyses are
    kept to be answered again without a search. An address may bring in
    ``imports_per_hour_per_address`` finished games' records an hour, each of at most
    ``max_import_actions`` actions.

    An answer to an open question (``Game.open_question``: a window everyone holding
    hidden cards is asked in), a person's or the seat's preferences', is played no
    sooner than ``answer_pace_s`` after the question was put, so its timing does not
    tell whether the seat could have done anything.

    A bot's move the database refuses is tried again after ``storage_retry_s``,
    doubling up to 30 s, while the table tells its players storage is failing. A
    database that refuses writes or cannot be reached is logged once per kind of
    fault every ``fault_log_every_s`` (server/faults.py), not once per request.

    Accounts (server/accounts.py): an address may make ``signups_per_hour_per_address``
    accounts an hour; a session lasts ``session_days``; past ``sign_in_free_failures``
    failed sign-ins of a name (four times as many from an address) each attempt waits
    twice as long as the last, up to ``sign_in_max_wait_s``.

    A turn-based table (server/terms.py) gives each move between ``min_move_time_s``
    and ``max_move_time_s``, as its creator chooses; every ``turn_scan_s`` a process
    looks for the tables whose person to move is out of time (the tests make all
    three small). The same scan rates the rated tables whose end was stored but not yet
    rated (a process stopped between the two).

    A position is at most ``max_position_chars`` characters (an object: its JSON), and
    a position or a request body nests at most ``max_nesting_depth`` levels, checked
    before it is parsed. ``tabletop serve`` takes a client's address from
    ``X-Forwarded-For`` only on connections from ``trusted_proxies`` (addresses,
    networks, or ``*`` for any; none by default).
    """

    database_url: str = ""
    bot_workers: int = 2
    bot_pause_s: float = 0.7
    min_bot_pause_s: float = 0.3  # the fastest pace a table's creator may choose
    max_bot_pause_s: float = 5.0  # the slowest
    answer_pace_s: float = 0.7  # the least time an answer to an open question takes
    bot_time_limit_s: float = 20.0
    max_bot_think_seconds: float = 3.0
    hint_iterations: int = 300
    snapshot_every: int = 50
    max_message_bytes: int = 4096
    rate_burst: int = 30
    rate_per_s: float = 10.0
    max_tables: int = 10_000
    max_body_bytes: int = 64 * 1024
    max_position_chars: int = 20_000
    max_nesting_depth: int = 400
    http_rate_burst: int = 60
    http_rate_per_s: float = 20.0
    header_timeout_s: float = 10.0
    hello_timeout_s: float = 10.0
    max_connections_per_address: int = 30
    max_connections_per_table: int = 200
    max_spectators_per_table: int = 100
    hints_per_minute: int = 6
    hint_workers: int = 1
    hints_per_minute_per_address: int = 30
    max_waiting_tables_per_address: int = 10
    max_live_tables_per_address: int = 20
    waiting_table_ttl_s: float = 24 * 3600.0
    idle_table_s: float = 3600.0
    presence_delay_s: float = 0.5
    handshake_rate_burst: int = 30
    handshake_rate_per_s: float = 2.0
    join_log_events: int = 300
    replay_rate_burst: int = 30
    replay_rate_per_s: float = 5.0
    replay_checkpoint_every: int = 50
    replay_checkpoints_kept: int = 2_000
    analysis_line_moves: int = 400
    line_hint_iterations: int = 100
    analyses_kept: int = 2_000
    imports_per_hour_per_address: int = 30
    max_import_actions: int = 20_000
    signups_per_hour_per_address: int = 10
    session_days: float = 30.0
    sign_in_free_failures: int = 5
    sign_in_max_wait_s: float = 900.0
    min_move_time_s: float = 3600.0  # a turn-based table's shortest time for a move
    max_move_time_s: float = 3 * 24 * 3600.0  # and longest
    turn_scan_s: float = 60.0
    shutdown_timeout_s: int = 5
    storage_retry_s: float = 0.5
    fault_log_every_s: float = 60.0
    trusted_proxies: tuple[str, ...] = ()
    advertise_url: str = ""  # how the other processes reach this one (several processes)
    cluster_scan_s: float = 1.0  # how often a process looks for tables whose owner died
    durable_commits: bool = True  # False: PostgreSQL acknowledges before its disk flush
    # Python's cycle collector: a young collection every this many new objects. With
    # CPython's default (700) the full collections of a heap of hundreds of live tables
    # stopped the server for up to a third of a second; 0 leaves the collector as it is.
    gc_young_objects: int = 10_000

    def bot_think_cap(self) -> float:
        """The longest a bot may think per decision here (see ``max_bot_think_seconds``);
        0 (also for a NaN setting): none may."""
        cap = min(self.max_bot_think_seconds, self.bot_time_limit_s / 2)
        return cap if cap > 0 else 0.0

    def resolved_database_url(self) -> str:
        return self.database_url or default_database_url()

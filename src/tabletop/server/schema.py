"""The database's tables: a table's row and seats, its action log, its snapshots, the
server's secrets and the processes sharing the database.

This is the schema of the newest migration (``server/migrations/``): a change here
needs a migration of its own (docs/deploy.md, "Database migrations"), which brings
the databases already made to it; a fresh database is made from these tables.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

tables_t = Table(
    "tt_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("seed", String(32), nullable=False),  # 63-bit seeds overflow some INTEGER types
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("replace_bot", String(64), nullable=True),
    Column("leave_grace_s", Float, nullable=False, default=30.0),
    Column("created_at", Float, nullable=False),
    Column("result", JSON, nullable=True),
    # Added later (the first migration adds them to a database that lacks them):
    Column("known_deal", Boolean, nullable=False, default=False, server_default="0"),
    Column("created_by", String(64), nullable=True),  # a hash of the creator's address
    Column("position", JSON, nullable=True),  # the position the game started from
    Column("owner", String(32), nullable=True),  # the process playing it (several processes)
    # Nobody was at it for a while: out of memory, not loaded at start, woken when opened.
    Column("asleep", Boolean, nullable=False, default=False, server_default="0"),
    Column("bot_pause_s", Float, nullable=True),  # the bots' pace its creator chose (or none)
    Index("tt_tables_by_creator", "created_by", "status"),  # the per-address quotas
    # Migration 0003: turn-based and rated tables (server/terms.py; none: real-time,
    # unrated), when the person to move at a turn-based table runs out of time, and
    # who is to move
    Column("terms", JSON, nullable=True),
    Column("turn_due_at", Float, nullable=True),
    Column("to_move", Integer, nullable=True),  # the seat whose decision it is (none: over)
    # A rated table's end, stored with its final action, not yet rated (server/ratings.py)
    Column("rating_due", Boolean, nullable=False, default=False, server_default="0"),
    Index("tt_tables_by_rating_due", "rating_due"),
    Index("tt_tables_by_turn_due", "turn_due_at"),
)

seats_t = Table(
    "tt_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("bot", String(64), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("replaced", Boolean, nullable=False, default=False),
    # Added later: the seat's preferences (Game.preferences), only those it set
    Column("preferences", JSON, nullable=True),
    Column("think", Float, nullable=True),  # a bot's seconds per decision; none: its level's
    # Migration 0002: the account that took the seat (none: a guest's, or a deleted one;
    # no foreign key, so that SQLite adds the column without copying the table)
    Column("user_id", String(32), nullable=True),
    Index("tt_seats_by_user", "user_id"),
)

users_t = Table(
    "tt_users",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),  # as chosen (server/passwords.py)
    Column("name_key", String(128), nullable=False, unique=True),  # the name case-folded
    Column("password_hash", String(256), nullable=False),  # Argon2id, never the password
    Column("created_at", Float, nullable=False),
    Column("disabled", Boolean, nullable=False, default=False, server_default="0"),
    Column("reset_hash", String(64), nullable=True),  # a one-time reset link's hash
    Column("reset_expires", Float, nullable=True),
)
"""Accounts (server/accounts.py)."""

sessions_t = Table(
    "tt_sessions",
    metadata,
    Column("id", String(64), primary_key=True),  # the SHA-256 of the cookie's token
    Column("user_id", String(32), ForeignKey("tt_users.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("tt_sessions_by_user", "user_id"),
)
"""The accounts' sessions: a row per signed-in browser."""

ratings_t = Table(
    "tt_ratings",
    metadata,
    Column("user_id", String(32), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("tt_ratings_by_game", "game"),
)
"""An account's rating in a game (OpenSkill's Plackett-Luce), after its rated games."""

rating_history_t = Table(
    "tt_rating_history",
    metadata,
    Column("user_id", String(32), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("at", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("won", Boolean, nullable=False),
    Index("tt_rating_history_by_user", "user_id", "game", "at"),
)
"""An account's rating after each rated game: one row a game, so a table's result is
rated once whatever process ends it."""

actions_t = Table(
    "tt_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", Float, nullable=False),
)

processes_t = Table(
    "tt_processes",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("address", String(200), nullable=False),  # where the others pass it requests
    Column("started_at", Float, nullable=False),
)
"""The server processes sharing the database (server/cluster.py)."""

meta_t = Table(
    "tt_meta",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

snapshots_t = Table(
    "tt_snapshots",
    metadata,
    Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("data", Text, nullable=False),
)

"""The schema as it was when migrations began, reached from any earlier database.

Revision ID: 0001
Revises: (none)

Before Alembic, ``Storage`` made the tables with ``metadata.create_all`` and then
added what an older database lacked: every column added later has a default or may
be empty, and every index was created if missing (``add_missing_columns``). So a
database of any earlier version holds some of these tables, each with the first of
its columns and perhaps some of the later ones, and no ``alembic_version``. This
migration does what that start did, idempotently: it creates the tables that are
missing (a fresh database gets all of them) and adds the columns and indexes that an
existing table lacks, leaving rows as they are.

The tables are a frozen copy, not ``schema.metadata``: the metadata moves on with
the later migrations, while this one must always build the same thing.
"""

from __future__ import annotations

from collections.abc import Callable

from alembic import op
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
    inspect,
)
from sqlalchemy.schema import SchemaItem

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def _tables() -> list[SchemaItem]:
    return [
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("options", JSON, nullable=False),
        Column("num_players", Integer, nullable=False),
        Column("seed", String(32), nullable=False),
        Column("status", String(16), nullable=False),
        Column("version", Integer, nullable=False),
        Column("replace_bot", String(64), nullable=True),
        Column("leave_grace_s", Float, nullable=False),
        Column("created_at", Float, nullable=False),
        Column("result", JSON, nullable=True),
        # Added by the versions before migrations, in this order:
        Column("known_deal", Boolean, nullable=False, server_default="0"),
        Column("created_by", String(64), nullable=True),
        Column("position", JSON, nullable=True),
        Column("owner", String(32), nullable=True),
        Column("asleep", Boolean, nullable=False, server_default="0"),
        Column("bot_pause_s", Float, nullable=True),
        Index("tt_tables_by_creator", "created_by", "status"),
    ]


def _seats() -> list[SchemaItem]:
    return [
        Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("kind", String(8), nullable=False),
        Column("bot", String(64), nullable=True),
        Column("name", String(64), nullable=False),
        Column("token_hash", String(64), nullable=True),
        Column("replaced", Boolean, nullable=False),
        # Added later:
        Column("preferences", JSON, nullable=True),
        Column("think", Float, nullable=True),
    ]


def _actions() -> list[SchemaItem]:
    return [
        Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
        Column("ply", Integer, primary_key=True),
        Column("action", Integer, nullable=False),
        Column("seat", Integer, nullable=False),
        Column("at", Float, nullable=False),
    ]


def _processes() -> list[SchemaItem]:
    return [
        Column("id", String(32), primary_key=True),
        Column("address", String(200), nullable=False),
        Column("started_at", Float, nullable=False),
    ]


def _meta() -> list[SchemaItem]:
    return [
        Column("key", String(64), primary_key=True),
        Column("value", Text, nullable=False),
    ]


def _snapshots() -> list[SchemaItem]:
    return [
        Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
        Column("ply", Integer, primary_key=True),
        Column("data", Text, nullable=False),
    ]


TABLES: dict[str, Callable[[], list[SchemaItem]]] = {
    "tt_tables": _tables,
    "tt_seats": _seats,
    "tt_actions": _actions,
    "tt_processes": _processes,
    "tt_meta": _meta,
    "tt_snapshots": _snapshots,
}
"""Each table's columns and indexes, made anew on each call (a column joins one table
only, and :func:`upgrade` adds fresh ones to the tables that lack them)."""


def upgrade() -> None:
    bind = op.get_bind()
    metadata = MetaData()
    for name, items in TABLES.items():
        Table(name, metadata, *items())
    present = set(inspect(bind).get_table_names())
    # The missing tables, with their indexes, in the order their foreign keys need.
    metadata.create_all(bind, tables=[t for t in metadata.sorted_tables if t.name not in present])
    inspector = inspect(bind)
    for name in present & set(TABLES):
        columns = {c["name"] for c in inspector.get_columns(name)}
        for item in TABLES[name]():
            if isinstance(item, Column) and item.name not in columns:
                op.add_column(name, item)
        for index in metadata.tables[name].indexes:
            index.create(bind, checkfirst=True)


def downgrade() -> None:
    raise RuntimeError(  # a refusal by design, not work left to do
        "the first migration cannot be undone: it would drop every table and game"
    )

"""Accounts: users, their sessions, and the account that took each seat.

Revision ID: 0002
Revises: 0001

The two tables are new; the seats gain a nullable ``user_id`` (every seat taken
before stays a guest's). Downgrading drops the accounts and their sessions.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "tt_users",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("name_key", sa.String(length=128), nullable=False),
        sa.Column("password_hash", sa.String(length=256), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("disabled", sa.Boolean(), server_default="0", nullable=False),
        sa.Column("reset_hash", sa.String(length=64), nullable=True),
        sa.Column("reset_expires", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
    )
    op.create_table(
        "tt_sessions",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["tt_users.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("tt_sessions_by_user", "tt_sessions", ["user_id"])
    op.add_column("tt_seats", sa.Column("user_id", sa.String(length=32), nullable=True))
    op.create_index("tt_seats_by_user", "tt_seats", ["user_id"])


def downgrade() -> None:
    op.drop_index("tt_seats_by_user", table_name="tt_seats")
    with op.batch_alter_table("tt_seats") as batch:  # SQLite drops a column by a copy
        batch.drop_column("user_id")
    op.drop_index("tt_sessions_by_user", table_name="tt_sessions")
    op.drop_table("tt_sessions")
    op.drop_table("tt_users")

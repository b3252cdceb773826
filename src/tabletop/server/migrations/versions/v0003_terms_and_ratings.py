"""Turn-based and rated tables: a table's terms, its seat's clock, and the accounts'
ratings with their history.

Revision ID: 0003
Revises: 0002

Every table made before is real-time and unrated (``terms`` empty). ``turn_due_at``
is when the person to move at a turn-based table runs out of time (indexed: the
server looks for the tables past it); ``to_move`` the seat whose decision it is, so
that an account's list of tables says whose turn it is without loading them (empty
for the tables made before until their next move); ``rating_due`` marks a rated
table whose end is stored but not yet rated (set with the final action, cleared with
the ratings). ``tt_ratings`` holds an account's rating in a
game, ``tt_rating_history`` each rated game's rating after it. Downgrading drops them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("tt_tables", sa.Column("terms", sa.JSON(), nullable=True))
    op.add_column("tt_tables", sa.Column("turn_due_at", sa.Float(), nullable=True))
    op.add_column("tt_tables", sa.Column("to_move", sa.Integer(), nullable=True))
    op.add_column(
        "tt_tables",
        sa.Column("rating_due", sa.Boolean(), server_default="0", nullable=False),
    )
    op.create_index("tt_tables_by_rating_due", "tt_tables", ["rating_due"])
    op.create_index("tt_tables_by_turn_due", "tt_tables", ["turn_due_at"])
    op.create_table(
        "tt_ratings",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "game"),
    )
    op.create_index("tt_ratings_by_game", "tt_ratings", ["game"])
    op.create_table(
        "tt_rating_history",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "table_id"),
    )
    op.create_index("tt_rating_history_by_user", "tt_rating_history", ["user_id", "game", "at"])


def downgrade() -> None:
    op.drop_index("tt_rating_history_by_user", table_name="tt_rating_history")
    op.drop_table("tt_rating_history")
    op.drop_index("tt_ratings_by_game", table_name="tt_ratings")
    op.drop_table("tt_ratings")
    op.drop_index("tt_tables_by_rating_due", table_name="tt_tables")
    op.drop_index("tt_tables_by_turn_due", table_name="tt_tables")
    with op.batch_alter_table("tt_tables") as batch:  # SQLite drops a column by a copy
        batch.drop_column("rating_due")
        batch.drop_column("to_move")
        batch.drop_column("turn_due_at")
        batch.drop_column("terms")

"""The migrations, one module per change of the schema, oldest first (``v0001_…``).

Alembic finds them by their ``revision`` and ``down_revision``, not by their names;
the numbers only keep the folder in order. This file makes the folder a package, so
that an install ships it; Alembic skips it.
"""

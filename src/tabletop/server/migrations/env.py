"""Alembic's environment script, which Alembic runs for each of its commands.

The settings live in the package (:func:`tabletop.server.migrations.run_environment`),
so that this file, which Alembic loads by its path, holds nothing to keep in step.
"""

from tabletop.server.migrations import run_environment

run_environment()

"""A short soak of the real server (benchmarks/soak_server.py, a few seconds long):
people (some with accounts), bots, spectators, hostile clients and SIGKILL restarts
together, on SQLite and PostgreSQL; then every action a client was shown must be
stored, every table's stored log must replay to its state, every seat an account was
told it holds must be its own, and no session a client was given may be lost. The long
runs and their figures are in docs/server.md."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from benchmarks.soak_server import run


def test_a_short_soak_loses_nothing(database_url: str, tmp_path: Path) -> None:
    args = argparse.Namespace(minutes=0.3, tables=8, restart_every=7.0, least_moves=20)
    report = asyncio.run(run(args, database_url, tmp_path))
    assert report["restarts"] >= 1
    assert report["people_actions"] > 0 and report["actions"] > report["people_actions"]
    assert report["lost"] == [], report["lost"]
    assert report["mismatched"] == [], report["mismatched"]
    assert report["seats_linked"] >= 2  # the Kung Fu table's two accounts
    assert report["unlinked"] == [], report["unlinked"]
    assert report["sessions_lost"] == 0
    refused = report["refused"]
    assert refused.get("rate_limited", 0) + refused.get("bad_json", 0) > 0, refused

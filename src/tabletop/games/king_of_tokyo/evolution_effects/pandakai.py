"""Pandakaï's Evolutions (section 4.5 of the rules reference)."""

from __future__ import annotations

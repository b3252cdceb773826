"""``tabletop serve --host 0.0.0.0`` prints an address friends on the network can open.

The command itself runs in a pseudo-terminal in tests/cli/test_readme.py (the README
shows ``--host 0.0.0.0``); run in-process, uvicorn's logging set-up would keep the
test runner's captured streams."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

import pytest

from tabletop.cli import lan


def test_every_interface_prints_the_machines_network_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.23")
    assert lan.shown_host("0.0.0.0") == "192.168.1.23"
    assert lan.shown_host("::") == "192.168.1.23"


def test_one_interface_prints_its_own_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.23")
    assert lan.shown_host("127.0.0.1") == "127.0.0.1"
    assert lan.shown_host("::1") == "[::1]"


def test_the_network_address_is_this_machines() -> None:
    """An address of one of this machine's interfaces, or "localhost" without a network."""
    address = lan.lan_address()
    if address == "localhost":
        return
    ip = ipaddress.ip_address(address)
    assert ip.version == 4 and not ip.is_loopback and not ip.is_unspecified
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as own:
        own.bind((address, 0))  # only an address of this machine can be bound


class _NoRoute:
    def __init__(self, *args: Any) -> None:
        pass

    def __enter__(self) -> _NoRoute:
        return self

    def __exit__(self, *args: Any) -> None:
        pass

    def connect(self, address: Any) -> None:
        raise OSError("Network is unreachable")


def test_without_a_network_the_address_is_localhost(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan.socket, "socket", _NoRoute)
    assert lan.lan_address() == "localhost"

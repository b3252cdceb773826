"""The address other machines on the local network reach this one at.

``tabletop serve --host 0.0.0.0`` listens on every interface; the address it prints is
the one the host opens, and the table's invite link is built from it, so it must be one
a friend's phone on the same network can open: this machine's address on the network,
not ``localhost``.
"""

from __future__ import annotations

import ipaddress
import socket

# Any address outside this machine: connecting a UDP socket sends nothing, it only
# makes the system choose the interface (and so the address) it would route through.
_PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737), the discard port


def lan_address() -> str:
    """This machine's IPv4 address on its network (the interface of the default
    route), or ``"localhost"`` where it has none (no network)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
        except OSError:
            return "localhost"
    if ipaddress.ip_address(address).is_loopback or ipaddress.ip_address(address).is_unspecified:
        return "localhost"
    return address


def shown_host(host: str) -> str:
    """The host of the address ``tabletop serve --host HOST`` prints, and so of the
    invite links: on every interface (``0.0.0.0``, ``::``) this machine's network
    address, which friends can open; otherwise the host itself (IPv6 in brackets)."""
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    return f"[{shown}]" if ":" in shown else shown

"""The address other phones open: what share links, QR codes and the API's URLs carry.

At the table one laptop serves and the phones around it scan the QR code, so a link must
never carry 127.0.0.1, even when the scorer opened the page there. In order:

1. ``PUBLIC_URL`` when it is set (a public instance): it replaces scheme, host and mount
   point alike.
2. Behind trusted proxies (``TRUSTED_PROXIES`` > 0), the public address the proxy
   forwarded, as werkzeug's ProxyFix makes it the request's.
3. Else the machine's LAN address, with the port the server listens on (the socket's,
   ``SERVER_PORT``, not the Host header's). The LAN addresses come from ``LAN_ADDRESSES``
   (a list, a comma-separated string, or a function returning a list) or, when that is
   ``None``, from the machine's interfaces (psutil; no packet is sent anywhere).
4. When no LAN address is known (a warning is logged): the configured ``SERVER_NAME``;
   else the request's host if it is loopback (127.0.0.1, ``localhost``, ::1: the
   machine itself, all that answers then); else 127.0.0.1 with the server's port.

A forged Host header never reaches a link: the request's host is used only when it is
one of the known LAN addresses (the phone that opened it reaches it) or loopback. Behind
trusted proxies (2) the proxy's forwarded host is believed; it is the proxy's to check.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for

VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "zt")
"""Interface name prefixes of containers, VMs and VPNs: listed after the real network."""


def lan_addresses(interfaces: Mapping[str, Iterable[Any]] | None = None) -> list[str]:
    """The machine's IPv4 addresses another device on the network may reach, best first.

    ``interfaces`` is ``psutil.net_if_addrs()``'s shape (name -> addresses with
    ``family`` and ``address``); without it the machine's own are read. Loopback,
    link-local and unspecified addresses are left out; private addresses (home Wi-Fi)
    come first, and real interfaces before containers', VMs' and VPNs'.
    """
    if interfaces is None:
        import psutil

        interfaces = psutil.net_if_addrs()
    found: list[tuple[bool, bool, str]] = []
    for name, addresses in interfaces.items():
        for entry in addresses:
            if entry.family != socket.AF_INET:
                continue
            ip = ipaddress.IPv4Address(entry.address)
            if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
                continue
            found.append((name.startswith(VIRTUAL), not ip.is_private, str(ip)))
    seen: dict[str, None] = {}
    for _virtual, _public, address in sorted(found, key=lambda f: f[:2]):
        seen.setdefault(address, None)
    return list(seen)


def configured_lan_addresses(setting: Any) -> list[str]:
    """``LAN_ADDRESSES`` as a list: ``None`` reads the interfaces, ``""`` or ``[]`` none."""
    if setting is None:
        return lan_addresses()
    if callable(setting):
        setting = setting()
    if isinstance(setting, str):
        setting = setting.split(",")
    return [a.strip() for a in setting if a and a.strip()]


def public_base() -> str:
    """Scheme, host and port (and mount point) the links of this request start with."""
    config = current_app.config
    if config.get("PUBLIC_URL"):
        return str(config["PUBLIC_URL"]).rstrip("/")
    if int(config.get("TRUSTED_PROXIES") or 0):
        return request.host_url.rstrip("/") + request.script_root
    known = configured_lan_addresses(config.get("LAN_ADDRESSES"))
    if not known:
        _warn_once(config.get("LAN_ADDRESSES") is None)
        return own_origin() + request.script_root
    asked = urlsplit(f"//{request.host}").hostname
    address = asked if asked in known else known[0]
    return origin(request.scheme, address, request.environ.get("SERVER_PORT")) + request.script_root


def own_origin() -> str:
    """This server's origin when no LAN address is known, never a made-up Host header's:
    ``SERVER_NAME`` when configured; else the request's host if it is loopback; else
    127.0.0.1. The port is the socket's (``SERVER_PORT``)."""
    name = current_app.config.get("SERVER_NAME")
    if name:
        return f"{request.scheme}://{name}"
    asked = urlsplit(f"//{request.host}").hostname or ""
    address = asked if is_loopback(asked) else "127.0.0.1"
    return origin(request.scheme, address, request.environ.get("SERVER_PORT"))


def origin(scheme: str, address: str, port: str | int | None) -> str:
    """``http://192.168.1.23:5000``; the scheme's default port is left out."""
    host = f"[{address}]" if ":" in address else address
    default = {"http": "80", "https": "443"}.get(scheme)
    return f"{scheme}://{host}" if not port or str(port) == default else f"{scheme}://{host}:{port}"


def external_url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)`` as an absolute URL another phone can open."""
    path = url_for(endpoint, **values)[len(request.script_root) :]
    return public_base() + path


_warned: list[bool] = []


def _warn_once(enumerated: bool) -> None:
    """Say once per process that links will carry the request's own (maybe loopback) host."""
    if enumerated and not _warned:
        _warned.append(True)
        current_app.logger.warning(
            "no LAN address found on this machine: links and QR codes carry %s (SERVER_NAME, "
            "or loopback); set PUBLIC_URL or LAN_ADDRESSES for other devices",
            own_origin(),
        )


WILDCARDS = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_setting_for(host: str) -> str | None:
    """``LAN_ADDRESSES`` for a server bound to ``host``: ``None`` (read the interfaces) on
    every interface; none on loopback (links then say 127.0.0.1, which is all that
    answers); the one address otherwise."""
    if host in WILDCARDS:
        return None
    return "" if is_loopback(host) else host


def startup_lines(
    host: str, port: int, addresses: Callable[[], list[str]] = lan_addresses
) -> list[str]:
    """What ``make run`` prints when the server is ready: the addresses to open."""
    if host in WILDCARDS:
        lan = addresses()
        lines = ["ulti_ledger is ready; open it at (share links and QR codes carry the first):"]
        lines += [f"  {origin('http', a, port)}   phones on the same network" for a in lan]
        lines.append(f"  {origin('http', '127.0.0.1', port)}   this machine")
        if not lan:
            lines.append("  (no LAN address found: other devices cannot reach this machine)")
        return lines
    if is_loopback(host):
        return [
            f"ulti_ledger is ready at {origin('http', host, port)}: this machine only",
            "  (without HOST=... it listens on the local network as well)",
        ]
    return [f"ulti_ledger is ready at {origin('http', host, port)}"]

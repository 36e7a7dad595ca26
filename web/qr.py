"""QR codes (segno, inline SVG) and the hub's own address."""
from __future__ import annotations

import io
import socket
from urllib.parse import urlsplit

import segno
from fastapi import Request


def svg(data: str) -> str:
    """An inline SVG QR code of ``data``, dark on light, scalable."""
    buf = io.BytesIO()
    segno.make(data, error="m").save(buf, kind="svg", scale=6, border=2, dark="#000", light="#fff",
                                      xmldecl=False, svgns=True, omitsize=True,
                                      title="QR", svgclass="qr")
    return buf.getvalue().decode()


def lan_ip() -> str:
    """The hub's address on the home network (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def _served_port(request: Request) -> int | None:
    """The port the station serves on (its socket's, never the ``Host`` header's), None for 80."""
    port = (request.scope.get("server") or (None, None))[1]
    if port is None:
        port = next((urlsplit(a).port for a in _addresses(request) or [] if urlsplit(a).port), None)
    return port if port not in (None, 80) else None


def is_loopback(host: str | None) -> bool:
    """127.x.x.x, ::1 or localhost: an address only this machine can reach."""
    host = (host or "").strip("[]").lower()
    return host in ("localhost", "::1") or host.startswith("127.")


def _addresses(request: Request) -> list[str] | None:
    """The addresses ``station run`` serves on (``app.state.addresses``), when it said."""
    found = getattr(request.app.state, "addresses", None)
    return list(found) if found else None


def loopback_only(request: Request) -> bool:
    """Whether phones cannot reach the station: it serves on loopback alone (``station run``'s
    addresses say so) or, when it did not say, the page itself was opened on a loopback address."""
    found = _addresses(request)
    if found:
        return all(is_loopback(urlsplit(a).hostname) for a in found)
    return is_loopback(request.url.hostname)


def all_interfaces(request: Request) -> bool:
    """Whether the station serves on every interface (so ``hub.local`` may reach it)."""
    found = _addresses(request)
    if found:
        return any(urlsplit(a).hostname == "hub.local" for a in found)
    return not is_loopback(request.url.hostname)


def base_url(request: Request) -> str:
    """The address phones should use (``lan_url``), without the trailing slash."""
    return lan_url(request).rstrip("/")


def lan_url(request: Request) -> str:
    """``http://<IP>:<port>/`` phones can use, never built from a non-loopback ``Host``: on
    loopback alone, the loopback name the request came in on (the Host check let only the
    station's own through); else the station's own LAN address as ``station run`` said it
    (``app.state.addresses``), else the discovered one with the port the station serves on."""
    if loopback_only(request):
        if is_loopback(request.url.hostname):       # the name it came in on, the port the station serves on
            host = request.url.hostname
            port = _served_port(request)
            return f"http://{f'[{host}]' if ':' in host else host}" + (f":{port}" if port else "") + "/"
        return next(iter(_addresses(request) or []), "http://127.0.0.1/")
    for address in _addresses(request) or []:
        host = urlsplit(address).hostname
        if host and host != "hub.local" and not is_loopback(host):
            return address if address.endswith("/") else address + "/"
    port = _served_port(request)
    return f"http://{lan_ip()}" + (f":{port}" if port else "") + "/"


def mdns_url(request: Request) -> str | None:
    """``http://hub.local[:port]/``, only when the station serves on every interface."""
    if not all_interfaces(request):
        return None
    port = _served_port(request)
    return "http://hub.local" + (f":{port}" if port else "") + "/"

"""QR codes (segno, inline SVG) and the hub's own address."""
from __future__ import annotations

import io
import socket

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


def _port(request: Request) -> int | None:
    port = request.url.port
    return port if port not in (None, 80) else None


def base_url(request: Request) -> str:
    """The address phones should use: the request's own host, unless that is a .local name."""
    host = request.url.hostname or "127.0.0.1"
    if host.endswith(".local") or host in ("localhost",):
        return lan_url(request).rstrip("/")
    port = _port(request)
    return f"http://{host}" + (f":{port}" if port else "")


def lan_url(request: Request) -> str:
    """``http://<IP>:<port>/``; the loopback address when the page itself was opened on it."""
    host = request.url.hostname or ""
    ip = host if host.replace(".", "").isdigit() and not host.startswith("127.") else lan_ip()
    if host.startswith("127.") and ip == "127.0.0.1":
        ip = host
    port = _port(request)
    return f"http://{ip}" + (f":{port}" if port else "") + "/"


def mdns_url(request: Request) -> str:
    port = _port(request)
    return "http://hub.local" + (f":{port}" if port else "") + "/"

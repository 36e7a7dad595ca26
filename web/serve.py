"""The hub's HTTP server: uvicorn with its own limits plus a small guard for what it lacks (issue 23).

uvicorn (0.54, h11) gives the idle timeout between requests (``timeout_keep_alive``) and a
concurrency limit answered with 503 (``limit_concurrency``), but it arms no timer before the
first request of a connection, and any byte that arrives cancels the keep-alive timer: a client
that sends nothing, or half a request line, holds its socket (and a file descriptor) for good.
The guard is two subclasses of uvicorn's own protocol classes, given through its ``http=`` and
``ws=`` settings (no other server, no proxy in front):

- ``HEADER_TIMEOUT_S``: a connection must complete each request (headers and body) this many
  seconds after it opens or after its previous response, else it is closed (a request being
  answered is not cut: only one still being received);
- ``MAX_PER_CLIENT``: open connections (HTTP and WebSocket) from one address; a connection over it
  is closed at once;
- ``MAX_TARGET``: a WebSocket handshake whose URL is longer is answered 414 and closed (the socket
  library would otherwise leave it unanswered);
- ``MAX_IDLE``: connections waiting for a whole request head (nothing sent yet, half a request
  line or half the headers, or a keep-alive connection between requests), from all clients; past
  it the oldest of them that has waited ``IDLE_GRACE_S`` is closed (a fresh one is sending its
  request: 200 phones that connect at once are all served; the check runs again when the oldest
  is due), or the oldest at once when three quarters of ``MAX_CONNECTIONS`` are open. Half-sent headers count too: 17 addresses x 31 connections each sending
  ``X-A: `` and stopping had filled ``MAX_CONNECTIONS`` for the header timeout, every new request 503.
  A connection over ``MAX_PER_CLIENT`` is never counted in uvicorn's concurrency
  limit either. Without both, 2,000 idle sockets from ten addresses (bench/abuse.py) filled
  ``MAX_CONNECTIONS`` for the header timeout, and a player's move was answered 503;
- a request with both ``Transfer-Encoding`` and ``Content-Length`` is answered 400 and closed;
- every such refusal is one log line per cause per minute (``station.logs``), naming the client;
- no per-message deflate on WebSockets: each socket's zlib contexts left the process 20-30 MB
  larger after 15 cycles of 200 sockets opened and closed, and never gave it back (measured with
  ``bench/ws.py``); a view is a few KB on a home Wi-Fi.

``server_config(app, host, port)`` is the ``uvicorn.Config`` ``station run`` serves with.
"""
from __future__ import annotations

import logging
from collections import OrderedDict, defaultdict

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from station.logs import once_a_minute, quiet_server_logs

log = logging.getLogger("web.refusals")

HEADER_TIMEOUT_S = 10.0     # seconds to send a request's headers
KEEP_ALIVE_S = 5            # seconds a connection may idle between requests (uvicorn)
MAX_PER_CLIENT = 32         # open connections from one address (a phone uses 2-6)
MAX_CONNECTIONS = 512       # all open connections and tasks: beyond, 503 (uvicorn's limit_concurrency)
MAX_TARGET = 2048           # characters of a WebSocket handshake's URL
MAX_IDLE = 128              # connections with no whole request head yet, all clients: past it the oldest is closed
IDLE_GRACE_S = 2.0          # seconds a connection may wait so before it can be closed for MAX_IDLE
FILE_LIMIT = 4096           # the unit's LimitNOFILE: MAX_CONNECTIONS and the backlog fit in it

_open: dict[str, set] = defaultdict(set)     # client address -> its open transports
_idle: OrderedDict = OrderedDict()           # protocols with no whole request head -> loop time they began waiting, oldest first
_idle_check = None                           # the timer of the next _close_idle, while one is due


def _client(transport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


def _track(transport) -> int:
    """Count ``transport`` for its client (again: no change); returns the client's open count."""
    client = _client(transport)
    _open[client].add(transport)
    return len(_open[client])


def _untrack(transport) -> None:
    client = _client(transport)
    found = _open.get(client)
    if found is not None:
        found.discard(transport)
        if not found:
            del _open[client]


def _close_idle(loop, max_idle: int, crowded: bool = False) -> None:
    """Close the oldest connections waiting for a whole request head, while more than ``max_idle``
    are and the oldest has waited ``IDLE_GRACE_S`` or more (or at once when the server is
    ``crowded``: three quarters of ``MAX_CONNECTIONS`` open); when it is younger, check again when due."""
    global _idle_check
    if not crowded:
        _idle_check = None
    while len(_idle) > max_idle:
        oldest, since = next(iter(_idle.items()))
        wait = since + IDLE_GRACE_S - loop.time()
        if wait > 0 and not crowded:
            _idle_check = loop.call_later(wait, _close_idle, loop, max_idle)
            return
        _idle.popitem(last=False)
        once_a_minute(log, "idle", "closed a connection from %s: over %d open with no whole request (the oldest)",
                      _client(oldest.transport), max_idle)
        oldest.transport.close()


def open_connections(client: str) -> int:
    """How many connections from ``client`` are open now."""
    return len(_open.get(client, ()))


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a header-read timeout, a per-client cap and a URL limit."""

    header_timeout = HEADER_TIMEOUT_S
    max_per_client = MAX_PER_CLIENT
    _header_timer = None

    max_idle = MAX_IDLE

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.conn.next_event = self._next_event         # h11's, checked (see _next_event)
        if _track(transport) > self.max_per_client:
            once_a_minute(log, "per-client", "closed a connection from %s: over %d open from one address",
                          _client(transport), self.max_per_client)
            self.connections.discard(self)          # never counted against the concurrency limit
            transport.abort()
            return
        self._wait_for_head()
        self._arm()

    def _wait_for_head(self) -> None:
        """Count this connection among those waiting for a whole request head (MAX_IDLE)."""
        _idle[self] = self.loop.time()
        if len(_idle) <= self.max_idle:
            return
        crowded = self.limit_concurrency is not None and len(self.connections) > self.limit_concurrency * 3 // 4
        due = _idle_check is not None and _idle_check.when() > self.loop.time() - 1.0
        if crowded or not due:                          # (a check left by a loop that stopped is not due)
            _close_idle(self.loop, self.max_idle, crowded)

    def _next_event(self):
        """h11's next event, with a request that has both ``Transfer-Encoding`` and
        ``Content-Length`` refused as malformed (400, then closed; RFC 9112 6.3: behind a proxy
        that reads the other length such a request smuggles a second one)."""
        event = h11.Connection.next_event(self.conn)
        if isinstance(event, h11.Request):
            names = {name.lower() for name, _ in event.headers}
            if b"transfer-encoding" in names and b"content-length" in names:
                raise h11.RemoteProtocolError("both Transfer-Encoding and Content-Length")
        return event

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:       # a whole request head is in
            _idle.pop(self, None)

    def connection_lost(self, exc) -> None:
        _idle.pop(self, None)
        self._disarm()
        if self.transport is not None and self.transport.get_protocol() is self:
            _untrack(self.transport)
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_head()                       # keep-alive: waiting for the next request
            self._arm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        _idle.pop(self, None)
        if len(event.target) > MAX_TARGET:
            once_a_minute(log, "long-url", "refused a WebSocket handshake from %s: a URL of %d characters",
                          _client(self.transport), len(event.target))
            body = b"the URL is too long"
            self.transport.write(self.conn.send(h11.Response(status_code=414, headers=[
                (b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode()),
                (b"connection", b"close")])) + self.conn.send(h11.Data(data=body)) + self.conn.send(h11.EndOfMessage()))
            self.transport.close()
            return
        super().handle_websocket_upgrade(event)

    def send_400_response(self, msg: str) -> None:
        once_a_minute(log, "bad-request", "refused a malformed HTTP request from %s: %s",
                      _client(self.transport), msg)
        if self.cycle is not None and not self.cycle.response_complete:
            # a malformed body (e.g. Transfer-Encoding with Content-Length) after the app began: the
            # app's own answer is dropped, not raised as an error
            self.cycle.disconnected = True
            self.cycle.message_event.set()
            if self.conn.our_state is not h11.SEND_RESPONSE:
                self.transport.close()
                return
        super().send_400_response(msg)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._header_timeout)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _header_timeout(self) -> None:
        self._header_timer = None
        receiving = self.conn.their_state in (h11.IDLE, h11.SEND_BODY)    # headers or body not all in
        if receiving and self.transport.get_protocol() is self and not self.transport.is_closing():
            once_a_minute(log, "header-timeout", "closed a connection from %s: no whole request within %.0f s",
                          _client(self.transport), self.header_timeout)
            if self.cycle is not None and not self.cycle.response_complete:
                self.cycle.disconnected = True          # the app's receive() gets http.disconnect
                self.cycle.message_event.set()
            self.transport.close()


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, counted for its client until it closes."""

    def connection_made(self, transport) -> None:
        _track(transport)
        super().connection_made(transport)

    def connection_lost(self, exc) -> None:
        _untrack(self.transport)
        super().connection_lost(exc)


def server_config(app, host: str, port: int, *, ws_max_size: int, max_per_client: int = MAX_PER_CLIENT,
                  max_connections: int = MAX_CONNECTIONS, max_idle: int = MAX_IDLE):
    """The ``uvicorn.Config`` of ``station run``: the guard above, uvicorn's keep-alive timeout
    and 503 concurrency limit, proxy headers off (the throttle keys on the peer address: a
    ``X-Forwarded-For`` is never believed), the server's own log lines rate-limited."""
    import uvicorn

    quiet_server_logs()
    protocol = type("HubH11Protocol", (GuardedH11Protocol,), {"max_per_client": max_per_client, "max_idle": max_idle})
    return uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off",
                          http=protocol, ws=GuardedWebSocketProtocol, ws_max_size=ws_max_size,
                          timeout_keep_alive=KEEP_ALIVE_S, limit_concurrency=max_connections,
                          proxy_headers=False, forwarded_allow_ips="", server_header=False,
                          access_log=False, backlog=1024, ws_per_message_deflate=False)

/* The live socket: reconnects forever (backoff capped at 5 s, at once on online / visible / pageshow);
   after 1 s without a connection an accessible banner says how old the table on screen is. */
(function () {
  "use strict";
  const MT = window.MT;
  const t = MT.t;
  let ws = null, params = {}, attempt = 0, timer = null, bannerTimer = null;
  let connected = false, lastFresh = Date.now(), downSince = null, started = false;

  function url() {
    const u = new URL("/ws", location.href);
    u.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) u.searchParams.set(k, v);
    return u.toString();
  }
  function banner() {
    const b = document.getElementById("conn-banner");
    if (!b) return;
    if (connected || downSince === null || Date.now() - downSince < 1000) { b.hidden = true; return; }
    const secs = Math.max(1, Math.round((Date.now() - lastFresh) / 1000));
    b.textContent = t("Reconnecting, table as of %(s)s s ago", { s: secs });
    b.hidden = false;
  }
  function schedule(delay) {
    clearTimeout(timer);
    timer = setTimeout(open, delay);
  }
  function open() {
    clearTimeout(timer);
    if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) return;
    let sock;
    try { sock = new WebSocket(url()); } catch (e) { return lost(); }
    ws = sock;
    let first = true;
    sock.onopen = function () { attempt = 0; };
    sock.onmessage = function (ev) {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "view") {
        connected = true; downSince = null; lastFresh = Date.now(); banner();
        if (first) { msg.view.__force = true; first = false; }
        MT.setView(msg.view);
        delete msg.view.__force;
      } else if (msg.type === "error" && MT.live.onError) {
        MT.live.onError(msg);
      } else if (msg.type === "pong") {
        lastFresh = Date.now();
      }
    };
    sock.onclose = function () { if (ws === sock) lost(); };
    sock.onerror = function () { try { sock.close(); } catch (e) { /* closed */ } };
  }
  function lost() {
    ws = null;
    if (connected || downSince === null) downSince = Date.now();
    connected = false;
    attempt += 1;
    const delay = Math.min(5000, 250 * Math.pow(2, Math.min(attempt, 6))) * (0.75 + Math.random() * 0.5);
    schedule(Math.min(delay, 5000));
  }
  function now() { attempt = 0; if (!ws) schedule(0); }
  function kick() {
    // on wake-up or network change: a socket that looks open may be dead; ping it and reconnect at once if not.
    // A socket still connecting is left to finish: pageshow comes right after the page loads, and
    // closing it then was the console's "closed before the connection is established"
    if (!ws) return now();
    if (ws.readyState === WebSocket.CONNECTING) return;
    try { ws.send("ping"); } catch (e) { try { ws.close(); } catch (e2) { /* closed */ } ws = null; now(); }
  }

  MT.live = {
    start: function (p) {
      params = p || {};
      if (started) { if (ws) { const old = ws; ws = null; old.onclose = null; old.close(); } open(); return; }
      started = true;
      open();
      setInterval(function () {
        if (connected && ws && Date.now() - lastFresh > 8000) {      // silent socket: give it up
          const dead = ws; dead.onclose = null; try { dead.close(); } catch (e) { /* gone */ } lost();
        } else if (connected && ws) { try { ws.send("ping"); } catch (e) { /* handled by close */ } }
        banner();
      }, 1000);
      window.addEventListener("online", now);
      window.addEventListener("pageshow", kick);
      document.addEventListener("visibilitychange", function () { if (!document.hidden) kick(); });
    },
    connected: () => connected,
    onError: null,
  };
})();

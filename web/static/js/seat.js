/* Seat controller: join by code/QR, choose a train then a tile, draw / pass / done, count the hand;
   hidden hands: register the hand privately (seat-hand.js). */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const seat = Number(MT.boot.seat);
  const KEY = "mt-seat-" + seat;
  let token = localStorage.getItem(KEY);
  let lastPrompted = null, sending = false;
  let chosen = null, picked = new Set(), busy = false, prompted = null;
  const $ = (id) => document.getElementById(id);

  function headers() { return { "X-Seat-Token": token }; }
  function reason(code) {
    if (code === "train-closed") return t("Closed: no marker");
    return (MT.boot.reasons || {})[code] || (MT.boot.lang === "en" && code ? code : t("Closed"));
  }

  async function join(code) {
    const r = await MT.api("POST", `/api/seat/${seat}/join`, { code: code });
    if (!r.ok) { MT.toast(r.data && r.data.text || t("Wrong code"), false); showJoin(); return; }
    token = r.data.token;
    localStorage.setItem(KEY, token);
    MT.toastClear();            // an old "wrong code" is no longer true
    start();
  }
  function showJoin() {
    $("join").hidden = false; $("controller").hidden = true;
    $("join-code").focus();
  }
  function start() {
    $("join").hidden = true; $("controller").hidden = false;
    MT.live.onError = function (msg) {
      if (msg.code === "forbidden" && token) {
        localStorage.removeItem(KEY); token = null;
        MT.toast(t("This seat was released: join again."), false);
        showJoin();
        if (MT.view) render(MT.view);
        MT.live.start({});        // the table goes on showing, without the old token
      }
    };
    MT.live.start({ seat: seat, token: token });
  }

  async function send(event) {
    if (busy || !MT.view) return;
    busy = true;
    const r = await MT.api("POST", `/api/seat/${seat}/submit`, { event: event, version: MT.view.version }, headers());
    busy = false;
    if (r.ok) { chosen = null; if (r.data && r.data.version) { /* the socket brings the seat view */ } return; }
    MT.toast(r.data && r.data.text || t("Refused"), false);
    if (r.status === 403) MT.live.onError({ code: "forbidden" });
  }

  function renderTrains(view, opts) {
    const box = $("trains");
    const trains = opts.trains || [];
    if (!trains.length) { box.replaceChildren(); return; }
    if (prompted !== null && prompted !== lastPrompted && trains.some((tr) => String(tr.on) === prompted && tr.open)) chosen = prompted;
    lastPrompted = prompted;
    if (chosen !== null && !trains.some((tr) => String(tr.on) === chosen && tr.open)) chosen = null;
    const st = view.result && view.result.state;
    box.replaceChildren(...trains.map((tr) => {
      const key = String(tr.on);
      const info = st && st.trains.find((x) => String(x.owner === null ? "mexican" : x.owner) === key);
      const end = info ? (info.end === null ? st.engine : info.end) : "";
      const label = tr.on === "mexican" ? el("span", { class: "badge" }, el("span", { class: "mark", style: "background:var(--mexican)", "aria-hidden": "true" }, "☆"), t("Mexican train"))
        : MT.badge(Number(tr.on), Number(tr.on) === seat ? t("My train") : MT.trainName(tr.on, view));
      return el("button", { type: "button", class: "choice" + (tr.open ? " open" : "") + (chosen === key ? " selected" : "") + (prompted === key ? " prompted" : ""),
        "data-train": key, "aria-pressed": chosen === key ? "true" : "false", disabled: !tr.open,
        onclick: () => { chosen = key; render(MT.view); $("tiles").querySelector("button") && $("tiles").querySelector("button").focus(); } },
        label, el("span", { class: "why" }, tr.open ? t("open end: %(n)s", { n: end }) : reason(tr.code || tr.reason || "train-closed")));
    }));
  }
  function renderTiles(opts) {
    const box = $("tiles");
    const tiles = chosen === null ? [] : ((opts.play || {})[chosen] || []);
    $("tile-hint").textContent = chosen === null ? t("Choose a train first.") : (tiles.length ? "" : t("No tile fits this train."));
    box.replaceChildren(...tiles.map((tile) => el("button", { type: "button", "data-tile": tile, class: hand.holds(tile) ? "in-hand" : null,
      "aria-label": t("Play %(tile)s on %(train)s", { tile: tile, train: MT.trainName(chosen === "mexican" ? "mexican" : Number(chosen)) }),
      onclick: () => send({ play: tile, on: chosen === "mexican" ? "mexican" : Number(chosen) }) }, tile)));
  }
  function offTable(view) {
    const st = view.result && view.result.state, top = view.game.set;
    const on = new Set();
    for (const tr of (st ? st.trains : [])) for (const tile of tr.tiles) on.add(tile.split("-").map(Number).sort((a, b) => a - b).join("-"));
    if (st && view.game.engine_placed !== false) on.add(st.engine + "-" + st.engine);   // classic: in a hand until placed
    const all = [];
    for (let a = 0; a <= top; a++) for (let b = a; b <= top; b++) if (!on.has(a + "-" + b)) all.push(a + "-" + b);
    return all;
  }
  function pips(tile) { const [a, b] = tile.split("-").map(Number); return a + b === 0 ? ((MT.view.game.options || {}).double_blank_points ?? 50) : a + b; }
  function renderCount(view) {
    const card = $("count-card");
    const rounds = (view.result && view.result.rounds) || [];
    const last = rounds[rounds.length - 1];
    const sentKey = "mt-count-" + (view.game && view.game.id) + "-" + rounds.length + "-" + seat;
    const opts = (view.me && view.me.options) || {};
    const st = view.result && view.result.state;
    const over = !!(last && last.end && (!st || st.turn === null || st.turn === undefined));
    const row = (view.seats || [])[seat];
    const wentOut = over && ((last.out || []).includes(seat) || (row && row.tile_count === 0));
    const need = wentOut || (("reveal" in opts) ? !!opts.reveal
      : (last && last.end && !last.scores && !(last.out || []).includes(seat) && !sessionStorage.getItem(sentKey)));
    card.hidden = !need;
    if (!need) { picked.clear(); return; }
    card.dataset.key = sentKey;
    // a seat that went out has nothing to count: it says so, and its 0 is sent for it
    $("went-out").hidden = !wentOut;
    for (const id of ["count-help", "count-tiles", "count-form", "count-sum"]) $(id).hidden = wentOut;
    if (wentOut) {
      if (opts.reveal && !sessionStorage.getItem(sentKey) && !sending) {
        sending = true;
        MT.api("POST", `/api/seat/${seat}/reveal`, { hand: 0 }, headers()).then((r) => {
          sending = false;
          if (r.ok) sessionStorage.setItem(sentKey, "1");
          else MT.toast(r.data && r.data.text || t("Refused"), false);
        });
      }
      return;
    }
    const hand = view.me && view.me.hand;
    const tiles = hand || offTable(view);
    $("count-tiles").replaceChildren(...tiles.map((tile) => el("button", { type: "button", "data-tile": tile, "aria-pressed": picked.has(tile) ? "true" : "false",
      onclick: () => { picked.has(tile) ? picked.delete(tile) : picked.add(tile); renderCount(MT.view); } }, tile)));
    const sum = Array.from(picked).reduce((s, x) => s + pips(x), 0);
    $("count-sum").textContent = picked.size ? t("%(n)s tiles, %(p)s points", { n: picked.size, p: sum }) : "";
  }
  /** The hub's question for this seat (a refused button, a tile sensed with no move entered). */
  let promptShown = "";
  function renderPrompt(view) {
    const box = $("prompt");
    const p = token ? view.prompt : null;
    const opts = (view.me && view.me.options) || {};
    const mine = p && (p.seat === seat || (p.seat === null && p.kind === "place-engine" && opts.engine));
    const text = mine ? MT.promptText(p, view) : "";
    prompted = mine && p.kind === "start-train" && p.facts && p.facts.train !== undefined ? String(p.facts.train) : null;
    if (text === promptShown) return;
    promptShown = text;
    box.dataset.kind = mine ? p.kind : "";
    box.textContent = text;
    box.hidden = !text;
  }
  function render(view) {
    renderPrompt(view);
    if (!token) return;
    const me = view.me;
    const name = view.game && view.game.players[seat];
    $("seat-title").replaceChildren(name ? MT.badge(seat, name) : t("Seat %(n)s", { n: seat + 1 }));
    const opts = (me && me.options) || { trains: [], play: {} };
    const st = view.result && view.result.state;
    const mine = st && st.turn === seat;
    $("my-turn").textContent = !st ? "" : (mine ? t("Your turn") : (st.turn === null || st.turn === undefined ? "" : t("Waiting for %(name)s", { name: MT.name(st.turn, view) })));
    $("my-turn").className = mine ? "turn-yes" : "muted";
    const rnd = ((view.result && view.result.rounds) || [])[st ? st.round : -1];
    const over = !!(rnd && rnd.end && !mine);
    $("play-card").hidden = over || !mine || !(opts.trains || []).length;
    $("actions").hidden = over || (!mine && !opts.engine && !opts.draw);
    hand.render(view);          // before the tiles: offered tiles in a registered hand are ticked
    renderTrains(view, opts);
    renderTiles(opts);
    $("btn-draw").disabled = !opts.draw;
    $("btn-pass").disabled = !opts.pass;
    $("btn-done").disabled = !opts.done;
    $("btn-engine").hidden = !opts.engine;
    $("btn-done").hidden = !opts.done && !(st && st.first_turn);
    renderCount(view);
  }

  $("join-form").addEventListener("submit", (e) => { e.preventDefault(); join($("join-code").value.trim()); });
  $("btn-draw").addEventListener("click", () => send({ draw: true }));
  $("btn-pass").addEventListener("click", () => send({ pass: true }));
  $("btn-done").addEventListener("click", () => send({ done: true }));
  $("btn-engine").addEventListener("click", () => send({ engine: true }));
  $("btn-leave").addEventListener("click", async () => {
    if (!(await MT.confirm(t("Leave this seat on this phone?")))) return;
    localStorage.removeItem(KEY); token = null; showJoin();
  });
  $("count-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const typed = $("pips").value.trim();
    const hand = picked.size ? Array.from(picked) : (typed === "" ? null : Number(typed));
    if (hand === null) { MT.toast(t("Tap your tiles or type your pip count."), false); return; }
    const r = await MT.api("POST", `/api/seat/${seat}/reveal`, { hand: hand }, headers());
    if (!r.ok) { MT.toast(r.data && r.data.text || t("Refused"), false); return; }
    sessionStorage.setItem($("count-card").dataset.key, "1");
    picked.clear();
    MT.toast(t("Your count is in."), true);
    renderCount(MT.view);
  });

  const hand = MT.handRegister({ seat: seat, token: () => token, headers: headers, offTable: offTable,
    onForbidden: () => MT.live.onError({ code: "forbidden" }) });
  MT.seatSend = send;      // the tap handlers' path, also used by the tests
  MT.onView(render);
  const code = new URLSearchParams(location.search).get("code");
  if (code) {
    const u = new URL(location.href); u.searchParams.delete("code"); history.replaceState(null, "", u.toString());
    join(code);
  } else if (token) start();
  else { showJoin(); MT.live.start({}); }
})();

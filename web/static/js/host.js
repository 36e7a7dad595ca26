/* Host page: PIN, game set-up, start / undo / end, seat QR codes, corrections, export, hub address. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const $ = (id) => document.getElementById(id);
  let pin = sessionStorage.getItem("mt-pin") || "";
  let shownSeats = "";

  const H = () => ({ "X-Host-Pin": pin });
  async function call(method, path, body, okText) {
    const r = await MT.api(method, path, body, H());
    if (!r.ok) {
      MT.toast(r.data && r.data.text || t("Refused"), false);
      if (r.status === 401 || r.status === 403) lock();
      return null;
    }
    if (okText) MT.toast(okText, true);
    return r.data;
  }
  function lock() { sessionStorage.removeItem("mt-pin"); pin = ""; $("host").hidden = true; $("login").hidden = false; }
  async function unlock(p) {
    pin = p;
    const r = await MT.api("POST", "/api/host/check", {}, H());
    if (!r.ok) { MT.toast(r.data && r.data.text || t("Wrong PIN"), false); lock(); return; }
    sessionStorage.setItem("mt-pin", pin);
    $("login").hidden = true; $("host").hidden = false;
    address(); shownSeats = ""; render(MT.view);
  }
  async function address() {
    const r = await MT.api("GET", "/api/hub/address");
    if (!r.ok) return;
    $("addr-qr").innerHTML = r.data.svg;
    $("addr-qr").querySelector("svg").setAttribute("aria-label", t("QR code of the hub address"));
    $("addr-qr").querySelector("svg").setAttribute("role", "img");
    $("addr-url").textContent = r.data.url;
    $("addr-mdns").textContent = r.data.mdns || "";
    $("addr-or").hidden = !r.data.mdns;
    const note = $("addr-note");
    note.hidden = !r.data.loopback;
    note.replaceChildren();
    if (r.data.loopback) {
      const cmd = (text) => el("code", { class: "ltr" }, text);
      const parts = t("Phones can't reach %(host)s: restart with %(make)s (or %(run)s)", { host: "\u0001", make: "\u0002", run: "\u0003" }).split(/([\u0001-\u0003])/);
      const fill = { "\u0001": el("span", { class: "ltr" }, r.data.host || "127.0.0.1"), "\u0002": cmd("HOST=0.0.0.0 make run"), "\u0003": cmd("station run --host 0.0.0.0") };
      note.append(...parts.filter((p) => p !== "").map((p) => fill[p] || p));
    }
  }
  function nameRow(value) {
    const input = el("input", { value: value || "", maxlength: 24 });
    const rm = el("button", { type: "button", class: "btn", onclick: () => { row.remove(); renumber(); } }, "✕");
    const row = el("div", { class: "row" }, el("span", { class: "num" }), input, rm);
    $("names").append(row);
    renumber();
  }
  /** Badges and labels follow the seat order after a player is added or removed. */
  function renumber() {
    Array.from($("names").children).forEach((row, i) => {
      // the seat's number (not the current game's initials: this is the next game's seat order)
      row.querySelector(".num").replaceChildren(el("span", { class: "badge" }, el("span", { class: "mark",
        style: "background:" + MT.seatColour(i), "aria-hidden": "true" }, String(i + 1) + MT.seatSymbol(i))));
      row.querySelector("input").setAttribute("aria-label", t("Player %(n)s", { n: i + 1 }));
      row.querySelector("button").setAttribute("aria-label", t("Remove player %(n)s", { n: i + 1 }));
    });
  }
  /** The newest move an undo would take back, from the log (undos already made skip theirs). */
  function lastUndoable(view) {
    const undoable = new Set(["play", "draw", "pass", "done", "engine", "round", "reveal", "correct"]);
    let skip = 0;
    for (const e of (view.log || []).slice().reverse()) {
      if (e.kind === "undo") skip += 1;
      else if (e.kind === "setup") return null;
      else if (undoable.has(e.kind)) { if (skip) skip -= 1; else return e; }
    }
    return null;
  }
  async function seats(view) {
    const players = (view.game && view.game.players) || [];
    const key = (view.game ? view.game.id : "") + "|" + players.join(",") + "|" + (view.seats || []).map((s) => s.joined).join(",");
    if (key === shownSeats || !pin) return;
    shownSeats = key;
    const cards = [];
    for (let i = 0; i < players.length; i++) {
      const info = await MT.api("GET", `/api/host/seat/${i}/code`, undefined, H());
      const joined = view.seats && view.seats[i] && view.seats[i].joined;
      const qr = el("div", { class: "qr" });
      if (info.ok) { qr.innerHTML = info.data.svg; const s = qr.querySelector("svg"); s.setAttribute("role", "img"); s.setAttribute("aria-label", t("QR code to join seat %(n)s", { n: i + 1 })); }
      cards.push(el("div", { class: "card", "data-seat": i }, MT.badge(i, players[i]),
        el("div", { class: joined ? "turn-yes" : "muted" }, joined ? t("joined") : t("not joined")),
        qr,
        info.ok ? el("p", {}, t("Code:"), " ", el("span", { class: "code" }, info.data.code)) : null,
        info.ok ? el("a", { href: info.data.link, class: "join-link ltr", "data-seat": i }, t("Join link")) : null,
        el("button", { type: "button", class: "btn", onclick: async () => {
          if (await MT.confirm(t("Release seat %(n)s? The phone on it will have to join again.", { n: i + 1 }))) {
            await call("POST", `/api/host/seat/${i}/release`, {}, t("Seat released: a new code is shown."));
            shownSeats = ""; seats(MT.view);
          } } }, t("Release / reassign"))));
    }
    $("seats").replaceChildren(...cards);
  }
  function render(view) {
    if (!pin) return;
    const g = view.game;
    const st = view.result && view.result.state;
    $("game-status").textContent = !g ? t("No game yet") : t("Game %(id)s: %(status)s", { id: g.id, status: t(g.status) });
    // the deal, right after set-up and until the first round starts
    const deal = g && g.deal && (g.status === "ready" || !((view.result && view.result.rounds) || []).length) ? g.deal : null;
    $("deal").hidden = !deal;
    $("deal").textContent = deal ? t("Deal: %(hand)s tiles each, %(boneyard)s left in the boneyard", { hand: deal.hand_size, boneyard: deal.boneyard }) : "";
    $("btn-start").disabled = !g || g.status === "playing" || g.status === "finished" || g.status === "abandoned";
    $("btn-export").href = "/api/host/export?pin=" + encodeURIComponent(pin);
    const rounds = (view.result && view.result.rounds) || [];
    const rsel = $("c-round"), ssel = $("c-seat");
    const rOpts = rounds.map((r, i) => [i, r]).filter(([, r]) => r.scores);
    const keep = rsel.value, keepS = ssel.value;
    rsel.replaceChildren(...rOpts.map(([i, r]) => el("option", { value: i }, t("Round %(r)s", { r: i + 1 }) + " (" + r.engine + "-" + r.engine + ")")));
    ssel.replaceChildren(...((g && g.players) || []).map((p, i) => el("option", { value: i }, p)));
    if (keep) rsel.value = keep; if (keepS) ssel.value = keepS;
    seats(view);
  }
  $("pin-form").addEventListener("submit", (e) => { e.preventDefault(); unlock($("pin").value.trim()); });
  $("btn-add").addEventListener("click", () => { if ($("names").children.length < 14) nameRow(""); });
  $("btn-start").addEventListener("click", () => call("POST", "/api/host/start", {}, t("Round started.")));
  $("btn-undo").addEventListener("click", async () => {
    const v = MT.view.version;
    const last = lastUndoable(MT.view);
    const question = last ? t("Undo the last move: %(move)s?", { move: MT.logText(last, MT.view) }) : t("Undo the last move?");
    if (await MT.confirm(question)) call("POST", "/api/host/undo", { version: v }, t("Undone."));
  });
  $("btn-end").addEventListener("click", async () => { if (await MT.confirm(t("End the game now?"))) call("POST", "/api/host/end", { abandon: false }, t("Game ended.")); });
  $("btn-abandon").addEventListener("click", async () => { if (await MT.confirm(t("Abandon the game? It will not count."))) call("POST", "/api/host/end", { abandon: true }, t("Game abandoned.")); });
  $("correct-form").addEventListener("submit", (e) => {
    e.preventDefault();
    call("POST", "/api/host/correct", { round: Number($("c-round").value), seat: Number($("c-seat").value),
      score: Number($("c-score").value), reason: $("c-reason").value.trim() }, t("Score corrected."));
  });
  $("setup-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const players = Array.from($("names").querySelectorAll("input")).map((i) => i.value.trim()).filter(Boolean);
    const options = {};
    if ($("hand-size").value) options.hand_size = Number($("hand-size").value);
    if ($("close-doubles").value) options.close_doubles = $("close-doubles").value;
    if ($("tie-break").value) options.tie_break = $("tie-break").value;
    const body = { players: players, profile: $("profile").value, set: $("set").value ? Number($("set").value) : null,
      options: options, hidden_hands: $("hidden").checked };
    if (MT.view.game && MT.view.game.status !== "finished" && MT.view.game.status !== "abandoned" &&
      !(await MT.confirm(t("A game is going on. Set up a new one anyway?")))) return;
    const r = await call("POST", "/api/host/setup", body, t("Game set up."));
    if (r) { shownSeats = ""; }
  });
  for (let i = 0; i < 4; i++) nameRow("");
  MT.onView(render);
  MT.live.start({});
  if (pin) unlock(pin);
})();

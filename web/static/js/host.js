/* Host page: PIN, then a game in play first (status, start / undo / end, seat QR codes, corrections,
   export) and set-up and the hub address folded away below; with no game, set-up opens.
   What may be done now comes from the station (view.host, station/host_view.py). */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const $ = (id) => document.getElementById(id);
  let pin = sessionStorage.getItem("mt-pin") || "";
  let shownSeats = "";
  let codeTimer = null;     // fetches the seats' codes again when the first shown one expires
  let seatsDrawn = 0;       // the newest drawing of the seats: an older one still fetching codes is dropped
  const LIMITS = (MT.view && MT.view.limits) || {};     // the station's (station/views.py LIMITS)
  const MAX_PLAYERS = LIMITS.players_max;     // the set-up form's rows (the station refuses more than the rules take)

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
    MT.toastClear();          // a "not the host PIN" from the last try is stale once the PIN is right
    $("login").hidden = true; $("host").hidden = false;
    address(); keepPhotos(); shownSeats = ""; phase = null; if (MT.view) render(MT.view);
    MT.hostRules.init(() => pin, previewSoon);
  }
  /** The switch "keep photos for disputes" (GET/POST /api/host/photos): the station's setting. */
  async function keepPhotos() {
    const r = await MT.api("GET", "/api/host/photos", undefined, H());
    if (r.ok) $("keep-photos").checked = r.data.keep;
  }
  $("keep-photos").addEventListener("change", async () => {
    const want = $("keep-photos").checked;
    const data = await call("POST", "/api/host/photos", { keep: want });
    $("keep-photos").checked = data ? data.keep : !want;
  });
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
    const input = el("input", { value: value || "", maxlength: LIMITS.name_max, oninput: () => renumber() });
    const rm = el("button", { type: "button", class: "btn", onclick: () => { row.remove(); renumber(); } }, "✕");
    const row = el("div", { class: "row" }, el("span", { class: "num" }), input, rm);
    $("names").append(row);
    renumber();
  }
  /** Badges and labels follow the seat order after a player is added or removed. */
  function renumber() {
    const full = $("names").children.length >= MAX_PLAYERS;
    $("btn-add").disabled = full;
    $("why-add").textContent = full ? t("At most %(n)s players.", { n: MAX_PLAYERS }) : "";
    Array.from($("names").children).forEach((row, i) => {
      // the badge the seat will have: the typed name's initial, else the seat's number (MT.markOf)
      const typed = row.querySelector("input").value;
      row.querySelector(".num").replaceChildren(el("span", { class: "badge" }, el("span", { class: "mark",
        style: "background:" + MT.seatColour(i), "aria-hidden": "true" }, MT.markOf(i, typed))));
      // seats numbered from 0, as every page, URL and the record number them
      // the field's name, shown in it while it is empty (a bare dark box said nothing)
      row.querySelector("input").setAttribute("aria-label", t("Name at seat %(n)s", { n: i }));
      row.querySelector("input").placeholder = t("Name at seat %(n)s", { n: i });
      row.querySelector("button").setAttribute("aria-label", t("Remove seat %(n)s", { n: i }));
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
    if (view.over) { clearTimeout(codeTimer); shownSeats = ""; $("seats").replaceChildren(); return; }
    const players = (view.game && view.game.players) || [];
    // a join spends the seat's code (the station makes the next one at once): a seat joined again
    // (``joins``) fetches its new code, so the QR code and link shown always work
    const key = (view.game ? view.game.id : "") + "|" + players.join(",") + "|" + (view.seats || []).map((s) => s.joined + ":" + s.joins).join(",");
    if (key === shownSeats || !pin) return;
    shownSeats = key;
    const drawing = ++seatsDrawn;
    const cards = [];
    let renew = Infinity;          // seconds until the first shown code runs out (the station then makes a new one)
    for (let i = 0; i < players.length; i++) {
      const computer = view.seats && view.seats[i] && view.seats[i].computer;
      if (computer) {        // the station plays this seat: no phone joins it
        cards.push(el("div", { class: "seat-card computer", "data-seat": i },
          el("div", { class: "seat-info" }, MT.badge(i, players[i]), el("div", { class: "muted" }, MT.computerWord(computer)))));
        continue;
      }
      const info = await MT.api("GET", `/api/host/seat/${i}/code`, undefined, H());
      if (info.ok) renew = Math.min(renew, info.data.expires_in);
      const joined = view.seats && view.seats[i] && view.seats[i].joined;
      const joins = (view.seats && view.seats[i] && view.seats[i].joins) || 0;
      const qr = el("div", { class: "qr" });
      if (info.ok) { qr.innerHTML = info.data.svg; const s = qr.querySelector("svg"); s.setAttribute("role", "img"); s.setAttribute("aria-label", t("QR code to join seat %(n)s", { n: i })); }
      // the QR code beside the seat's name, code and links: a seat is one short row on a phone
      cards.push(el("div", { class: "seat-card", "data-seat": i }, qr,
        el("div", { class: "seat-info" }, MT.badge(i, players[i]),
          el("div", { class: joined ? "turn-yes" : "muted" }, joined ? t("joined") : t("not joined")),
          // how many times a phone joined the seat (each join spends a code): a phone the host
          // did not expect shows here
          joins ? el("div", { class: "muted seat-joins" }, t("Joins: %(n)s", { n: joins })) : null,
          info.ok ? el("p", {}, t("Code:"), " ", el("span", { class: "code" }, info.data.code)) : null,
          info.ok ? el("a", { href: info.data.link, class: "btn join-link", "data-seat": i }, t("Join link")) : null,
          el("button", { type: "button", class: "btn release", onclick: async () => {
            if (await MT.confirm(t("Release seat %(n)s? The phone on it will have to join again.", { n: i }))) {
              await call("POST", `/api/host/seat/${i}/release`, {}, t("Seat released: a new code is shown."));
              shownSeats = ""; seats(MT.view);
            } } }, t("Release / reassign")))));
    }
    // a seat joined while this drawing fetched the codes: the newer drawing has the unspent ones
    if (drawing !== seatsDrawn) return;
    $("seats").replaceChildren(...cards);
    clearTimeout(codeTimer);
    if (renew < Infinity) codeTimer = setTimeout(() => { shownSeats = ""; seats(MT.view); }, (renew + 1) * 1000);
  }
  /** The game's state in words: "Game 1 · round 3 of 7 over: waiting for counts from Ana". */
  function statusText(view) {
    const g = view.game, r = view.host && view.host.round;
    if (!g) return t("No game yet: set up a game below.");
    if (view.phase === "finished") return t("Game %(id)s · over", { id: g.id });
    if (view.phase === "abandoned") return t("Game %(id)s · abandoned", { id: g.id });
    if (!r || r.index === null || r.index === undefined) return t("Game %(id)s · ready: start round 1 of %(n)s", { id: g.id, n: g.rounds_total });
    const p = { id: g.id, r: r.index + 1, n: r.of };
    if (!r.over) return t("Game %(id)s · round %(r)s of %(n)s in play", p);
    if (r.waiting.length) return t("Game %(id)s · round %(r)s of %(n)s over: waiting for counts from %(names)s",
      Object.assign(p, { names: r.waiting.map((s) => MT.name(s, view)).join(", ") }));
    return t("Game %(id)s · round %(r)s of %(n)s over: start round %(next)s", Object.assign(p, { next: r.index + 2 }));
  }
  /** Past games (GET /api/games, the games over: the list every phone sees at /games), newest
   *  first, each a link to its read-only page (/games/N) with how it ended and who won. Fetched
   *  again when the game on show or its phase changes. */
  let pastKey = "";
  async function pastGames(view) {
    const key = (view.game ? view.game.id : "") + ":" + view.phase;
    if (key === pastKey) return;
    pastKey = key;
    const r = await MT.api("GET", "/api/games");
    if (!r.ok) { pastKey = ""; return; }
    $("past-none").hidden = r.data.length > 0;
    $("past-games").replaceChildren(...r.data.map(MT.pastGameItem));
  }
  /** Why a control cannot act now (a reason code of view.host). */
  function whyText(code, view) {
    const r = view.host && view.host.round;
    switch (code) {
      case "round-in-play": return t("A round is in play.");
      case "waiting-counts": return t("Waiting for counts from %(names)s.", { names: ((r && r.waiting) || []).map((s) => MT.name(s, view)).join(", ") });
      case "game-over": return t("The game is over.");
      case "nothing-to-undo": return t("Nothing to undo yet.");
      case "no-scored-round": return t("No round has been scored yet.");
      default: return "";
    }
  }
  /** The deal after set-up: "Deal: 7 tiles each (classic table: ...), 6 left in the boneyard". */
  function dealText(deal) {
    const d = deal.default;
    if (!d) return t("Deal: %(hand)s tiles each, %(boneyard)s left in the boneyard", { hand: deal.hand_size, boneyard: deal.boneyard });
    return t("Deal: %(hand)s tiles each (%(why)s), %(boneyard)s left in the boneyard", { hand: deal.hand_size, why: MT.dealWhy(d), boneyard: deal.boneyard });
  }
  function control(id, state, view) {
    const ok = !!(state && state.ok);
    $(id).disabled = !ok;
    const why = $("why-" + id.slice(4));
    if (why) why.textContent = ok ? "" : whyText(state && state.why, view);
  }
  let phase = null;
  function render(view) {
    if (!pin) return;
    const g = view.game, h = view.host;
    $("game-status").textContent = statusText(view);
    const over = MT.overBlock(view, { id: "host-over-block" });
    $("host-over").replaceChildren(...(over ? [over] : []));
    pastGames(view);
    const deal = g && g.deal && g.status === "ready" ? g.deal : null;
    $("deal").hidden = !deal;
    $("deal").textContent = deal ? dealText(deal) : "";
    $("controls").hidden = !g;
    $("seats-card").hidden = !g || !!view.over;      // a game over has no seat to join: no codes, QR codes or links
    if (g && h) {
      control("btn-start", h.start, view);
      control("btn-undo", h.undo, view);
      control("btn-end", h.end, view);
      $("btn-abandon").disabled = !h.end.ok;
    }
    // set-up folds away while a game is on; the hub address is open until round 1 starts
    const now = !g ? "none" : view.over ? "over" : view.phase === "setup" ? "ready" : "playing";
    if (now !== phase) {
      phase = now;
      $("setup-box").open = now === "none" || now === "over";
      $("addr-box").open = now === "none" || now === "ready";
      $("host").dataset.phase = now;       // host.css: with no game in play, "New game" comes next
      const inputs = Array.from($("names").querySelectorAll("input"));
      if (now === "over" && g.players && inputs.every((i) => !i.value.trim())) {
        // another game, same table: the last game's players, tiles and computer seats
        fillForm({ names: g.players, virtual: !g.hidden_hands, who: g.computers, hints: g.hints });
      }
    }
    const scored = (h && h.correct.rounds) || [];
    $("correct-card").hidden = !g || !(view.result && view.result.rounds && view.result.rounds.length);
    $("correct-form").hidden = !scored.length;
    $("why-correct").textContent = scored.length ? "" : whyText(h && h.correct.why, view);
    const rounds = (view.result && view.result.rounds) || [];
    const rsel = $("c-round"), ssel = $("c-seat");
    const keep = rsel.value, keepS = ssel.value;
    rsel.replaceChildren(...scored.map((i) => el("option", { value: i }, t("Round %(r)s", { r: i + 1 }) + " (" + rounds[i].engine + "-" + rounds[i].engine + ")")));
    ssel.replaceChildren(...((g && g.players) || []).map((p, i) => el("option", { value: i }, p)));
    if (keep) rsel.value = keep; if (keepS) ssel.value = keepS;
    seats(view);
  }
  $("pin").addEventListener("input", () => MT.toastClear());     // typing again: the last refusal is done with
  $("pin-form").addEventListener("submit", (e) => { e.preventDefault(); unlock($("pin").value.trim()); });
  $("btn-add").addEventListener("click", () => { if ($("names").children.length < MAX_PLAYERS) nameRow(""); });
  $("btn-start").addEventListener("click", () => call("POST", "/api/host/start", {}, t("Round started.")));
  // the record is fetched with the PIN in a header (never in the URL) and saved as a file
  $("btn-export").addEventListener("click", (e) => { e.preventDefault(); MT.saveFile("/api/host/export", H()); });
  $("btn-undo").addEventListener("click", async () => {
    const v = MT.view.version;
    const last = lastUndoable(MT.view);
    const question = last ? t("Undo the last move: %(move)s?", { move: MT.logText(last, MT.view) }) : t("Undo the last move?");
    if (await MT.confirm(question)) call("POST", "/api/host/undo", { version: v }, t("Undone."));
  });
  $("btn-end").addEventListener("click", async () => {
    const q = t("End the game now? The scores of the rounds played so far become final and decide the winner.");
    if (await MT.confirm(q)) call("POST", "/api/host/end", { abandon: false }, t("Game ended."));
  });
  $("btn-abandon").addEventListener("click", async () => { if (await MT.confirm(t("Abandon the game? It will not count."))) call("POST", "/api/host/end", { abandon: true }, t("Game abandoned.")); });
  $("correct-form").addEventListener("submit", (e) => {
    e.preventDefault();
    call("POST", "/api/host/correct", { round: Number($("c-round").value), seat: Number($("c-seat").value),
      score: Number($("c-score").value), reason: $("c-reason").value.trim() }, t("Score corrected."))
      .then((done) => { if (done) { $("c-score").value = ""; $("c-reason").value = ""; } });   // saved: the form is empty again
  });
  /** The set-up as the form stands: the rows with a name, and a computer row without one (sent
   *  as it stands, so the station's refusal names it instead of the seat being dropped unsaid). */
  function setupBody() {
    const rows = MT.hostComputers ? MT.hostComputers.rows() : Array.from($("names").querySelectorAll("input"))
      .filter((i) => i.value.trim());
    const players = rows.map((i) => i.value.trim());
    const options = MT.hostRules.options();
    if ($("hand-size").value) options.hand_size = Number($("hand-size").value);
    return Object.assign({ players: players, profile: $("profile").value, set: $("set").value ? Number($("set").value) : null,
      options: options, hidden_hands: !$("tiles-virtual").checked, ruleset: MT.hostRules.ruleset() },
      MT.hostComputers ? MT.hostComputers.fields() : {});      // host-computers.js
  }
  /** The deal the station would give this set-up (or its reason not to), shown as the form changes;
   *  the station's hand size is offered in "Tiles each". */
  let previewTimer = null, previewSeq = 0;
  function previewSoon() { clearTimeout(previewTimer); previewTimer = setTimeout(previewDeal, 300); }
  async function previewDeal() {
    const body = setupBody(), box = $("setup-preview"), seq = ++previewSeq;
    if (!pin || body.players.length < 2) { box.hidden = true; $("hand-size").placeholder = t("Automatic"); return; }
    const r = await MT.api("POST", "/api/host/preview", body, H());
    if (seq !== previewSeq) return;          // a newer change is on its way
    box.hidden = false;
    box.classList.toggle("bad", !r.ok);
    const house = r.ok ? MT.houseLine({ game: { house: r.data.house } }) : "";
    box.textContent = r.ok ? t("Double-%(n)s", { n: r.data.set }) + " · " + dealText(r.data) + (house ? " · " + house : "")
      : ((r.data && r.data.text) || t("Refused"));
    $("hand-size").placeholder = r.ok ? String(r.data.hand_size) : t("Automatic");
  }
  // the form as the host left it, kept for this tab: a change of language (a reload) keeps it
  const DRAFT = "mt-setup-draft";
  function saveDraft() {
    const rows = Array.from($("names").children);
    sessionStorage.setItem(DRAFT, JSON.stringify(Object.assign({ names: rows.map((r) => r.querySelector("input").value),
      virtual: $("tiles-virtual").checked, profile: $("profile").value, set: $("set").value,
      rules: MT.hostRules.draft() }, MT.hostComputers ? MT.hostComputers.draft() : {})));
  }
  /** Fill the set-up form: ``names``, ``virtual`` (virtual tiles), ``profile``, ``set``, ``who``
   *  (each row's choice, or a game's computers), ``hints``, ``rules`` (the options, tiles each and
   *  rule set chosen: host-rules.js ``draft()``). */
  function fillForm(d) {
    if (d.rules) MT.hostRules.restore(d.rules);
    if (d.names && d.names.length) { $("names").replaceChildren(); d.names.forEach((name) => nameRow(name)); }
    if (d.virtual !== undefined) { $("tiles-virtual").checked = !!d.virtual; $("tiles-real").checked = !d.virtual; }
    if (d.profile) $("profile").value = d.profile;
    if (d.set !== undefined) $("set").value = d.set;
    if (MT.hostComputers) MT.hostComputers.restore(d.who, d.hints);
    saveDraft();
    previewSoon();
  }
  $("setup-form").addEventListener("input", () => { $("setup-error").hidden = true; saveDraft(); previewSoon(); });
  $("setup-form").addEventListener("change", (e) => { saveDraft(); previewSoon(); if (e.target.id !== "ruleset-file") MT.hostRules.refresh(); });
  $("btn-add").addEventListener("click", () => { saveDraft(); previewSoon(); });
  $("names").addEventListener("click", () => { saveDraft(); previewSoon(); });
  $("setup-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = setupBody();
    if (MT.view.game && MT.view.game.status !== "finished" && MT.view.game.status !== "abandoned" &&
      !(await MT.confirm(t("A game is going on. Set up a new one anyway?")))) return;
    const error = $("setup-error");
    error.hidden = true;
    const r = await MT.api("POST", "/api/host/setup", body, H());
    if (!r.ok) {
      // the station's own reason, beside the button that was refused
      error.textContent = (r.data && r.data.text) || t("Refused");
      error.hidden = false;
      if (r.status === 401 || r.status === 403) lock();
      return;
    }
    MT.toast(t("Game set up."), true);
    shownSeats = "";
    MT.setView(r.data);
    $("game-card").scrollIntoView({ block: "start" });
  });
  $("c-reason").maxLength = LIMITS.reason_max;
  let draft = null;
  try { draft = JSON.parse(sessionStorage.getItem(DRAFT) || "null"); } catch (e) { draft = null; }
  if (draft && Array.isArray(draft.names) && draft.names.length) fillForm(draft);
  else for (let i = 0; i < 4; i++) nameRow("");
  MT.onView(render);
  MT.live.start({});
  if (pin) unlock(pin);
})();

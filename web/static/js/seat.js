/* Seat controller: join by code/QR; my tiles (tap one, then a train) or a train then a tile;
   draw / pass / done with the reason when they cannot act; between turns whose turn, the last
   move and my tile count; round end and game end (seat-end.js); hidden hands: register the hand
   privately (seat-hand.js). Every rule comes from view.me (station/interface.py). */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const seat = Number(MT.boot.seat);
  const KEY = "mt-seat-" + seat;
  let token = localStorage.getItem(KEY);
  let lastPrompted = null, chosen = null, chosenTile = null, busy = false, prompted = null;
  let played = null, absentShown = false;      // the earlier game this phone played; #absent on screen
  const $ = (id) => document.getElementById(id);
  const ACTIONS = ["draw", "pass", "done"];

  function headers() { return { "X-Seat-Token": token }; }
  function reason(code, houseRule, end) {
    if (code === "train-closed") return t("Closed: no marker");
    if (code === "no-match") return t("Nothing fits: open end %(n)s", { n: end });
    if ((MT.boot.reasons || {})[code]) return MT.reasonText(code, { house_rule: houseRule });
    return MT.boot.lang === "en" && code ? code : t("Closed");
  }
  function trainKey(on) { return on === "mexican" ? "mexican" : Number(on); }
  function trainLabel(key, view) {
    return key === "mexican"
      ? el("span", { class: "badge" }, el("span", { class: "mark", style: "background:var(--mexican)", "aria-hidden": "true" }, "☆"), t("Mexican train"))
      : MT.badge(Number(key), Number(key) === seat ? t("My train") : MT.trainName(key, view));
  }
  /** The train's open end as the station says it (view.open_ends: the engine's pip on an empty train). */
  function openEnd(view, key) { return (view.open_ends || {})[key] ?? ""; }

  async function join(code) {
    const r = await MT.api("POST", `/api/seat/${seat}/join`, { code: code });
    // a join link opened again (history, a second scan) by the phone that spent its code: this
    // phone's token still holds the seat, so it goes on playing; the station says if it does not
    if (!r.ok && token && r.data && r.data.facts && r.data.facts.why === "code-used") { start(); return; }
    if (!r.ok) { MT.toast(r.data && r.data.text || t("Wrong code"), false); showJoin(); return; }
    token = r.data.token;
    localStorage.setItem(KEY, token);
    MT.toastClear();            // an old "wrong code" is no longer true
    localStorage.removeItem(KEY + "-why");
    joinNote();
    start();
  }
  /** Why this phone must join again (kept from the station's refusal of its old token). */
  function joinNote() {
    const why = localStorage.getItem(KEY + "-why"), note = $("join-note");
    note.hidden = !why;
    if (!why) return;
    note.textContent = why.startsWith("old:")
      ? t("This phone was playing game %(id)s. A new game has been set up since: scan this seat's new QR code on the host page or enter its code.", { id: why.slice(4) })
      : why === "replaced"
        ? t("Another phone has joined this seat with its new code. To play on this phone again, ask the host for the seat's code.")
        : t("This seat was released: join again.");
  }
  function showJoin() {
    joinNote();
    $("join").hidden = absentShown; $("controller").hidden = true;
    if (!absentShown) $("join-code").focus();
  }
  function start() {
    $("join").hidden = true; $("controller").hidden = absentShown;
    MT.live.onError = function (msg) {
      const f = msg.facts || {};
      if (f.field === "seat" && f.why === "not-in-game") {
        // the station: the game in play has no such seat (a phone left on an old game's seat
        // page). The token is of no use here; render() says it in words (#absent)
        if (token) { localStorage.removeItem(KEY); token = null; }
        played = f.played ?? null;
        MT.toastClear();
        if (MT.view) render(MT.view);
        MT.live.start({});
        return;
      }
      if (msg.code === "forbidden" && token) {
        localStorage.removeItem(KEY); token = null;
        // the station says why: this phone joined an earlier game, another phone joined the seat
        // with its new code (each code joins once), or the host released the seat; kept, so a
        // reload still says it
        const why = msg.facts && msg.facts.why;
        localStorage.setItem(KEY + "-why", why === "old-game" ? "old:" + msg.facts.game_id : why === "replaced" ? "replaced" : "released");
        joinNote();
        MT.toastClear();
        $("join-code").value = "";   // the code this phone typed is spent: the host has the seat's new one
        showJoin();
        if (MT.view) render(MT.view);
        MT.live.start({});        // the table goes on showing, without the old token
      }
    };
    MT.live.start({ seat: seat, token: token });
  }

  /** A refused move: the tile tapped flashes red as long as the hub's seat LED does. */
  function flash(tile) {
    const ms = (MT.view && MT.view.me && MT.view.me.timing && MT.view.me.timing.refusal_flash_ms) || 0;
    const nodes = document.querySelectorAll(`#my-hand li[data-tile="${tile}"], #tiles button[data-tile="${tile}"]`);
    for (const n of nodes) { n.classList.add("refused"); setTimeout(() => n.classList.remove("refused"), ms); }
  }
  async function send(event) {
    if (busy || !MT.view) return;
    busy = true;
    const r = await MT.api("POST", `/api/seat/${seat}/submit`, { event: event, version: MT.view.version }, headers());
    busy = false;
    if (r.ok) { chosenTile = null; return; }      // the chosen train stays (a classic first-turn chain)
    MT.toast(r.data && r.data.text || t("Refused"), false);
    if (event.play) flash(event.play);
    if (r.status === 403) MT.live.onError(Object.assign({ code: "forbidden" }, r.data || {}));
  }

  function renderStatus(view, me, st, mine) {
    const log = view.log || [];
    // "the game has ended" is what the game-over card's heading says (in Pashto in the same words)
    const last = view.over && log.length && ["end", "abandon"].includes(log[log.length - 1].kind) ? null : log[log.length - 1];
    $("last-move").replaceChildren(last ? MT.fmt(t("Last move: %(move)s"), { move: MT.logLine(last, view) }) : "");
    $("last-move").hidden = !last;
    const playing = !!(st && st.turn !== null && st.turn !== undefined);
    $("my-count").replaceChildren(playing ? MT.fmt(t("Tiles in your hand: %(n)s"), { n: el("strong", {}, MT.bdi(me.tile_count)) }) : "");
    $("my-count").hidden = !playing;
    $("status").hidden = !view.game || (!last && !playing);
    $("status").classList.toggle("mine", mine);
  }

  function renderHand(view, me, mine) {
    const card = $("hand-card"), hand = me.hand;
    // a hand the station knows; none once out, nor once the game ends mid-round (nothing to play)
    card.hidden = !Array.isArray(hand) || !hand.length || !!(view.over && !me.round_end);
    if (card.hidden) { chosenTile = null; $("my-hand").replaceChildren(); return; }
    const fits = me.playable || {};
    if (chosenTile !== null && !hand.includes(chosenTile)) chosenTile = null;
    $("my-hand").replaceChildren(...hand.map((tile) => {
      const play = !!fits[tile], drawn = me.drawn === tile, sel = chosenTile === tile;
      const [a, b] = tile.split("-");
      const label = [t("tile %(a)s-%(b)s", { a: a, b: b })];
      if (play) label.push(t("can be played now"));
      if (drawn) label.push(t("just drawn"));
      return el("li", { "data-tile": tile, class: [play ? "playable" : "", drawn ? "drawn" : "", sel ? "selected" : ""].join(" ").trim() || null },
        el("button", { type: "button", class: "hand-tile", "aria-label": label.join(", "), "aria-pressed": sel ? "true" : "false", disabled: !mine,
          onclick: () => { chosenTile = sel ? null : tile; render(MT.view); if (!sel) $("hand-play").scrollIntoView({ block: "nearest" }); } },
          MT.tileEl(tile), drawn ? el("span", { class: "drawn-tag", "aria-hidden": "true" }, t("just drawn")) : null));
    }));
    const any = Object.keys(fits).length > 0;
    let hint = "";
    if (mine && chosenTile !== null && !fits[chosenTile]) {
      // why not, as the station says it (me.unplayable: the engine's refusal of that tile)
      const why = (me.unplayable || {})[chosenTile];
      hint = t("%(tile)s cannot be played now.", { tile: chosenTile });
      if (why && why.code === "no-match") hint = t("%(tile)s cannot be played now: no train you may play on has a matching open end.", { tile: chosenTile });
      else if (why && (MT.boot.reasons || {})[why.code]) hint += " " + MT.reasonText(why.code, { house_rule: why.house_rule });
    }
    else if (mine && chosenTile === null) hint = any ? t("Tap a marked tile to play it.") : t("None of your tiles can be played now.");
    $("hand-hint").textContent = hint;
    $("hand-hint").hidden = !hint;
    const trains = chosenTile !== null && mine ? (fits[chosenTile] || []) : [];
    $("hand-play").hidden = !trains.length;
    if (!trains.length) return;
    $("hand-play-title").replaceChildren(MT.fmt(t("Play %(tile)s on:"), { tile: MT.tileEl(chosenTile) }));
    $("hand-trains").replaceChildren(...trains.map((key) => el("button", { type: "button", class: "choice open", "data-train": key,
      "aria-label": t("Play %(tile)s on %(train)s", { tile: chosenTile, train: MT.trainName(trainKey(key), view) }),
      onclick: () => send({ play: chosenTile, on: trainKey(key) }) },
      trainLabel(key, view), el("span", { class: "why" }, t("open end: %(n)s", { n: openEnd(view, key) })))));
  }

  function renderTrains(view, opts) {
    const box = $("trains");
    const trains = opts.trains || [];
    if (!trains.length) { box.replaceChildren(); return; }
    if (prompted !== null && prompted !== lastPrompted && trains.some((tr) => String(tr.on) === prompted && tr.open)) chosen = prompted;
    lastPrompted = prompted;
    if (chosen !== null && !trains.some((tr) => String(tr.on) === chosen && tr.open)) chosen = null;
    box.replaceChildren(...trains.map((tr) => {
      const key = String(tr.on);
      return el("button", { type: "button", class: "choice" + (tr.open ? " open" : "") + (chosen === key ? " selected" : "") + (prompted === key ? " prompted" : ""),
        "data-train": key, "aria-pressed": chosen === key ? "true" : "false", disabled: !tr.open,
        onclick: () => { chosen = key; render(MT.view); const first = $("tiles").querySelector("button"); if (first) first.focus(); } },
        trainLabel(key, view), el("span", { class: "why" }, tr.open ? t("open end: %(n)s", { n: openEnd(view, key) }) : reason(tr.code || "train-closed", tr.house_rule, openEnd(view, key))));
    }));
  }
  function renderTiles(view, opts) {
    const fits = (view.me && view.me.playable) || {};
    const norm = (tile) => tile.split("-").map(Number).sort((a, b) => a - b).join("-");
    const tiles = chosen === null ? [] : ((opts.play || {})[chosen] || []);
    $("tile-hint").textContent = chosen === null ? t("Choose a train first.") : (tiles.length ? "" : t("No tile fits this train."));
    $("tiles").replaceChildren(...tiles.map((tile) => el("button", { type: "button", "data-tile": tile, class: fits[norm(tile)] ? "in-hand" : null,
      "aria-label": t("Play %(tile)s on %(train)s", { tile: tile, train: MT.trainName(trainKey(chosen)) }),
      onclick: () => send({ play: tile, on: trainKey(chosen) }) }, tile)));
  }
  function renderActions(opts, st, mine) {
    const why = opts.why || {};
    const text = (kind) => (!opts[kind] && why[kind] ? MT.reasonText(why[kind].code, why[kind].facts) : "");
    for (const kind of ACTIONS) {
      $("btn-" + kind).disabled = !opts[kind];
      $("why-" + kind).textContent = text(kind);
      $("why-" + kind).hidden = !text(kind);
    }
    // the same reason for draw and pass is said once, under both buttons
    const same = text("draw") !== "" && text("draw") === text("pass");
    $("why-draw").hidden = $("why-draw").hidden || same;
    $("btn-draw").setAttribute("aria-describedby", same ? "why-pass" : "why-draw");
    $("btn-engine").hidden = !opts.engine;
    $("done-box").hidden = !opts.done && !(st && st.first_turn);
    $("actions").hidden = !mine && !opts.engine;
  }

  /** The hub's question for this seat (a refused button, a tile sensed with no move entered). */
  let promptShown = "";
  function renderPrompt(view) {
    const box = $("prompt");
    const p = token ? view.prompt : null;
    const opts = (view.me && view.me.options) || {};
    const mine = p && (p.seat === seat || (p.seat === null && p.kind === "place-engine" && opts.engine));
    const text = mine ? MT.promptText(p, view, seat) : "";
    prompted = mine && p.kind === "start-train" && p.facts && p.facts.train !== undefined ? String(p.facts.train) : null;
    if (text === promptShown) return;
    promptShown = text;
    box.dataset.kind = mine ? p.kind : "";
    box.textContent = text;
    box.hidden = !text;
  }
  /** The game in play has no such seat (the view's seats are the game's): said in words, with a
   *  way to the game's seats and the scoreboard, instead of this seat's controls. Returns true
   *  while it is so. */
  function renderAbsent(view) {
    const rows = view.seats || [];
    const out = !!view.game && !rows.some((r) => r.seat === seat);
    $("absent").hidden = !out;
    if (!out) {
      if (absentShown) { absentShown = false; if (token) start(); else showJoin(); }
      return false;
    }
    absentShown = true;
    $("join").hidden = true; $("controller").hidden = true;
    $("h-absent").textContent = t("Seat %(n)s is not in this game", { n: seat });
    $("absent-played").hidden = played === null;
    $("absent-played").textContent = played === null ? "" : t("This phone was playing in game %(id)s.", { id: played });
    $("absent-help").textContent = MT.tn("This game has %(n)s seat: choose yours, or follow the game on the scoreboard.",
      "This game has %(n)s seats: choose yours, or follow the game on the scoreboard.", rows.length);
    $("absent-seats").replaceChildren(...rows.map((r) => el("li", {},
      el("a", { href: "/seat/" + r.seat, class: "btn" }, MT.badge(r.seat, r.name), " ", el("span", { class: "muted" }, MT.seatWord(r.seat))))));
    return true;
  }
  function render(view) {
    if (renderAbsent(view)) return;
    renderPrompt(view);
    if (!token) return;
    const me = view.me || {};
    const name = view.game && view.game.players[seat];
    // the player's badge and name, and the seat's number: the hub's seat button and slot say it
    $("seat-title").replaceChildren(...(name ? [MT.badge(seat, name), " ", el("span", { class: "seat-no" }, MT.seatWord(seat))]
      : [MT.seatWord(seat)]));
    const opts = me.options || { trains: [], play: {}, why: {} };
    const st = view.result && view.result.state;
    const mine = !!(st && st.turn === seat);
    if (!mine) { chosen = null; chosenTile = null; }      // a new turn starts with nothing chosen
    const waiting = st && st.turn !== null && st.turn !== undefined && !mine;
    const over = MT.overWords(view);       // the station's phase: nobody's turn once the game is over
    // once over, the game-over card's heading says it (once on the page): nothing up here
    $("my-turn").textContent = over ? "" : mine ? t("Your turn") : (waiting ? t("Waiting for %(name)s", { name: MT.name(st.turn, view) }) : "");
    $("my-turn").className = mine ? "turn-yes" : "muted";
    renderStatus(view, me, st, mine);
    renderHand(view, me, mine);
    $("play-card").hidden = !mine || !(opts.trains || []).length;
    renderTrains(view, opts);
    renderTiles(view, opts);
    renderActions(opts, st, mine);
    hand.render(view);
    end.render(view);
  }

  $("join-form").addEventListener("submit", (e) => { e.preventDefault(); join($("join-code").value.trim()); });
  for (const kind of ACTIONS.concat(["engine"])) $("btn-" + kind).addEventListener("click", () => send({ [kind]: true }));
  $("btn-leave").addEventListener("click", async () => {
    if (!(await MT.confirm(t("Leave this seat on this phone?")))) return;
    localStorage.removeItem(KEY); token = null; showJoin();
  });

  const forbidden = () => MT.live.onError({ code: "forbidden" });
  const hand = MT.handRegister({ seat: seat, token: () => token, headers: headers, onForbidden: forbidden });
  const end = MT.seatEnd({ seat: seat, headers: headers, onForbidden: forbidden });
  MT.seatSend = send;      // the tap handlers' path, also used by the tests
  MT.onView(render);
  const code = new URLSearchParams(location.search).get("code");
  if (code) {
    const u = new URL(location.href); u.searchParams.delete("code"); history.replaceState(null, "", u.toString());
    join(code);
  } else if (token) start();
  else { showJoin(); MT.live.start({}); }
})();

/* Shared helpers of every page: translation, seat badges, tiles, API calls, toast, dialog, strip. */
(function () {
  "use strict";
  // the page's boot data: JSON data blocks (never run: the CSP forbids inline script; web/security.py)
  const data = (id) => { const e = document.getElementById(id); return e ? JSON.parse(e.textContent) : null; };
  const boot = data("mt-boot") || {};
  const T = data("mt-catalogue") || {};
  const PAL = data("mt-palette") || { seats: [] };
  const MT = (window.MT = { boot: boot, view: boot.view || null, listeners: [], palette: PAL });

  MT.t = function (msg, params) {
    let s = T[msg] || msg;
    if (params) s = s.replace(/%\((\w+)\)s/g, (m, k) => (k in params ? String(params[k]) : m));
    return s;
  };
  const t = MT.t;
  /** A message with plural forms: ``tn("%(n)s tile", "%(n)s tiles", n, params)``. The form is the
      catalogue's (its Plural-Forms, served as boot.plural: CLDR category -> form index; web/i18n.py). */
  const rules = (() => { try { return new Intl.PluralRules(boot.lang || "en"); } catch (e) { return new Intl.PluralRules("en"); } })();
  MT.tn = function (singular, plural, n, params) {
    const index = (boot.plural || { one: 0 })[rules.select(Number(n))] ?? 1;
    const forms = Array.isArray(T[singular]) ? T[singular] : [singular, plural];
    return MT.t(forms[Math.min(index, forms.length - 1)] || plural, Object.assign({ n: n }, params || {}));
  };

  /** A translated sentence (``t("...")``) as nodes: ``%(name)s`` filled with text or nodes (e.g. <bdi>). */
  MT.fmt = function (text, params) {
    const frag = document.createDocumentFragment();
    for (const part of String(text).split(/(%\(\w+\)s)/)) {
      const m = part.match(/^%\((\w+)\)s$/);
      if (m && params && m[1] in params) { const v = params[m[1]]; frag.append(v instanceof Node ? v : String(v)); }
      else if (part) frag.append(part);
    }
    return frag;
  };
  /** Numbers, tiles and arrows kept left to right inside a right-to-left sentence. */
  MT.bdi = (text, dir) => MT.el("bdi", { dir: dir || "ltr" }, String(text));
  /** A place as the station ranks it (view.standings[].rank, .shared): "2", a shared one "2=",
      read left to right on every page (a bare "2=" on a right-to-left page shows as "=2"). */
  MT.place = (rank, shared) => MT.bdi(String(rank) + (shared ? "=" : ""));

  MT.el = function (tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false)
      e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    return e;
  };
  const el = MT.el;

  MT.seatColour = (seat) => (PAL.seats[seat % PAL.seats.length] || {}).hex || "#888";
  MT.seatSymbol = (seat) => (PAL.seats[seat % PAL.seats.length] || {}).symbol || "";
  /** The dash of the ``i``-th line of a chart (SVG stroke-dasharray / canvas setLineDash numbers):
      lines drawn over each other (players on the same totals) stay told apart. */
  MT.lineDash = (i) => [[], [6, 3], [2, 3], [8, 3, 2, 3]][i % 4];
  /** A seat as players read it: numbered from 0, as the URL (/seat/0), the hub's labels (seat 0
      button) and the record (record-format.md: "Seats are numbered from 0") number it. */
  MT.seatWord = (seat) => t("Seat %(n)s", { n: seat });
  MT.name = function (seat, view) {
    const v = view || MT.view;
    const p = v && v.game && v.game.players;
    return (p && p[seat]) || MT.seatWord(seat);
  };
  /** A seat's badge letters, the same on every page: the first letter of the player's name (the
      view's player of that seat; ``name`` only where the view has none, e.g. the set-up form's
      next game), else the seat's number, then the seat's symbol. */
  MT.seatMark = (seat, name) => MT.markOf(seat, (MT.view && MT.view.game && MT.view.game.players[seat]) || name);
  /** The badge letters of ``seat`` for the player called ``name`` (none: the seat's number). */
  MT.markOf = function (seat, name) {
    const initial = Array.from(String(name || "").trim())[0];
    return (initial ? initial.toUpperCase() : String(seat)) + MT.seatSymbol(seat);
  };
  /** A date and time (seconds since the epoch) in the page's language (Intl.DateTimeFormat);
      where the browser has no data for that language (it would fall back to English month
      names), the numbers alone: "2026-12-02 01:30", the same in every language. */
  const lang = boot.lang || "en";
  const dateFormat = (() => {
    try {
      if (Intl.DateTimeFormat.supportedLocalesOf([lang]).length)
        return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
    } catch (e) { /* no Intl data: the numbers below */ }
    return null;
  })();
  MT.date = function (epoch) {
    const d = new Date(Number(epoch) * 1000);
    if (dateFormat) return dateFormat.format(d);
    const two = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
  };
  /** What decided the winner (view.tie_break: code + facts from the station), in the page's language. */
  MT.tieText = function (view) {
    const tb = view.tie_break;
    if (!tb) return "";
    const f = tb.facts || {};
    const p = { total: MT.bdi(f.total), zeros: MT.bdi(f.zeros), lowest: MT.bdi(f.lowest ?? 0),
      name: MT.bdi(MT.name((tb.winners || [])[0], view), "auto") };
    switch (tb.code) {
      case "lowest-total": return MT.fmt(t("Lowest total: %(total)s points."), p);
      case "shared": return MT.fmt(t("Tied on the lowest total (%(total)s points): they share the win."), p);
      case "most-zero-rounds": return MT.fmt(t("Tied on %(total)s points: %(name)s scored 0 in the most rounds (%(zeros)s)."), p);
      case "lowest-round": return MT.fmt(t("Tied on %(total)s points and on rounds scored 0: %(name)s had the lowest non-zero round score (%(lowest)s)."), p);
      case "all-tied": return MT.fmt(t("Tied on %(total)s points, on rounds scored 0 and on the lowest round score: they share the win."), p);
      default: return "";
    }
  };
  /** Nodes (badges, names) as one list in the page's language, "Ana and Ben" / "Ana, Ben and Chi"
   *  (Intl.ListFormat, a comma list where the browser has no rules for the language), in one
   *  inline span: no flex gap can come between a name and its comma. */
  const listFormat = (() => {
    try {
      const lang = boot.lang || "en";
      return Intl.ListFormat.supportedLocalesOf([lang]).length ? new Intl.ListFormat(lang, { style: "long", type: "conjunction" }) : null;
    } catch (e) { return null; }
  })();
  const comma = document.documentElement.dir === "rtl" ? "، " : ", ";      // Pashto writes the Arabic comma
  MT.listNodes = function (nodes) {
    const parts = listFormat ? listFormat.formatToParts(nodes.map((_, i) => String(i)))
      : nodes.flatMap((_, i) => (i ? [{ type: "literal", value: comma }] : []).concat([{ type: "element", value: String(i) }]));
    return el("span", { class: "list" }, ...parts.map((p) => (p.type === "element" ? nodes[Number(p.value)] : p.value)));
  };
  /** A player told apart by colour, initial and symbol, then the name. */
  MT.badge = function (seat, name, opts) {
    const mark = el("span", { class: "mark", style: "background:" + MT.seatColour(seat), "aria-hidden": "true" },
      MT.seatMark(seat));          // the player's initial, whatever words the badge says (e.g. "Ana's train")
    name = name || MT.name(seat);
    return el("span", { class: "badge" }, mark, (opts && opts.short) ? null : el("span", {}, name));
  };
  MT.tileEl = function (tile, cls) {
    const [a, b] = String(tile).split("-");
    return el("span", { class: "tile" + (a === b ? " double" : "") + (cls ? " " + cls : ""), role: "img",
      "aria-label": t("tile %(a)s-%(b)s", { a: a, b: b }) }, el("span", {}, a), el("span", {}, b));
  };
  MT.trainName = function (on, view) {
    if (on === "mexican" || on === null) return t("Mexican train");
    return t("%(name)s's train", { name: MT.name(Number(on), view) });
  };

  /** A refusal's reason in the page's language, worded from its code and facts (as web/refusals.py). */
  MT.reasonText = function (code, facts, message) {
    const reasons = boot.reasons || {};
    let text = reasons[code];
    if (!text) return message || reasons["bad-request"] || t("That request was not understood.");
    // a refusal only a house rule causes names it (engine/house.py; web/refusals.py words it alike)
    const rule = (facts || {}).house_rule;
    if (rule && MT.optionName) text = t("%(reason)s: house rule (%(rule)s)", { reason: text.replace(/\.$/, ""), rule: MT.optionName(rule) });
    const labels = [["tile", t("Tile")], ["double", t("Open double")], ["open_double", t("Open double")]];
    for (const [key, label] of labels) {
      const v = (facts || {})[key];
      if ((typeof v === "string" || typeof v === "number") && v !== "") { text += " (" + label + ": " + v + ")"; break; }
    }
    return text;
  };
  /** What the hub asks of a seat (view.prompt), in the page's language. */
  MT.promptText = function (prompt, view, mySeat) {
    if (!prompt) return "";
    const facts = prompt.facts || {};
    if (prompt.kind === "refused") return MT.reasonText(prompt.code, facts, prompt.text);
    if (prompt.kind === "start-train") {      // the station names the train (facts.train) and the seat asked
      if (facts.train === mySeat) return t("A tile was placed to start your train: enter the tile you played");
      return t("A tile was placed to start %(train)s: enter the tile you played", { train: MT.trainName(facts.train, view) });
    }
    const button = t("I placed the engine"), tile = facts.tile || "";
    if (prompt.kind === "place-engine") return t("The engine is in the centre: if you placed it, tap “%(button)s”", { button: button });
    // the classic engine search (station/engine_search.py)
    if (prompt.kind === "engine-drawn") return t("You drew the engine %(tile)s? Place it now and tap “%(button)s”. If not, %(name)s draws next.",
      { tile: tile, button: button, name: MT.name(Number(facts.next), view) });
    if (prompt.kind === "engine-yours") return facts.drew ? t("You drew the engine %(tile)s: place it now and tap “%(button)s”.", { tile: tile, button: button })
      : t("You hold the engine %(tile)s: place it now and tap “%(button)s”.", { tile: tile, button: button });
    // the classic first turn has no draw: the seat button's first short press asks, the second passes
    if (prompt.kind === "confirm-pass") return t("No draw on the first turn: press your button again to pass (your train gets a marker).");
    if (prompt.kind === "confirm-engine") return t("The engine %(tile)s is in the centre: did you place it? Tap “%(button)s”.", { tile: tile, button: button });
    return prompt.text || "";
  };

  /** Where the station's hand size came from where the deal table had no row (game.deal.default,
   *  station/deal_default.py): "as the classic rules deal: the hub's rules give no hand size for 3
   *  players with double-6". */
  MT.dealWhy = function (d) {
    return d.from === "classic"
      ? t("as the classic rules deal: the hub's rules give no hand size for %(players)s players with double-%(set)s", { set: d.set, players: d.players })
      : t("the most that deals: no rules give a hand size for %(players)s players with double-%(set)s", { set: d.set, players: d.players });
  };

  /** A log entry (view.log) worded in the page's language from its kind and facts, as nodes. */
  MT.logLine = function (entry, view) {
    const f = entry.facts || {};
    const who = (seat) => MT.bdi(MT.name(Number(seat), view), "auto");
    const L = (text, params) => MT.fmt(text, params);
    switch (entry.kind) {
      case "setup": {
        const line = L(t("New game: %(players)s players, double-%(set)s; %(hand)s tiles each, %(boneyard)s in the boneyard"),
          { players: f.players, set: f.set, hand: f.hand_size, boneyard: f.boneyard });
        if (f.default) line.append(" (", MT.dealWhy(f.default), ")");
        if (f.phone_only) line.append("; ", L(t("%(n)s players play from their phones alone"), { n: f.phone_only }));
        return line;
      }
      case "round": return L(t("Round %(r)s begins: engine %(tile)s"), { r: Number(f.round) + 1, tile: MT.bdi(f.engine + "-" + f.engine) });
      case "engine": return L(t("%(name)s placed the engine"), { name: who(f.seat) });
      case "draw": return L(t("%(name)s drew a tile"), { name: who(f.seat) });
      case "pass": return L(t("%(name)s passed: their train is marked"), { name: who(f.seat) });
      case "done": return L(t("%(name)s ended their first turn"), { name: who(f.seat) });
      case "play":
        if (String(f.on) === String(f.seat)) return L(t("%(name)s played %(tile)s on their own train"), { name: who(f.seat), tile: MT.bdi(f.tile) });
        if (f.on === "mexican" || f.on === null) return L(t("%(name)s played %(tile)s on the Mexican train"), { name: who(f.seat), tile: MT.bdi(f.tile) });
        return L(t("%(name)s played %(tile)s on %(train)s"), { name: who(f.seat), tile: MT.bdi(f.tile), train: MT.trainName(f.on, view) });
      case "reveal": return L(t("%(name)s shows %(pips)s pips for round %(r)s"), { name: who(f.seat), pips: MT.bdi(f.pips), r: Number(f.round) + 1 });
      case "correct": return L(t("Round %(r)s, %(name)s: %(change)s (host)"), { r: Number(f.round) + 1, name: who(f.seat),
        change: MT.bdi((f.before === null || f.before === undefined ? "?" : f.before) + " → " + f.score) });
      case "undo": {
        if (f.undone === "round") return L(t("Undone: the round's start"));
        if (f.undone === "reveal") return L(t("Undone: %(name)s's shown hand"), { name: who(f.seat) });
        if (f.undone === "correct") return L(t("Undone: the correction of round %(r)s"), { r: Number(f.round) + 1 });
        return L(t("Undone: %(what)s"), { what: MT.logLine({ kind: f.undone, facts: f, text: "" }, view) });
      }
      case "end": return L(t("The game has ended"));
      case "abandon": return L(t("The game was abandoned"));
      case "released": return L(t("Seat %(n)s was released"), { n: Number(f.seat) });
      case "register": return L(t("%(name)s registered their hand: the hub checks every rule for them"), { name: who(f.seat) });
      case "board": return f.connected ? L(t("Sensor board connected")) : L(t("Sensor board lost: %(reason)s"), { reason: MT.bdi(f.reason || "", "auto") });
      default: return document.createTextNode(entry.text || "");
    }
  };
  MT.logText = (entry, view) => { const d = document.createElement("span"); d.append(MT.logLine(entry, view)); return d.textContent; };

  MT.api = async function (method, path, body, headers) {
    const h = Object.assign({ "Accept": "application/json" }, headers || {});
    if (body !== undefined) h["Content-Type"] = "application/json";
    let res;
    try {
      res = await fetch(path, { method: method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      return { ok: false, status: 0, data: { code: "offline", text: t("No connection to the hub.") } };
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok && data && !data.text) {
      data.text = res.status === 422 ? t("That request was not understood.") : (data.message || t("That request was not understood."));
    }
    return { ok: res.ok, status: res.status, data: data };
  };

  /** Download a file that needs a header (the host PIN): fetched, then saved under the name the
      station gives (Content-Disposition); a refusal is said in a toast. */
  MT.saveFile = async function (path, headers) {
    let res;
    try { res = await fetch(path, { headers: headers || {} }); } catch (e) { MT.toast(t("No connection to the hub."), false); return; }
    if (!res.ok) {
      let data = null;
      try { data = await res.json(); } catch (e) { data = null; }
      MT.toast((data && data.text) || t("Refused"), false);
      return;
    }
    const name = ((res.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/) || [])[1] || "download.json";
    const url = URL.createObjectURL(await res.blob());
    const a = el("a", { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };

  let toastTimer = null;
  MT.toast = function (text, ok) {
    const box = document.getElementById("toast");
    box.textContent = text;
    box.className = "toast" + (ok ? " ok" : "");
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, ok ? 2500 : 7000);
  };

  MT.toastClear = function () { clearTimeout(toastTimer); document.getElementById("toast").hidden = true; };

  /** A modal confirmation: traps focus (native modal dialog) and gives focus back. */
  MT.confirm = function (text) {
    const dlg = document.getElementById("confirm");
    const back = document.activeElement;
    document.getElementById("confirm-text").textContent = text;
    return new Promise((resolve) => {
      const yes = document.getElementById("confirm-yes"), no = document.getElementById("confirm-no");
      const done = (v) => { yes.onclick = no.onclick = null; dlg.onclose = null; if (dlg.open) dlg.close(); if (back && back.focus) back.focus(); resolve(v); };
      yes.onclick = () => done(true);
      no.onclick = () => done(false);
      dlg.onclose = () => done(false);
      dlg.showModal();
      no.focus();
    });
  };

  MT.roundCount = (view) => (view.game ? view.game.rounds_total : 0);     // the station says how many
  /** A computer player's policy (station/computers.py) in the page's words. */
  MT.computerWord = (policy) => ({ random: t("Computer (easy)"), greedy: t("Computer (medium)"), playout: t("Computer (strong)") })[policy] || policy;
  /** A past game as one line (GET /api/games: how it ended and who won, station/archive.py),
      linked to its read-only page: the host's Past games and the players' /games list. */
  MT.pastGameItem = function (g) {
    const who = g.over.winners.map((s) => g.players[s]).join(", ");
    const how = g.over.how === "abandoned" ? t("abandoned") : g.over.how === "early"
      ? MT.tn("ended after %(r)s of %(n)s round", "ended after %(r)s of %(n)s rounds", g.over.rounds_total, { r: g.over.rounds_scored }) : t("played out");
    return el("li", { "data-game": g.id },
      el("a", { href: "/games/" + g.id, class: "past-link" }, t("Game %(id)s", { id: g.id })), " · ",
      el("span", { class: "muted past-when" }, MT.date(g.created)), " · ", el("span", {}, g.players.join(", ")), " · ",
      el("span", { class: "past-how" }, how), who ? [" · ", el("span", { class: "past-winner" }, "★ ", who)] : null);
  };

  /** How the game ended (view.over, station/game_end.py), in the page's language: the heading,
   *  the sentence saying whether the scores are final, the winner line (none when abandoned). */
  MT.overWords = function (view) {
    const o = view.over;
    if (!o) return null;
    const heading = o.how === "abandoned" ? t("Game abandoned") : t("Game over");
    const how = o.how === "played" ? MT.tn("The game's %(n)s round was played: the scores are final.", "All %(n)s rounds were played: the scores are final.", o.rounds_total)
      : o.how === "early" ? MT.tn("The host ended the game after %(r)s of %(n)s round: the scores are final.", "The host ended the game after %(r)s of %(n)s rounds: the scores are final.", o.rounds_total, { r: o.rounds_scored })
        : t("The host abandoned this game: it has no winner.");
    return { heading: heading, how: how };
  };
  /** The game-over block every page shows (scoreboard, table, host, seat, a past game), or null
   *  while the game goes on: ``ids.id`` the block's id (its heading ``<id>-h``, how it ended
   *  ``<id>-how``), ``ids.winner`` and ``ids.tie`` the ids of the winner line and the tie-break. */
  MT.overBlock = function (view, ids) {
    const words = MT.overWords(view);
    if (!words) return null;
    const o = view.over, seats = o.winners || [], id = ids.id;
    const tie = view.tie_break && (ids.tieAlways || view.tie_break.code !== "lowest-total");
    return el("section", { class: "over over-" + o.how, id: id, "data-how": o.how, "aria-labelledby": id + "-h" },
      el("h2", { id: id + "-h", class: "over-h" }, words.heading),
      seats.length ? el("p", { class: "winner", id: ids.winner || id + "-winner" }, el("span", { class: "trophy", "aria-hidden": "true" }, "★"),
        seats.length > 1 ? t("Winners:") : t("Winner:"), " ", MT.listNodes(seats.map((s) => MT.badge(s, MT.name(s, view))))) : null,
      el("p", { class: "over-how", id: id + "-how" }, words.how),
      tie ? el("p", { class: "tie-break", id: ids.tie || id + "-tie" }, MT.tieText(view)) : null);
  };

  /** Why a round score is high: the 0-0 left in a hand counts its points (the station's
   *  view.result.rounds[r].double_blank: {seat, points}, or null). ``mine``: the seat of the page
   *  reading it (its own score is "Your score"). Nodes, or null when the round says nothing of it. */
  MT.doubleBlankWords = function (view, r, mine) {
    const round = ((view.result && view.result.rounds) || [])[r], held = round && round.double_blank;
    if (!held) return null;
    const words = { tile: MT.tileEl("0-0"), n: el("strong", {}, MT.bdi(held.points)) };
    if (held.seat === mine) return MT.fmt(t("Your score includes the double blank %(tile)s: %(n)s pips."), words);
    return MT.fmt(t("Round %(r)s: %(name)s's score includes the double blank %(tile)s, %(n)s pips."),
      Object.assign(words, { r: r + 1, name: MT.bdi(MT.name(held.seat, view), "auto") }));
  };
  /** A classic round's engine not yet placed: who places it and who draws first (the station's
      view.engine_search: holder known only with virtual tiles). */
  MT.engineSearchWords = function (es) {
    const tile = MT.tileEl(es.tile);
    if (es.holder !== null && es.holder !== undefined) return MT.fmt(t("Engine: %(name)s places it"), { name: MT.badge(es.holder) });
    if (es.drew_last === null || es.drew_last === undefined)
      return MT.fmt(t("Engine %(tile)s: whoever holds it places it in the centre and starts; if nobody does, %(next)s draws first"), { tile: tile, next: MT.badge(es.draws_next) });
    return MT.fmt(t("Engine %(tile)s: nobody has it yet; %(next)s draws next"), { tile: tile, next: MT.badge(es.draws_next) });
  };
  /** The always-visible context strip. */
  let lastAlert = "";
  MT.renderStrip = function (view) {
    const main = document.getElementById("strip-main"), alert = document.getElementById("strip-alert");
    if (!main) return;
    const st = view.result && view.result.state;
    const chips = [];
    const over = MT.overWords(view);
    if (!view.game) {
      chips.push(el("span", {}, t("No game yet")));
    } else if (over) {       // the station's phase: finished or abandoned, whatever round was in play
      // on every page, the seat page too: the strip stays in sight as the page scrolls (an empty bar said nothing)
      chips.push(el("span", { class: "strip-over", id: "strip-over" }, over.heading));
    } else if (st) {
      chips.push(el("span", {}, t("Round %(r)s of %(n)s", { r: st.round + 1, n: MT.roundCount(view) })));
      chips.push(el("span", { class: "row" }, t("Engine"), " ", MT.tileEl(st.engine + "-" + st.engine)));
      const p = view.prompt, f = (p && p.facts) || {};
      if (p && p.kind === "engine-drawn")          // the search: the station says who may place the engine
        chips.push(el("span", { class: "row" }, MT.fmt(t("Engine: %(name)s may place it; then %(next)s draws"), { name: MT.badge(f.seat), next: MT.badge(f.next) })));
      else if (p && p.kind === "engine-yours")
        chips.push(el("span", { class: "row" }, MT.fmt(t("Engine: %(name)s places it"), { name: MT.badge(f.seat) })));
      else if (view.engine_search) chips.push(el("span", { class: "row", id: "strip-engine" }, MT.engineSearchWords(view.engine_search)));
      else if (st.turn !== null && st.turn !== undefined) chips.push(el("span", { class: "row" }, t("Turn:"), " ", MT.badge(st.turn)));
      else if (view.phase === "round_over") chips.push(el("span", {}, t("Round over")));
      if (view.phase === "playing" && st.open_doubles && st.open_doubles.length) {      // none left to satisfy once the round is over
        chips.push(el("span", { class: "row" }, t("Open doubles:"), " ",
          st.open_doubles.map((d) => el("span", { class: "row" }, MT.tileEl(d.tile), " ", MT.trainName(d.on, view)))));
      }
    } else {
      // on the host's own page the host is not waited for: it says what to do
      chips.push(el("span", {}, MT.boot.page === "host" ? t("No round in play: start the next round below.") : t("Waiting for the host to start a round")));
    }
    main.replaceChildren(el("div", { class: "chips" }, chips));
    const playing = view.phase === "playing";
    const ones = playing ? (view.seats || []).filter((s) => s.one_tile) : [];
    const text = ones.length ? t("One tile left: %(names)s", { names: ones.map((s) => s.name).join(", ") }) : "";
    if (text !== lastAlert) {
      lastAlert = text;
      alert.replaceChildren(text ? el("div", { class: "alert" }, "⚠ ", text) : "");
    }
  };

  MT.onView = function (fn) { MT.listeners.push(fn); if (MT.view) fn(MT.view); };
  MT.setView = function (view) {
    if (!view || (MT.view && view.version < MT.view.version && !view.__force)) return;
    MT.view = view;
    MT.renderStrip(view);
    for (const fn of MT.listeners) { try { fn(view); } catch (e) { console.error(e); } }
  };

  /** The navigation on one line in every language: the links that do not fit the bar (Somali or
   *  Sinhala words on a 390 px phone) go, from the last, under "⋯" (More pages), in their order;
   *  the page's own link stays in the bar. Run again when the width or the fonts change. */
  function fitNav() {
    const nav = document.querySelector("header.top nav");
    const more = nav && nav.querySelector(".nav-more");
    if (!more) return;
    const list = more.querySelector(".nav-more-list");
    const links = fitNav.links || (fitNav.links = Array.from(nav.querySelectorAll(":scope > a")));
    for (const a of links) nav.insertBefore(a, more);           // all in the bar, then take out what does not fit
    more.hidden = true;
    if (nav.scrollWidth <= nav.clientWidth) { more.open = false; return; }
    more.hidden = false;
    const out = links.filter((a) => a.getAttribute("aria-current") !== "page").reverse();
    while (out.length && nav.scrollWidth > nav.clientWidth) list.prepend(out.shift());
  }
  document.addEventListener("click", (e) => {       // the "⋯" menu closes on a tap elsewhere
    const more = document.querySelector("header.top .nav-more[open]");
    if (more && !more.contains(e.target)) more.open = false;
  });
  document.addEventListener("keydown", (e) => {
    const more = document.querySelector("header.top .nav-more[open]");
    if (e.key === "Escape" && more) { more.open = false; more.querySelector("summary").focus(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    const sel = document.getElementById("lang-select");
    if (sel) sel.addEventListener("change", function () {
      document.cookie = "lang=" + sel.value + ";path=/;max-age=31536000;samesite=lax";
      const u = new URL(location.href);
      u.searchParams.delete("lang");
      location.replace(u.toString());
    });
    if (MT.view) MT.renderStrip(MT.view);
    // the navigation on one line; the strip sticks right below the bar
    const bar = document.querySelector("header.top");
    const fit = () => {
      fitNav();
      if (bar) document.documentElement.style.setProperty("--top-h", bar.offsetHeight + "px");
    };
    fit();
    window.addEventListener("resize", fit);
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(fit);
  });
})();

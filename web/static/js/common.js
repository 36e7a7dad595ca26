/* Shared helpers of every page: translation, seat badges, tiles, API calls, toast, dialog, strip. */
(function () {
  "use strict";
  const boot = window.MT_BOOT || {};
  const T = window.MT_T || {};
  const PAL = window.MT_PALETTE || { seats: [] };
  const MT = (window.MT = { boot: boot, view: boot.view || null, listeners: [] });

  MT.t = function (msg, params) {
    let s = T[msg] || msg;
    if (params) s = s.replace(/%\((\w+)\)s/g, (m, k) => (k in params ? String(params[k]) : m));
    return s;
  };
  const t = MT.t;

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
  MT.name = function (seat, view) {
    const v = view || MT.view;
    const p = v && v.game && v.game.players;
    return (p && p[seat]) || t("Seat %(n)s", { n: seat + 1 });
  };
  /** A player told apart by colour, initial and symbol, then the name. */
  MT.badge = function (seat, name, opts) {
    name = name || MT.name(seat);
    const own = MT.view && MT.view.game && MT.view.game.players[seat];
    const initial = own ? Array.from(own.trim())[0] : String(seat + 1);
    const mark = el("span", { class: "mark", style: "background:" + MT.seatColour(seat), "aria-hidden": "true" },
      initial.toUpperCase() + MT.seatSymbol(seat));
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
    const labels = [["tile", t("Tile")], ["double", t("Open double")], ["open_double", t("Open double")]];
    for (const [key, label] of labels) {
      const v = (facts || {})[key];
      if ((typeof v === "string" || typeof v === "number") && v !== "") { text += " (" + label + ": " + v + ")"; break; }
    }
    return text;
  };
  /** What the hub asks of a seat (view.prompt), in the page's language. */
  MT.promptText = function (prompt, view) {
    if (!prompt) return "";
    const facts = prompt.facts || {};
    if (prompt.kind === "refused") return MT.reasonText(prompt.code, facts, prompt.text);
    if (prompt.kind === "start-train") {
      const train = facts.train === undefined ? (prompt.slot === "mexican" ? "mexican" : Number(String(prompt.slot || "").slice(4))) : facts.train;
      return t("A tile was placed to start %(train)s: enter the tile you played", { train: MT.trainName(train, view) });
    }
    if (prompt.kind === "place-engine") return t("The engine is in the centre: if you placed it, tap “%(button)s”", { button: t("I placed the engine") });
    return prompt.text || "";
  };

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

  let toastTimer = null;
  MT.toast = function (text, ok) {
    const box = document.getElementById("toast");
    box.textContent = text;
    box.className = "toast" + (ok ? " ok" : "");
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, ok ? 2500 : 7000);
  };

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

  MT.roundCount = (view) => (view.game ? view.game.set + 1 : 0);

  /** The always-visible context strip. */
  let lastAlert = "";
  MT.renderStrip = function (view) {
    const main = document.getElementById("strip-main"), alert = document.getElementById("strip-alert");
    if (!main) return;
    const st = view.result && view.result.state;
    const chips = [];
    if (!view.game) {
      chips.push(el("span", {}, t("No game yet")));
    } else if (st) {
      chips.push(el("span", {}, t("Round %(r)s of %(n)s", { r: st.round + 1, n: MT.roundCount(view) })));
      chips.push(el("span", { class: "row" }, t("Engine"), " ", MT.tileEl(st.engine + "-" + st.engine)));
      if (st.turn !== null && st.turn !== undefined) chips.push(el("span", { class: "row" }, t("Turn:"), " ", MT.badge(st.turn)));
      else if (view.game.status === "round-over") chips.push(el("span", {}, t("Round over")));
      if (st.open_doubles && st.open_doubles.length) {
        chips.push(el("span", { class: "row" }, t("Open doubles:"), " ",
          st.open_doubles.map((d) => el("span", { class: "row" }, MT.tileEl(d.tile), " ", MT.trainName(d.on, view)))));
      }
    } else {
      chips.push(el("span", {}, view.game.status === "finished" ? t("Game over") : t("Waiting for the host to start a round")));
    }
    main.replaceChildren(el("div", { class: "chips" }, chips));
    const playing = st && st.turn !== null && st.turn !== undefined;
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

  document.addEventListener("DOMContentLoaded", function () {
    const sel = document.getElementById("lang-select");
    if (sel) sel.addEventListener("change", function () {
      document.cookie = "lang=" + sel.value + ";path=/;max-age=31536000;samesite=lax";
      const u = new URL(location.href);
      u.searchParams.delete("lang");
      location.replace(u.toString());
    });
    if (MT.view) MT.renderStrip(MT.view);
  });
})();

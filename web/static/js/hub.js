/* Virtual hub (mock backend): the hub drawn with its LEDs as the station lights them; slots toggle
   a tile in/out, seat buttons give a short press (tap) or a long press (hold, or the "hold" button). */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const SVGNS = "http://www.w3.org/2000/svg";
  const box = document.getElementById("hub");
  if (!box) { MT.live.start({}); return; }
  const occupied = {};
  let drawn = "";

  // LED values are the palette's page colours decoded with its gamma (palette/__init__.py): shown
  // here re-encoded, so a lit slot shows its entry's page colour (the Mexican train: #e6e6e6)
  const PAL = MT.palette || {};
  const GAMMA = PAL.led_gamma || 1;
  const SIGNAL = PAL.signals || {};
  const shown = (c) => c.map((v) => Math.round(255 * Math.pow(Math.max(0, v) / 255, 1 / GAMMA)));
  function rgb(c) { if (!c) return "#222"; const [r, g, b] = shown(c); return `rgb(${r},${g},${b})`; }
  /** Text that reads on an LED colour: black on a bright one, white on a dark or unlit one. */
  function ink(c) {
    if (!c) return "#f3f5f7";
    c = shown(c);
    const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    const lum = 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
    return lum > 0.18 ? "#000" : "#f3f5f7";
  }
  // a refused move flashes its seat's slot red as long as the hub's LED does (leds.red names the slots)
  const redUntil = {};
  let redTimer = null;
  function noteRed(view) {
    const now = Date.now();
    for (const slot of ((view.leds || {}).red || [])) if (!(redUntil[slot] > now)) redUntil[slot] = now + view.hardware.refusal_flash_ms;
    const next = Math.min(...Object.values(redUntil).filter((v) => v > now));
    clearTimeout(redTimer);
    if (isFinite(next)) redTimer = setTimeout(() => draw(MT.view, true), next - now + 10);
  }
  const isRed = (slot) => redUntil[slot] > Date.now();
  function slotNames(view) {
    const n = Math.max((view.game && view.game.hardware_seats) || 8, ...Object.keys((view.leds || {}).frame || {})
      .filter((k) => /^seat\d+$/.test(k)).map((k) => Number(k.slice(4)) + 1));
    return Array.from({ length: Math.min(n, 12) }, (_, i) => "seat" + i);
  }
  function label(slot, view) {
    if (slot === "engine") return t("Engine slot");
    if (slot === "mexican") return t("Mexican train slot");
    const i = Number(slot.slice(4));
    return t("Slot of %(name)s", { name: MT.name(i, view) });
  }
  function seatMark(i, view) {
    const p = view.game && view.game.players[i];
    return MT.seatMark(i, p);
  }
  async function toggle(slot) {
    occupied[slot] = !occupied[slot];
    const r = await MT.api("POST", "/api/hub/slot", { slot: slot, occupied: occupied[slot] });
    if (!r.ok) { occupied[slot] = !occupied[slot]; MT.toast(r.data && r.data.text || t("Refused"), false); }
    const hw = MT.view.hardware && MT.view.hardware.slots;
    if (hw && r.ok) hw[slot] = occupied[slot];
    draw(MT.view, true);
  }
  function draw(view, force) {
    const seats = slotNames(view);
    const hw = (view.hardware && view.hardware.slots) || null;   // the mock hub's own slot state
    if (hw) for (const k in hw) occupied[k] = !!hw[k];
    const reds = Object.keys(redUntil).filter(isRed).join(",");
    const key = seats.join(",") + JSON.stringify(view.leds) + JSON.stringify(occupied) + JSON.stringify(view.game && view.game.players) + reds;
    if (key === drawn && !force) return;
    drawn = key;
    const leds = view.leds || { frame: {}, flash: [] };
    const frame = leds.frame || {}, flash = new Set(leds.flash || []), markers = leds.markers || {};
    const svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("viewBox", "-190 -190 380 380");   // seat labels sit outside the ring
    svg.setAttribute("class", "hub");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("The hub"));
    const mk = (tag, attrs, parent) => { const e = document.createElementNS(SVGNS, tag); for (const k in attrs) e.setAttribute(k, attrs[k]); (parent || svg).append(e); return e; };
    mk("circle", { r: 150, fill: "#1a1f26", stroke: rgb(frame.ring), "stroke-width": 8 });
    const slots = [["engine", 0, 0], ["mexican", 0, -58]].concat(seats.map((s, i) => {
      const a = (2 * Math.PI * i) / seats.length + Math.PI / 2;
      return [s, Math.round(112 * Math.cos(a)), Math.round(112 * Math.sin(a))];
    }));
    for (const [slot, x, y] of slots) {
      const red = isRed(slot), marked = !!markers[slot];
      const g = mk("g", { class: "slot" + (leds.pulse === slot || flash.has(slot) ? " pulse" : "") + (red ? " red" : ""), tabindex: 0, role: "button",
        "data-slot": slot, "aria-pressed": occupied[slot] ? "true" : "false",
        "aria-label": label(slot, view) + ": " + (occupied[slot] ? t("tile in") : t("empty")) + (marked ? ", " + t("marker") : "") });
      const fill = red ? null : frame[slot];
      mk("circle", { cx: x, cy: y, r: 26, fill: red ? (SIGNAL.red || "#f00") : rgb(fill), stroke: red ? "#ff7a7a" : "#000", "stroke-width": red ? 4 : 2, class: "led" }, g);
      if (occupied[slot]) mk("rect", { x: x - 9, y: y - 16, width: 18, height: 32, rx: 3, fill: "#f4f1e8", stroke: "#333" }, g);
      if (marked) mk("circle", { cx: x + 19, cy: y - 19, r: 8, fill: SIGNAL.amber || "#ffc200", stroke: "#000", "stroke-width": 2, class: "marker-dot" }, g);
      const centre = slot === "engine" || slot === "mexican";
      let tx;
      if (centre) {
        // on the slot itself, readable whether the LED is lit or not (a tile in it: on the tile)
        tx = mk("text", { x: x, y: y + 6, fill: occupied[slot] ? "#000" : ink(fill), "font-size": 18, "text-anchor": "middle", "font-weight": 700 }, g);
        tx.textContent = slot === "engine" ? "◎" : "☆";
      } else {
        // outside the ring, on the line from the centre through the slot: clear of every slot
        const len = Math.hypot(x, y) || 1, lx = (x / len) * 172, ly = (y / len) * 172;
        tx = mk("text", { x: lx.toFixed(1), y: (ly + 5).toFixed(1), fill: "#f3f5f7", "font-size": 14, "text-anchor": "middle", "font-weight": 700, class: "seat-label" }, g);
        tx.textContent = seatMark(Number(slot.slice(4)), view);
      }
      g.addEventListener("click", () => toggle(slot));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(slot); } });
    }
    const hadFocus = document.activeElement && document.activeElement.getAttribute && document.activeElement.getAttribute("data-slot");
    box.replaceChildren(svg);
    if (hadFocus) { const f = svg.querySelector(`[data-slot="${hadFocus}"]`); if (f) f.focus(); }
    buttons(view, seats);
  }
  async function press(i, long) {
    const r = await MT.api("POST", "/api/hub/press", { seat: i, long: long });
    if (!r.ok) MT.toast(r.data && r.data.text || t("Refused"), false);
  }
  let shownButtons = "";
  function buttons(view, seats) {
    const players = (view.game && view.game.players) || [];
    const n = Math.max(players.length, 0) || seats.length;
    const key = n + players.join(",");
    if (key === shownButtons) return;
    shownButtons = key;
    const out = [];
    for (let i = 0; i < n; i++) {
      let downAt = 0;
      const main = el("button", { type: "button", class: "btn", "data-press": i,
        "aria-label": t("Button of %(name)s: tap for a short press, hold for a long press", { name: MT.name(i, view) }),
        onpointerdown: () => { downAt = Date.now(); },
        onclick: () => { const long = downAt && Date.now() - downAt >= view.hardware.long_press_ms; downAt = 0; press(i, !!long); } }, MT.badge(i, MT.name(i, view)));
      const hold = el("button", { type: "button", class: "btn", "data-long": i,
        "aria-label": t("Long press on the button of %(name)s", { name: MT.name(i, view) }), onclick: () => press(i, true) }, t("hold"));
      out.push(el("div", { class: "row card" }, main, hold));
    }
    document.getElementById("buttons").replaceChildren(...out);
  }
  let promptShown = "";
  function showPrompt(view) {
    const p = view.prompt, box = document.getElementById("hub-prompt");
    let text = p ? MT.promptText(p, view) : "";
    if (text && p.seat !== null && p.seat !== undefined) text = MT.name(p.seat, view) + ": " + text;
    if (text === promptShown) return;
    promptShown = text;
    box.dataset.kind = p ? p.kind : "";
    box.textContent = text;
    box.hidden = !text;
  }
  MT.onView((v) => { showPrompt(v); noteRed(v); draw(v, false); });
  MT.live.start({});
})();

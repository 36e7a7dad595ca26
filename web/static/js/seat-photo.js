/* Seat page at a round's end: "Photograph my tiles" (issue 20). The phone's camera (a file input
   with capture="environment": it works over the hub's plain HTTP), the photo scaled here to about
   1600 px on its long side as JPEG, POST /api/seat/{n}/photo. The hub reads the tiles and checks
   them (station/photo.py); this page shows the photo with each tile outlined and its reading, the
   doubtful ones marked, lets the player tap a tile to correct it, and Send posts the tiles as the
   seat's reveal, exactly as tapped tiles are. Nothing is recorded before Send. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const seat = Number(MT.boot.seat);
  const KEY = "mt-seat-" + seat;
  const LONG_SIDE = 1600, QUALITY = 0.85;
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  let shot = null;          // {url, width, height, tiles: [{tile, low, outline}], problems, holds}
  let editing = null, busy = false, shownFor = null;

  const input = el("input", { type: "file", accept: "image/*", capture: "environment", id: "photo-input", class: "photo-input" });
  const box = el("div", { id: "photo-box", class: "photo-box", hidden: "" },
    el("label", { class: "btn", for: "photo-input", id: "btn-photo" }, t("Photograph my tiles")), input,
    el("p", { id: "photo-status", class: "muted", "aria-live": "polite" }),
    el("div", { id: "photo-confirm", class: "photo-confirm", hidden: "" },
      el("div", { class: "photo-frame" }, el("img", { id: "photo-img", alt: t("Your photo") }),
        document.createElementNS(SVG, "svg")),
      el("ul", { id: "photo-problems", class: "photo-problems", role: "alert" }),
      el("p", { class: "muted" }, t("Tap a tile to correct it.")),
      el("div", { id: "photo-tiles", class: "photo-tiles", role: "group" }),
      el("div", { id: "photo-edit", class: "photo-edit row", hidden: "" }),
      el("div", { class: "row" },
        el("button", { type: "button", class: "btn", id: "btn-photo-add" }, t("Add a tile")),
        el("button", { type: "button", class: "btn primary", id: "btn-photo-send" }, t("Send")))));
  box.querySelector("svg").setAttribute("id", "photo-marks");
  const card = $("count-card");
  if (card) card.append(box);

  function headers() { return { "X-Seat-Token": localStorage.getItem(KEY) }; }

  /** The picked photo drawn at most LONG_SIDE px on its long side, as a JPEG blob. */
  async function scaled(file) {
    const bitmap = await createImageBitmap(file);
    const k = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = el("canvas", { width: Math.round(bitmap.width * k), height: Math.round(bitmap.height * k) });
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return new Promise((done) => canvas.toBlob(done, "image/jpeg", QUALITY));
  }

  function problemText(p) {
    const n = p.index === null || p.index === undefined ? null : p.index + 1;
    const f = { n: n, tile: p.tile, found: p.found, holds: p.holds, top: p.top };
    switch (p.code) {
      case "count-more": return t("Tile %(n)s (%(tile)s) is in doubt: %(found)s tiles were read but you hold %(holds)s.", f);
      case "count-fewer": return t("%(found)s tiles were read but you hold %(holds)s: add the missing ones or take the photo again.", f);
      case "not-in-set": return t("Tile %(n)s (%(tile)s) is in doubt: it is not in the double-%(top)s set.", f);
      case "on-table": return t("Tile %(n)s (%(tile)s) is in doubt: it is on the table.", f);
      case "shown": return t("Tile %(n)s (%(tile)s) is in doubt: another player showed it.", f);
      case "twice": return t("Tile %(n)s (%(tile)s) is in doubt: it was read twice.", f);
      case "not-your-hand": return t("Tile %(n)s (%(tile)s) is in doubt: it is not in your hand.", f);
      default: return t("Tile %(n)s (%(tile)s) is in doubt.", f);
    }
  }

  function doubtful(i) { return shot.problems.some((p) => p.index === i) || shot.tiles[i].low; }

  function draw() {
    const view = MT.view || {};
    $("photo-confirm").hidden = !shot;
    if (!shot) return;
    $("photo-problems").replaceChildren(...shot.problems.map((p) => el("li", { "data-code": p.code }, problemText(p))));
    $("photo-problems").hidden = !shot.problems.length;
    const svg = $("photo-marks");
    svg.setAttribute("viewBox", `0 0 ${shot.width} ${shot.height}`);
    const stroke = Math.max(3, shot.width / 300);
    svg.replaceChildren(...shot.tiles.flatMap((r, i) => {
      if (!r.outline) return [];
      const poly = document.createElementNS(SVG, "polygon");
      poly.setAttribute("points", r.outline.map((p) => p.join(",")).join(" "));
      poly.setAttribute("class", doubtful(i) ? "doubt" : "sure");
      poly.setAttribute("stroke-width", String(stroke));
      poly.addEventListener("click", () => edit(i));
      const label = document.createElementNS(SVG, "text");
      const cx = r.outline.reduce((s, p) => s + p[0], 0) / 4, cy = r.outline.reduce((s, p) => s + p[1], 0) / 4;
      label.setAttribute("x", String(cx)); label.setAttribute("y", String(cy));
      label.setAttribute("font-size", String(stroke * 9));
      label.textContent = String(i + 1);
      return [poly, label];
    }));
    const pips = (view.game && view.game.pips) || {};
    $("photo-tiles").replaceChildren(...shot.tiles.map((r, i) => el("button", {
      type: "button", class: "photo-tile" + (doubtful(i) ? " doubt" : ""), "data-index": i, "data-tile": r.tile,
      "aria-label": t("Tile %(n)s: %(tile)s", { n: i + 1, tile: r.tile }) + (doubtful(i) ? " " + t("(in doubt)") : ""),
      onclick: () => edit(i) }, `${i + 1}: `, MT.bdi(r.tile), doubtful(i) ? " ?" : "")));
    const sum = shot.tiles.reduce((s, r) => s + (pips[norm(r.tile)] || 0), 0);
    $("photo-status").textContent = MT.tn("%(n)s tile, %(p)s points", "%(n)s tiles, %(p)s points", shot.tiles.length, { p: sum });
  }

  function norm(tile) { const [a, b] = tile.split("-").map(Number); return `${Math.min(a, b)}-${Math.max(a, b)}`; }

  function edit(i) {
    editing = i;
    const top = Number((MT.view && MT.view.game && MT.view.game.set) || 12);
    const [a, b] = i < shot.tiles.length ? shot.tiles[i].tile.split("-").map(Number) : [0, 0];
    const pick = (id, value, label) => el("label", {}, el("span", {}, label),
      el("select", { id: id }, ...Array.from({ length: top + 1 }, (_, n) => el("option", { value: n, selected: n === value }, String(n)))));
    $("photo-edit").replaceChildren(
      el("span", { class: "photo-edit-title" }, t("Tile %(n)s", { n: i + 1 })),
      pick("photo-a", a, t("One half")), pick("photo-b", b, t("Other half")),
      el("button", { type: "button", class: "btn primary", id: "btn-photo-ok", onclick: () => {
        const tile = `${$("photo-a").value}-${$("photo-b").value}`;
        if (editing >= shot.tiles.length) shot.tiles.push({ tile: tile, low: false, outline: null });
        else shot.tiles[editing] = Object.assign({}, shot.tiles[editing], { tile: tile, low: false });
        shot.problems = shot.problems.filter((p) => p.index !== editing && p.code !== "count-fewer");
        close(); } }, t("OK")),
      i < shot.tiles.length ? el("button", { type: "button", class: "btn", id: "btn-photo-remove", onclick: () => {
        shot.tiles.splice(editing, 1); shot.problems = []; close(); } }, t("Remove")) : null);
    $("photo-edit").hidden = false;
    $("photo-a").focus();
  }

  function close() { editing = null; $("photo-edit").hidden = true; draw(); }

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file || busy) return;
    busy = true;
    $("photo-status").textContent = t("Reading your tiles…");
    try {
      const blob = await scaled(file);
      let res;
      try {
        res = await fetch(`/api/seat/${seat}/photo`, { method: "POST", headers: Object.assign({ "Content-Type": "image/jpeg", "Accept": "application/json" }, headers()), body: blob });
      } catch (e) { MT.toast(t("No connection to the hub."), false); $("photo-status").textContent = ""; return; }
      let data = null;
      try { data = await res.json(); } catch (e) { data = null; }
      if (!res.ok) {
        $("photo-status").textContent = (data && data.text) || t("That photo could not be read: it may be cut short. Take it again.");
        MT.toast($("photo-status").textContent, false);
        return;
      }
      if (shot && shot.url) URL.revokeObjectURL(shot.url);
      shot = { url: URL.createObjectURL(blob), width: data.reading.width, height: data.reading.height,
        tiles: data.reading.tiles.map((r) => ({ tile: r.tile, low: r.low, outline: r.outline })),
        problems: data.problems, holds: data.holds };
      $("photo-img").src = shot.url;
      draw();
    } catch (e) {
      $("photo-status").textContent = t("That file is not a photo: send a JPEG, PNG or WebP picture.");
    } finally { busy = false; input.value = ""; }
  });

  $("btn-photo-add").addEventListener("click", () => edit(shot.tiles.length));
  $("btn-photo-send").addEventListener("click", async () => {
    if (!shot || busy) return;
    busy = true;
    const r = await MT.api("POST", `/api/seat/${seat}/reveal`, { hand: shot.tiles.map((x) => x.tile) }, headers());
    busy = false;
    if (!r.ok) { MT.toast(r.data && r.data.text || t("Refused"), false); return; }
    MT.toast(t("Your count is in."), true);
    forget();
  });

  function forget() {
    if (shot && shot.url) URL.revokeObjectURL(shot.url);
    shot = null; editing = null;
    $("photo-edit").hidden = true; $("photo-status").textContent = ""; draw();
  }

  function render(view) {
    const count = (view.me && view.me.count) || {};
    const key = count.must ? (view.game && view.game.id) + ":" + ((view.me.round_end || {}).round) : null;
    if (key !== shownFor) { shownFor = key; forget(); }   // the photo is dropped once the count is in
    box.hidden = !count.must;
    $("btn-photo").hidden = !count.photo;
    input.disabled = !count.photo;
    if (count.must && !count.photo && !shot) $("photo-status").textContent = t("Photo reading is not available on this hub.");
  }

  MT.onView(render);
})();

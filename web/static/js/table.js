/* Table view drawn as a domino table: every train a line of tiles from the engine that turns at the
   edge of the screen (a snake), doubles crosswise, the open end and an open double each marked;
   players, tile counts, boneyard. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const GAP = 0.12;          // between tiles along a train, in tile units (u = half a tile's length)
  const PITCH = 2.6;         // from one row of a train to the next, u (a crosswise double is 2 u tall)

  /** Where each piece of a train goes: ``pieces`` [{a, b, double, ghost}] in order from the
      engine; ``width`` in u. Returns [{x, y, w, h, dir, turn}] (u; dir +1 runs right, -1 left, 0
      down) and the height used. The engine stands crosswise in column 0; a row keeps its last
      column free for the tile that turns the train down to the next row, which runs back. */
  function layout(pieces, width) {
    const W = Math.max(6, width);
    const out = [];
    let row = 0, dir = 1, cursor = 1 + GAP, bottom = 2;
    const cy = () => 1 + row * PITCH;
    for (const p of pieces) {
      const len = p.double || p.ghost ? 1 : 2;
      const tall = p.double ? 2 : 1;
      const fits = dir > 0 ? cursor + len <= W - 1 : cursor - len >= 1;
      if (fits) {
        const x = dir > 0 ? cursor : cursor - len;
        out.push({ x: x, y: cy() - tall / 2, w: len, h: tall, dir: dir });
        cursor += dir * (len + GAP);
      } else {
        // the turn: this piece stands in the edge column, between this row and the next
        const x = dir > 0 ? cursor : cursor - 1;
        const h = p.ghost ? 1 : 2;
        out.push({ x: x, y: cy() + PITCH / 2 - h / 2, w: 1, h: h, dir: 0, turn: true });
        row += 1;
        cursor = dir > 0 ? cursor - GAP : cursor + GAP;
        dir = -dir;
      }
      bottom = Math.max(bottom, ...out.slice(-1).map((o) => o.y + o.h));
    }
    return { boxes: out, height: bottom };
  }

  /** Half a tile: its number (two digits a little smaller, so they fit the half). */
  const half = (n) => el("span", { class: String(n).length > 1 ? "two" : null }, String(n));

  /** One tile as a player sees it on the table: ``a`` the end joined to the train, ``b`` the free end. */
  function tileNode(p, box, g, extra) {
    const screenDir = g.rtl ? -box.dir : box.dir;
    const vertical = box.h > box.w;
    const first = box.dir === 0 || screenDir > 0 ? p.a : p.b;   // top (turning / crosswise) or left
    const second = first === p.a ? p.b : p.a;
    const cls = "tile snake-tile" + (p.double ? " double" : "") + (vertical ? " v" : " h") + (extra ? " " + extra : "");
    const node = el("span", { class: cls, role: "img", "aria-label": t("tile %(a)s-%(b)s", { a: p.a, b: p.b }), "data-tile": p.tile },
      half(first), half(second));
    place(node, box, g);
    return node;
  }
  /** Put ``node`` at ``box`` (u) on a train ``g.W`` u wide drawn at ``g.u`` px; mirrored right to left. */
  function place(node, box, g) {
    const u = g.u;
    const x = g.rtl ? g.W - box.x - box.w : box.x;
    node.style.left = (x * u).toFixed(1) + "px";
    node.style.top = (box.y * u).toFixed(1) + "px";
    node.style.width = (box.w * u - 1).toFixed(1) + "px";
    node.style.height = (box.h * u - 1).toFixed(1) + "px";
  }

  /** A train's tiles as the station writes them, as they lie: the end touching the engine side
   *  first (record-format.md ``state.trains``): [{tile, a, b, double}]. */
  function pieces(tr) {
    return tr.tiles.map((tile) => {
      const [a, b] = String(tile).split("-").map(Number);
      return { tile: tile, a: a, b: b, double: a === b };
    });
  }

  /** Tile unit (px) for a train ``width`` px wide: about 12 units across, never tiny, never huge;
      at most ``cap`` px, the size a table screen shrinks to so every train fits (``fit``). */
  function unit(width, cap) { return Math.min(cap, Math.max(27, Math.min(48, width / 12))); }

  /** One train's snake, ``width`` px wide at ``u`` px a half tile (``unit``). */
  function snake(tr, st, open, width, rtl, u) {
    const W = Math.floor(width / u);
    const ps = pieces(tr);
    const end = tr.open_end;
    const all = ps.concat([{ ghost: true }]);
    const { boxes, height } = layout(all, W);
    const area = el("div", { class: "snake", style: `height:${((height + (open ? 0.6 : 0.1)) * u).toFixed(0)}px; --u:${u.toFixed(1)}px` });
    const g = { u: u, W: W, rtl: rtl };
    const engineTile = el("span", { class: "engine-tile v", role: "img", "aria-label": t("Engine") + " " + st.engine + "-" + st.engine },
      half(st.engine), half(st.engine));
    place(engineTile, { x: 0, y: 0, w: 1, h: 2 }, g);
    area.append(engineTile);
    ps.forEach((p, i) => {
      const isOpen = p.double && open && i === ps.length - 1;
      const last = i === ps.length - 1;
      area.append(tileNode(p, boxes[i], g, (last ? "end" : "") + (isOpen ? " open-double" : "")));
      if (isOpen) {
        const bang = el("span", { class: "od-bang", "aria-hidden": "true" }, "!");
        const b = boxes[i];
        place(bang, { x: b.x + b.w / 2 - 0.4, y: b.y + b.h - 0.25, w: 0.8, h: 0.8 }, g);
        area.append(bang);
      }
    });
    const ghost = el("span", { class: "open-end" + (String(end).length > 1 ? " two" : "") + (open ? " on-open-double" : ""), "aria-hidden": "true" }, String(end));
    place(ghost, boxes[boxes.length - 1], g);
    area.append(ghost);
    return area;
  }

  /** The table to draw: the round in play (``result.state``), else once the game is over the
   *  table as the last round left it (the station's ``final_table``: no turn, no open double). */
  function tableOf(view) { return (view.result && view.result.state) || view.final_table || null; }

  MT.renderTrains = function (view, box) {
    const st = tableOf(view);
    // the station's phase: at game over (played out, ended early or abandoned) the table says how,
    // above the trains as they lay when it ended
    const block = MT.overBlock(view, { id: "table-over", winner: "table-winner" });
    if (!st) {
      const words = !view.game ? t("No game yet") : t("Waiting for the host to start a round");
      box.replaceChildren(block || el("p", { class: "muted" }, words));
      return;
    }
    box.__view = view;
    const ends = (view.result && view.result.state ? view.open_ends : st.open_ends) || {};
    // the station's: the double's player still owes a play that may go anywhere (view.follow_up)
    const freeAfter = (v, key) => !!(v.follow_up && v.follow_up.anywhere && v.follow_up.doubles.some((d) => d.on === key));
    const open = new Map((st.open_doubles || []).map((d) => [String(d.on === null ? "mexican" : d.on), d.tile]));
    const rtl = document.documentElement.dir === "rtl";
    const over = view.phase !== "playing";        // the station's phase: no double binds once the round is over
    box.replaceChildren(...(block ? [block] : []), ...st.trains.map((tr) => {
      const key = tr.owner === null ? "mexican" : String(tr.owner);
      const mexican = tr.owner === null;
      const who = mexican ? el("span", { class: "badge" }, el("span", { class: "mark", style: "background:var(--mexican)", "aria-hidden": "true" }, "☆"), t("Mexican train"))
        : MT.badge(tr.owner, MT.trainName(tr.owner, view));
      const end = ends[key];           // the station's (the engine's pip on an empty train)
      const odTile = !over && open.has(key) ? open.get(key) : null;
      const head = el("div", { class: "train-head" }, who,
        el("span", { class: "openend" }, MT.fmt(t("open end: %(n)s"), { n: MT.bdi(end) })),
        !mexican && tr.marked ? el("span", { class: "marker" }, el("span", { "aria-hidden": "true" }, "⚑ "), t("marker")) : null,
        odTile ? el("span", { class: "od-chip" }, el("span", { "aria-hidden": "true" }, "⚠ "),
          freeAfter(view, key)
            ? MT.fmt(t("Open double %(tile)s: %(name)s plays one more tile first, on any train"), { tile: MT.bdi(odTile), name: MT.bdi(MT.name(view.follow_up.seat, view), "auto") })
            : MT.fmt(t("Open double %(tile)s: it must be satisfied first"), { tile: MT.bdi(odTile) })) : null);
      const card = el("div", { class: "train" + (mexican ? " mexican" : "") + (odTile ? " has-open-double" : ""), "data-train": key,
        role: "group", "aria-label": mexican ? t("Mexican train") : MT.trainName(tr.owner, view),
        style: "--train:" + (mexican ? "var(--mexican)" : MT.seatColour(tr.owner)) }, head);
      card.__tr = Object.assign({ open_end: end }, tr);
      card.__open = !!odTile;
      return card;
    }));
    fit(box, st, rtl);
  };

  // a table screen (the CSS's 60rem grid) keeps every train above the fold: the tiles shrink, to
  // no smaller than FIT_MIN px a half tile, until the last train ends inside the window's height
  const WIDE = window.matchMedia("(min-width: 60rem)");
  const FIT_MIN = 18, FIT_STEP = 0.88;   // 18 px: a pip number of about 10 px, still read across a table

  /** Draw the trains (``draw``), then on a table screen shrink the tile unit step by step while
      the trains' box runs below the window's height (px, at scroll 0, less the keep-screen-on bar) and the unit is above FIT_MIN. */
  function fit(box, st, rtl) {
    let cap = 48;
    let used = draw(box, st, rtl, cap);
    if (!WIDE.matches) return;
    // the keep-screen-on bar is fixed along the window's foot: the trains end above it
    const bar = document.querySelector("footer.wake");
    const below = () => box.getBoundingClientRect().bottom + window.scrollY > window.innerHeight - (bar ? bar.offsetHeight : 0);
    while (used && below() && cap > FIT_MIN) {       // (used 0: only empty trains, nothing to shrink)
      cap = Math.max(FIT_MIN, Math.min(cap, used) * FIT_STEP);
      used = draw(box, st, rtl, cap);
    }
  }

  /** Lay every train's snake out for the width it has now, tiles at most ``cap`` px a half tile
      (again when the screen turns or resizes); returns the largest unit a snake got (px, 0: none). */
  function draw(box, st, rtl, cap) {
    let used = 0;
    for (const card of box.querySelectorAll(".train")) {
      const tr = card.__tr;
      const old = card.querySelector(".snake, .empty-train");
      if (old) old.remove();
      const width = card.clientWidth - 2 * parseFloat(getComputedStyle(card).paddingLeft || "0");
      if (!tr.tiles.length) {
        card.append(el("div", { class: "empty-train" }, el("span", { class: "engine-tile v mini", role: "img", "aria-label": t("Engine") + " " + st.engine + "-" + st.engine },
          half(st.engine), half(st.engine)),
        el("span", { class: "open-end mini", "aria-hidden": "true" }, String(st.engine)),
        el("span", { class: "muted empty-text" }, t("no tiles yet"))));
      } else {
        const u = unit(width, cap);
        used = Math.max(used, u);
        card.append(snake(tr, st, card.__open, width, rtl, u));
      }
    }
    return used;
  }
  let lastWidth = 0, lastHeight = 0;
  function redrawOnResize(box) {
    const again = () => {
      const st = box.__view && tableOf(box.__view);
      if (st) fit(box, st, document.documentElement.dir === "rtl");
    };
    if (window.ResizeObserver) {
      new ResizeObserver(() => {
        const w = box.clientWidth;
        if (Math.abs(w - lastWidth) < 2) return;
        lastWidth = w;
        again();
      }).observe(box);
    }
    // a taller or shorter window changes how small the tiles must be to fit
    window.addEventListener("resize", () => {
      if (Math.abs(window.innerHeight - lastHeight) < 2) return;
      lastHeight = window.innerHeight;
      again();
    });
  }

  function players(view) {
    const st = view.result && view.result.state;
    const box = document.getElementById("players");
    box.replaceChildren(...(view.seats || []).map((s) => el("div", { class: "card player" + (st && st.turn === s.seat ? " turn" : ""), "data-seat": s.seat,
      style: "--train:" + MT.seatColour(s.seat) },
      MT.badge(s.seat, s.name),
      el("div", { class: "count" }, t("Tiles: %(n)s", { n: s.tile_count }), " ", s.one_tile ? el("span", { class: "onetile" }, t("one tile!")) : null),
      st && st.turn === s.seat ? el("div", { class: "turn-yes" }, t("their turn")) : null,
      s.computer ? el("div", { class: "muted" }, MT.computerWord(s.computer)) : s.joined ? null : el("div", { class: "muted" }, t("no phone joined")))));
    document.getElementById("boneyard").textContent = st ? MT.tn("%(n)s tile in the boneyard", "%(n)s tiles in the boneyard", st.boneyard) : "";
  }
  function log(view) {
    const card = document.getElementById("log-card");
    // worded here from each entry's kind and facts, in the page's language
    if (!(view.log || []).length) { card.hidden = true; return; }
    card.hidden = false;
    document.getElementById("log").replaceChildren(...view.log.slice(-8).reverse().map((e) => el("li", { "data-kind": e.kind || "" }, MT.logLine(e, view))));
  }
  if (document.getElementById("players")) {
    const trains = document.getElementById("trains");
    redrawOnResize(trains);
    MT.onView(function (view) { MT.renderTrains(view, trains); players(view); log(view); });
    MT.live.start({});
  }
})();

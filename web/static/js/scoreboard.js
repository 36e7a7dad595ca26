/* Scoreboard: standings with shared ranks, round table, corrections, running-totals chart. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const SVGNS = "http://www.w3.org/2000/svg";

  function standings(view) {
    const box = document.getElementById("standings");
    const groups = [];
    for (const s of view.standings || []) {
      const g = groups.find((x) => x.rank === s.rank);
      if (g) g.items.push(s); else groups.push({ rank: s.rank, items: [s] });
    }
    // an abandoned game places nobody (the station's standings[].placed): totals, no places
    const ranked = (view.standings || []).every((s) => s.placed);
    box.classList.toggle("unranked", !ranked);
    box.replaceChildren(...groups.map((g) => {
      const shared = g.items.length > 1;
      const label = !ranked ? "–" : g.rank + (shared ? "=" : "");
      return el("li", { "data-rank": label },
        el("span", { class: "row" }, el("span", { class: "rank" }, ranked ? MT.place(g.rank, shared) : label),
          MT.listNodes(g.items.map((s) => MT.badge(s.seat, s.name)))),
        el("span", { class: "count", "aria-label": MT.tn("%(n)s point", "%(n)s points", g.items[0].total) }, String(g.items[0].total)));
    }));
  }
  function winner(view) {
    const box = document.getElementById("winner");
    const block = MT.overBlock(view, { id: "over", winner: "winner-line", tie: "tie-break", tieAlways: true });
    box.hidden = !block;
    box.replaceChildren(...(block ? [block] : []));
  }
  function table(view) {
    const box = document.getElementById("rounds");
    const players = (view.game && view.game.players) || [];
    const rounds = (view.result && view.result.rounds) || [];
    if (!players.length) { box.replaceChildren(el("p", { class: "muted" }, t("No game yet"))); return; }
    const head = el("tr", {}, el("th", { scope: "col" }, t("Round")),
      players.map((p, i) => el("th", { scope: "col" }, el("span", { class: "stack" }, MT.badge(i, p, { short: true }), el("span", { class: "pname" }, p)))));
    const body = rounds.map((r, ri) => {
      const corrected = new Set((r.corrections || []).map((c) => c.seat));
      return el("tr", {}, el("th", { scope: "row" }, el("span", { class: "row" }, String(ri + 1), " ", MT.tileEl(r.engine + "-" + r.engine))),
        players.map((p, i) => {
          if (!r.scores) return el("td", { class: "muted" }, view.over ? "—" : r.end ? t("counting") : "…");   // never scored once over
          const v = r.scores[i];
          return el("td", { class: (v === 0 ? "zero" : "") + (corrected.has(i) ? " corr" : "") },
            v === 0 ? "0 ★" : String(v), corrected.has(i) ? el("span", { "aria-label": t("corrected") }, " ✎") : null);
        }));
    });
    const totals = (view.result && view.result.totals) || [];
    const foot = el("tr", {}, el("td", {}, t("Total")), players.map((p, i) => el("td", { "data-seat": i }, String(totals[i] ?? 0))));
    box.replaceChildren(el("table", { class: "scores", id: "score-table" }, el("thead", {}, head), el("tbody", {}, body), el("tfoot", {}, foot)));
    const list = document.getElementById("corrections");
    const items = [];
    // each correction carries the score it replaced ("from", given by the station)
    rounds.forEach((r, ri) => {
      (r.corrections || []).forEach((c) => {
        // numbers and the arrow kept left to right (a Pashto page would read "12 → 14" as "14 ← 12")
        const name = MT.bdi(MT.name(c.seat, view), "auto");
        items.push(el("li", {}, c.from === undefined || c.from === null
          ? MT.fmt(t("Round %(r)s, %(name)s: now %(new)s (host)"), { r: ri + 1, name: name, new: MT.bdi(c.score) })
          : MT.fmt(t("Round %(r)s, %(name)s: %(change)s (host)"), { r: ri + 1, name: name, change: MT.bdi(c.from + " → " + c.score) }),
          c.reason ? [" — ", MT.bdi(c.reason, "auto")] : ""));
      });
    });
    list.replaceChildren(...items);
    // a score the 0-0 left in a hand explains (the station's result.rounds[r].double_blank)
    document.getElementById("round-notes").replaceChildren(...rounds.map((r, ri) => MT.doubleBlankWords(view, ri, null))
      .filter((words) => words).map((words) => el("li", {}, words)));
  }
  /** Where each of ``labels`` (wanted at ``ys``) goes so none overlaps the next (``gap`` apart),
   *  all between ``top`` and ``bottom``: in the order of ``ys``, as near to each as that allows. */
  function spread(ys, gap, top, bottom) {
    const order = ys.map((v, i) => i).sort((a, b) => ys[a] - ys[b] || a - b);
    const at = [];
    order.forEach((i, j) => { at[i] = Math.max(ys[i], top, j ? at[order[j - 1]] + gap : top); });
    for (let j = order.length - 1; j >= 0; j--)
      at[order[j]] = Math.min(at[order[j]], j === order.length - 1 ? bottom : at[order[j + 1]] - gap);
    return at;
  }
  function chart(view) {
    const box = document.getElementById("chart");
    const players = (view.game && view.game.players) || [];
    const run = view.running || [];         // the station's running totals, per seat, from 0
    const n = run.length ? run[0].length - 1 : 0;
    // a game over with no round scored (abandoned or ended in round 1) will have no chart: no card
    box.closest("section").hidden = !!view.over && !n;
    if (!players.length || !n) { box.replaceChildren(el("p", { class: "muted" }, t("The chart starts after the first round."))); return; }
    const max = Math.max(10, ...run.flat());
    const W = 320, H = 180, L = 30, B = 20, T = 10, GAP = 3;
    const LINE = Math.min(14, (H - B - T) / Math.max(1, players.length - 1));    // end labels this far apart at least
    const svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("class", "chart");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("Running totals") + ": " + players.map((p, i) => p + " " + run[i][n]).join(", "));
    box.replaceChildren(svg);               // drawn first: the end labels are measured
    const add = (tag, attrs, text) => { const e = document.createElementNS(SVGNS, tag); for (const k in attrs) e.setAttribute(k, attrs[k]); if (text) e.textContent = text; svg.append(e); return e; };
    // the end labels ("A●") first: the widest sets the room the lines leave them on the right
    const labels = players.map((p, i) => add("text", { fill: MT.seatColour(i), "font-size": 11, "font-weight": 700,
      "dominant-baseline": "central", "data-seat": i }, MT.seatMark(i, p)));
    const room = Math.max(...labels.map((e) => e.getComputedTextLength() || 22));
    const right = W - room - 12;
    const x = (k) => L + (right - L) * (k / n);
    const y = (v) => H - B - (H - B - T) * (v / max);
    // players on the same total after a round are drawn side by side, GAP apart, each line with its
    // own dash and its points the seat's symbol: every line shows, told apart by more than colour
    // (all start together at 0, before the first round)
    const dy = run.map(() => [0]);
    for (let k = 1; k <= n; k++) {
      const same = new Map();
      players.forEach((p, i) => { const v = run[i][k]; if (!same.has(v)) same.set(v, []); same.get(v).push(i); });
      for (const seats of same.values()) seats.forEach((i, j) => { dy[i][k] = (j - (seats.length - 1) / 2) * GAP; });
    }
    const at = (i, k) => [x(k), y(run[i][k]) + dy[i][k]];
    add("line", { x1: L, y1: H - B, x2: right, y2: H - B, stroke: "#667" });
    add("line", { x1: L, y1: T - 6, x2: L, y2: H - B, stroke: "#667" });
    add("text", { x: 2, y: T, fill: "#b4bdc8", "font-size": 11, "dominant-baseline": "central" }, String(max));
    add("text", { x: 2, y: H - B, fill: "#b4bdc8", "font-size": 11, "dominant-baseline": "central" }, "0");
    for (let k = 1; k <= n; k++) add("text", { x: x(k), y: H - 5, fill: "#b4bdc8", "font-size": 10, "text-anchor": "middle" }, String(k));
    const ends = players.map((p, i) => at(i, n)[1]);
    const placed = spread(ends, LINE, T, H - B);
    players.forEach((p, i) => {
      const colour = MT.seatColour(i);
      add("polyline", { points: run[i].map((v, k) => at(i, k).map((c) => c.toFixed(1)).join(",")).join(" "), fill: "none",
        stroke: colour, "stroke-width": 2.5, "stroke-dasharray": MT.lineDash(i).join(" "), "data-seat": i });
      for (let k = 1; k <= n; k++) {
        const [px, py] = at(i, k);
        add("text", { x: px.toFixed(1), y: py.toFixed(1), fill: colour, "font-size": 8, "text-anchor": "middle",
          "dominant-baseline": "central", class: "point", "data-seat": i }, MT.seatSymbol(i));
      }
      // the label beside the line's end; moved off it (a tie), a thin line leads from the end to it
      const [ex, ey] = at(i, n);
      if (Math.abs(placed[i] - ey) > 2) add("line", { x1: ex + 4, y1: ey, x2: right + 7, y2: placed[i], stroke: colour, "stroke-width": 1 });
      labels[i].setAttribute("x", right + 8);
      labels[i].setAttribute("y", placed[i].toFixed(1));
      svg.append(labels[i]);                // over the lines
    });
  }
  /** A stored game's page (/games/N): when it was played and its record; the view never changes. */
  function stored(view) {
    const info = view.stored;
    if (!info) return;
    // the date and the names each in their own <bdi>: in a right-to-left language the colon then
    // stays between them (a bare "2026-12-02 10:14:" took the colon into the date's run)
    const players = MT.listNodes(((view.game && view.game.players) || []).map((p) => MT.bdi(p, "auto")));
    // a game not over yet (the station's over) is still being played: its page says so
    const words = { when: MT.bdi(MT.date(info.created)), players: players };
    document.getElementById("stored-line").replaceChildren(MT.fmt(view.over ? t("Played %(when)s: %(players)s")
      : t("Started %(when)s, still being played: %(players)s"), words));
    document.getElementById("stored-record").hidden = !info.record;
    const photos = info.photos || [];
    document.getElementById("stored-photos").hidden = photos.length === 0;
    document.getElementById("stored-photo-list").replaceChildren(...photos.map((p) => el("li", {},
      el("a", { href: p.url, class: "stored-photo", target: "_blank", rel: "noopener" },
        t("Round %(r)s", { r: p.round + 1 }), " · ", p.name || MT.seatWord(p.seat)))));
  }
  MT.onView(function (view) { stored(view); standings(view); winner(view); table(view); chart(view); });
  if (!MT.boot.view || !MT.boot.view.stored) MT.live.start({});     // a stored game is not live
})();

/* Players across nights: the station's figures (GET /api/players) shown as they come, a chart of
   the game totals over the evenings (Chart.js, vendored in web/static/chart), and the host's merge
   of two spellings (POST /api/players/merge, /unmerge, with the host PIN). Nothing is computed here. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const $ = (id) => document.getElementById(id);
  const rtl = document.documentElement.dir === "rtl";
  let chart = null;

  // dates as the station writes them (2026-12-01): the same in every language, whatever calendar
  // and month names the phone's browser has for it
  const two = (n) => String(n).padStart(2, "0");
  const stamp = (epoch) => {
    const d = new Date(epoch * 1000);
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + " " + two(d.getHours()) + ":" + two(d.getMinutes());
  };
  // a player's colour is the palette seat colour the station gives them (figures' "colour": the
  // seat they sat at in their latest game, station/players.py colours()), as on that game's pages
  const colour = (p) => MT.seatColour(p.colour);
  // Chart.js's point shapes in the order of the palette's seat symbols (● ▲ ■ ◆ ★ ✚ ...): a
  // player's points have the shape of their colour's seat, as near as Chart.js draws it
  const SHAPES = ["circle", "triangle", "rect", "rectRot", "star", "cross", "rectRounded", "crossRot"];

  function dot(c) {
    const d = el("span", { class: "dot", "aria-hidden": "true" });
    d.style.background = c;            // CSSOM, not a style attribute: allowed under the pages' CSP
    return d;
  }
  function stat(label, value, id) {
    return el("div", { class: "stat" }, el("dt", {}, label), el("dd", id ? { "data-stat": id } : {}, value));
  }

  function places(p) {
    return el("span", { class: "places" }, ...Object.entries(p.places).map(([place, n], i) => [
      i ? " · " : null,
      el("span", { "aria-label": t("place %(place)s: %(n)s games", { place: place, n: n }) },
        MT.bdi("#" + place + " ×" + n))]).flat());
  }

  function headToHead(p) {
    if (!p.head_to_head.length) return null;
    const rows = p.head_to_head.map((h) => el("tr", {},
      el("th", { scope: "row" }, el("bdi", { dir: "auto" }, h.name)),
      el("td", {}, String(h.games)), el("td", { class: "ahead" }, String(h.ahead)),
      el("td", { class: "behind" }, String(h.behind)), el("td", {}, String(h.level))));
    return el("div", { class: "h2h" },
      el("h4", {}, t("Head to head")),
      el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": t("Head to head") + ": " + p.name }, el("table", { class: "scores h2h-table" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Against")), el("th", { scope: "col" }, t("Games together")),
          el("th", { scope: "col" }, t("Placed ahead")), el("th", { scope: "col" }, t("Placed behind")),
          el("th", { scope: "col" }, t("Level")))),
        el("tbody", {}, rows))));
  }

  function card(p, index) {
    const others = p.spellings.slice(1);
    const none = "–";
    return el("section", { class: "card player", "data-player": p.key, "aria-labelledby": "pl-" + index },
      el("h3", { id: "pl-" + index, class: "player-name" },
        dot(colour(p)),
        el("bdi", { dir: "auto" }, p.name)),
      others.length ? el("p", { class: "muted spellings" }, MT.fmt(t("also written: %(names)s"),
        { names: el("bdi", { dir: "auto" }, others.join(", ")) })) : null,
      el("dl", { class: "stats" },
        stat(t("Games"), String(p.games), "games"),
        stat(t("Wins"), String(p.wins), "wins"),
        stat(t("Doubles played"), String(p.doubles), "doubles"),
        stat(t("Places"), places(p), "places"),
        stat(t("Average round"), p.average === null ? none : String(p.average), "average"),
        stat(t("Best round"), p.best === null ? none : String(p.best), "best"),
        stat(t("Worst round"), p.worst === null ? none : String(p.worst), "worst")),
      headToHead(p));
  }

  function drawChart(data) {
    const box = $("chart-card");
    const shown = data.players.filter((p) => p.regular);
    const lines = shown.length ? shown : data.players;
    box.hidden = !data.evenings.length;
    if (box.hidden || !window.Chart) return;
    const css = getComputedStyle(document.body);
    const fg = css.getPropertyValue("--fg").trim() || "#eee", line = css.getPropertyValue("--line").trim() || "#444";
    // the whole date, as on /games: "12-05" alone read as the 12th of May to a player
    const labels = data.evenings.map((e) => {
      const same = data.evenings.filter((x) => x.date === e.date);
      return same.length > 1 ? e.date + " (" + (same.indexOf(e) + 1) + ")" : e.date;
    });
    // a point or a line drawn under others on the same totals (Chart.js draws the first dataset on
    // top) is drawn larger, by 3 px for each over it, so every player's shows around the others';
    // each line has its own dash, each point its seat's shape
    const totals = lines.map((p) => p.totals);
    const known = (i, k) => totals[i][k] !== null && totals[i][k] !== undefined;
    const under = (i, ...ks) => totals.slice(0, i).filter((d, j) => ks.every((k) => known(j, k) && d[k] === totals[i][k])).length;
    const datasets = lines.map((p, i) => {
      const c = colour(p);
      return { label: p.name, data: p.totals, borderColor: c, backgroundColor: c, spanGaps: true, tension: 0,
        borderWidth: 3, borderDash: MT.lineDash(i), pointStyle: SHAPES[p.colour % SHAPES.length],
        pointRadius: (ctx) => 5 + 3 * under(i, ctx.dataIndex), pointHoverRadius: (ctx) => 7 + 3 * under(i, ctx.dataIndex),
        segment: { borderWidth: (ctx) => 3 + 3 * under(i, ctx.p0DataIndex, ctx.p1DataIndex) } };
    });
    Chart.defaults.color = fg;
    Chart.defaults.font.family = css.fontFamily;
    Chart.defaults.font.size = 14;
    const config = {
      type: "line",
      data: { labels: labels, datasets: datasets },
      options: {
        responsive: true, maintainAspectRatio: false, animation: false,
        interaction: { mode: "index", intersect: false },
        scales: {
          x: { reverse: rtl, offset: true, grid: { color: line }, ticks: { color: fg } },
          y: { beginAtZero: true, position: rtl ? "right" : "left", grid: { color: line }, ticks: { color: fg, precision: 0 },
            title: { display: true, text: t("Game total (points)"), color: fg } },
        },
        plugins: {
          legend: { position: "bottom", rtl: rtl, textDirection: rtl ? "rtl" : "ltr", labels: { boxWidth: 14, color: fg, usePointStyle: true } },
          tooltip: { rtl: rtl, textDirection: rtl ? "rtl" : "ltr" },
        },
      },
    };
    if (chart) chart.destroy();
    chart = new Chart($("evenings-chart"), config);
  }

  function mergeControls(data) {
    const card = $("merge-card");
    const names = data.players.flatMap((p) => p.spellings.map((s) => ({ spelling: s, player: p })));
    card.hidden = data.players.length < 2 && !data.merges.length;
    const fill = (select, options) => {
      const keep = select.value;
      select.replaceChildren(el("option", { value: "" }, t("Choose…")), ...options.map((o) => el("option", { value: o }, o)));
      if (options.includes(keep)) select.value = keep;
    };
    fill($("merge-name"), names.map((n) => n.spelling));
    fill($("merge-into"), data.players.map((p) => p.name));
    $("merge-pin-label").hidden = !!sessionStorage.getItem("mt-pin");
    $("merge-list").replaceChildren(...(data.merges.length ? data.merges.slice().reverse().map((m) => el("li", {
      class: m.undone === null ? "in-force" : "undone" },
      el("span", {}, MT.fmt(t("%(name)s is %(into)s"), { name: el("bdi", { dir: "auto" }, m.name), into: el("bdi", { dir: "auto" }, m.into) }),
        el("span", { class: "muted" }, " · ", MT.bdi(stamp(m.at))),
        m.undone === null ? null : el("span", { class: "muted" }, " · ", MT.fmt(t("undone %(when)s"), { when: MT.bdi(stamp(m.undone)) }))),
      m.undone === null ? el("button", { type: "button", class: "btn", "data-merge": String(m.id),
        "aria-label": t("Undo: %(name)s is %(into)s", { name: m.name, into: m.into }) }, t("Undo")) : null))
      : [el("li", { class: "muted" }, t("No merges yet."))]));
  }

  function show(data) {
    $("players-empty").hidden = data.players.length > 0;
    $("player-list").replaceChildren(...data.players.map(card));
    $("players-csv").hidden = !data.players.length;
    drawChart(data);
    mergeControls(data);
  }

  function pin() {
    return sessionStorage.getItem("mt-pin") || $("merge-pin").value.trim();
  }
  function refused(r) {
    const box = $("merge-error");
    box.textContent = (r.data && r.data.text) || t("Refused");
    box.hidden = false;
    if (r.status === 403) sessionStorage.removeItem("mt-pin");
  }
  async function send(path, body, done) {
    $("merge-error").hidden = true;
    const r = await MT.api("POST", path, body, { "X-Host-Pin": pin() });
    if (!r.ok) { refused(r); if (r.status === 403) $("merge-pin-label").hidden = false; return; }
    if (!sessionStorage.getItem("mt-pin") && $("merge-pin").value) sessionStorage.setItem("mt-pin", $("merge-pin").value.trim());
    $("merge-pin").value = "";
    $("merge-name").value = $("merge-into").value = "";
    show(r.data);
    MT.toast(done, true);
  }

  $("merge-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = $("merge-name").value, into = $("merge-into").value;
    send("/api/players/merge", { name: name, into: into }, t("Merged: %(name)s is %(into)s", { name: name, into: into }));
  });
  $("merge-list").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-merge]");
    if (b) send("/api/players/unmerge", { merge: Number(b.dataset.merge) }, t("Merge undone"));
  });

  async function load() {
    const r = await MT.api("GET", "/api/players");
    if (!r.ok) { MT.toast((r.data && r.data.text) || t("No connection to the hub."), false); return; }
    show(r.data);
  }
  load();
  // a game that ends elsewhere adds to the figures: load them again when the station says it has ended
  let status = MT.view && MT.view.game ? MT.view.game.status : null;
  MT.onView((view) => {
    const now = view && view.game ? view.game.status : null;
    if (now !== status) { status = now; load(); }
  });
})();

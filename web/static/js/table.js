/* Table view: every train with its tiles, open end and marker; players, tile counts, boneyard. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;

  MT.renderTrains = function (view, box) {
    const st = view.result && view.result.state;
    if (!st) { box.replaceChildren(el("p", { class: "muted" }, view.game ? t("Waiting for the host to start a round") : t("No game yet"))); return; }
    const open = new Set((st.open_doubles || []).map((d) => String(d.on) + "|" + d.tile));
    box.replaceChildren(...st.trains.map((tr) => {
      const key = tr.owner === null ? "mexican" : String(tr.owner);
      const who = tr.owner === null ? el("span", { class: "badge" }, el("span", { class: "mark", style: "background:var(--mexican)", "aria-hidden": "true" }, "☆"), t("Mexican train"))
        : MT.badge(tr.owner, MT.name(tr.owner, view));
      const tiles = tr.tiles.map((tile, i) => MT.tileEl(tile, i === tr.tiles.length - 1 ? "end" : ""));
      const isOpenDouble = tr.tiles.length && open.has(key + "|" + tr.tiles[tr.tiles.length - 1]);
      return el("div", { class: "train", "data-train": key },
        el("div", { class: "who" }, who),
        el("div", { class: "tiles" }, tiles.length ? tiles : el("span", { class: "muted" }, t("no tiles yet"))),
        el("span", { class: "openend" }, t("open end: %(n)s", { n: tr.end === null ? st.engine : tr.end })),
        tr.owner !== null && tr.marked ? el("span", { class: "marker" }, "⚑ " + t("marker")) : null,
        isOpenDouble ? el("span", { class: "marker" }, t("open double")) : null);
    }));
  };

  function players(view) {
    const st = view.result && view.result.state;
    const box = document.getElementById("players");
    box.replaceChildren(...(view.seats || []).map((s) => el("div", { class: "card", "data-seat": s.seat },
      MT.badge(s.seat, s.name),
      el("div", { class: "count" }, t("Tiles: %(n)s", { n: s.tile_count }), " ", s.one_tile ? el("span", { class: "onetile" }, t("one tile!")) : null),
      st && st.turn === s.seat ? el("div", { class: "turn-yes" }, t("their turn")) : null,
      s.joined ? null : el("div", { class: "muted" }, t("no phone joined")))));
    document.getElementById("boneyard").textContent = st ? t("Boneyard: %(n)s tiles", { n: st.boneyard }) : "";
  }
  function log(view) {
    const card = document.getElementById("log-card");
    // worded here from each entry's kind and facts, in the page's language
    if (!(view.log || []).length) { card.hidden = true; return; }
    card.hidden = false;
    document.getElementById("log").replaceChildren(...view.log.slice(-8).reverse().map((e) => el("li", { "data-kind": e.kind || "" }, MT.logLine(e, view))));
  }
  if (document.getElementById("players")) {
    MT.onView(function (view) { MT.renderTrains(view, document.getElementById("trains")); players(view); log(view); });
    MT.live.start({});
  }
})();

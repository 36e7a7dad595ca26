/* Seat page: the "Hint" button (issue 14). Where the station knows my hand (virtual tiles, or a
   registered full hand) and the host left hints on (view.game.hints), it asks
   GET /api/seat/{n}/hint and shows the suggested move, how many playouts it rests on and how sure
   the ranking is, and the longest train my hand can build from my train's open end. The station
   ranks the moves (station/computers.py); this page only words them. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const seat = Number(MT.boot.seat);
  const KEY = "mt-seat-" + seat;
  const $ = (id) => document.getElementById(id);
  let busy = false, shownFor = null;

  const card = el("section", { id: "hint-card", class: "card hint-card", hidden: "" },
    el("button", { type: "button", class: "btn", id: "btn-hint" }, t("Hint")),
    el("p", { id: "hint-move", class: "hint-move", "aria-live": "polite" }),
    el("p", { id: "hint-longest", class: "muted hint-longest" }));
  const actions = $("actions");
  if (actions) actions.parentNode.insertBefore(card, actions);

  function moveText(ev, view) {
    if (ev.play) {
      const train = String(ev.on) === String(seat) ? t("your train") : MT.trainName(ev.on, view);
      return t("%(tile)s on %(train)s", { tile: ev.play, train: train });
    }
    if (ev.draw) return t("Draw from the boneyard");
    if (ev.pass) return t("Pass (put my marker out)");
    if (ev.done) return t("Done (end my first turn)");
    return t("I placed the engine");
  }

  function key(view) {
    const st = view.result && view.result.state;
    return st ? st.round + "|" + view.version : null;
  }

  function render(view) {
    const me = view.me, st = view.result && view.result.state;
    // the station says whether a hint may be asked (a round in play, hints on, the hand known)
    card.hidden = !(localStorage.getItem(KEY) && me && me.hint);
    if (shownFor !== null && shownFor !== key(view)) {      // the table moved on: the hint is old
      $("hint-move").textContent = ""; $("hint-longest").textContent = ""; shownFor = null;
    }
  }

  async function ask() {
    if (busy) return;
    busy = true;
    $("btn-hint").disabled = true;
    $("hint-move").textContent = t("Thinking…");
    $("hint-longest").textContent = "";
    const r = await MT.api("GET", `/api/seat/${seat}/hint`, undefined, { "X-Seat-Token": localStorage.getItem(KEY) });
    busy = false;
    $("btn-hint").disabled = false;
    if (!r.ok) { $("hint-move").textContent = (r.data && r.data.text) || t("That request was not understood."); return; }
    const h = r.data, view = MT.view;
    shownFor = key(view);
    if (h.forced) {          // the station ran no playouts: there is nothing else to do
      $("hint-move").textContent = t("Your only move: %(move)s", { move: moveText(h.plays[0].event, view) });
    } else if (h.plays.length) {
      const sure = h.clear ? t("clear favourite") : t("close call");
      const move = moveText(h.plays[0].event, view);
      $("hint-move").textContent = t("Suggested: %(move)s (%(n)s playouts, %(sure)s)",
        { move: move, n: h.playouts.toLocaleString(), sure: sure });
    } else {
      $("hint-move").textContent = t("It is not your turn.");
    }
    // each tile whole on a line ("6-4", never "6-" then "4"), left to right on every page
    const tiles = document.createDocumentFragment();
    h.longest.forEach((tile, i) => tiles.append(...(i ? [" "] : []), MT.el("bdi", { dir: "ltr", class: "tile-text" }, tile)));
    $("hint-longest").replaceChildren(h.longest.length
      ? MT.fmt(t("Longest train from your open end: %(tiles)s"), { tiles: tiles })
      : t("No tile of your hand fits your open end."));
  }

  $("btn-hint") && $("btn-hint").addEventListener("click", ask);
  MT.onView(render);
})();

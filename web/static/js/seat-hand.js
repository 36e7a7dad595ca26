/* Seat page, hidden hands: register my hand privately so the hub checks every rule (rules.md 5).
   The registered hand is then shown under "Your tiles" (seat.js); the tiles to choose from are the
   station's (view.me.free). MT.handRegister({seat, token, headers, onForbidden}) -> {render(view)}. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const $ = (id) => document.getElementById(id);

  MT.handRegister = function (ctx) {
    let chosen = new Set(), base = null, shownState = null, gridKey = null, need = 0, saving = false;

    function sync() {
      for (const b of $("reg-tiles").querySelectorAll("button")) b.setAttribute("aria-pressed", chosen.has(b.dataset.tile) ? "true" : "false");
      $("reg-count").textContent = t("%(n)s of %(total)s selected", { n: chosen.size, total: need });
      // any choice may be saved: the station then says whether it is the whole hand (me.registered)
      $("btn-reg-save").disabled = saving || chosen.size === 0;
    }
    function render(view) {
      const card = $("reg-card");
      const st = view && view.result && view.result.state;
      const playing = !!(view && view.phase === "playing" && st);      // the station's phase
      const show = !!(ctx.token() && view.game && view.game.hidden_hands && playing && view.me);
      card.hidden = !show;
      if (!show) { base = shownState = gridKey = null; chosen.clear(); return; }
      need = view.me.tile_count || 0;
      const hand = view.me.hand || null;
      const state = view.me.registered;      // the station's: "none" | "full" | "drew" | "off"
      // the choice starts from the registered hand whenever that changes (a play, a new round)
      const key = st.round + "|" + (hand ? hand.join(",") : "-");
      if (key !== base) { base = key; chosen = new Set(hand || []); }
      const free = view.me.free || [];
      const freeSet = new Set(free);
      for (const x of Array.from(chosen)) if (!freeSet.has(x)) chosen.delete(x);

      const status = $("reg-status");
      status.hidden = state === "none";
      status.className = "reg-status" + (state === "full" ? " ok" : " note");
      status.textContent = state === "full" ? t("Registered: full checking on")
        : state === "drew" ? t("You drew a tile: add it to keep full checking")
        : state === "off" ? t("Your registered hand does not match your tile count: save it again to keep full checking") : "";
      $("reg-open").hidden = !!hand;
      $("reg-change").hidden = !hand;
      if (state !== shownState) {          // open the grid when a tile is to be added, close it once checking is on
        if (state === "drew" || state === "off") $("reg").open = true;
        else if (state === "full" || shownState === null) $("reg").open = false;
        shownState = state;
      }
      const gk = free.join(",");
      if (gk !== gridKey) {
        gridKey = gk;
        const grid = $("reg-tiles");
        grid.classList.toggle("wide", view.game.set > 9);
        grid.replaceChildren(...free.map((tile) => el("button", { type: "button", "data-tile": tile, "aria-pressed": "false",
          "aria-label": t("tile %(a)s-%(b)s", { a: tile.split("-")[0], b: tile.split("-")[1] }),
          onclick: () => { chosen.has(tile) ? chosen.delete(tile) : chosen.add(tile); sync(); } }, tile)));
      }
      sync();
    }
    async function save() {
      if (saving || chosen.size === 0) return;
      saving = true; sync();
      const r = await MT.api("POST", `/api/seat/${ctx.seat}/hand`, { tiles: ((MT.view.me && MT.view.me.free) || []).filter((x) => chosen.has(x)) }, ctx.headers());
      saving = false;
      if (!r.ok) {
        sync();
        MT.toast(r.data && r.data.text || t("Refused"), false);
        if (r.status === 403 && ctx.onForbidden) ctx.onForbidden();
        return;
      }
      MT.setView(r.data);                  // the station answers with this seat's view, its hand registered
      if (r.data.me && r.data.me.registered === "full") MT.toast(t("Registered: full checking on"), true);
      $("reg-card").scrollIntoView({ block: "nearest" });
    }
    $("btn-reg-save").addEventListener("click", save);
    return { render: render };
  };
})();

/* Host page: the club's proposed next game (view.club_setup, a tournament on the club's broker).
   The host sets it up with one tap; the station checks it like any set-up. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const $ = (id) => document.getElementById(id);

  function render(view) {
    const setup = view.club_setup;
    $("club-card").hidden = !setup;
    if (!setup) return;
    $("club-game").textContent = t("Tournament game %(n)s of %(total)s", { n: setup.game + 1, total: setup.games });
    $("club-players").replaceChildren(...setup.players.map((name, seat) =>
      el("li", {}, el("span", { class: "row" }, el("span", { class: "rank" }, String(seat + 1)), el("bdi", {}, name)))));
  }
  $("btn-club").addEventListener("click", async function () {
    const g = MT.view && MT.view.game;
    if (g && g.status !== "finished" && g.status !== "abandoned" &&
      !(await MT.confirm(t("A game is going on. Set up a new one anyway?")))) return;
    const r = await MT.api("POST", "/api/host/club-setup", {}, { "X-Host-Pin": sessionStorage.getItem("mt-pin") || "" });
    if (!r.ok) { MT.toast((r.data && r.data.text) || t("Refused"), false); return; }
    MT.toast(t("Game set up."), true);
    MT.setView(r.data);
  });
  MT.onView(render);
})();

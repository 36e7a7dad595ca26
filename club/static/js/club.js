/* The club page: every hub's table (players, round, totals, whose turn) and the leaderboard, from
   GET /api/club every second. The club decides nothing: each table is what its hub published. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const boot = MT.boot;

  function badge(game, seat) {
    MT.view = { game: { players: game.players } };     // the badge's initial: this table's player
    return MT.badge(seat, game.players[seat]);
  }
  function roundLine(game) {
    if (game.status === "finished") return t("Game over");
    if (game.round === null || game.round === undefined) return t("Waiting for the host to start a round");
    const line = t("Round %(r)s of %(n)s", { r: game.round + 1, n: game.rounds });
    return game.round_over ? line + " · " + t("Round over") : line;
  }
  function table(hub) {
    const game = hub.game;
    const head = el("div", { class: "hub-head" }, el("h3", {}, el("bdi", {}, hub.name)),
      el("span", { class: "state " + (hub.online ? "on" : "off") }, hub.online ? t("online") : t("offline")));
    if (!game) return el("article", { class: "card hub", "data-hub": hub.name }, head, el("p", { class: "muted" }, t("No game yet")));
    const rows = game.players.map((name, seat) => el("li", { class: seat === game.turn ? "turn" : null, "data-seat": seat },
      badge(game, seat),
      el("span", { class: "total", "aria-label": t("%(n)s points", { n: game.totals[seat] ?? 0 }) }, String(game.totals[seat] ?? 0))));
    const turn = game.turn !== null && game.turn !== undefined
      ? el("p", { class: "row hub-turn" }, t("Turn:"), " ", badge(game, game.turn)) : null;
    return el("article", { class: "card hub", "data-hub": hub.name }, head,
      el("p", { class: "hub-round" }, roundLine(game)), turn, el("ol", { class: "seats" }, rows));
  }
  function leaderboard(rows) {
    const box = document.getElementById("leaderboard");
    if (!rows.length) { box.replaceChildren(el("p", { class: "muted" }, t("No finished game yet"))); return; }
    const head = el("tr", {}, el("th", { scope: "col", class: "name" }, "#"), el("th", { scope: "col", class: "name" }, t("Player")),
      el("th", { scope: "col" }, t("Games")), el("th", { scope: "col" }, t("Wins")), el("th", { scope: "col" }, t("Average points")),
      el("th", { scope: "col" }, t("Total")));
    const body = rows.map((r) => el("tr", { "data-player": r.name }, el("td", { class: "name" }, r.rank + (r.shared ? "=" : "")),
      el("th", { scope: "row", class: "name" }, el("bdi", {}, r.name)), el("td", {}, String(r.games)), el("td", {}, String(r.wins)),
      el("td", {}, String(r.average)), el("td", {}, String(r.points))));
    box.replaceChildren(el("table", { class: "scores board", id: "board" }, el("thead", {}, head), el("tbody", {}, body)));
  }
  function tournament(tour) {
    $card.hidden = !tour;
    if (!tour) return;
    document.getElementById("tournament-game").textContent = tour.current === null ? t("Game over")
      : t("Tournament game %(n)s of %(total)s", { n: tour.current + 1, total: tour.games });
    const head = el("tr", {}, el("th", { scope: "col", class: "name" }, "#"), el("th", { scope: "col", class: "name" }, t("Player")),
      el("th", { scope: "col" }, t("Games")), el("th", { scope: "col" }, t("Placings")), el("th", { scope: "col" }, t("Total")));
    const body = tour.standings.map((r) => el("tr", { "data-player": r.name }, el("td", { class: "name" }, r.rank + (r.shared ? "=" : "")),
      el("th", { scope: "row", class: "name" }, el("bdi", {}, r.name)), el("td", {}, String(r.games)),
      el("td", {}, String(r.placings)), el("td", {}, String(r.points))));
    document.getElementById("tournament").replaceChildren(el("table", { class: "scores board", id: "tour-board" },
      el("thead", {}, head), el("tbody", {}, body)));
    document.getElementById("export-json").href = `/api/club/tournament/${tour.id}/export?format=json`;
    document.getElementById("export-csv").href = `/api/club/tournament/${tour.id}/export?format=csv`;
  }
  const $card = document.getElementById("tournament-card");
  function render(data) {
    tournament(data.tournament || null);
    const box = document.getElementById("tables");
    box.replaceChildren(...(data.hubs.length ? data.hubs.map(table) : [el("p", { class: "muted" }, t("No hub has reported yet"))]));
    leaderboard(data.leaderboard || []);
  }
  let timer = null;
  async function poll() {
    clearTimeout(timer);
    try {
      const r = await fetch("/api/club", { cache: "no-store" });
      if (r.ok) render(await r.json());
    } catch (e) { /* the club is away: keep what is on screen, ask again */ }
    timer = setTimeout(poll, boot.poll_ms || 1000);
  }
  poll.now = poll;
  async function newTournament(e) {
    e.preventDefault();
    const $ = (id) => document.getElementById(id);
    const body = { players: $("t-players").value.split("\n").map((p) => p.trim()).filter(Boolean),
      games: Number($("t-games").value), by: $("t-by").value, profile: $("t-profile").value,
      set: $("t-set").value ? Number($("t-set").value) : null };
    const r = await MT.api("POST", "/api/club/tournament", body, { "X-Club-Pin": $("t-pin").value });
    const error = $("t-error");
    error.hidden = r.ok;
    if (!r.ok) {     // the club's reason names the field (players, games, hubs); a PIN in the page's words
      error.textContent = r.status === 401 || r.status === 403 ? t("Wrong PIN") : (r.data && r.data.text) || t("Refused");
      return;
    }
    $("director").open = false;
    MT.toast(t("Tournament set up: each table's host confirms its first game."), true);
    poll.now();
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.getElementById("tournament-form").addEventListener("submit", newTournament);
    render(boot.club);
    timer = setTimeout(poll, boot.poll_ms || 1000);
  });
})();

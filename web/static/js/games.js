/* /games: the games that are over (GET /api/games, no PIN), newest first, each a link to its
   read-only page; the same lines as the host's Past games (MT.pastGameItem). Not live. */
(function () {
  "use strict";
  const MT = window.MT;
  document.addEventListener("DOMContentLoaded", async function () {
    const r = await MT.api("GET", "/api/games");
    if (!r.ok) { MT.toast((r.data && r.data.text) || MT.t("No connection to the hub."), false); return; }
    document.getElementById("past-none").hidden = r.data.length > 0;
    document.getElementById("past-games").replaceChildren(...r.data.map(MT.pastGameItem));
  });
})();

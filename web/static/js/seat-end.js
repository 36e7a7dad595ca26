/* Seat page at a round's end and the game's end: count my hand (hidden hands), my round score, the
   round's scores, the standings, the winner(s), my place and the final standings (also when the
   host ends the game mid-round). Everything comes from view.me
   (station/interface.py): the page decides no rule.
   MT.seatEnd({seat, headers, onForbidden}) -> {render(view)}. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const $ = (id) => document.getElementById(id);

  MT.seatEnd = function (ctx) {
    const picked = new Set();
    let countKey = null;

    /** The count: how many tiles the station counts in my hand, the tiles tapped and their pips,
     *  the registered hand's pips to confirm, and the last refusal, which stays until I change
     *  something (view.me.count, station/views.py count_view). */
    function renderCount(view) {
      const me = view.me || {}, count = me.count || { must: false, tiles: [] };
      const card = $("count-card");
      card.hidden = !count.must;
      const key = count.must ? (view.game && view.game.id) + ":" + (me.round_end && me.round_end.round) : null;
      if (key !== countKey) {           // a registered hand is offered already chosen: check it, send it
        countKey = key; picked.clear(); $("pips").value = ""; showError(null);
        if (count.registered) for (const tile of count.tiles) picked.add(tile);
      }
      if (!count.must) return;
      const pips = (view.game && view.game.pips) || {};       // the station's: 0-0 as the game counts it
      // the station's count as a sentence of its own (a bare "…: 1." read as a numbered step)
      $("count-help").textContent = MT.tn("The station counts %(n)s tile in your hand. Tap it, or type its pip count.",
        "The station counts %(n)s tiles in your hand. Tap them, or type their pip count.", count.expected);
      $("count-known").hidden = count.total === null || count.total === undefined;
      $("count-known").textContent = $("count-known").hidden ? ""
        : MT.tn("The station knows your registered hand: %(n)s tile, %(p)s pips. Check it and send.", "The station knows your registered hand: %(n)s tiles, %(p)s pips. Check them and send.", count.expected, { p: count.total });
      $("count-tiles").replaceChildren(...count.tiles.map((tile) => el("button", { type: "button", "data-tile": tile,
        "aria-pressed": picked.has(tile) ? "true" : "false", "aria-label": t("tile %(a)s-%(b)s", { a: tile.split("-")[0], b: tile.split("-")[1] }),
        onclick: () => { picked.has(tile) ? picked.delete(tile) : picked.add(tile); showError(null); renderCount(MT.view); } }, tile)));
      const sum = Array.from(picked).reduce((s, x) => s + (pips[x] || 0), 0);
      $("count-sum").textContent = t("Tapped: %(k)s of %(n)s · %(p)s pips", { k: picked.size, n: count.expected, p: sum });
      const typed = $("pips").value.trim();
      const counted = picked.size ? sum : (typed === "" ? null : Number(typed));
      const sc = count.scoring || { penalty: 0, factor: 1, double_blank: null };
      // the 0-0 in a hand counts the game's double_blank_points (the station's, while it may be held)
      const blank = sc.double_blank !== null && sc.double_blank !== undefined;
      $("count-blank").hidden = !blank;
      $("count-blank").replaceChildren(blank ? MT.fmt(t("The double blank %(tile)s counts %(n)s pips."), { tile: MT.tileEl("0-0"), n: el("strong", {}, MT.bdi(sc.double_blank)) }) : "");
      const adds = [];
      if (sc.penalty) adds.push(t("plus %(n)s for your marked train", { n: sc.penalty }));
      if (sc.factor !== 1) adds.push(t("times %(n)s: the round ended on a double", { n: sc.factor }));
      $("count-score").hidden = !adds.length || counted === null;
      $("count-score").textContent = $("count-score").hidden ? ""
        : t("Your round score will be %(score)s: %(p)s pips, %(how)s.", { score: (counted + sc.penalty) * sc.factor, p: counted, how: adds.join(", ") });
    }
    /** A refused count stays on screen, worded from what the station says differs. */
    function showError(data) {
      const box = $("count-error");
      box.hidden = !data;
      if (!data) { box.textContent = ""; return; }
      const f = data.facts || {};
      const tile = f.tile ? MT.bdi(f.tile) : "";
      const words = {
        count: [t("You tapped %(shown)s tiles, but the station counts %(holds)s in your hand."), { shown: f.shown, holds: f.holds }],
        "on-table": [t("%(tile)s is on the table: it cannot be in your hand."), { tile: tile }],
        twice: [t("%(tile)s was already shown by another player."), { tile: tile }],
        "not-in-set": [t("%(tile)s is not in this set."), { tile: tile }],
        typed: [t("You typed %(typed)s pips, but the tiles you tapped count %(pips)s. Clear one of them or correct it."), { typed: f.typed, pips: f.pips }],
      }[f.why];
      box.replaceChildren(words ? MT.fmt(words[0], words[1]) : (data.text || t("Refused")));
      // the refusal and the button under it both in sight, above the keep-awake bar (app.css
      // scroll-padding-bottom): the refusal pushed the button down, under the bar, before
      $("btn-count").scrollIntoView({ block: "nearest" });
    }
    $("pips").addEventListener("input", () => { showError(null); renderCount(MT.view); });

    function renderRoundEnd(view) {
      const me = view.me || {}, end = me.round_end;
      const box = $("round-end");
      box.hidden = !end;
      if (!end) return;
      $("h-round-end").textContent = t("Round %(r)s is over", { r: end.round + 1 });
      const out = !!(me.count && me.count.went_out);
      $("went-out").hidden = !out;
      const others = (end.out || []).filter((s) => s !== ctx.seat);
      $("round-how").textContent = end.end === "blocked" ? t("The round is blocked: nobody could play.")
        : (others.length ? t("%(names)s went out.", { names: others.map((s) => MT.name(s, view)).join(", ") }) : "");
      $("round-how").hidden = !$("round-how").textContent;
      const score = $("my-round-score");
      score.replaceChildren(end.mine === null ? "" : MT.fmt(t("Your score this round: %(n)s"), { n: el("strong", {}, MT.bdi(end.mine)) }));
      score.hidden = end.mine === null || out;     // "you went out: your count is 0" says it
      const blank = MT.doubleBlankWords(view, end.round, ctx.seat);      // why a score is 50 more
      $("round-blank").hidden = !blank;
      $("round-blank").replaceChildren(...(blank ? [blank] : []));
      const waiting = end.waiting || [];
      $("round-waiting").textContent = waiting.length
        ? t("Waiting for the counts of: %(names)s", { names: waiting.map((s) => MT.name(s, view)).join(", ") }) : "";
      $("round-waiting").hidden = !waiting.length;
      const totals = (view.result && view.result.totals) || [];
      const players = (view.game && view.game.players) || [];
      $("round-scores").tBodies[0].replaceChildren(...players.map((p, i) => el("tr", { "data-seat": i, class: i === ctx.seat ? "me" : null },
        el("th", { scope: "row" }, MT.badge(i, p)),
        el("td", { "data-score": end.scores ? end.scores[i] : "" }, end.counted[i] === null ? t("counting") : String(end.counted[i]),
          (end.out || []).includes(i) ? el("span", { class: "out-star", "aria-hidden": "true" }, " ★") : null),
        el("td", {}, String(totals[i] ?? 0)))));
      // at game over the standings are the game's: the "Game over" card lists them
      const over = !!view.over;
      $("h-standings").hidden = over;
      $("round-standings").hidden = over;
      $("round-standings").replaceChildren(...(over ? [] : standingRows(view)));
    }

    /** The standings (view.standings: rank, shared, placed, name, total), this seat's row marked;
     *  no rank where the station places nobody (an abandoned game: "–"). */
    function standingRows(view) {
      return (view.standings || []).map((row) => el("li", { "data-seat": row.seat, class: row.seat === ctx.seat ? "me" : null },
        el("span", { class: "rank" + (row.placed ? "" : " unplaced") }, row.placed ? MT.place(row.rank, row.shared) : "–"),
        el("span", { class: "who" }, MT.badge(row.seat, row.name)),
        el("span", { class: "count" }, String(row.total))));
    }

    /** The game's end, however it ended (view.over: played out, ended early, abandoned); this
     *  seat's place where a winner was decided (me.game_over). */
    function renderGameOver(view) {
      const me = view.me || {}, mine = me.game_over, words = MT.overWords(view);
      $("game-over").hidden = !words;
      if (!words) return;
      $("game-over").dataset.how = view.over.how;
      $("h-game-over").textContent = words.heading;
      $("over-how").textContent = words.how;
      const seats = view.over.winners || [];
      $("winners").hidden = !seats.length;
      $("winners").replaceChildren(...(seats.length ? [el("span", { class: "trophy", "aria-hidden": "true" }, "★"),
        seats.length > 1 ? t("Winners:") : t("Winner:"), " ", MT.listNodes(seats.map((s) => MT.badge(s)))] : []));
      const n = ((view.game && view.game.players) || []).length;
      $("my-rank").hidden = !mine;
      $("my-rank").replaceChildren(!mine ? "" : mine.rank === 1 ? (mine.shared ? t("You share the win!") : t("You won!"))
        : MT.fmt(t("Your place: %(rank)s of %(n)s"), { rank: MT.place(mine.rank, mine.shared), n: MT.bdi(n) }));
      $("my-rank").className = "my-rank" + (mine && mine.rank === 1 ? " won" : "");
      $("tie-note").replaceChildren(MT.tieText(view));     // what decided a tie, as on the scoreboard
      $("tie-note").hidden = !(view.tie_break && view.tie_break.code !== "lowest-total");
      $("final-standings").replaceChildren(...standingRows(view));
    }

    $("count-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const typed = $("pips").value.trim();
      // tiles and a typed count go together: the station refuses them when they differ
      const body = picked.size ? { hand: Array.from(picked), typed: typed === "" ? null : Number(typed) }
        : { hand: typed === "" ? null : Number(typed) };
      if (body.hand === null) { showError({ text: t("Tap your tiles or type your pip count.") }); return; }
      const r = await MT.api("POST", `/api/seat/${ctx.seat}/reveal`, body, ctx.headers());
      if (!r.ok) {
        showError(r.data || {});
        if (r.status === 403 && ctx.onForbidden) ctx.onForbidden();
        return;
      }
      picked.clear();
      showError(null);
      MT.toast(t("Your count is in."), true);   // the socket brings this seat's view: the card closes
    });

    return {
      render: function (view) { renderGameOver(view); renderRoundEnd(view); renderCount(view); },
    };
  };
})();

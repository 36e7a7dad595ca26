/* Host page, set-up: a "Player / Computer" choice on each player row (virtual tiles only: the
   station deals a computer's hand and plays it, station/computers.py) and "Hints on the seat
   pages" (on by default). MT.hostComputers.fields() -> {computers: {"seat": policy}, hints: bool},
   added to the set-up body by host.js. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const $ = (id) => document.getElementById(id);
  const CHOICES = [["player", t("Player")]].concat(["random", "greedy", "playout"].map((p) => [p, MT.computerWord(p)]));

  const hints = el("input", { type: "checkbox", id: "hints-on", checked: true });
  const tiles = document.querySelector("#setup-form .tiles-mode");
  if (tiles) tiles.after(el("label", { class: "check", id: "hints-label" }, hints, " ", t("Hints on the seat pages")));

  function virtual() { return !!($("tiles-virtual") && $("tiles-virtual").checked); }
  // why the choices are greyed with real tiles, said under the names (the station deals a
  // computer's hand, so it needs virtual tiles: station/computers.py)
  const why = el("small", { class: "why", id: "why-computers" });
  if ($("btn-add")) $("why-add").after(why);

  /** Every name row gets its choice once; they are usable with virtual tiles only. */
  function decorate() {
    const rows = Array.from($("names").children);
    rows.forEach((row, i) => {
      let sel = row.querySelector("select.who");
      if (!sel) {
        sel = el("select", { class: "who", "aria-describedby": "why-computers" },
          ...CHOICES.map(([v, label]) => el("option", { value: v }, label)));
        const rm = row.querySelector("button");
        row.insertBefore(sel, rm);
      }
      sel.setAttribute("aria-label", MT.seatWord(i) + ": " + t("Computer players"));
      sel.disabled = !virtual();
      if (sel.disabled) sel.value = "player";
    });
    why.textContent = virtual() ? "" : t("Computer players need virtual tiles: the station deals their hands.");
  }

  /** Whether a name row has a computer chosen (and the choice is open: virtual tiles). */
  function chosen(row) {
    const sel = row && row.querySelector("select.who");
    return !!(sel && !sel.disabled && sel.value !== "player");
  }

  MT.hostComputers = {
    /** The name inputs of the rows that make a seat: a name typed, or a computer chosen. */
    rows() {
      return Array.from($("names").children).filter((row) => {
        const input = row.querySelector("input");
        return input && (input.value.trim() || chosen(row));
      }).map((row) => row.querySelector("input"));
    },
    fields() {
      const computers = {};
      MT.hostComputers.rows().forEach((input, seat) => {
        const row = input.closest("#names > *");
        if (chosen(row)) computers[String(seat)] = row.querySelector("select.who").value;
      });
      return { computers: computers, hints: hints.checked };
    },
    /** Each name row's choice ("player" or a policy) and the hints box, as the form stands. */
    draft() {
      return { who: Array.from($("names").children).map((row) => (row.querySelector("select.who") || {}).value || "player"),
        hints: hints.checked };
    },
    /** Put back ``draft()``'s choices (or a game's ``computers``: {"seat": policy}) on the rows. */
    restore(who, hintsOn) {
      decorate();
      Array.from($("names").children).forEach((row, i) => {
        const sel = row.querySelector("select.who"), v = Array.isArray(who) ? who[i] : (who || {})[String(i)];
        if (sel && !sel.disabled && v) sel.value = v;
      });
      if (hintsOn !== undefined) hints.checked = !!hintsOn;
    },
  };

  if ($("names")) {
    new MutationObserver(decorate).observe($("names"), { childList: true });
    document.querySelectorAll("input[name=tiles]").forEach((r) => r.addEventListener("change", decorate));
    decorate();
  }
})();

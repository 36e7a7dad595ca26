/* The game's options in the page's language: each option's common name and one-line explanation,
   its values, and the short words of a chosen value ("doubles don't bind", "50 for 0-0").
   Which options there are, their defaults, which differ and which are moot come from the station
   (GET /api/options, view.game.house, view.game.moot); nothing here decides a rule. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t;
  /** option -> {name, help}: the station's one table (web/option_words.py), in the page's language */
  const WORDS = MT.boot.options || {};
  /** option -> value -> the value's word in a menu */
  const VALUES = {
    deal_table: { classic: t("Classic table"), hub: t("Hub table") },
    close_doubles: { in_order: t("In the order played"), reverse: t("Newest first"), any: t("Any order") },
    tie_break: { classic: t("Most zero rounds, then lowest round"), shared: t("Shared win") },
    double_binds: { everyone: t("Everyone"), player: t("Only its player") },
    follow_double: { anywhere: t("Anywhere"), on_double: t("On the double") },
    last_tile_double: { allowed: t("Allowed"), forbidden: t("Not allowed") },
  };
  /** house rules whose one other value is what their name says (house-rules.md) */
  const NAMED = { doubles_open: false, double_binds: "player", follow_double: "on_double", first_turn_doubles_open: true,
    last_tile_double: "forbidden", draw_until_playable: true, own_train_first: true };
  /** The value a house rule's name stands for (doubles_open: false), or undefined. */
  MT.houseNamed = (key) => NAMED[key];
  MT.optionName = (key) => (WORDS[key] || { name: key }).name;
  MT.optionHelp = (key) => (WORDS[key] || { help: "" }).help;
  MT.valueWord = function (key, value) {
    if (value === true) return t("Yes");
    if (value === false) return t("No");
    return (VALUES[key] || {})[value] || String(value);
  };
  /** A chosen option in a few words: "doubles don't bind", "50 for 0-0", "6 rounds". */
  MT.optionShort = function (key, value) {
    if (key in NAMED && NAMED[key] === value) return MT.optionName(key);
    switch (key) {
      case "double_blank_points": return t("%(n)s for 0-0", { n: value });
      case "marker_penalty": return t("%(n)s points for a marked train", { n: value });
      case "out_on_double_multiplier": return t("going out on a double: others' scores ×%(n)s", { n: value });
      case "rounds": return MT.tn("%(n)s round", "%(n)s rounds", value);
      default: return t("%(name)s: %(value)s", { name: MT.optionName(key), value: MT.valueWord(key, value) });
    }
  };
  /** Why an option has no effect, from the station's moot entry ``{because, value, code}``:
      "No effect: the first-turn train is off, so no first-turn chain ends on a double." */
  MT.mootWords = function (m) {
    const words = (MT.boot.options && MT.boot.options.moot) || {};
    return words[m.code] || MT.t("No effect: %(rule)s", { rule: MT.optionShort(m.because, m.value) });
  };
  /** "House rules: doubles don't bind; 50 for 0-0" from view.game.house (the station's list), or "". */
  MT.houseLine = function (view) {
    const list = (view && view.game && view.game.house) || [];
    if (!list.length) return "";
    return t("House rules: %(rules)s", { rules: list.map((o) => MT.optionShort(o.option, o.value)).join("; ") });
  };
  // the scoreboard's and the seat page's line (#house-line), shown while a game has such options
  MT.onView(function (view) {
    const line = document.getElementById("house-line");
    if (!line) return;
    line.textContent = MT.houseLine(view);
    line.hidden = !line.textContent;
  });
})();

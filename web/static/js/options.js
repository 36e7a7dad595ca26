/* The game's options in the page's language: each option's common name and one-line explanation,
   its values, and the short words of a chosen value ("doubles don't bind", "50 for 0-0").
   Which options there are, their defaults, which differ and which are moot come from the station
   (GET /api/options, view.game.house, view.game.moot); nothing here decides a rule. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t;
  /** option -> [name, explanation]; the house rules' names as refusals give them (web/refusals.py
   *  HOUSE_NAMES), written small: a heading's first letter is made capital by host.css */
  const WORDS = {
    deal_table: [t("Deal table"), t("Which table gives the tiles each player draws at the deal.")],
    engine_in_deal: [t("Engine in the deal"), t("The engine is shuffled and dealt like any tile, or set aside.")],
    first_turn_multi_play: [t("First-turn train"), t("On the first turn each player may play a chain of tiles on their own train.")],
    mexican_on_first_turn: [t("Mexican train on the first turn"), t("The Mexican train may be started on the first turn.")],
    close_doubles: [t("Close doubles"), t("The order in which open doubles must be satisfied.")],
    unsatisfiable_exemption: [t("No tile can satisfy it"), t("An open double that no tile left can satisfy binds nobody.")],
    must_play: [t("Must play"), t("A player with a tile that fits must play it rather than draw.")],
    double_blank_points: [t("Points for 0-0"), t("What the double blank counts at the end of a round.")],
    tie_break: [t("Ties"), t("Who wins when the lowest totals are tied.")],
    doubles_open: [t("doubles don't bind"), t("No one has to satisfy a double: the turn ends after it like after any tile.")],
    double_binds: [t("a double binds only its player"), t("The player of a double must satisfy it in that turn; after that it binds nobody.")],
    follow_double: [t("follow on the double"), t("The tile played after a double must satisfy that double.")],
    first_turn_doubles_open: [t("first-turn doubles are open"), t("A double that ends a first-turn chain is an open double for everyone.")],
    last_tile_double: [t("no double as the last tile"), t("A double may not be a player's last tile.")],
    draw_until_playable: [t("draw until you can play"), t("A player with no tile to play draws until one fits or the boneyard is empty.")],
    marker_penalty: [t("penalty for a marked train"), t("Points added at the end of a round for each train with a marker, except for the player who went out.")],
    own_train_first: [t("own train first"), t("Until your personal train has a tile you may play only on it, except to satisfy an open double.")],
    out_on_double_multiplier: [t("going out on a double multiplies"), t("Ending a round with a double multiplies every other player's score by this.")],
    rounds: [t("shorter game"), t("Play only this many rounds, from the top double down.")],
  };
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
  MT.optionName = (key) => (WORDS[key] || [key])[0];
  MT.optionHelp = (key) => (WORDS[key] || ["", ""])[1];
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
      case "rounds": return t("%(n)s rounds", { n: value });
      default: return t("%(name)s: %(value)s", { name: MT.optionName(key), value: MT.valueWord(key, value) });
    }
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

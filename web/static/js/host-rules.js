/* Host page, the game's options: rules.md section 4's and the house rules, each with its name and
   one line of explanation (options.js), greyed with the reason where another option makes it moot
   (the station says which: POST /api/options); and saved rule sets (GET/POST /api/host/rulesets):
   the last one used is preselected. Loaded before host.js, which asks MT.hostRules for the options. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t, el = MT.el;
  const $ = (id) => document.getElementById(id);
  let catalogue = null, pinOf = () => "", changed = () => {};
  const rows = {};       // option -> {row, control, info}
  let pending = null;    // the form's rules kept for this tab (draft()), put back once the rows are built

  function profile() { return $("profile").value; }
  function defaultWord(info) {
    const d = info.default[profile()];
    if (d === null || d === undefined) return t("Automatic");
    return MT.valueWord(info.option, d);
  }
  function control(info) {
    const id = "opt-" + info.option;
    if (info.kind === "int") return el("input", { id: id, type: "number", min: info.min, inputmode: "numeric" });
    const named = MT.houseNamed(info.option);
    if (named !== undefined)       // a house rule is off (the rules' default) or on (what its name says)
      return el("select", { id: id, "data-named": "1" }, el("option", { value: "" }, t("Off")),
        el("option", { value: JSON.stringify(named) }, t("On")));
    return el("select", { id: id }, el("option", { value: "" }),
      ...info.values.map((v) => el("option", { value: JSON.stringify(v) }, MT.valueWord(info.option, v))));
  }
  function build(list, box) {
    box.replaceChildren(...list.map((info) => {
      const ctl = control(info), help = "help-" + info.option, moot = "moot-" + info.option;
      ctl.setAttribute("aria-describedby", help + " " + moot);
      const row = el("div", { class: "opt", "data-option": info.option },
        el("label", { for: ctl.id }, el("span", { class: "opt-name" }, MT.optionName(info.option))),
        ctl,
        el("small", { class: "opt-help", id: help }, MT.optionHelp(info.option)),
        el("small", { class: "opt-moot", id: moot }));
      rows[info.option] = { row: row, control: ctl, info: info };
      return row;
    }));
  }
  /** The profile's default in each "Rules default" entry and placeholder. */
  function defaults() {
    for (const { control: c, info } of Object.values(rows)) {
      if (info.kind === "int") c.placeholder = t("%(value)s (default)", { value: defaultWord(info) });
      else if (!c.dataset.named) c.options[0].textContent = t("%(value)s (default)", { value: defaultWord(info) });
    }
  }
  /** The options as chosen (an empty field: the rules' default, not sent); before the rows are
   *  built, the ones kept for this tab. */
  function options() {
    if (!catalogue && pending) return Object.assign({}, pending.options);
    const out = {};
    for (const [key, { control: c, info }] of Object.entries(rows)) {
      if (c.value === "") continue;
      out[key] = info.kind === "int" ? Number(c.value) : JSON.parse(c.value);
    }
    return out;
  }
  /** Put a rule set's options in the form (every other option back to the rules' default). */
  function apply(opts) {
    for (const [key, { control: c, info }] of Object.entries(rows)) {
      const v = (opts || {})[key];
      c.value = v === undefined ? "" : (info.kind === "int" ? String(v) : JSON.stringify(v));
    }
    $("hand-size").value = opts && opts.hand_size !== undefined ? String(opts.hand_size) : "";
  }
  /** Grey the options the station says are moot, with its reason in the page's words. */
  let seq = 0;
  async function refresh() {
    if (!catalogue) return;
    defaults();
    const mine = ++seq;
    const r = await MT.api("POST", "/api/options", { profile: profile(), options: options() });
    if (mine !== seq || !r.ok) return;
    for (const [key, { row, control: c }] of Object.entries(rows)) {
      const m = r.data.moot[key];
      row.classList.toggle("moot", !!m);
      c.disabled = !!m;
      row.querySelector(".opt-moot").textContent = m ? MT.mootWords(m) : "";
    }
    const house = r.data.house.filter((o) => o.house).length;
    $("house-count").textContent = house ? t("%(n)s chosen", { n: house }) : "";
    const other = r.data.house.filter((o) => !o.house).length;
    $("rules-count").textContent = other ? t("%(n)s chosen", { n: other }) : "";
  }
  // ---- saved rule sets
  let sets = [];
  const H = () => ({ "X-Host-Pin": pinOf() });
  function fill(data, select) {
    sets = data.rulesets;
    const pick = select === undefined ? $("ruleset").value : select;
    $("ruleset").replaceChildren(el("option", { value: "" }, t("None: the rules' defaults")),
      ...sets.map((s) => el("option", { value: s.name }, s.name)));
    $("ruleset").value = sets.some((s) => s.name === pick) ? pick : "";
    chosenSet();
  }
  function chosenSet() {
    const name = $("ruleset").value;
    $("btn-rules-export").hidden = $("btn-rules-delete").hidden = !name;
    if (name) $("ruleset-name").value = name;
  }
  async function load() {
    const r = await MT.api("GET", "/api/host/rulesets", undefined, H());
    if (!r.ok) return;
    fill(r.data, r.data.last || "");
    const set = sets.find((s) => s.name === r.data.last);
    if (set) { apply(set.options); changed(); }
  }
  function putBack() {
    const kept = pending;
    pending = null;
    if (sets.some((x) => x.name === kept.ruleset)) $("ruleset").value = kept.ruleset;
    chosenSet();
    apply(Object.assign({}, kept.options || {}, kept.hand_size ? { hand_size: kept.hand_size } : {}));
    changed();
  }
  function refused(r) { MT.toast((r.data && r.data.text) || t("Refused"), false); }
  $("ruleset").addEventListener("change", () => {
    const set = sets.find((s) => s.name === $("ruleset").value);
    apply(set ? set.options : {});
    chosenSet();
    changed();
  });
  $("btn-rules-save").addEventListener("click", async () => {
    const body = { name: $("ruleset-name").value.trim(), options: Object.assign(options(),
      $("hand-size").value ? { hand_size: Number($("hand-size").value) } : {}) };
    const r = await MT.api("POST", "/api/host/rulesets", body, H());
    if (!r.ok) { refused(r); return; }
    fill(r.data, body.name);
    MT.toast(t("Rule set saved: %(name)s", { name: body.name }), true);
  });
  $("btn-rules-export").addEventListener("click", (e) => {     // the PIN in a header, never in the URL
    e.preventDefault();
    const name = $("ruleset").value;
    if (name) MT.saveFile("/api/host/rulesets/export?name=" + encodeURIComponent(name), H());
  });
  $("ruleset-name").addEventListener("keydown", (e) => {      // Enter saves the set, not the game
    if (e.key === "Enter") { e.preventDefault(); $("btn-rules-save").click(); }
  });
  $("btn-rules-delete").addEventListener("click", async () => {
    const name = $("ruleset").value;
    if (!name || !(await MT.confirm(t("Delete the rule set %(name)s?", { name: name })))) return;
    const r = await MT.api("POST", "/api/host/rulesets/delete", { name: name }, H());
    if (!r.ok) { refused(r); return; }
    $("ruleset-name").value = "";
    fill(r.data, "");
  });
  $("ruleset-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    let doc;
    try { doc = JSON.parse(await file.text()); } catch (err) { MT.toast(t("That file is not a rule set."), false); return; }
    const r = await MT.api("POST", "/api/host/rulesets/import", doc, H());
    if (!r.ok) { refused(r); return; }
    fill(r.data, doc.name);
    const set = sets.find((s) => s.name === $("ruleset").value);
    if (set) { apply(set.options); changed(); }
    MT.toast(t("Rule set saved: %(name)s", { name: $("ruleset").value }), true);
  });

  MT.hostRules = {
    /** Build the option rows once; ``pin``: a function giving the host PIN; ``onChange``: the
     *  set-up's own update (its preview). */
    async init(pin, onChange) {
      pinOf = pin; changed = () => { refresh(); onChange(); };
      if (!catalogue) {
        const r = await MT.api("GET", "/api/options");
        if (!r.ok) return;
        catalogue = r.data;
        build(r.data.rules, $("rule-options"));
        build(r.data.house, $("house-options"));
      }
      await load();
      if (pending) putBack();
      refresh();
    },
    options: options,
    /** The rules as the form stands, kept for this tab with the rest of the set-up (host.js): a
     *  reload keeps them ({options, hand_size, ruleset}; null before the rows are built and
     *  nothing is kept). */
    draft() {
      if (!catalogue) return pending;
      return { options: options(), hand_size: $("hand-size").value, ruleset: $("ruleset").value };
    },
    /** Put back ``draft()``'s rules: at once if the rows are built, else once they are (after the
     *  saved rule sets, so the last set used does not overwrite what the host chose). */
    restore(kept) {
      pending = kept && typeof kept === "object" ? kept : null;
      if (catalogue && pending) { putBack(); refresh(); }
    },
    ruleset: () => $("ruleset").value || null,
    refresh: refresh,
  };
})();

/* Host page, the PIN's own part: explains a lockout after too many wrong PINs (HTTP 429, with
   Retry-After) and lets the host change the PIN (POST /api/host/pin). Loaded after host.js. */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t;
  const $ = (id) => document.getElementById(id);

  // ---- a lockout, explained on the login card with a countdown; the Unlock button waits for it
  const note = MT.el("p", { id: "pin-lockout", class: "note", role: "alert", hidden: true });
  const form = $("pin-form");
  if (form) form.after(note);
  let until = 0, timer = null;
  function tick() {
    const left = Math.ceil((until - Date.now()) / 1000);
    const button = form && form.querySelector("button[type=submit]");
    if (left <= 0) {
      clearInterval(timer); timer = null; note.hidden = true;
      if (button) button.disabled = false;
      return;
    }
    if (button) button.disabled = true;
    const clock = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    note.querySelector(".next").replaceChildren(MT.fmt(t("Next try possible in %(time)s."), { time: MT.bdi(clock) }));
  }
  function lockout(data, seconds) {
    until = Date.now() + seconds * 1000;
    note.replaceChildren(MT.el("span", { text: (data && data.text) || "" }), " ", MT.el("span", { class: "next" }));
    note.hidden = false;
    tick();
    if (!timer) timer = setInterval(tick, 1000);
  }
  const api = MT.api;
  MT.api = async function (method, path, body, headers) {
    const r = await api(method, path, body, headers);
    if (r.status === 429 && String(path).startsWith("/api/host")) {
      lockout(r.data, Number(r.data && r.data.facts && r.data.facts.retry_after) || 1);
    }
    return r;
  };

  // ---- change the PIN (4 to 12 digits, typed twice); the page then reloads with the new one
  const host = $("host");
  if (!host) return;
  const [lo, hi] = ((MT.view && MT.view.limits) || {}).pin_digits || [];       // the station's PIN length
  const input = (id) => MT.el("input", { id: id, type: "password", inputmode: "numeric", autocomplete: "new-password",
    pattern: `[0-9]{${lo},${hi}}`, minlength: lo, maxlength: hi, required: true });
  const first = input("new-pin"), second = input("new-pin-again");
  const change = MT.el("form", { id: "pin-change-form", class: "row" },
    MT.el("label", {}, MT.el("span", { text: t("New PIN (%(lo)s to %(hi)s digits)", { lo: lo, hi: hi }) }), first),
    MT.el("label", {}, MT.el("span", { text: t("New PIN again") }), second),
    MT.el("button", { class: "btn", type: "submit", text: t("Change PIN") }));
  host.append(MT.el("section", { class: "card", "aria-labelledby": "h-pin-change" },
    MT.el("h2", { id: "h-pin-change", text: t("Change the host PIN") }),
    MT.el("p", { class: "muted", text: t("A longer PIN is harder to guess. Tell it only to whoever runs the game.") }),
    change));
  change.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (first.value !== second.value) { MT.toast(t("The two PINs differ."), false); return; }
    const pin = sessionStorage.getItem("mt-pin") || "";
    const r = await MT.api("POST", "/api/host/pin", { new_pin: first.value }, { "X-Host-Pin": pin });
    if (!r.ok) { MT.toast((r.data && r.data.text) || t("Refused"), false); return; }
    sessionStorage.setItem("mt-pin", first.value);
    first.value = second.value = "";
    MT.toast(t("PIN changed: use the new one from now on."), true);
    setTimeout(() => location.reload(), 1500);   // host.js keeps the PIN it unlocked with
  });
})();

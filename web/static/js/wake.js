/* Keep the screen on over plain http: a muted, inline, looping video started by a tap and
   restarted when the page becomes visible again (no Wake Lock API: it needs a secure context). */
(function () {
  "use strict";
  const MT = window.MT, t = MT.t;
  document.addEventListener("DOMContentLoaded", function () {
    const btn = document.getElementById("wake-toggle"), video = document.getElementById("wake-video"),
      status = document.getElementById("wake-status");
    if (!btn || !video) return;
    const stored = localStorage.getItem("mt-wake");
    let want = stored === null ? !!MT.boot.wake : stored === "1";
    function say(text) { status.textContent = text; status.title = text; }     // one line: the whole text on hover
    function show() {
      btn.setAttribute("aria-pressed", want ? "true" : "false");
      btn.textContent = want ? t("Keep screen on: on") : t("Keep screen on: off");
    }
    async function play() {
      if (!want) return;
      try {
        video.muted = true;
        await video.play();
        say(t("The screen stays on."));
        btn.dataset.playing = "1";
      } catch (e) {
        btn.dataset.playing = "0";
        say(t("Tap anywhere to keep the screen on."));
      }
    }
    function stop() { video.pause(); btn.dataset.playing = "0"; say(""); }
    btn.addEventListener("click", function () {
      want = !want;
      localStorage.setItem("mt-wake", want ? "1" : "0");
      show();
      if (want) play(); else stop();
    });
    video.addEventListener("error", function () { say(t("This phone cannot keep the screen on: change its screen timeout.")); }, true);
    // a first tap anywhere (a user gesture) starts the video when the toggle is on
    function gesture() { if (want && video.paused) play(); }
    document.addEventListener("pointerdown", gesture, { capture: true });
    document.addEventListener("keydown", gesture, { capture: true });
    document.addEventListener("visibilitychange", function () { if (!document.hidden && want) play(); });
    window.addEventListener("pageshow", function () { if (want) play(); });
    show();
    if (want) play();
  });
})();

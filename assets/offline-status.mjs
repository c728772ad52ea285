// Says on the page when offline play is off. The service worker keeps the whole site (~15 MB)
// in Cache Storage; on a nearly full disk the browser refuses it ("Quota exceeded"), the worker
// never installs, and a later visit without a network would get the browser's error page. That
// failure reaches only the worker's console, so the page watches the first install and says
// when it failed, and why when the worker told it (tools/sw_template.js: INSTALL_FAILED).
// (The browser's storage estimate is no guide: Chromium reported 10 GB of quota here while it
// refused the copy for want of room.) A new build failing to install is not said: the
// running build's copy still plays offline.

import { t } from "./i18n.mjs";

const INSTALL_FAILED = "install-failed"; // tools/sw_template.js

/** What the page says for the worker's reason. */
const wordsFor = (reason) =>
  reason === "QuotaExceededError"
    ? t("Offline play is off: the browser has no room to keep the game on this device. The game plays while you are online; freeing disk space brings offline play back.")
    : t("Offline play is off: the browser did not keep the game on this device. The game plays while you are online.");

/** Watches a first install of the service worker (none active yet); says so if it fails. */
export function watchFirstInstall(registration) {
  if (registration.active || registration.waiting) return;
  let reason = null; // the worker's, when it told one
  const failed = () => !registration.active && !registration.waiting && !registration.installing;
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type !== INSTALL_FAILED || registration.active) return;
    reason = data.reason;
    if (document.documentElement.dataset.offline) show(reason);
  });
  const watch = (worker) =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "redundant" && failed()) show(reason);
    });
  if (registration.installing) watch(registration.installing);
  else registration.addEventListener("updatefound", () => watch(registration.installing), { once: true });
}

function show(reason) {
  const notice = document.getElementById("offline-notice");
  if (!notice) return;
  notice.textContent = wordsFor(reason);
  notice.hidden = false;
  document.documentElement.dataset.offline = reason === "QuotaExceededError" ? "no-room" : "refused";
}

// A boot that cannot finish says so: the progress text gives way to plain words -- what failed,
// that nothing is lost, whether the device is offline -- and a "Try again" button.
//
// Why here and not in boot.js: this module is also loaded by a <script async> of its own
// (index.html), so it still runs when boot.js itself cannot (one of its static imports failed
// or never arrived), and then offers a reload.
//
// "Try again" retries in place where it can: a download refused by download-progress.mjs is
// fetched again by the same fetch() call, a failed import() is imported again, and the page,
// its URL and whatever the player chose stay as they are. Where the broken piece cannot be
// loaded again in this page (boot.js's own modules, a cut JavaScript module: the browser keeps
// its parse error), the button reloads the page, which keeps the URL (the game in it).
// Nothing here is cached or stored.
//
// Its words are in the page's language (i18n.mjs), imported when it can be: a page whose
// i18n.mjs never arrived still says what failed, in English.

let words = null; // i18n.mjs, once it has arrived
import("./i18n.mjs").then((module) => {
  words = module;
}, () => {});
const PLACEHOLDER = /\{(\w+)\}/g;

/** `msgid` in the page's language; in English (the message ids), with its values, without i18n.mjs. */
const t = (msgid, params = {}) =>
  words ? words.t(msgid, params) : msgid.replace(PLACEHOLDER, (whole, name) => String(params[name] ?? whole));
/** `parts` as the page's language lists them. */
const listing = (parts) => (words ? words.listing(parts) : new Intl.ListFormat("en", { type: "conjunction" }).format(parts));

const STALL_MS = 30_000; // a download with no data for this long has failed
const SILENCE_FACTOR = 1.25; // the whole boot, not only downloads: silent this much longer has stalled

/** The stall timeout: 30 s, or window.__bootStallMs where a test sets it (init script). */
export function stallMs() {
  const given = Number(globalThis.__bootStallMs);
  return Number.isFinite(given) && given > 0 ? given : STALL_MS;
}

/** The parts of the boot a failure names (in English: the page says them with partName). */
export const PARTS = { runtime: "the Python runtime", game: "the game's code", page: "the page's code" };
const { runtime: RUNTIME, game: GAME_CODE, page: PAGE_CODE } = PARTS;

/** A part's name in the page's language. */
function partName(part) {
  if (part === RUNTIME) return t("the Python runtime");
  return part === GAME_CODE ? t("the game's code") : t("the page's code");
}

/** What a refused download is to a player. */
const partOf = (failure) => (failure.runtime ? RUNTIME : GAME_CODE);

/** Why a download failed, in the page's language (an unknown reason: it did not arrive). */
function reasonWords(reason) {
  switch (reason) {
    case "network": return t("the connection broke off");
    case "http": return t("the server answered with an error");
    case "truncated": return t("it arrived cut short");
    case "corrupt": return t("it arrived damaged");
    case "stalled": return t("no data arrived for a while");
    default: return t("it did not arrive");
  }
}
// A copy kept on this device (the service worker's) that went bad; `replaced`: downloaded again.
const DAMAGED = "damaged-copy";
const RUNTIME_PATHS = /^(vendor\/pyodide\/|python\/stdlib\.zip$)/;
const GAME_PATHS = /^(python\/|ui\/)/;

/** A failure as shown: {part, reason, detail, reload}. */
export function failureFrom(error, part = PAGE_CODE) {
  if (error?.name === "DownloadFailure") {
    return { part: partOf(error), reason: error.reason, detail: error.message, reload: false };
  }
  // A cut module fails to parse, and the browser keeps that result for its URL: only a reload
  // fetches it again. A module that failed to download is fetched again by the next import().
  const reload = error instanceof SyntaxError;
  return { part, reason: reload ? "corrupt" : "missing", detail: String(error?.message ?? error), reload };
}

/** The service worker's report of a damaged kept copy ({path, replaced}) as a failure. */
export function damagedCopy({ path, replaced }) {
  const part = RUNTIME_PATHS.test(path) ? RUNTIME : GAME_PATHS.test(path) ? GAME_CODE : PAGE_CODE;
  return { part, reason: DAMAGED, detail: path, replaced, reload: true };
}

/** The message's words for these failures: {headline, detail, network, action}. Pure, for tests.
 * A damaged kept copy outweighs what it caused (a failed start, a stall): it is the cause. */
export function describe(failures, online) {
  const damaged = failures.filter((failure) => failure.reason === DAMAGED);
  const reload = failures.some((failure) => failure.reload);
  const action = reload ? t("Trying again reloads the page; the game in its address is kept.") : "";
  const detail = t("Nothing is lost: your saved games stay on this device.");
  if (damaged.length) {
    const replaced = damaged.every((failure) => failure.replaced);
    const parts = listing([...new Set(damaged.map((failure) => partName(failure.part)))]);
    return {
      headline: t("The game could not finish loading: the copy of {parts} kept on this device for offline play was damaged.", { parts }),
      detail,
      network: replaced
        ? t("It has been downloaded again: try again.")
        : t("It has been removed; reconnect to download it again, then try again."),
      action,
    };
  }
  const parts = listing([...new Set(failures.map((failure) => partName(failure.part)))]);
  const reasons = [...new Set(failures.map((failure) => reasonWords(failure.reason)))].join("; ");
  return {
    headline: t("The game could not finish loading: {parts} did not download ({reasons}).", { parts, reasons }),
    detail,
    network: online
      ? t("Your device is online; the site may be busy. Try again in a moment.")
      : t("Your device is offline. Reconnect, then try again."),
    action,
  };
}

let pending = null; // {failures, resolve, promise} while a message is shown

const element = (id) => document.getElementById(id);

/** Where the message must go to be seen: an open modal dialog (the first visit's front door
 * opens at once) makes the rest of the page inert, so the message moves into it; else its own
 * place in #boot-status. */
function placeMessage(box) {
  const modal = [...document.querySelectorAll("dialog[open]")].find((dialog) => {
    try {
      return dialog.matches(":modal");
    } catch {
      return true; // a browser without :modal: an open dialog here is the front door, shown modal
    }
  });
  const home = element("boot-status");
  const target = modal ?? home;
  if (target && box.parentElement !== target) target.prepend(box);
}

function render() {
  const box = element("boot-failure");
  if (!box || !pending) return;
  placeMessage(box);
  const words = describe(pending.failures, navigator.onLine);
  element("boot-failure-headline").textContent = words.headline;
  element("boot-failure-detail").textContent = words.detail;
  element("boot-failure-network").textContent = words.network;
  element("boot-failure-action").textContent = words.action;
  element("boot-failure-action").hidden = !words.action;
  box.hidden = false;
  element("boot-status")?.setAttribute("data-failed", "");
  globalThis.__bootMarks?.push(["failure shown", Math.round(performance.now())]); // for the benchmark
}

function retry() {
  if (!pending) return;
  if (pending.failures.some((failure) => failure.reload)) {
    // Offline, a reload of a first visit would leave the page for the browser's error page.
    if (navigator.onLine) location.reload();
    else render();
    return;
  }
  const { resolve } = pending;
  pending = null;
  const box = element("boot-failure");
  box.hidden = true;
  element("boot-status")?.append(box);
  element("boot-status")?.removeAttribute("data-failed");
  const message = element("boot-message");
  if (message) message.textContent = t("Trying again…");
  noteProgress();
  resolve();
}

/** Show a failure (added to any already shown); resolves when the player asks to try again
 * in place (a failure that needs a reload never resolves: the page reloads). */
export function reportFailure(failure) {
  if (!pending) {
    let resolve;
    const promise = new Promise((done) => {
      resolve = done;
    });
    pending = { failures: [], resolve, promise };
  }
  pending.failures.push(failure);
  console.warn(`Boot failed (${failure.part}): ${failure.detail}`);
  render();
  return pending.promise;
}

/** Shows a refused download (download-progress.mjs); resolves when it is to be tried again. */
export const downloadFailed = (error) => reportFailure(failureFrom(error));

/** load(), again each time it fails and the player asks to try again. */
export async function untilLoaded(load, part) {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      await reportFailure(failureFrom(error, part));
    }
  }
}

// The boot's watchdog: a boot with no news (no bytes, no step) for SILENCE_FACTOR x the stall
// timeout has stalled somewhere no download check sees (an import() that never ends).
let silence = null;
let watching = false;

/** Something happened: the boot is alive. */
export function noteProgress() {
  clearTimeout(silence);
  if (!watching) return;
  silence = setTimeout(() => {
    if (!pending && document.body?.dataset.state !== "ready") {
      reportFailure({ part: PAGE_CODE, reason: "stalled", detail: "no progress", reload: true });
    }
  }, stallMs() * SILENCE_FACTOR);
}

/** Watch the boot from now until the page is ready (boot.js calls it as downloads begin). */
export function watchBoot() {
  watching = true;
  noteProgress();
}

/** Stop watching: the page is ready. */
export function bootFinished() {
  watching = false;
  clearTimeout(silence);
}

// A load that met a damaged kept copy starts again by itself once the service worker has
// replaced it, at most once in this long (sessionStorage): a copy that keeps going bad is
// said, with "Try again", rather than reloaded for ever.
const AUTO_RETRY_KEY = "abstract-games:boot-auto-retry";
const AUTO_RETRY_EVERY_MS = 60_000;

/** Whether this load may reload by itself now (and notes that it does). Pure but for storage. */
export function mayRetryByItself(storage = globalThis.sessionStorage, now = Date.now()) {
  try {
    const last = storage.getItem(AUTO_RETRY_KEY); // null: never
    const since = now - Number(last);
    if (last !== null && since >= 0 && since < AUTO_RETRY_EVERY_MS) return false;
    storage.setItem(AUTO_RETRY_KEY, String(now));
    return true;
  } catch {
    return false; // no storage to remember it by: say it instead
  }
}

/** The service worker's report of a damaged kept copy this load was given or asked for. */
function damagedCopyMet(report) {
  const failure = damagedCopy(report);
  if (report.replaced && mayRetryByItself()) {
    // The fresh copy is kept now: the next load boots on it, with no click.
    const message = element("boot-message");
    if (message) {
      message.textContent = t("The copy of {part} kept on this device was damaged and has been downloaded again. Starting again…",
        { part: partName(failure.part) });
    }
    bootFinished();
    location.reload();
    return;
  }
  reportFailure(failure);
}

addEventListener("online", render);
addEventListener("offline", render);
// The service worker found a damaged kept copy (tools/sw_template.js): a load still booting met
// it and cannot finish, so it starts again on the fresh copy, or says why it cannot, now rather
// than with a wrong cause later; a page already running is not disturbed (its next load gets
// the fresh copy).
globalThis.navigator?.serviceWorker?.addEventListener("message", ({ data }) => {
  if (data?.type === DAMAGED && document.body?.dataset.state !== "ready") damagedCopyMet(data);
});
globalThis.navigator?.serviceWorker?.startMessages();
document.addEventListener("click", (event) => {
  if (event.target?.id === "boot-retry") retry();
});

// boot.js publishes window.__bootMarks as it starts. If the page has loaded (every module
// script has run or failed) without it, boot.js or one of its imports failed; if it has not
// started after the watchdog's time, one of them never arrived. Either way only a reload helps.
const bootScriptStarted = () => Array.isArray(globalThis.__bootMarks);
const bootScriptFailed = (detail) => {
  if (!bootScriptStarted() && !pending) reportFailure({ part: PAGE_CODE, reason: "missing", detail, reload: true });
};
if (document.readyState === "complete") bootScriptFailed("boot.js did not run");
else addEventListener("load", () => bootScriptFailed("boot.js did not run"), { once: true });
setTimeout(() => bootScriptFailed("boot.js did not arrive"), stallMs() * SILENCE_FACTOR);

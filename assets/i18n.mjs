// The page's language, decided once before anything is drawn, and the words of the JavaScript
// that draws before Python: t("Black wins by {margin}", { margin }) and tn(singular, plural, n).
//
// The language: the address's `lang` (a blog author's embed, a shared link), else the player's
// choice in the Language switch (localStorage, ui/page/language_switch.py), else the browser's
// preferred languages, else English; it goes on <html lang>, which the page's Python reads. Only
// the site's languages count (a value of the address is never shown, only compared).
//
// The words: English is built in (message ids are the English texts). The build writes into
// index.html <script type="application/json" id="i18n-first"> with the languages and, for each,
// the first screen's own words (small, so the first screen is drawn in the player's language
// with nothing fetched); after it is drawn, the rest of the chosen language's words arrive as
// i18n/<code>.json (tools/i18n.py) and the page as index.html ships it is translated in place
// (static-words.mjs), the rules help's templates swapped for their translation. A page without
// that data, or whose catalog does not arrive, stays English and says nothing alarming.

import { pluralRule } from "./plural-forms.mjs";
import { staticPieces, translatePieces } from "./static-words.mjs";

const ENGLISH = "en";
const LANGUAGE_KEY = "abstract-games:language"; // ui/page/language_switch.py LANGUAGE_KEY
const MAX_CODE_CHARS = 35; // ui/i18n/languages.py MAX_CODE_CHARS
const MAX_QUERY_CHARS = 20000; // ui/saves/embed.py MAX_QUERY_CHARS
const MAX_PREFERRED = 20; // browsers list a handful; more is noise
const FIRST_WORDS_ID = "i18n-first";
const CATALOG_DIR = new URL("../i18n/", import.meta.url).href;
const PLACEHOLDER = /\{(\w+)\}/g;
const KEEP_CATALOGS = "keep-catalogs"; // tools/sw_template.js

/** The site's language for a BCP 47 tag (pt-BR is pt), or null: ui/i18n/languages.py known(). */
export function knownCode(tag, codes) {
  if (typeof tag !== "string" || !tag || tag.length > MAX_CODE_CHARS) return null;
  const code = tag.trim().split("-")[0].split("_")[0].toLowerCase();
  return codes.includes(code) ? code : null;
}

/** The page's language: the first of the address's, the remembered and the browser's preferred
 * languages that the site speaks (`codes`), else English. Pure, for tests. */
export function chooseLanguage({ asked = null, remembered = null, preferred = [], codes = [ENGLISH] }) {
  for (const tag of [asked, remembered, ...preferred.slice(0, MAX_PREFERRED)]) {
    const code = knownCode(tag, codes);
    if (code) return code;
  }
  return ENGLISH;
}

/** The names of the `{name}` placeholders of `text`, sorted. */
const placeholders = (text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort().join(",");

/** `text` with `params` in its placeholders, inserted as text; a translation whose placeholders
 * are not the English's (a hand-edited catalog) gives way to the English. */
function fill(text, english, params) {
  const chosen = text !== english && placeholders(text) !== placeholders(english) ? english : text;
  return chosen.replace(PLACEHOLDER, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** t and tn over a catalog: {msgid: translation or [plural forms]} and its Plural-Forms; tn
 * writes its count with `formatNumber` (the page's: 1,000 or 1.000). Pure. */
export function wordsFor(messages = {}, pluralForms = null, formatNumber = String) {
  const formOf = pluralRule(pluralForms);
  const translated = (msgid) => (Object.hasOwn(messages, msgid) ? messages[msgid] : null);
  return {
    t(msgid, params = {}) {
      const found = translated(msgid);
      return fill(typeof found === "string" && found ? found : msgid, msgid, params);
    },
    tn(singular, plural, n, params = {}) {
      const english = n === 1 ? singular : plural;
      const forms = translated(singular);
      const found = formOf && Array.isArray(forms) ? forms[formOf(n)] : null;
      return fill(typeof found === "string" && found ? found : english, english, { n: formatNumber(n), ...params });
    },
  };
}

/** The build's first-screen words: {codes, messages: {code: {msgid: msgstr}}}; none (English
 * only) when the page lacks them or they do not read. */
function firstWords() {
  try {
    const data = JSON.parse(document.getElementById(FIRST_WORDS_ID)?.textContent ?? "null");
    const codes = data.languages.map((language) => language.code).filter((code) => typeof code === "string");
    const messages = data.messages && typeof data.messages === "object" ? data.messages : {};
    return { codes: [ENGLISH, ...codes], messages };
  } catch {
    return { codes: [ENGLISH], messages: {} };
  }
}

/** What the visit says about the language (each source that throws counts as silent). */
function visitPreferences() {
  const attempt = (read, otherwise = null) => {
    try {
      return read();
    } catch {
      return otherwise;
    }
  };
  return {
    asked: attempt(() => new URLSearchParams(location.search.slice(0, MAX_QUERY_CHARS)).get("lang")),
    remembered: attempt(() => localStorage.getItem(LANGUAGE_KEY)),
    preferred: attempt(() => [...(navigator.languages ?? [navigator.language])], []),
  };
}

const state = { code: null, messages: {}, words: wordsFor({}, null, number), pieces: null, catalog: null };

/** The page's language code, decided on first use and written to <html lang>. */
export function language() {
  if (state.code) return state.code;
  const { codes, messages } = firstWords();
  state.code = chooseLanguage({ ...visitPreferences(), codes });
  const own = messages[state.code];
  if (state.code !== ENGLISH && own && typeof own === "object") {
    state.messages = { ...own };
    state.words = wordsFor(state.messages, null, number);
  }
  try {
    document.documentElement.lang = state.code;
  } catch {
    // no page (a test under Node): nothing to mark
  }
  return state.code;
}

/** `msgid` in the page's language, with `params` in its `{name}` placeholders. */
export function t(msgid, params = {}) {
  language();
  return state.words.t(msgid, params);
}

/** The form of `singular`/`plural` the page's language uses for `n`; `{n}` is filled too. */
export function tn(singular, plural, n, params = {}) {
  language();
  return state.words.tn(singular, plural, n, params);
}

/** `value` as the page's language writes numbers (6.5 or 6,5), with `digits` decimals. */
export function number(value, digits) {
  const options = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(language(), options).format(value);
}

/** `parts` joined as the page's language lists them ("a, b and c"). */
export function listing(parts) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(parts);
}

/** Draws the page's static words in its language from the first-screen words (first-screen.mjs
 * calls it before it draws anything). */
export function speakFirstScreen() {
  if (language() === ENGLISH) return;
  state.pieces ??= staticPieces(document.documentElement);
  translatePieces(state.pieces, state.messages);
}

/** The rules help's templates (tools/first_screen.py writes <template id="rules-GAME">) in the
 * catalog's language: the build renders them from the same Python as the English. */
function swapRules(rules) {
  for (const [game, markup] of Object.entries(rules ?? {})) {
    const template = document.getElementById(`rules-${game}`);
    if (template instanceof HTMLTemplateElement && typeof markup === "string") template.innerHTML = markup;
  }
}

/** Takes a fetched catalog ({messages, plural, rules}) in place of the first-screen words. */
function useCatalog(catalog) {
  if (!catalog || typeof catalog.messages !== "object" || catalog.messages === null) {
    throw new TypeError("not a catalog");
  }
  state.messages = { ...state.messages, ...catalog.messages };
  state.words = wordsFor(state.messages, catalog.plural, number);
  state.pieces ??= staticPieces(document.documentElement);
  translatePieces(state.pieces, state.messages);
  if (catalog.rules && typeof catalog.rules === "object") swapRules(catalog.rules);
}

/** Resolves after the browser has drawn the current frame. */
const afterFirstPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** After the first screen is drawn, fetches the rest of a non-English language's words and
 * translates the page with them; resolves true once they are in use, false when the page stays
 * as it is (English, or no catalog: offline before it was kept, a damaged one). The outcome is on
 * <html data-catalog> for tests and diagnosis. */
export function loadCatalog() {
  const code = language();
  if (code === ENGLISH) return Promise.resolve(false);
  state.catalog ??= afterFirstPaint()
    .then(() => fetch(`${CATALOG_DIR}${code}.json`))
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    })
    .then((catalog) => {
      useCatalog(catalog);
      document.documentElement.dataset.catalog = code;
      return true;
    })
    .catch((error) => {
      document.documentElement.dataset.catalog = "none";
      console.info(`The ${code} catalog is not here (${error.message}): the words not yet translated stay English.`);
      return false;
    });
  return state.catalog;
}

/** Asks the service worker to keep this language's catalogs (the JavaScript's and the Python's)
 * for offline play: a first visit fetched them before the worker controlled the page, so it never
 * saw them. Once the worker is active; a browser without one keeps nothing. */
export async function keepCatalogsOffline() {
  const code = language();
  if (code === ENGLISH || !navigator.serviceWorker) return;
  const registration = await navigator.serviceWorker.ready;
  const paths = ["json", "mo"].map((kind) => `i18n/${code}.${kind}`);
  registration.active?.postMessage({ type: KEEP_CATALOGS, paths });
}

// The first screen before Python is ready: the front door, the rules and the board, from what
// the build wrote into the site (tools/first_screen.py: the door's blocks and the rules are in
// index.html, the board pictures and cell centres in boards/), and, in a blog embed, the wait
// for the reader before the runtime starts.
//
// Why: on a first visit the runtime takes seconds to arrive, and nothing on the first screen
// needs it. A choice made meanwhile is kept (with the download's progress shown where the
// player made it) and handed to Python when it is ready (ui/page/front_door_dialog.py
// take_over calls handOver()). Controls that need Python say so. An embed paints its board at
// once and starts the runtime only on the reader's first click, key or focus, so a blog page
// with several boards runs only the runtimes its reader uses.
//
// No game knowledge here: pictures, cells and stones are the build's, drawn by the page's own
// Python renderer. Everything read from the address is validated, and only ever shown as text.
// Its words are in the page's language (i18n.mjs), decided before anything here is drawn.

import { language, loadCatalog, speakFirstScreen, t } from "./i18n.mjs";

const DATA_URL = new URL("../boards/boards.json", import.meta.url).href;
const AUTOSAVE_KEY = "abstract-games:autosave"; // ui/saves/store.py AUTOSAVE_KEY
const PROGRESS_POLL_MS = 250;
const STONE_UNIT = 100; // tools/first_screen.py STONE_UNIT
const MAX_POS_CHARS = 4000; // ui/board/sketch.py MAX_POS_CHARS
const MAX_RECORD_CHARS = 2000; // shown before Python runs, which then shows the moves itself
const MAX_QUERY_CHARS = 20000; // ui/saves/embed.py MAX_QUERY_CHARS
const THEMES = ["light", "dark"]; // ui/saves/embed.py THEMES, less "auto" (the system's choice)
const CELL_NAME = /^[A-Za-z0-9]{1,8}$/;
const BOARD_KEY = /^[a-z0-9]+-[0-9a-f]{8}$/;

const $ = (id) => document.getElementById(id);
const ready = () => document.body.dataset.state === "ready";
const stop = new AbortController(); // every listener here ends when Python takes over
const listen = (target, event, handler, options = {}) =>
  target?.addEventListener(event, handler, { ...options, signal: stop.signal });

/** The address's settings (never throws). */
function params() {
  try {
    return new URLSearchParams(location.search.slice(0, MAX_QUERY_CHARS));
  } catch {
    return new URLSearchParams();
  }
}

export const isEmbed = () => params().getAll("embed").includes("1");
/** An address that opens the analysis board (ui/play/analysis.py wants_analysis). */
const isAnalysis = () => params().getAll("analysis").includes("1");

/** Whether Python will open the front door: a visit without a link, an embed, an analysis board
 * or an autosave (ui/play/front_door.py opens_at_start). Storage that throws counts as empty, as in Python. */
function firstVisit() {
  if (isEmbed() || isAnalysis() || location.hash.length > 1) return false;
  try {
    return localStorage.getItem(AUTOSAVE_KEY) === null;
  } catch {
    return true;
  }
}

let boardsData = null;
function loadBoards() {
  boardsData ??= fetch(DATA_URL).then((response) => {
    if (!response.ok) throw new Error(`boards.json: HTTP ${response.status}`);
    return response.json();
  });
  return boardsData;
}

// --- the board sketch ---------------------------------------------------------------------

const THEME_KEY = "abstract-games:theme";   // the full page's Theme choice (ui/page/theme_switch.py)

/** The theme asked for: the address's `theme` when valid, else on the full page the player's
 * remembered choice (the rule of ui/board/theme.py's theme_choice), else auto. */
function askedTheme() {
  const valid = (value) => ["auto", "light", "dark"].includes(value);
  const asked = (params().get("theme") ?? "").trim().toLowerCase();
  if (valid(asked)) return asked;
  if (isEmbed()) return "auto";
  try {
    const kept = (localStorage.getItem(THEME_KEY) ?? "").trim().toLowerCase();
    return valid(kept) ? kept : "auto";
  } catch {
    return "auto";   // storage denied: the system's scheme
  }
}

/** Which theme the sketch uses: the one asked for, else the system's. */
function themeName() {
  const asked = askedTheme();
  if (THEMES.includes(asked)) return asked;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The stones of a `pos` value on `board` (ui/board/sketch.py writes it), or null when it does
 * not fit that board exactly: a hostile or stale value paints no stones, never anything else. */
export function readPosition(text, key, board, seats) {
  if (typeof text !== "string" || text.length > MAX_POS_CHARS) return null;
  const [named, ...groups] = text.split(":");
  if (named !== key || groups.length > seats) return null;
  const stones = [];
  const taken = new Set();
  for (const [seat, group] of groups.entries()) {
    for (const cell of group ? group.split(".") : []) {
      if (!CELL_NAME.test(cell) || !Object.hasOwn(board.cells, cell) || taken.has(cell)) return null;
      taken.add(cell);
      stones.push([cell, seat]);
    }
  }
  return stones;
}

/** The board key for the embed's game and options, the position's key when `pos` names one. */
function embedBoard(data) {
  const query = params();
  const pos = query.get("pos") ?? "";
  const posKey = pos.split(":", 1)[0];
  if (BOARD_KEY.test(posKey) && Object.hasOwn(data.boards, posKey)) {
    const game = posKey.slice(0, posKey.lastIndexOf("-"));
    if (Object.hasOwn(data.games, game)) return { game, key: posKey, pos };
  }
  const asked = (query.get("game") ?? "").toLowerCase();
  const game = Object.hasOwn(data.games, asked) ? asked : data.default;
  const entry = data.games[game];
  let key = entry.board;
  for (const [name, value] of query) {
    const variant = `${name}=${value}`;
    if (Object.hasOwn(entry.variants, variant)) key = entry.variants[variant];
  }
  return { game, key, pos: "" };
}

/** The CSS size the board gets: the area's width, no taller than the room under it. */
function sketchSize(board) {
  const frame = $("board-frame");
  const area = $("board-area");
  const aspect = board.height / board.width;
  const room = innerHeight - frame.getBoundingClientRect().top - 90;
  let width = Math.max(200, area?.clientWidth ?? 320);
  const height = Math.min(width * aspect, Math.max(room, 220));
  if (height < width * aspect) width = height / aspect;
  return [Math.round(width), Math.round(width * aspect)];
}

function loadPicture(url) {
  const picture = new Image();
  picture.src = url;
  return picture.decode().then(() => picture);
}

/** Paint the build's picture of `key` on the canvas, with `stones` ([cell, seat]) drawn from
 * the build's stone shapes at the build's cell centres. Resolves true when it painted. */
async function paintSketch(data, game, key, stones) {
  const canvas = $("board");
  const board = data.boards[key];
  const theme = themeName();
  const picture = await loadPicture(new URL(`../boards/${key}-${theme}.svg`, import.meta.url).href);
  if (ready() || canvas.classList.contains("board-picture")) return false; // Python or the last board came first
  const [width, height] = sketchSize(board);
  const ratio = devicePixelRatio || 1;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const frame = $("board-frame");
  frame.style.width = `${width}px`;
  frame.style.height = `${height}px`;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(picture, 0, 0, canvas.width, canvas.height);
  const scale = (width / board.width) * ratio;
  const shapes = data.games[game].stones[theme];
  for (const [cell, seat] of stones) {
    const [x, y, radius] = board.cells[cell];
    const size = (scale * radius) / STONE_UNIT;
    ctx.setTransform(size, 0, 0, size, x * scale, y * scale);
    for (const shape of shapes[seat] ?? []) drawShape(ctx, shape);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  canvas.classList.add("board-sketch");
  canvas.dataset.sketch = key;
  canvas.dataset.sketchStones = String(stones.length);
  return true;
}

/** One shape of a stone (SVG path attributes from tools/first_screen.py). */
function drawShape(ctx, shape) {
  const path = new Path2D(shape.d);
  if (shape.fill && shape.fill !== "none") {
    ctx.fillStyle = shape.fill;
    ctx.fill(path, "evenodd");
  }
  if (shape.stroke) {
    ctx.strokeStyle = shape.stroke;
    ctx.lineWidth = Number(shape["stroke-width"]) || 1;
    ctx.stroke(path);
  }
}

// --- the front door -----------------------------------------------------------------------

const door = { state: "none", choice: null, timer: null, readerTimer: null };

/** The progress of the download, in the words of the boot's own progress line. */
function progressWords() {
  const bar = $("boot-progress");
  const percent = new Intl.NumberFormat(language(), { style: "percent" }).format(Math.round(Number(bar?.value ?? 0)) / 100);
  const message = $("boot-message")?.textContent ?? "";
  return `${message} (${percent})`;
}

function openDoor() {
  const dialog = $("front-door-dialog");
  if (!dialog || !dialog.querySelector(".front-door-game")) return;
  dialog.showModal();
  door.state = "open";
  dialog.querySelector(".front-door-computer")?.focus();
  listen(dialog, "close", () => {
    if (door.state === "open") door.state = "closed";
    if (!document.querySelector("dialog[open]")) $("board")?.focus();   // not the top of the page
  });
  listen($("front-door-close"), "click", () => !ready() && dialog.close());
  listen(dialog, "click", (event) => {
    const button = event.target.closest?.("button");
    const block = button?.closest(".front-door-game");
    if (ready() || !block || !button || button.classList.contains("front-door-resume")) return;
    choose(dialog, block, button);
  });
}

/** Keep the choice and say where it stands; the door's controls wait with it. */
function choose(dialog, block, button) {
  if (door.choice) return;
  door.choice = { game: block.dataset.game, kind: button.classList[0] };
  door.state = "chosen";
  for (const control of dialog.querySelectorAll(".front-door-game button, .front-door-game select")) {
    control.disabled = true;
  }
  button.setAttribute("aria-busy", "true");
  const line = block.querySelector(".front-door-progress");
  const say = () => {
    line.textContent = t("{choice}: starts as soon as the game has loaded. {progress}",
      { choice: button.textContent, progress: progressWords() });
  };
  say();
  door.timer = setInterval(say, PROGRESS_POLL_MS);
}

/** Python takes the door (ui/page/front_door_dialog.py): listeners stop, the controls come
 * back, and the choice made meanwhile (or undefined: Python's None) is returned to carry out. */
function handOver() {
  finish();
  const dialog = $("front-door-dialog");
  for (const control of dialog?.querySelectorAll("button, select") ?? []) {
    control.disabled = false;
    control.removeAttribute("aria-busy");
  }
  for (const line of dialog?.querySelectorAll(".front-door-progress") ?? []) line.textContent = "";
  const choice = door.choice ?? undefined;
  door.choice = null;
  return choice;
}

// --- the rules, and the controls that need Python ----------------------------------------

let rulesGame = null; // the game on the board, once known (boards.json)
const gameTitles = {}; // each game's title, once known (boards.json)

function rulesBeforePython() {
  const dialog = $("help-dialog");
  listen($("help-button"), "click", (event) => {
    if (ready()) return;
    event.stopImmediatePropagation();
    const asked = `rules-${rulesGame ?? (params().get("game") ?? "").toLowerCase()}`;
    const template = document.querySelector(`template#${CSS.escape(asked)}`) ?? document.querySelector("template[id^=rules-]");
    if (!template || !dialog) return;
    $("help-body").replaceChildren(template.content.cloneNode(true));
    const game = template.id.slice("rules-".length);
    const title = Object.hasOwn(gameTitles, game) ? gameTitles[game] : template.dataset.title;
    $("help-title").textContent = t("How to play {game}", { game: title });
    dialog.showModal();
  });
  listen($("help-close"), "click", () => !ready() && dialog?.close());
}

/** A control that needs Python says so instead of doing nothing. */
function sayWhenNotReady() {
  const waiting = (event) => {
    if (ready()) return;
    const control = event.target.closest?.("#board-area button, #board-area input, #side-panel button, #side-panel input, #move-form");
    if (!control || control.id === "help-button" || control.id === "update-reload") return;
    if (control.closest("#boot-failure")) return; // "Try again" works before Python (boot-failure.mjs)
    event.preventDefault();
    event.stopImmediatePropagation();
    const message = $("message");
    if (message) message.textContent = t("The game is still loading; this works once it is ready. {progress}", { progress: progressWords() });
  };
  listen(document, "click", waiting, { capture: true });
  listen(document, "submit", waiting, { capture: true });
}

// --- the embed's wait for its reader ------------------------------------------------------

/** Resolves on the reader's first click, key or focus in the embed. Listened for from the
 * first screen's start, not from boot.js's: a click before boot.js and its imports arrived
 * would be lost, and the reader left clicking a board that never starts. The progress is shown
 * above the board until Python starts: from then on the status line is Python's, and a poll
 * between its first words and the ready mark would overwrite them. */
function readerStarts() {
  return new Promise((resolve) => {
    const go = () => {
      if (document.body.dataset.reader === "started") return; // the first of click, key and focus
      document.body.dataset.reader = "started";
      $("boot-message").textContent = t("Loading the game to play it…");
      const say = () => !ready() && ($("status").textContent = t("Loading the game to play it: {progress}", { progress: progressWords() }));
      say();
      door.readerTimer = setInterval(say, PROGRESS_POLL_MS);
      listen(window, "py:ready", () => clearInterval(door.readerTimer), { once: true });
      resolve();
    };
    for (const event of ["pointerdown", "keydown", "focusin"]) listen(document, event, go, { once: true });
  });
}

/** The embed before Python: its game's title and the record's text (a hand-written
 * address's `record`) under the call to play, until Python shows the moves. */
function dressEmbed(data, game) {
  $("game-title").textContent = data.games[game].title;
  const record = (params().get("record") ?? "").slice(0, MAX_RECORD_CHARS).trim();
  if (!record) return;
  const line = document.createElement("p");
  line.id = "record-sketch";
  line.textContent = t("Moves: {record}", { record });
  $("boot-status")?.append(line);
}

// --- start and finish ---------------------------------------------------------------------

/** Show the first screen. Returns what boot.js needs: whether to wait for an embed's reader. */
function startFirstScreen() {
  document.documentElement.dataset.firstScreenMs = String(Math.round(performance.now()));
  window.__firstScreen = { handOver, get state() { return door.state; } };
  speakFirstScreen();
  const embed = isEmbed();
  const theme = askedTheme();   // before the first paint: no flash of the other scheme
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  if (embed) {
    document.body.classList.add("embed");
    $("boot-message").textContent = t("Click the board or press a key to play: the game loads then (a few MB the first time).");
    $("status").textContent = t("Click the board to play."); // above the board, at any frame size
  }
  const opens = firstVisit();
  if (opens) openDoor();
  sayWhenNotReady();
  rulesBeforePython();
  const sketch = loadBoards().then((data) => {
    const { game, key, pos } = embed ? embedBoard(data) : { game: data.default, key: data.games[data.default].board, pos: "" };
    rulesGame = game;
    for (const [name, entry] of Object.entries(data.games)) gameTitles[name] = entry.title;
    if (embed) dressEmbed(data, game);
    if (!embed && !opens) return false;   // a return visit: the last board's picture, or Python
    const board = data.boards[key];
    const stones = (pos && readPosition(pos, key, board, data.games[game].stones.light.length)) || [];
    return paintSketch(data, game, key, stones);
  });
  sketch.catch((error) => console.info("No board sketch:", error.message));
  loadCatalog(); // the rest of the language's words, once this screen is drawn
  const reader = embed ? readerStarts() : Promise.resolve();
  return { waitForReader: () => reader };
}

/** Python is ready: whatever is left of the first screen stops (handOver may have done it). */
export function finish() {
  stop.abort();
  clearInterval(door.timer);
  clearInterval(door.readerTimer);
  $("board")?.classList.remove("board-sketch");
}

// index.html runs this module on its own, before boot.js, whose imports (the runtime's loader)
// take longer to arrive: the first screen waits for nothing but this file and the page.
export const firstScreen = startFirstScreen();

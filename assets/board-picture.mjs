// The board as the player left it, painted the moment the page opens on a return visit, marked
// not yet playable (index.html's body stays data-state="loading") until Python draws the live
// board over it.
//
// Why a picture: the board is drawn by Python, which needs the runtime first. A picture of the
// canvas, kept in Cache Storage whenever the position on screen changes, is the board the
// autosave resumes, shown within a frame or two of navigation. Only a plain visit (no query,
// no fragment, not in a frame) shows it: a share link or an embed opens another game.

const CACHE_NAME = "board-picture";
const ENTRY = new URL("../board-picture", import.meta.url).href; // a cache key only: never fetched
const SAVE_DELAY_MS = 400; // after the last change: one save per settled position
const FORMAT = "image/webp";
const CSS_WIDTH = "x-css-width";
const CSS_HEIGHT = "x-css-height";

const plainVisit = () => window.top === window && !location.search && !location.hash;

/** Paint the kept picture on the canvas; resolves true when it did. Never throws. */
export async function paintLastBoard(canvas) {
  if (!canvas || !plainVisit() || !globalThis.caches) return false;
  try {
    const response = await (await caches.open(CACHE_NAME)).match(ENTRY);
    if (!response) return false;
    const picture = await createImageBitmap(await response.blob());
    if (document.body.dataset.state !== "loading") return false; // Python was first
    canvas.width = picture.width;
    canvas.height = picture.height;
    // the size it had on screen (Python sets it the same way when it takes over)
    canvas.style.width = response.headers.get(CSS_WIDTH) ?? "";
    canvas.style.height = response.headers.get(CSS_HEIGHT) ?? "";
    canvas.getContext("2d").drawImage(picture, 0, 0);
    canvas.classList.add("board-picture");
    canvas.setAttribute("aria-busy", "true");
    return true;
  } catch (error) {
    console.info("No picture of the last board:", error.message);
    return false;
  }
}

/** Once Python draws the board: drop the not-yet-playable mark, and keep a picture of the
 * canvas whenever the position shown changes (the move list or the status line changes). */
export function keepBoardPictures(canvas, watched) {
  if (!canvas) return;
  canvas.classList.remove("board-picture");
  canvas.removeAttribute("aria-busy");
  if (!plainVisit() || !globalThis.caches) return;
  let timer = null;
  const save = () => {
    timer = null;
    canvas.toBlob(async (blob) => {
      try {
        const headers = { [CSS_WIDTH]: canvas.style.width, [CSS_HEIGHT]: canvas.style.height };
        if (blob) await (await caches.open(CACHE_NAME)).put(ENTRY, new Response(blob, { headers }));
      } catch {
        // storage denied or full: the next visit simply waits for Python to draw
      }
    }, FORMAT);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };
  const observer = new MutationObserver(later);
  for (const element of watched) {
    if (element) observer.observe(element, { childList: true, subtree: true, characterData: true, attributes: true });
  }
  addEventListener("resize", later);
  later();
}

// The words of the page as index.html ships them, and their translation in place.
//
// Why a list taken once: the page's Python writes its own words (already in the player's
// language) into the same elements later, and a player's own text (a save's name) may happen to
// read like a message. So only the text nodes and attributes index.html itself holds are
// translated, each only while it still reads as shipped. The message id is the text trimmed
// (the extractor's rule, tools/i18n_extract.py); one with its runs of spaces made one is tried
// too, since the HTML breaks long sentences over lines.

const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];
const SKIPPED = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"]);
const EDGES = /^(\s*)([\s\S]*?)(\s*)$/;

/** The message for `text`, or null: a translation (a plain string) of its trimmed words. */
function translationOf(messages, text) {
  const words = text.trim();
  if (!words) return null;
  for (const key of [words, words.replace(/\s+/g, " ")]) {
    const found = Object.hasOwn(messages, key) ? messages[key] : null;
    if (typeof found === "string" && found) return found;
  }
  return null;
}

/** `text` with its words replaced by `translation`, its leading and trailing space kept. */
function keepingSpace(text, translation) {
  const [, lead, , trail] = text.match(EDGES);
  return lead + translation + trail;
}

/** One translatable piece: a text node, or an element's attribute. */
function piece(node, attribute) {
  const read = () => (attribute ? node.getAttribute(attribute) : node.data);
  const write = (value) => (attribute ? node.setAttribute(attribute, value) : (node.data = value));
  return { read, write, english: read(), shown: read() };
}

/** Every text node and translatable attribute under `root`, skipping scripts, styles, templates
 * and whatever is marked translate="no" (game names, move notation). */
export function staticPieces(root) {
  const pieces = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeType === Node.ELEMENT_NODE && (SKIPPED.has(node.tagName) || node.getAttribute("translate") === "no")
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.data.trim()) pieces.push(piece(node, null));
      continue;
    }
    if (SKIPPED.has(node.tagName) || node.getAttribute("translate") === "no") continue; // the root itself
    for (const attribute of ATTRIBUTES) if (node.hasAttribute(attribute)) pieces.push(piece(node, attribute));
  }
  return pieces;
}

/** Puts `messages`' translations in the pieces that still read as shipped (or as this did last). */
export function translatePieces(pieces, messages) {
  for (const item of pieces) {
    if (item.read() !== item.shown) continue; // the page's Python has written its own words here
    const translation = translationOf(messages, item.english);
    if (!translation) continue;
    item.shown = keepingSpace(item.english, translation);
    item.write(item.shown);
  }
}

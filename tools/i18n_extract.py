"""Babel extractors for what Babel cannot read by itself: index.html's static text and the
lessons' prose (pygame_core/games/*/lessons.json).

Both are plain Babel extractor functions (Babel's documented plug-in mechanism): babel.cfg
registers them in its [extractors] section, and `tools/i18n.py extract` (or `pybabel extract -F
babel.cfg`) calls them like Babel's own `python` and `javascript` extractors. Each yields
(line, funcname, message, comments); funcname None means "the whole message is the text".
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator, Mapping
from html.parser import HTMLParser
from typing import IO, Any, NamedTuple

# What a player reads of an element besides its text (assets/i18n.mjs translates the same ones).
TRANSLATED_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
SKIPPED_ELEMENTS = frozenset({"script", "style", "template"})
VOID_ELEMENTS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                           "track", "wbr"})
LETTER = re.compile(r"[^\W\d_]")

# The fields of a lesson a player reads (pygame_core/lessons/model.py): a tutorial's title, text
# and the why of its goal, solution and wrong answers; a replay's title, source and notes. The
# claims' "reason" is words matched against the rules' English reason, never shown: not here.
LESSON_PROSE = ("title", "text", "source")
LESSON_WHYS = ("goal", "solution")

Extracted = tuple[int, str | None, str, list[str]]


def page_text(text: str) -> str:
    """A text node or attribute as a message id: trimmed, each run of white space one space
    (assets/i18n.mjs looks texts up the same way, so a line break in the HTML changes nothing)."""
    return " ".join(text.split())


class PageText(NamedTuple):
    line: int
    text: str
    where: str              # "text" or the attribute's name
    ids: tuple[str, ...]    # the ids of the element and its ancestors, innermost first


class _PageTexts(HTMLParser):
    """Collects the translatable texts of a page: text nodes and TRANSLATED_ATTRIBUTES outside
    <script>, <style>, <template> and anything marked translate="no"."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str | None, bool]] = []   # (tag, id, not translated)
        self.found: list[PageText] = []

    def _skipped(self) -> bool:
        return any(skip for _tag, _id, skip in self.open)

    def _ids(self, own: str | None = None) -> tuple[str, ...]:
        ids = [element_id for _tag, element_id, _skip in reversed(self.open) if element_id]
        return (own, *ids) if own else tuple(ids)

    def _keep(self, text: str | None, where: str, ids: tuple[str, ...]) -> None:
        words = page_text(text or "")
        if LETTER.search(words):   # "…", "«", ":" are not words to translate
            self.found.append(PageText(self.getpos()[0], words, where, ids))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        skip = tag in SKIPPED_ELEMENTS or attributes.get("translate") == "no"
        if not skip and not self._skipped():
            for name in TRANSLATED_ATTRIBUTES:
                self._keep(attributes.get(name), name, self._ids(attributes.get("id")))
        if tag not in VOID_ELEMENTS:
            self.open.append((tag, attributes.get("id"), skip))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID_ELEMENTS:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, -1, -1):   # close up to the matching element
            if self.open[depth][0] == tag:
                del self.open[depth:]
                return

    def handle_data(self, data: str) -> None:
        if not self._skipped():
            self._keep(data, "text", self._ids())


def page_texts(markup: str) -> list[PageText]:
    """Every translatable text of `markup`, in document order."""
    parser = _PageTexts()
    parser.feed(markup)
    parser.close()
    return parser.found


def extract_html(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel extractor: a page's static text (text nodes, aria-label, title, placeholder, alt)."""
    encoding = options.get("encoding", "utf-8")
    for found in page_texts(fileobj.read().decode(encoding)):
        comment = [f"#{found.ids[0]}" + ("" if found.where == "text" else f" {found.where}")] if found.ids else []
        yield found.line, None, found.text, comment


def _line_of(source: str, text: str) -> int:
    """The line of the file where the JSON string `text` is written (1 if not found verbatim)."""
    for encoded in (json.dumps(text, ensure_ascii=False), json.dumps(text)):
        at = source.find(encoded)
        if at >= 0:
            return source.count("\n", 0, at) + 1
    return 1


def lesson_texts(data: Any) -> Iterator[tuple[str, str]]:
    """(where, text) for each text of a lesson file that a player reads."""
    for lesson in data.get("lessons", []) if isinstance(data, dict) else []:
        if not isinstance(lesson, dict):
            continue
        name = lesson.get("id", "?")
        for field in LESSON_PROSE:
            if isinstance(lesson.get(field), str):
                yield f"{name} {field}", lesson[field]
        for part in LESSON_WHYS:
            if isinstance(lesson.get(part), dict) and isinstance(lesson[part].get("why"), str):
                yield f"{name} {part} why", lesson[part]["why"]
        for number, wrong in enumerate(lesson.get("wrong") or [], start=1):
            if isinstance(wrong, dict) and isinstance(wrong.get("why"), str):
                yield f"{name} wrong answer {number} why", wrong["why"]
        notes = lesson.get("notes")
        for move, note in sorted(notes.items(), key=lambda item: int(item[0])) if isinstance(notes, dict) else ():
            if isinstance(note, str):
                yield f"{name} note after move {move}", note


def extract_lessons(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                    options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel extractor: the prose of a game's lesson file (titles, texts, explanations, notes)."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for where, text in lesson_texts(json.loads(source)):
        if text.strip():
            yield _line_of(source, text), None, text, [where]

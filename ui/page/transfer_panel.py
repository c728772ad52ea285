"""The saves panel's share, export and import sections: a share link (copied when the browser
allows), the record or the board as a download, and a pasted or chosen file opened as a game.

Imported text is only ever shown as text (textContent, an input's value).
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from pyodide.ffi import create_proxy, to_js

from ui.i18n import N_, _, ngettext
from ui.page.dom_helpers import Dom
from ui.page.page_api import TransferHost
from ui.play.clock import listing_line
from ui.play.error_words import error_words
from ui.saves.exporting import diagram_text, import_game, record_json, record_text
from ui.saves.savefile import MAX_CHARS, SaveError
from ui.saves.share import link


class TransferPanel:
    def __init__(self, host: TransferHost, panel: Any, levels: tuple[str, ...], say: Callable[[str], None]) -> None:
        self.host = host
        self.dom = host.dom
        self.levels = levels
        self.say = say
        self.panel = panel
        self._build(panel)
        host.share = self.share   # the end-of-game panel's Share button makes the same link

    def _build(self, panel: Any) -> None:
        make, button = self.dom.make, self.dom.button
        share = make("section", panel, aria_label=_("Share"))
        make("h3", share, _("Share"))
        button(share, _("Make share link"), self.share, id="share-button")
        self.share_output = make("input", share, type="text", id="share-link", readonly="",
                                 aria_label=_("Share link"), hidden="")

        export = make("section", panel, aria_label=_("Export"))
        make("h3", export, _("Export"))
        row = make("div", export, class_="saves-buttons")
        button(row, _("Record (text)"), lambda: self._export("txt"), id="export-text")
        button(row, _("Record (JSON)"), lambda: self._export("json"), id="export-json")
        button(row, _("Diagram (text)"), lambda: self._export("diagram"), id="export-diagram")
        button(row, _("Diagram (PNG)"), self._export_png, id="export-png")

        imports = make("section", panel, aria_label=_("Import"))
        make("h3", imports, _("Import"))
        self.import_text = make("textarea", imports, id="import-text", rows="4",
                                aria_label=_("Record, JSON or share link to import"),
                                placeholder=_("Paste a record (manual-style listing or JSON) or a share link"))
        row = make("div", imports, class_="saves-buttons")
        button(row, _("Load pasted"), self._import_pasted, id="import-button")
        self.import_file = make("input", row, type="file", id="import-file",
                                accept=".txt,.json,text/plain,application/json", aria_label=_("Load a record file"))
        self.dom.on(self.import_file, "change", self._file_chosen)

    # --- share ----------------------------------------------------------------------------
    def share(self) -> None:
        """Make the game's share link, show it selected in the (opened) panel and copy it."""
        url = link(str(self.dom.window.location.href), self.host.session.to_saved().record)
        self.panel.open = True
        self.share_output.hidden = False
        self.share_output.value = url
        self.share_output.focus()
        self.share_output.select()
        self.say(ngettext("Share link ready to copy ({n} character).", "Share link ready to copy ({n} characters).",
                          len(url)))
        asyncio.ensure_future(self._copy(url))

    async def _copy(self, url: str) -> None:
        try:
            await self.dom.window.navigator.clipboard.writeText(url)
        except Exception:  # no clipboard permission (e.g. in a frame): the selected link stays
            return
        self.say(ngettext("Share link copied ({n} character).", "Share link copied ({n} characters).", len(url)))

    # --- export ---------------------------------------------------------------------------
    def _export(self, kind: str) -> None:
        session = self.host.session
        record = session.to_saved().record
        stem = f"{record.game}-{len(record.turns)}-moves"
        if kind == "txt":
            clock = "" if session.clock is None else listing_line(
                session.clock, [str(session.live.player_name(p)) for p in range(len(session.seats))], session.now())
            self._download(f"{stem}.txt", record_text(record) + clock, "text/plain")
        elif kind == "json":
            self._download(f"{stem}.json", record_json(record), "application/json")
        else:
            shown = session.state_at(session.cursor)   # on the line followed, side line or not
            self._download(f"{record.game}-move-{session.cursor}-diagram.txt", diagram_text(shown), "text/plain")

    def _export_png(self) -> None:
        """The board as drawn on the page's canvas, as a PNG file."""
        record = self.host.session.to_saved().record
        self._click_link(self.host.board.element.toDataURL("image/png"),
                         f"{record.game}-move-{self.host.session.cursor}.png")

    def _download(self, filename: str, text: str, mime: str) -> None:
        download_text(self.dom, filename, text, mime)
        self.say(_("Exported {file}.", file=filename))

    def _click_link(self, href: str, filename: str) -> None:
        click_link(self.dom, href, filename)
        self.say(_("Exported {file}.", file=filename))

    # --- import ---------------------------------------------------------------------------
    def _import_pasted(self) -> None:
        self._import(str(self.import_text.value))

    def _file_chosen(self, event: Any) -> None:
        read_chosen_file(self.import_file, MAX_CHARS, N_("a game record"), self.say, self._import)

    def _import(self, text: str) -> None:
        """Open an imported game, first asking when it would replace a game in progress."""
        try:
            saved = import_game(text, self.host.session.spec.name, self.levels)
        except (SaveError, ValueError) as exc:
            self.say(_("Not imported: {problem}", problem=error_words(exc)))
            return

        def load() -> None:
            try:
                self.host.load_saved(saved)
            except ValueError as exc:
                self.say(_("Not imported: {problem}", problem=error_words(exc)))
                return
            self.say(ngettext("Imported a game of {game} with {n} move.", "Imported a game of {game} with {n} moves.",
                              len(saved.record.turns), game=self.host.session.spec.title))
        self.host.confirm_first("load", load)


def download_text(dom: Dom, filename: str, text: str, mime: str) -> None:
    """Offer `text` as a file download: a blob: URL clicked through a download link (the page's
    CSP need not allow blob: for this: a download is not a fetch of the page's)."""
    from js import Blob, Object, URL
    blob = Blob.new(to_js([text]), to_js({"type": mime + ";charset=utf-8"}, dict_converter=Object.fromEntries))
    url = URL.createObjectURL(blob)
    click_link(dom, url, filename)
    dom.window.setTimeout(create_proxy(lambda: URL.revokeObjectURL(url)), 10_000)


def click_link(dom: Dom, href: str, filename: str) -> None:
    anchor = dom.make("a", dom.document.body, href=href, download=filename, hidden="")
    anchor.click()
    anchor.remove()


def read_chosen_file(file_input: Any, max_chars: int, what: str, say: Callable[[str], None],
                     then: Callable[[str], None]) -> None:
    """Read the file just picked in `file_input` as text and hand it to `then`. A file too
    large to be `what` (more bytes than `max_chars` characters can take; an English text marked
    N_, translated here) or one that does not read is said and goes no further; the input is
    emptied so the same file can be picked again."""
    files = file_input.files
    if not files or files.length == 0:
        return
    chosen = files.item(0)
    if chosen.size > max_chars * 4:
        file_input.value = ""
        say(ngettext("That file is too large to be {what} ({n} byte).", "That file is too large to be {what} ({n} bytes).",
                     int(chosen.size), what=_(what)))
        return
    asyncio.ensure_future(_read_file(chosen, file_input, say, then))


async def _read_file(chosen: Any, file_input: Any, say: Callable[[str], None], then: Callable[[str], None]) -> None:
    try:
        text = str(await chosen.text())
    except Exception as exc:
        say(_("The file could not be read ({problem}).", problem=exc))
        return
    finally:
        file_input.value = ""
    then(text)

"""The move list on the page (#moves): the main line's moves as buttons, and after a move the
side lines replacing it, indented, each with a fold button (aria-expanded), Promote and Delete
(their clicks: ui.page.move_list_input).

Any move button shows its position; those on the line followed carry `data-cursor` (their
place on it), every one `data-node` (ui.play.game_tree.Node.id). The list is drawn again on
every change, so the button that had the focus gets it back.
"""

from __future__ import annotations

from typing import Any

from ui.i18n import _, say
from ui.page.dom_helpers import Dom
from ui.play.move_list import Branch, MoveItem, Moves, move_tree
from ui.play.session import Session

_KEYS = ("node", "toggle", "promote", "delete")   # the data-* attributes a button is found again by


class MoveList:
    """Draws the tree; `folded` holds the ids of the side lines shown folded."""

    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        self.folded: set[int] = set()

    def update(self, session: Session) -> None:
        listing = self.dom.by_id("moves")
        focused = _focus_key(self.dom.document.activeElement, listing)
        start, moves = move_tree(session)
        listing.replaceChildren()
        self._item(listing, start)
        self._fill(listing, moves)
        if focused:
            again = listing.querySelector(f'button[data-{focused[0]}="{focused[1]}"]')
            if again:
                again.focus()
        current = listing.querySelector("[aria-current]")
        if current:
            keep_in_view(listing, current)

    def _fill(self, listing: Any, moves: Moves) -> None:
        for item, branches in moves:
            self._item(listing, item)
            for branch in branches:
                self._branch(listing, branch)

    def _item(self, listing: Any, item: MoveItem) -> None:
        li = self.dom.make("li", listing)
        button = self.dom.make("button", li, item.label if item.number else _("Start"), type="button",
                               data_node=str(item.node))
        if item.number:
            button.title = _("Move {number}: {side} {move}", number=item.number, side=say(item.side), move=item.text)
        if item.cursor is not None:
            button.setAttribute("data-cursor", str(item.cursor))
        if item.current:
            button.setAttribute("aria-current", "step")
        elif item.future:
            button.className = "future"

    def _branch(self, listing: Any, branch: Branch) -> None:
        make, folded = self.dom.make, branch.node in self.folded
        li = make("li", listing, class_="side-line")
        words = branch.words
        bar = make("div", li, class_="side-line-bar", role="group", aria_label=words[:1].upper() + words[1:])
        inner_id = f"side-line-{branch.node}"
        make("button", bar, ("▸ " if folded else "▾ ") + _("Side line {number}", number=branch.at), type="button",
             data_toggle=str(branch.node), aria_expanded="false" if folded else "true", aria_controls=inner_id,
             title=_("Show the {line}", line=words) if folded else _("Hide the {line}", line=words))
        make("button", bar, _("Promote"), type="button", data_promote=str(branch.node),
             aria_label=_("Promote the {line}", line=words),
             title=_("Make it the line it branches from; that line becomes a side line"))
        make("button", bar, _("Delete"), type="button", data_delete=str(branch.node),
             aria_label=_("Delete the {line}", line=words))
        inner = make("ol", li, class_="moves side-moves", id=inner_id)
        inner.hidden = folded
        self._fill(inner, branch.moves)


def keep_in_view(listing: Any, item: Any) -> None:
    """Scroll the list (only: scrollIntoView would scroll the page too) so `item` shows whole.
    Measured on the screen: a side line's move is placed within its own list (offsetTop)."""
    box, shown = listing.getBoundingClientRect(), item.getBoundingClientRect()
    if shown.top < box.top:
        listing.scrollTop = max(0, listing.scrollTop - (box.top - shown.top))
    elif shown.bottom > box.bottom:
        listing.scrollTop = listing.scrollTop + min(shown.bottom - box.bottom, shown.top - box.top)


def _focus_key(element: Any, listing: Any) -> tuple[str, int] | None:
    """Which of the list's buttons has the focus, as a data-* name and value."""
    return button_key(element) if element and listing.contains(element) else None


def button_key(button: Any) -> tuple[str, int] | None:
    """What a move-list button does, as its data-* name (`node`, `toggle`, `promote`,
    `delete`) and the node id it names; None for anything else."""
    for key in _KEYS if button else ():
        value = button.getAttribute(f"data-{key}")
        if value is not None and str(value).isdigit():
            return key, int(value)
    return None

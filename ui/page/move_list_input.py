"""Clicks in the move list (ui.page.move_list draws it): show a move of any line, fold or
unfold a side line, promote or delete one."""

from __future__ import annotations

from typing import Any

from ui.page.move_list import button_key
from ui.page.page_api import Page


def move_list_clicked(page: Page, event: Any) -> None:
    """A click in the move list: show a move, fold or unfold a side line, promote or delete
    one (asking first when it has more than one move)."""
    button = event.target.closest("button")
    key = button_key(button)
    if key is None:
        return
    kind, value = key
    session = page.session
    if kind == "toggle":
        page.panel.moves.folded ^= {value}
    else:
        node = session.tree.find(value)
        if node is None:
            return
        if kind == "node":
            page.show_node(node)
        elif kind == "promote":
            session.rearrange(node)
        else:
            from ui.play.confirm import delete_side_line  # loaded on first use, like the question dialog
            asked = delete_side_line(node)
            if asked is not None:
                page.ask(asked, lambda: session.rearrange(node, delete=True))
                return
            session.rearrange(node, delete=True)
    page.refresh()

"""Issue 55 item 2: the saves panel's parts are handed a narrow host (ui/page/page_api.py), the
few calls each makes, not the whole page; mypy checks the PlayPage against each host where it is
passed (ui/main.py, ui/page/saves_panel.py). Here: each part's constructor names its host, the
host is narrower than the page, and no part keeps the page under another name."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from typing import Any

import pytest

from fake_dom import stub_browser_modules

ROOT = Path(__file__).resolve().parents[2]
# module, class, the host its constructor takes
PANELS = [("ui.page.saves_panel", "SavesPanel", "SavesHost"),
          ("ui.page.saves_list", "SavesList", "AskingHost"),
          ("ui.page.backup_panel", "BackupPanel", "AskingHost"),
          ("ui.page.transfer_panel", "TransferPanel", "TransferHost"),
          ("ui.page.link_panel", "LinkPanel", "FollowingHost"),
          ("ui.page.embed_bar", "EmbedBar", "EmbedHost"),
          ("ui.page.kept_game_notice", "KeptGameNotice", "GameHost")]


def members(protocol: Any) -> set[str]:
    """The names a Protocol of page_api declares, its bases' included."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls.__module__ == "ui.page.page_api":
            names |= set(getattr(cls, "__annotations__", {})) | {n for n in vars(cls) if not n.startswith("_")}
    return names


@pytest.mark.parametrize("module, name, host", PANELS)
def test_each_part_takes_its_narrow_host(module: str, name: str, host: str) -> None:
    stub_browser_modules()
    from ui.page import page_api
    cls = getattr(importlib.import_module(module), name)
    first = list(inspect.signature(cls.__init__).parameters.values())[1]
    assert (first.name, first.annotation) == ("host", host)
    assert members(getattr(page_api, host)) < members(page_api.Page)


@pytest.mark.parametrize("module", sorted({module for module, _, _ in PANELS}))
def test_no_part_keeps_the_page(module: str) -> None:
    """`self.page = ...` would bring the service locator back; a part keeps its host."""
    tree = ast.parse((ROOT / (module.replace(".", "/") + ".py")).read_text())
    kept = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name) and node.value.id == "self"}
    assert "page" not in kept


def test_the_narrow_hosts_name_only_what_the_parts_call() -> None:
    """The smallest host is the game on the board: its dom, its session, and opening a save."""
    from ui.page.page_api import GameHost
    assert members(GameHost) == {"dom", "session", "load_saved"}

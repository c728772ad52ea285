"""The full page's theme (issue 38.18d): the address first, then the remembered choice."""

from __future__ import annotations

import pytest

from ui.board.theme import theme_choice


@pytest.mark.parametrize(("asked", "remembered", "theme"), [
    ("dark", "light", "dark"),        # the address wins over the remembered choice
    (" Light ", None, "light"),
    ("auto", "dark", "auto"),         # an explicit auto too
    (None, "dark", "dark"),
    ("neon", "dark", "dark"),         # a typo in the address is passed over
    ("", "<script>", "auto"),         # so is a hand-edited stored value
    (None, None, "auto"),
])
def test_the_theme_the_page_opens_in(asked: str | None, remembered: str | None, theme: str) -> None:
    assert theme_choice(asked, remembered) == theme

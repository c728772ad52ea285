"""The <iframe> a blog post pastes to show a board (README's "Put a board in a blog post")."""

from __future__ import annotations

# as wide as the blog's column, at most 720 px, always 720:560; the width and height attributes
# are the size where a page strips the style (feed readers, some editors)
FRAME_STYLE = "border:0;width:100%;max-width:720px;height:auto;aspect-ratio:720/560"


def iframe_html(src: str, title: str, lazy: bool = False) -> str:
    """The frame showing the board at `src`: it never makes a page wider than its column (a
    phone's 390 px), where a fixed width="720" would. `src` and `title` are the caller's own
    text and go in as they are (a snippet a blogger reads and edits)."""
    loading = ' loading="lazy"' if lazy else ""
    return (f'<iframe src="{src}" width="720" height="560" title="{title}" '
            f'style="{FRAME_STYLE}"{loading}></iframe>')

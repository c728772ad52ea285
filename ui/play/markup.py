"""HTML text for the parts of the page the build writes before Python runs (the front door,
the rules help): every text and attribute value escaped, so a game's own words can hold any
character. Pure: the build runs it under CPython, the page under Pyodide."""

from __future__ import annotations

from html import escape


def element(tag: str, *children: str, text: str = "", **attrs: str | None) -> str:
    """`<tag attrs>text children</tag>`: `text` is escaped, `children` are markup already.
    `class_="x"` sets class and `aria_label="x"` aria-label; a None value leaves the attribute
    out, "" writes it bare (e.g. hidden)."""
    parts = [tag]
    for name, value in attrs.items():
        if value is None:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(name if value == "" else f'{name}="{escape(value, quote=True)}"')
    return f"<{' '.join(parts)}>{escape(text, quote=False)}{''.join(children)}</{tag}>"

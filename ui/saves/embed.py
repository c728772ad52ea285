"""Embed mode: the query parameters a blog's <iframe> passes, read without ever failing.

`?embed=1&game=susan&size=6&seats=human,ai&level=LEVEL&record=d6+b5&move=2&theme=dark&lang=nl` (any
game option goes by its own name; `record` takes plain turns or a share code, and a share
fragment `#r1...` works as well). A game-by-link code (`c1...`, in `record` or the fragment)
shows that game read-only: every seat is a friend playing elsewhere. The address comes from someone else's page, so each value is
checked on its own: a bad one is dropped with a message saying so and its default is used, and
the board always opens.
"""

from __future__ import annotations

from typing import Collection, NamedTuple

from pygame_core.errors import text_of
from pygame_core.record import MAX_TURNS, Record, replay
from pygame_core.registry import DEFAULT_GAME, find_game
from ui.board.theme import THEMES
from ui.i18n import N_, Text
from ui.i18n.languages import LANGUAGES, known
from ui.play.saved_game import AI, FRIEND, HUMAN, SavedGame, Seat
from ui.saves.language_param import LANG_PARAM, with_language
from ui.saves.share import ShareError, decode as decode_share, encode as encode_share, is_link_code, is_share_code

# pos: the position the page paints before Python runs (ui.board.sketch); Python shows the record's
RESERVED = ("embed", "game", "seats", "level", "record", "move", "theme", "pos", LANG_PARAM)
MAX_QUERY_CHARS = 20_000
MAX_FIELDS = 40


class EmbedConfig(NamedTuple):
    """What the compact board opens with, and a note for each parameter that was not used."""

    saved: SavedGame
    theme: str = "auto"
    messages: tuple[str, ...] = ()
    language: str = ""   # the `lang` the address names, a known code ("" if none): assets/i18n.mjs speaks it


def is_embed(query: str) -> bool:
    """True when the page was opened as an embed (`embed=1` in the query string)."""
    if "embed" not in query:
        return False  # the usual case; urllib.parse costs ~75 ms of page start-up in Pyodide
    from urllib.parse import parse_qsl
    try:
        return ("embed", "1") in parse_qsl(query.lstrip("?")[:MAX_QUERY_CHARS], max_num_fields=MAX_FIELDS)
    except ValueError:
        return False


def parse_embed(query: str, fragment: str = "", levels: Collection[str] = (),
                default_level: str | None = None) -> EmbedConfig:
    """The embed configuration in a query string (and an optional share fragment).

    `levels` are the AI levels this page offers (`default_level`, or the first, for `ai`
    seats that name none). Never raises: every problem becomes a message.
    """
    messages: list[str] = []
    params = _params(query, messages)
    theme = params.pop("theme", "auto").lower()
    if theme not in THEMES:
        messages.append(Text(N_("theme {value} is not one of {choices}; using auto"),
                             {"value": _show(theme), "choices": ', '.join(THEMES)}))
        theme = "auto"
    params.pop("embed", None)
    language = _language(params.pop(LANG_PARAM, ""), messages)
    by_link = is_link_code(params.get("record", "") or fragment)   # a game by link: shown, never played
    record = _record(params, fragment, messages)
    seats = _seats(params.pop("seats", ""), params.pop("level", ""), record, levels, default_level, messages)
    if by_link:
        seats = tuple(Seat(FRIEND) for _ in seats)
    cursor = _cursor(params.pop("move", ""), len(record.turns), messages)
    return EmbedConfig(SavedGame(record, seats, cursor), theme, tuple(messages), language)


def full_page_url(page_url: str, saved: SavedGame, language: str = "") -> str:
    """The full page (no embed) opening the same game through a share fragment, in the embed's
    `language` when its address named one."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return with_language(base, language) + "#" + encode_share(saved.record)


def _params(query: str, messages: list[str]) -> dict[str, str]:
    query = query.lstrip("?")
    if len(query) > MAX_QUERY_CHARS:
        messages.append(Text(N_("the address is longer than {limit} characters; its settings were ignored"),
                             {"limit": MAX_QUERY_CHARS}))
        return {}
    try:
        from urllib.parse import parse_qsl  # only embeds pay for it at start-up
        pairs = parse_qsl(query, max_num_fields=MAX_FIELDS)
    except ValueError:
        messages.append(Text(N_("the address has more than {limit} settings; they were ignored"),
                             {"limit": MAX_FIELDS}))
        return {}
    params: dict[str, str] = {}
    for key, value in pairs:
        if key in params:
            messages.append(Text(N_("setting {setting} is given twice; using the first"), {"setting": _show(key)}))
        else:
            params[key] = value.strip()
    return params


def _language(value: str, messages: list[str]) -> str:
    """The site's language `lang` names (`pt-BR` is Portuguese), or "": the page then speaks the
    reader's own, as assets/i18n.mjs decides, which ignores an unknown value too."""
    language = known(value)
    if value and language is None:
        codes = ", ".join(each.code for each in LANGUAGES)
        messages.append(Text(N_("language {value} is not one of {codes}; using the reader's own"),
                             {"value": _show(value), "codes": codes}))
    return language.code if language is not None else ""


def _record(params: dict[str, str], fragment: str, messages: list[str]) -> Record:
    """The record to open: `record` (turns or share code), else the fragment, else a new game."""
    spec = find_game(DEFAULT_GAME)
    name = params.pop("game", "")
    if name:
        try:
            spec = find_game(name)
        except ValueError:
            messages.append(Text(N_("there is no game {name}; showing {game}"),
                                 {"name": _show(name), "game": spec.title}))
    options: dict[str, object] = {}
    for option in spec.options:
        if option.name in params:
            value = params.pop(option.name)
            try:
                options[option.name] = option.coerce(value)
            except ValueError as exc:
                messages.append(Text(N_("{problem}; using {default}"),
                                     {"problem": _show_error(exc), "default": option.default}))
    for key in params:
        if key not in RESERVED:
            messages.append(Text(N_("setting {setting} is not known here and was ignored"), {"setting": _show(key)}))
    text = params.pop("record", "")
    fragment = fragment.lstrip("#")
    if text or fragment:
        shared = _shared(text, fragment, spec.name, options, messages)
        if shared is not None:
            if name and shared.game != spec.name:
                messages.append(Text(N_("the record is a game of {record_game}, not {game}"),
                                     {"record_game": find_game(shared.game).title, "game": spec.title}))
            return shared
    return Record(spec.name, spec.resolve_options(options), ())


def _shared(text: str, fragment: str, game: str, options: dict, messages: list[str]) -> Record | None:
    if is_link_code(text or fragment):
        from ui.saves.correspondence import LinkError, decode_link
        try:
            return decode_link(text or fragment).record
        except LinkError as exc:
            messages.append(Text(N_("the game by link was not loaded: {problem}"), {"problem": _show_error(exc)}))
            return None
    if text and not is_share_code(text):
        turns = tuple(text.split())
        if len(turns) > MAX_TURNS:
            messages.append(Text(N_("the record has more than {limit} moves and was not loaded"),
                                 {"limit": MAX_TURNS}))
            return None
        record = Record(game, find_game(game).resolve_options(options), turns)
        try:
            replay(record)
        except ValueError as exc:
            messages.append(Text(N_("the record was not loaded: {problem}"), {"problem": _show_error(exc)}))
            return None
        return record
    try:
        return decode_share(text or fragment)
    except ShareError as exc:
        messages.append(Text(N_("the shared game was not loaded: {problem}"), {"problem": _show_error(exc)}))
        return None


def _seats(text: str, level: str, record: Record, levels: Collection[str], default_level: str | None,
           messages: list[str]) -> tuple[Seat, ...]:
    players = find_game(record.game).new_game(record.options).num_players
    people = tuple(Seat() for _ in range(players))
    fallback = default_level or next(iter(levels), None)
    if level:
        if level in levels:
            fallback = level
        else:
            messages.append(Text(N_("level {level} is not one of {choices}; using {fallback}"),
                                 {"level": _show(level), "choices": ', '.join(levels) or 'none', "fallback": fallback}))
    if not text:
        return people
    items = text.split(",")
    if len(items) != players:
        messages.append(Text(N_("seats lists {count} players; this game has {players}; everyone plays in person"),
                             {"count": len(items), "players": players}))
        return people
    seats = []
    for number, item in enumerate(items, start=1):
        kind, _, named = item.strip().lower().partition(":")
        if kind == HUMAN and not named:
            seats.append(Seat())
        elif kind in (AI, "computer") and fallback is not None and (not named or named in levels):
            seats.append(Seat(AI, named or fallback))
        else:
            messages.append(Text(N_("seat {number} {item} is not human or ai[:level]; a person plays it"),
                                 {"number": number, "item": _show(item)}))
            seats.append(Seat())
    return tuple(seats)


def _cursor(text: str, turns: int, messages: list[str]) -> int:
    if not text:
        return turns
    if text.isascii() and text.isdigit() and len(text) < 6 and int(text) <= turns:
        return int(text)
    messages.append(Text(N_("move {move} is not between 0 and {turns}; showing the last move"),
                         {"move": _show(text), "turns": turns}))
    return turns


def _show(value: str) -> str:
    """A value from the address, shortened, for a message (shown as text, never as HTML)."""
    return repr(value[:40] + ("..." if len(value) > 40 else ""))


def _show_error(exc: Exception) -> str:
    """The error's text for a message: its Text (translated where shown) when short, else cut."""
    text = text_of(exc)
    return text if len(text) <= 200 else text[:200] + "..."

"""The new-game form as data: which fields a game has, and what the submitted values mean.

The page builds its controls from `fields(spec)` and `seat_labels(...)`, and hands the raw
strings back to `read_choice`, which checks them with the game's own OptionSpecs. Pure, so the
form's logic is tested without a browser.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from pygame_core.errors import OptionsError
from pygame_core.game import GameSpec, OptionSpec
from pygame_core.registry import find_game

from ui.i18n import _, say
from ui.play.clock import CONTROLS, MAX_BASE_S, MAX_INCREMENT_S, TimeControl, control_named
from ui.play.error_words import error_words
from ui.play.saved_game import AI, FRIEND, HUMAN, Seat

HUMAN_CHOICE = "human"
FRIEND_CHOICE = "friend"
CUSTOM_CLOCK = "custom"   # the Clock list's choice that shows the minutes and seconds fields
MAX_LISTED = 24   # a numeric option with fewer values than this gets a list


class Field(NamedTuple):
    """One option control: a <select> when `choices` is set, else a number input."""

    name: str
    label: str
    help: str
    default: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    step: float | None = None


class SetupChoice(NamedTuple):
    game: str
    options: dict[str, Any]
    seats: tuple[Seat, ...]


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def fields(spec: GameSpec, current: Mapping[str, Any] | None = None) -> list[Field]:
    """The option controls of `spec`, preset to `current` values where given."""
    current = current or {}
    result = []
    for option in spec.options:
        value = current.get(option.name, option.default)
        result.append(_field(option, value))
    return result


def _field(option: OptionSpec, value: Any) -> Field:
    """A select for listed choices and for short numeric ranges (STYMIE's 3..12), else a
    number input (SUPERSTAR's komi, -50..50 in halves)."""
    choices = tuple(_text(c) for c in option.choices)
    low, high, step = option.minimum, option.maximum, option.step or 1
    if not choices and low is not None and high is not None and (high - low) / step < MAX_LISTED:
        count = int(round((high - low) / step)) + 1
        choices = tuple(_text(_number(low + i * step, option.default)) for i in range(count))
    return Field(option.name, say(option.label or _label(option.name)), say(option.help), _text(value), choices,
                 option.minimum, option.maximum, option.step)


def _number(value: float, like: Any) -> Any:
    return int(round(value)) if isinstance(like, int) else value


def _text(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def seat_labels(spec: GameSpec, raw_options: Mapping[str, str]) -> list[str]:
    """One label per seat for these (possibly unchecked) option values: 'Black (moves first)'.
    Falls back to the defaults when the values do not check out yet."""
    try:
        options = spec.resolve_options(raw_options)
    except OptionsError:
        options = spec.resolve_options({})
    names = spec.player_names(options)
    return [_("{player} (moves first)", player=say(name)) if i == 0 else say(name) for i, name in enumerate(names)]


def seat_choices(levels: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """(value, label) for a seat's <select>: a person, the computer at each level, or a friend
    who plays by link on another device."""
    return ([(HUMAN_CHOICE, _("Person"))] + [(name, _("Computer: {level}", level=say(label))) for name, label in levels]
            + [(FRIEND_CHOICE, _("Friend, by link"))])


def seats_like(seats: Sequence[Seat], players: int) -> list[str]:
    """Seat choices for a game of `players` seats that has no choices of its own yet, following
    the game on the board (the front door's or the last New game's choice): the person where
    its first person sat, the computer at its level in every other seat; with no computer in it,
    people everywhere (a friend by link is never assumed)."""
    level = next((seat.level for seat in seats if seat.kind == AI and seat.level), None)
    if level is None:
        return [HUMAN_CHOICE] * players
    mine = next((i for i, seat in enumerate(seats) if seat.kind == HUMAN), 0)
    mine = min(mine, players - 1)
    return [HUMAN_CHOICE if i == mine else level for i in range(players)]


def clock_choices() -> list[tuple[str, str]]:
    """(value, label) of the form's Clock list: none (the default), each control, then custom."""
    return ([("", _("None"))] + [(control.name, _("{minutes} min + {seconds} s", minutes=control.base_s // 60,
                                                  seconds=control.increment_s)) for control in CONTROLS]
            + [(CUSTOM_CLOCK, _("Custom…"))])


def clock_value(control: TimeControl | None) -> str:
    """The Clock list's value for `control`: '' for none, CUSTOM_CLOCK for one not listed."""
    if control is None:
        return ""
    return control.name if control in CONTROLS else CUSTOM_CLOCK


def custom_control(minutes: str, increment: str) -> TimeControl | str:
    """The custom control typed in the form, or why it is not one."""
    try:
        base, added = int(minutes), int(increment)
    except ValueError:
        base = added = -1
    if not (1 <= base <= MAX_BASE_S // 60 and 0 <= added <= MAX_INCREMENT_S):
        return _("A custom clock takes whole minutes from 1 to {minutes} and seconds added from 0 to {seconds}.",
                 minutes=MAX_BASE_S // 60, seconds=MAX_INCREMENT_S)
    return TimeControl(base * 60, added)


def read_clock(raw: str, seats: Sequence[Seat], minutes: str = "", increment: str = "") -> TimeControl | None | str:
    """The chosen time control (None: no clock; `minutes` and `increment` typed for a custom
    one), or why it cannot time these seats."""
    if not raw:
        return None
    control = custom_control(minutes, increment) if raw == CUSTOM_CLOCK else control_named(raw)
    if isinstance(control, str):
        return control
    if control is None:
        return _("Unknown clock {choice}.", choice=repr(raw))
    if any(seat.kind == FRIEND for seat in seats):
        return _("A game by link has no clock: each of you moves on their own device, in their own time.")
    if not any(seat.kind == HUMAN for seat in seats):
        return _("A clock times the people at this device: seat a person to use one.")
    return control


def read_choice(game: str, raw_options: Mapping[str, str], raw_seats: Sequence[str],
                levels: Sequence[str]) -> SetupChoice | str:
    """The checked choice, or a message saying which value is wrong."""
    try:
        spec = find_game(game)
        options = spec.resolve_options(dict(raw_options))
    except (ValueError, OptionsError) as exc:
        return error_words(exc)
    players = len(spec.player_names(options))
    if len(raw_seats) != players:
        return _("{game} with these options has {players} seats, not {seats}.", game=spec.title, players=players,
                 seats=len(raw_seats))
    seats = []
    for raw in raw_seats:
        if raw == HUMAN_CHOICE:
            seats.append(Seat(HUMAN))
        elif raw in levels:
            seats.append(Seat(AI, raw))
        elif raw == FRIEND_CHOICE:
            seats.append(Seat(FRIEND))
        else:
            return _("Unknown player choice {choice}.", choice=repr(raw))
    kinds = [seat.kind for seat in seats]
    if FRIEND in kinds and (kinds.count(HUMAN) != 1 or AI in kinds):
        return _("A game by link has one person at this device (you) and friends by link in the other seats.")
    return SetupChoice(spec.name, options, tuple(seats))

"""The front door: whether a visit opens on it, and which seats each of its choices gives.

A first visit (no autosave, no share link, not an embed) opens on one block per game with three
choices: play the computer (at a level, you taking the first, the second or a random seat), play
a friend on this device (every seat a person) or play a friend by link; and, for a game with
tutorials, "New to X? Learn it in two minutes" (its first lesson). The blocks' markup is
written here once (`front_door_html`): the build puts it into the page, so the front door shows
before Python runs (assets/first-screen.mjs keeps a choice made meanwhile), and the page
(ui.page.front_door_dialog) wires the same elements once Python is up. Pure, and light: the
page's boot imports it for `opens_at_start`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Iterable

from ui.i18n import N_, _, say
from ui.play.markup import element
from ui.play.saved_game import AI, FRIEND, HUMAN, Seat

if TYPE_CHECKING:
    from pygame_core.game import GameSpec

RANDOM_SEAT = "random"


def opens_at_start(shared: bool, autosaved: bool) -> bool:
    """Whether the full page opens on the front door: only a first visit does (a share link
    and a game saved from last time each open on their game; an embed never asks, its query
    names the game)."""
    return not (shared or autosaved)


def seat_choices(spec: GameSpec) -> list[tuple[str, str]]:
    """(value, label) for "you play": each seat of the game's default set-up, then random."""
    from ui.play.setup import seat_labels
    labels = seat_labels(spec, {})
    return [(str(i), label) for i, label in enumerate(labels)] + [(RANDOM_SEAT, _("Random"))]


def computer_seats(players: int, yours: str, level: str,
                   pick: Callable[[int], int] = random.randrange) -> tuple[Seat, ...]:
    """You at seat `yours` ("0", "1", ... or "random"), the computer at `level` everywhere else."""
    return _around(players, yours, Seat(AI, level), pick)


def link_seats(players: int, yours: str, pick: Callable[[int], int] = random.randrange) -> tuple[Seat, ...]:
    """You at seat `yours`, a friend playing by link (ui.saves.correspondence) everywhere else."""
    return _around(players, yours, Seat(FRIEND), pick)


def _around(players: int, yours: str, other: Seat, pick: Callable[[int], int]) -> tuple[Seat, ...]:
    seat = pick(players) if yours == RANDOM_SEAT else int(yours)
    if not 0 <= seat < players:
        raise ValueError(f"no seat {yours!r} among {players}")
    return tuple(Seat(HUMAN) if i == seat else other for i in range(players))


def friend_seats(players: int) -> tuple[Seat, ...]:
    """Everyone a person at this device."""
    return (Seat(HUMAN),) * players


def default_players(spec: GameSpec) -> int:
    """How many seats the game has with its default options (what the front door starts)."""
    return len(spec.player_names(spec.resolve_options({})))


# What each of a block's buttons does: its class (assets/first-screen.mjs and the dialog find it
# by that) and its words (the accessible name adds the game's title).
CHOICES = (("front-door-computer", N_("Play the computer")),
           ("front-door-friend", N_("Play a friend on this device")),
           ("front-door-link", N_("Play a friend by link")))
LEARN = "front-door-learn"   # the game's first tutorial (ui.page.tutorial_coach), where it has lessons
RESUME = "front-door-resume"
LEVEL_NOTE = "front-door-level-note"   # the chosen level in plain words and your record at it (filled by Python)


# The block's texts composed from parts. The build writes them in English; the first screen
# (assets/i18n.mjs) shows the build's translation of each, and the page's Python writes them
# again from its catalog (ui.page.front_door_dialog), so they never stay English.

def choice_name(words: str, spec: GameSpec) -> str:
    """A choice button's accessible name: its words and the game ("Play the computer: SUSAN")."""
    return _("{choice}: {game}", choice=say(words), game=spec.title)


def resume_name(spec: GameSpec) -> str:
    return _("Resume {game}", game=spec.title)


def learn_words(spec: GameSpec) -> str:
    return _("New to {game}? Learn it in two minutes", game=spec.title)


def front_door_html(specs: Iterable[GameSpec], levels: Iterable[tuple[str, str]], default_level: str,
                    picture: Callable[[GameSpec], str]) -> str:
    """The front door's blocks, one per game: title, a picture of its empty board (`picture`
    gives that markup), summary, level and seat, the three choices, Resume (hidden) and a line
    for the progress of a choice made before the game has loaded."""
    levels = tuple(levels)
    return "".join(_block(spec, levels, default_level, picture(spec)) for spec in specs)


def _block(spec: GameSpec, levels: tuple[tuple[str, str], ...], default_level: str, picture: str) -> str:
    title_id = f"front-door-{spec.name}"
    help_ = spec.presentation.help   # a game may come without rules help
    level = element("select", *(_option(value, say(label), value == default_level) for value, label in levels),
                    class_="front-door-level")
    seat = element("select", *(_option(value, label, False) for value, label in seat_choices(spec)),
                   class_="front-door-seat")
    choices = element("div", element("label", level, text=_("Level") + " "),
                      element("label", seat, text=_("You play") + " "), class_="front-door-choices")
    buttons = [element("button", text=say(words), type="button", class_=kind, aria_label=choice_name(words, spec))
               for kind, words in CHOICES]
    buttons.append(element("button", text=_("Resume"), type="button", class_=RESUME,
                           aria_label=resume_name(spec), hidden=""))
    learn = (element("p", element("button", text=learn_words(spec), type="button", class_=LEARN),
                     class_="front-door-learn-line")
             if spec.lessons is not None else "")
    return element(
        "section",
        element("h3", text=spec.title, id=title_id),
        picture,
        element("p", text=say(help_.summary) if help_ is not None else "", class_="front-door-summary"),
        choices,
        element("p", class_=LEVEL_NOTE),
        element("div", *buttons, class_="dialog-buttons", role="group", aria_label=spec.title),
        learn,
        element("p", class_="front-door-progress", role="status"),
        class_="front-door-game", data_game=spec.name, aria_labelledby=title_id)


def _option(value: str, label: str, selected: bool) -> str:
    return element("option", text=label, value=value, selected="" if selected else None)

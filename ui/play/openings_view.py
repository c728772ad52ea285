"""Your openings as the panel shows them: each tree's name, a turn's games, results, score and
opponents in words, and the position after a line of turns as an SVG picture (drawn by the
board renderer itself, ui.board.svg). Pure: tested under CPython; ui.page.openings_panel puts
these on the page.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from pygame_core.ai.levels import LEVELS
from pygame_core.record import Record, replay_with_actions
from pygame_core.registry import find_game
from ui.board.boards import art_for
from ui.board.layout import fit
from ui.board.render import BoardView, draw
from ui.board.svg import SvgContext, svg_document
from ui.board.theme import Theme
from ui.i18n import N_, _, ngettext, number
from ui.play.openings import AT_DEVICE, BY_LINK, DRAW, LOSS, MIXED, UNFINISHED, WIN, Branch, TreeKey

PREVIEW_PX = 240   # the preview's width: a glance at the position, the analysis board shows it whole
PREVIEW_MARGIN_PX = 4
OPPONENTS = {AT_DEVICE: N_("people at this device"), BY_LINK: N_("friends by link"),
             MIXED: N_("computers at several levels")}


def tree_name(key: TreeKey) -> str:
    """'SUSAN: Size 5, Players 2, …': the game and every option of its tree, as New game names them."""
    spec = find_game(key[0])
    labels = {option.name: option.label for option in spec.options}
    values = [_("{option} {value}", option=_(labels[name]) if labels.get(name) else name.capitalize(),
                value=number(value) if isinstance(value, (int, float)) else _(str(value)))
              for name, value in key[1]]
    return _("{game}: {options}", game=spec.title, options=", ".join(values)) if values else spec.title


def games_words(branch: Branch) -> str:
    return ngettext("{n} game", "{n} games", branch.games)


def results_words(results: Counter[str]) -> str:
    """'2 won, 1 drawn, 0 lost', and the unfinished games when there are some."""
    words = _("{wins} won, {draws} drawn, {losses} lost", wins=number(results[WIN]), draws=number(results[DRAW]),
              losses=number(results[LOSS]))
    if results[UNFINISHED]:
        words = _("{results}, {unfinished}", results=words,
                  unfinished=ngettext("{n} unfinished", "{n} unfinished", results[UNFINISHED]))
    return words


def score_words(branch: Branch) -> str:
    """Your score in its finished games as a percentage (a draw counts half; a half rounds up)."""
    score = branch.score()
    return _("no finished game") if score is None else _("{score}%", score=number(int(score * 100 + 0.5)))


def opponent_name(against: str) -> str:
    """A level's name as the level list says it, or who else the games were played against."""
    if against in OPPONENTS:
        return _(OPPONENTS[against])
    level = LEVELS.get(against)
    return _(level.label) if level is not None else against


def against_words(branch: Branch) -> str:
    """'Medium 3, people at this device 1': the games through here by opponent, most first."""
    counts = sorted(((sum(results.values()), name) for name, results in branch.against.items()),
                    key=lambda item: (-item[0], item[1]))
    return ", ".join(_("{opponent} {games}", opponent=opponent_name(name), games=number(games))
                     for games, name in counts if games)


def line_words(turns: Sequence[str]) -> str:
    return _("after {turns}", turns=" ".join(turns)) if turns else _("the starting position")


def position_svg(key: TreeKey, turns: Sequence[str], theme: Theme, width: float = PREVIEW_PX) -> str:
    """The position after `turns` of the tree `key`, its last turn marked, as an SVG picture
    whose title names the line (the markup is the renderer's own: every text in it escaped)."""
    spec = find_game(key[0])
    states, actions = replay_with_actions(Record(spec.name, dict(key[1]), tuple(turns)))
    state = states[-1]
    last: tuple[int, ...] = ()
    for action in actions[-1] if actions else ():
        last += states[-2].touched_cells(action)[-1:]
    board = state.board
    view = BoardView(tuple(state.occupant(cell) for cell in range(board.size)),
                     tuple(theme.stone(state.player_name(seat), seat) for seat in range(state.num_players)),
                     last=last)
    art = art_for(board, spec.presentation.goal_bars)
    min_x, min_y, max_x, max_y = art.bounds
    height = width * (max_y - min_y) / (max_x - min_x)
    context = SvgContext()
    draw(context, art, view, theme, fit(art.bounds, width, height, PREVIEW_MARGIN_PX), width, height)
    return svg_document(context.shapes, width, height, _("{game}, {line}", game=spec.title, line=line_words(turns)))

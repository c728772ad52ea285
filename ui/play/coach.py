"""What the coach shows, in words and shapes: chances, the review graph, the mistakes.

Pure functions of evaluations (pygame_core.ai.review), so the words and the graph's geometry
are tested under CPython; ui.page.coach_panel only puts them into the page.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from pygame_core.ai.review import ALLOWED_LOSS, DEPTH_LABELS, MISSED_WIN, Evaluation, Fall, Mistake, Slide, drop_for
from pygame_core.game import GameState
from ui.i18n import N_, _, say

CHANCES_TITLE = N_("Chances to win (coach's estimate)")
CHANCES_EXPLAINED = N_(
    "The coach's search plays the position out many times from here; each player's share is "
    "the part of those games they won (a draw counts half). It is an estimate: it moves by a "
    "few points from one search to the next, and the player to move tends to look a little "
    "better than they are. \"Certain\" means the search proved the result.")

GRAPH_LEGEND = N_("Each player's chances over the game, one line per player in their stones' colours: "
                "top 100%, the dashed middle line 50%, bottom 0%; with three or four players, each "
                "line is read at its player's own turns. Upright marks: mistakes; a shaded stretch: "
                "where one player's chances fell the most. The blue line is the position shown; "
                "click the graph to go to a position.")


def percent(value: float) -> int:
    return round(value * 100)


def chances_words(state: GameState, evaluation: Evaluation) -> str:
    """'Black 62% · White 38%', or the proven result ('certain: Black wins')."""
    names = [say(state.player_name(p)) for p in range(state.num_players)]
    if evaluation.exact:
        winners = [names[p] for p, c in enumerate(evaluation.chances) if c > 0.999]
        if winners:
            return _("certain: {player} wins", player=winners[0])
        if evaluation.chances and max(evaluation.chances) - min(evaluation.chances) < 1e-6:
            return _("certain: a draw")
    return " · ".join(_("{player} {percent}%", player=name, percent=percent(c))
                      for name, c in zip(names, evaluation.chances, strict=False))


class Segment(NamedTuple):
    seat: int
    start: float   # 0..1 along the bar
    width: float


def bar_segments(evaluation: Evaluation) -> list[Segment]:
    """The bar's parts, one per seat in seat order, widths adding up to 1."""
    segments, at = [], 0.0
    for seat, share in enumerate(evaluation.chances):
        segments.append(Segment(seat, at, share))
        at += share
    return segments


def graph_lines(evaluations: Mapping[int, Evaluation], positions: int, players: int,
                width: float, height: float, pad: float = 4.0) -> list[list[tuple[float, float]]]:
    """Per seat, the points (x, y in pixels) of its chances at each evaluated position; x
    runs over positions 0..positions-1, y from 100% at the top to 0% at the bottom. With more
    than two players a seat's line has a point only where that seat is to move (and at the
    end): the search flatters whoever moves, and with three or four sides that bias moved
    every line at every ply."""
    lines: list[list[tuple[float, float]]] = [[] for unused in range(players)]
    for index in sorted(evaluations):
        evaluation = evaluations[index]
        x = graph_x(index, positions, width, pad)
        for seat, share in enumerate(evaluation.chances[:players]):
            if players > 2 and evaluation.to_move not in (seat, -1):
                continue
            lines[seat].append((x, pad + (1 - share) * (height - 2 * pad)))
    return lines


def graph_x(index: int, positions: int, width: float, pad: float = 4.0) -> float:
    span = max(1, positions - 1)
    return pad + index * (width - 2 * pad) / span


def position_at(x: float, positions: int, width: float, pad: float = 4.0) -> int:
    """The position whose column is nearest to `x` (a click on the graph)."""
    span = max(1, positions - 1)
    index = round((x - pad) * span / max(1.0, width - 2 * pad))
    return max(0, min(positions - 1, index))


def mistake_words(state: GameState, mistake: Mistake) -> str:
    """One line per mistake, saying whether it is proven or estimated, e.g.
    '12. White e5: White's chances 30%, where c4 gave 61% (estimate)'."""
    who = say(state.player_name(mistake.seat))
    values = {"turn": mistake.turn, "player": who, "played": mistake.played, "better": mistake.better,
              "after": percent(mistake.after), "chances": percent(mistake.better_chances)}
    if mistake.kind == MISSED_WIN:
        return _("{turn}. {player} {played}: missed a win: {better} wins (proven)", **values)
    if mistake.kind == ALLOWED_LOSS:
        return _("{turn}. {player} {played}: this loses by force (proven), where {better} gave {chances}%", **values)
    return _("{turn}. {player} {played}: {player}'s chances {after}%, where {better} gave {chances}% (estimate)",
             **values)


def slide_words(state: GameState, slide: Slide) -> str:
    """The steepest slide in a line, e.g. 'Black's chances fell the most from move 21 to move
    83: from 52% to 3%. Black's turns there that lost the most by Black's next turn:'."""
    who = say(state.player_name(slide.seat))
    head = _("{player}'s chances fell the most from move {start} to move {end}: from {high}% to {low}%.",
             player=who, start=slide.start + 1, end=slide.end, high=percent(slide.high), low=percent(slide.low))
    if not slide.falls:
        return head
    return f"{head} " + _("{player}'s turns there that lost the most by {player}'s next turn:", player=who)


def fall_words(state: GameState, fall: Fall) -> str:
    """One of a slide's turns, e.g. '34. Black b5: 41% to 33%, where the coach preferred c4 (estimate)'."""
    return _("{turn}. {player} {played}: {before}% to {after}%, where the coach preferred {better} (estimate)",
             turn=fall.turn, player=say(state.player_name(fall.seat)), played=fall.played,
             before=percent(fall.before), after=percent(fall.after), better=fall.better)


def review_progress(done: int, total: int, depth: str, finished: bool, seconds_left: float | None = None) -> str:
    """The review's status line: how far it is, and how long it may still take."""
    label = say(DEPTH_LABELS.get(depth, depth))
    if finished:
        return _("Reviewed all {total} positions ({depth}).", total=total, depth=label)
    if seconds_left is None:
        status = _("Reviewing… {done} of {total} positions ({depth}).", done=done, total=total, depth=label)
    else:
        status = _("Reviewing… {done} of {total} positions ({depth}, about {seconds} s left).", done=done,
                   total=total, depth=label, seconds=max(1, round(seconds_left)))
    look = " " + _("Reviewed positions can be looked at already: click the graph or a marked turn.") if done else ""
    return status + look


def review_verdict(found: Sequence[Mistake], players: int) -> str:
    """What the finished review can and cannot say, plainly."""
    threshold = percent(drop_for(players))
    proven = sum(1 for m in found if m.kind in (MISSED_WIN, ALLOWED_LOSS))
    if not found:
        return _("No turn lost {threshold} points or more by the coach's estimate, and none threw away "
                 "a proven result. The estimates move by a few points between searches: a deeper "
                 "review may find more.", threshold=threshold)
    if proven == len(found):
        return _("Every marked turn is proven: the search saw the game decided by it.")
    return _("Turns marked (estimate) fell {threshold} points or more below the coach's choice by its "
             "estimate: likely mistakes, not certain ones; a deeper review is surer.", threshold=threshold)


def depth_choices() -> Sequence[tuple[str, str]]:
    return [(depth, say(label)) for depth, label in DEPTH_LABELS.items()]

"""What the coach shows, in words and shapes: chances, the review graph, the mistakes.

Pure functions of evaluations (pygame_core.ai.review), so the words and the graph's geometry
are tested under CPython; ui.page.coach_panel only puts them into the page.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from pygame_core.ai.review import DEPTH_LABELS, Evaluation, Mistake
from pygame_core.game import GameState

CHANCES_TITLE = "Chances to win (coach's estimate)"
CHANCES_EXPLAINED = (
    "The coach's search plays the position out many times from here; each player's share is "
    "the part of those games they won (a draw counts half). It is an estimate: it moves by a "
    "few points from one search to the next, and the player to move tends to look a little "
    "better than they are. \"Certain\" means the search proved the result.")

GRAPH_LEGEND = ("Each player's chances over the game, one line per player in their stones' colours: "
                "top 100%, the dashed middle line 50%, bottom 0%. Upright marks: mistakes. The blue "
                "line is the position shown; click the graph to go to a position.")


def percent(value: float) -> int:
    return round(value * 100)


def chances_words(state: GameState, evaluation: Evaluation) -> str:
    """'Black 62% · White 38%', or the proven result ('certain: Black wins')."""
    names = [state.player_name(p) for p in range(state.num_players)]
    if evaluation.exact:
        winners = [names[p] for p, c in enumerate(evaluation.chances) if c > 0.999]
        if winners:
            return f"certain: {winners[0]} wins"
        if evaluation.chances and max(evaluation.chances) - min(evaluation.chances) < 1e-6:
            return "certain: a draw"
    return " · ".join(f"{name} {percent(c)}%" for name, c in zip(names, evaluation.chances, strict=False))


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
    runs over positions 0..positions-1, y from 100% at the top to 0% at the bottom."""
    lines: list[list[tuple[float, float]]] = [[] for _ in range(players)]
    for index in sorted(evaluations):
        x = graph_x(index, positions, width, pad)
        for seat, share in enumerate(evaluations[index].chances[:players]):
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
    """'12. White e5: 58% → 30% for White; better: c4 (61%)'."""
    who = state.player_name(mistake.seat)
    return (f"{mistake.turn}. {who} {mistake.played}: {who}'s chances "
            f"{percent(mistake.after)}%, where {mistake.better} gave {percent(mistake.better_chances)}%")


def review_progress(done: int, total: int, depth: str, finished: bool) -> str:
    label = DEPTH_LABELS.get(depth, depth)
    if finished:
        return f"Reviewed all {total} positions ({label})."
    return f"Reviewing… {done} of {total} positions ({label})."


def depth_choices() -> Sequence[tuple[str, str]]:
    return list(DEPTH_LABELS.items())

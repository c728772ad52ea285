"""STYMIE positions set up by hand: how many stones the turn may place, whether Horz may swap
now, whether the sides were swapped, and the stones already placed in the turn in progress
(a pair or a triple being made). A side already connected has won."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...errors import RecordError
from ...facets import Facet, PositionError, PositionRules, Side, choice
from ...translatable import N_, Text
from .state import (EMPTY, EMPTY_SYMBOL, HORZ, NORMAL, OPENING, SIDE_LETTERS, SIDE_NAMES, TRIPLE, VERT,
                    StymieState, _setup_of, load_position, next_stones, win_outcome)

YES, NO = N_("yes"), N_("no")   # facet values as records write them; the editor shows them translated
STONES = Facet("stones", N_("Pieces this turn may place"), N_("1 for the opening move only; 3 right after the "
               "opponent's single (a triple); 2 otherwise"), str(NORMAL), (str(OPENING), str(NORMAL), str(TRIPLE)))
SWAP = Facet("swap", N_("Horz may swap now"), N_("only as the second move of the game, after Vert's opening piece"),
             NO, (NO, YES))
SWAPPED = Facet("swapped", N_("Sides swapped"), N_("after a swap the first player plays Horz"), NO, (NO, YES))
PLACED = Facet("placed", N_("Pieces already placed this turn"), N_("the first pieces of a pair or a triple "
               "being made, e.g. h8"), "")


def facets(options: Mapping[str, Any]) -> tuple[Facet, ...]:
    return (STONES, SWAP, SWAPPED, PLACED)


def sides(options: Mapping[str, Any]) -> tuple[Side, ...]:
    return tuple(Side(symbol, name) for symbol, name in zip(SIDE_LETTERS, SIDE_NAMES, strict=True))


def read(options: Mapping[str, Any], rows: Sequence[str], to_move: str, given: Mapping[str, str]) -> StymieState:
    """The state of a position set up by hand; PositionError naming every problem."""
    problems: list[str] = []
    limit = int(choice(given, STONES, problems))
    swap_ok = choice(given, SWAP, problems) == YES
    swapped = choice(given, SWAPPED, problems) == YES
    try:
        loaded = load_position(options, rows, to_move)
    except RecordError as exc:
        raise PositionError([exc.message, *problems]) from None
    cells, side = loaded._cells, loaded._side
    placed = _placed(loaded, given.get(PLACED.name, ""), limit, problems)
    stones = sum(1 for c in cells if c != EMPTY) - len(placed)   # on the board when the turn began
    if limit == OPENING and (stones or side != VERT or swapped):
        problems.append(N_("only the opening move is limited to 1 piece: the board must be empty, "
                        "with Vert to move"))
    if limit != OPENING and not stones:
        problems.append(N_("on an empty board it is the opening move: set the pieces this turn may place to 1"))
    if limit == TRIPLE and stones < 2:
        problems.append(N_("a triple follows the opponent's single after the opening, so the board holds "
                        "at least 2 pieces"))
    if swap_ok and (stones != 1 or side != HORZ or swapped or limit != NORMAL):
        problems.append(N_("Horz may swap only as the second move: one Vert piece on the board, Horz to "
                        "move 2 pieces, sides not yet swapped"))
    if swapped and not stones:
        problems.append(N_("the sides can only have been swapped after the opening piece"))
    if problems:
        raise PositionError(problems)
    wins = [o for o in (win_outcome(loaded._t, cells, s, s ^ swapped) for s in (VERT, HORZ)) if o is not None]
    if placed and wins:   # a turn in progress is judged when it ends; the opponent cannot have won
        if wins[0].winners != (side ^ swapped,):
            raise PositionError([f"{wins[0].reason}: the game ended before this turn"])
        wins = []
    return StymieState(_setup_of(options), cells, side, swapped, 1, placed, limit, swap_ok, wins[0] if wins else None)


def _placed(loaded: StymieState, text: str, limit: int, problems: list[str]) -> tuple[int, ...]:
    """The stones named as placed this turn: the mover's, and the start of a pair or triple
    that the turn can still complete (else the turn would be over)."""
    board, cells, side = loaded.board, loaded._cells, loaded._side
    placed: list[int] = []
    for token in text.replace(",", " ").split():
        cell = board.cell(token)
        if cell is None or cells[cell] != side or cell in placed:
            problems.append(Text(N_("{token} is not a {side} piece that could have been placed this turn"),
                {"token": repr(token), "side": Text(SIDE_NAMES[side])}))
        else:
            placed.append(cell)
    if placed and not problems and not next_stones(loaded._t, cells, placed, limit):
        names = " and ".join(board.names[c].lower() for c in placed)
        problems.append(Text(N_("with {names} placed, no piece can be added to make a legal turn: the turn would be over"),
            {"names": names}))
    return tuple(placed)


def facets_of(state: Any) -> dict[str, str]:
    assert isinstance(state, StymieState)
    names = state.board.names
    return {STONES.name: str(state.stone_limit), SWAP.name: YES if state._swap_ok else NO,
            SWAPPED.name: YES if state.swapped else NO,
            PLACED.name: ",".join(names[c].lower() for c in state.turn_actions)}


def infer(options: Mapping[str, Any], rows: Sequence[str], to_move: str, values: Mapping[str, str]) -> dict[str, str]:
    """What the stones tell of a position set up by hand: an empty board is the opening (1
    stone); one Vert stone with Horz to move is the second move, where Horz may swap; any other
    board, a turn of 2 (a triple needs the move before it, which stones do not show)."""
    loaded = load_position(options, rows, to_move)
    cells = [c for c in loaded._cells if c != EMPTY]
    if not cells:
        return {STONES.name: str(OPENING), SWAP.name: NO}
    swapped = values.get(SWAPPED.name, SWAPPED.default).strip().lower() == YES
    second = cells == [VERT] and loaded._side == HORZ and not swapped
    return {STONES.name: str(NORMAL), SWAP.name: YES if second else NO}


RULES = PositionRules(facets, sides, EMPTY_SYMBOL, read, facets_of, infer)

"""Text diagrams of row boards, as printed in the games' manuals.

A diagram has one line per board row and one symbol per cell. Readers accept both the compact
form (`.o..o.`, as `GameState.position_rows` returns) and the manuals' spaced, indented form,
optionally labelled with row letters on the left and numbers around the board (the SUSAN
manual's coordinate diagrams). Labels are recognised because they are not symbols: games must
choose stone symbols that are neither digits nor row letters of their board.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from .errors import RecordError, quote
from .geometry import Board
from .translatable import N_, Text

_ROW_NAME = re.compile(r"^([a-z]+)\d+$")


def row_letters(board: Board) -> list[str]:
    """The row name of each display row (`a`, `b`, ...), from its first cell's name."""
    names = []
    for row in board.rows:
        match = _ROW_NAME.match(board.names[row[0]].lower())
        if match is None:
            raise ValueError(f"board {board.name}: cell {quote(board.names[row[0]])} is not named row+number")
        names.append(match.group(1))
    return names


def read_diagram(lines: Sequence[str], board: Board, symbols: str) -> list[str]:
    """The compact rows of a diagram: one string per board row, symbols lowercased.

    `symbols` lists the allowed cell symbols in lower case (e.g. ".xo"); upper-case stones
    (the manuals' highlighted `X`) are read as the same stone. Lines with no symbols at all
    (blank lines, number rulers) are skipped; a row letter first or last and numbers are
    labels (a row letter that is also a symbol is read as a symbol). Raises RecordError naming the line or the row count when the text does not fit.
    """
    labels = set(row_letters(board)) - set(symbols)
    rows: list[str] = []
    for line in lines:
        tokens = line.split()
        if tokens and tokens[0].lower() in labels:
            tokens = tokens[1:]
        if tokens and tokens[-1].lower() in labels:
            tokens = tokens[:-1]
        cells = "".join(t for t in tokens if not t.isdigit()).lower()
        bad = [ch for ch in cells if ch not in symbols]
        if bad:
            raise RecordError(Text(N_("diagram line {line}: unknown symbol {symbol} (cells are written with {symbols})"),
                {"line": quote(line.strip()), "symbol": quote(bad[0]), "symbols": " ".join(symbols)}))
        if cells:
            rows.append(cells)
    lengths = [len(row) for row in board.rows]
    if len(rows) != len(lengths):
        raise RecordError(Text(N_("diagram has {count} rows; the {size}-cell board needs {needed} (of {lengths} cells)"),
            {"count": len(rows), "size": board.size, "needed": len(lengths), "lengths": ", ".join(map(str, lengths))}))
    for letter, row, length in zip(row_letters(board), rows, lengths, strict=True):
        if len(row) != length:
            raise RecordError(Text(N_("diagram row {letter} has {count} cells, expected {length}: {row}"),
                {"letter": letter, "count": len(row), "length": length, "row": quote(row)}))
    return rows


def indents(board: Board) -> list[int]:
    """Leading spaces of each row so that cells line up as on the board (2 columns per cell)."""
    half = math.sqrt(3) / 2  # horizontal distance of half a cell, in unit space
    starts = [board.centres[row[0]][0] for row in board.rows]
    left = min(starts)
    return [round((x - left) / half) for x in starts]


def write_diagram(rows: Sequence[str], board: Board) -> list[str]:
    """The manual's plain form of compact `rows`: spaced symbols, rows indented."""
    return [" " * pad + " ".join(row) for pad, row in zip(indents(board), rows, strict=True)]

"""The board sketch: how the page names a board picture the build made, and the compact
`pos` parameter an embed snippet carries so the blog page shows the position before Python runs.

Why: an embedded board is drawn at once from the build's pictures (assets/first-screen.mjs),
and the runtime boots only when the reader plays. The picture is found by the board's key
(`board_key`: the game and a checksum of its geometry, the same for the build that draws it and
the page that writes a snippet), the stones by `pos`:

    pos=<board key>:<cells of seat 0>:<cells of seat 1>...    e.g. pos=susan-1a2b3c4d:d6.c4:b5

Cell names are the notation's (letters and digits), joined by dots: nothing in it needs URL
escaping. The page validates it in JS before painting (and paints nothing when it does not
fit the board); Python never reads it: once booted, the record is the truth.
"""

from __future__ import annotations

import zlib

from pygame_core.game import GameState
from pygame_core.geometry import Board

MAX_POS_CHARS = 4000   # assets/first-screen.mjs refuses a longer one


def board_key(game: str, board: Board) -> str:
    """`game-xxxxxxxx`: the game and a checksum of the board's cell names and centres."""
    text = ";".join(f"{name}@{x:.4f},{y:.4f}" for name, (x, y) in zip(board.names, board.centres, strict=True))
    return f"{game}-{zlib.crc32(text.encode()):08x}"


def position_param(game: str, state: GameState) -> str:
    """The `pos` value for the position of `state` (a game of `game`)."""
    board = state.board
    seats = [".".join(board.names[cell] for cell in state.stones(seat)) for seat in range(state.num_players)]
    return ":".join([board_key(game, board), *seats])

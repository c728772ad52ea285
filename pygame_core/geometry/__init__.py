"""Board topologies: cells as ints, neighbour tables, names and unit-space shapes."""

from .board import HEX_DIRECTIONS, Board, hex_board, hexhex_board, row_hex_board

__all__ = ["HEX_DIRECTIONS", "Board", "hex_board", "hexhex_board", "row_hex_board"]

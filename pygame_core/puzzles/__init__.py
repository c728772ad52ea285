"""Puzzles: positions where exactly one turn wins or saves, proved by exhaustive search."""

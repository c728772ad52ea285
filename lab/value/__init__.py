"""A learned SUSAN evaluation fitted to search values (issue 53.6; docs/opponent-value.md).

The pipeline, one module a step: `games` plays self-play games and keeps their positions,
`symmetry` tells positions apart up to the board's rotations and reflections, `labels` values
each distinct position by a search, `fit` fits the table of pygame_core/games/susan/learned.py
to those values (numpy: lab only), `bench` measures it against the hand evaluation. The command
line is `python -m lab.value` (`__main__`).
"""

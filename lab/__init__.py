"""The research lab: tools that measure and improve the opponent, never shipped and never
imported by the product (pygame_core, ui; tests/core/test_layering.py holds it).

`ladder` rates players over many paired games, `match` plays two player specs against each
other, `value` fits SUSAN's learned evaluation. The command line is `python -m lab`
(`__main__`, `cli`); `python -m lab.value` runs the evaluation's pipeline.
"""

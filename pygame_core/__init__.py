"""Rules of SUSAN, STYMIE, SUPERSTAR and LISBON in pure Python.

Standard library only and no browser imports, so the same code runs under CPython and
under Pyodide. The public entry points are `registry.GAMES` / `registry.find_game` and the
game protocol in `game.py`.
"""

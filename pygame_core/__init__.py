"""Rules of SUSAN, STYMIE, SUPERSTAR and LISBON in pure Python.

Standard library only and no browser imports, so the same code runs under CPython and
under Pyodide. The public entry points are `registry.find_game` / `registry.all_games` and the
game protocol in `game.py`.
"""

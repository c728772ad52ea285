"""The ladder (issue 37): many games between any set of players, paired openings, results in
a JSON-lines file, ratings by maximum likelihood and a sequential test.

Modules: `schedule` (which games, from which openings), `play` (one game from plain data, so
it can run in another process), `executors` (local processes or Ray), `results` (the JSONL
file), `ratings` (Bradley–Terry fit, numpy), `sprt` (the sequential test), `report` and
`svg` (the docs' table and plots), `cli` (`python -m lab ladder`).
"""

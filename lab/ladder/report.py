"""The docs' ladder tables (Markdown) and plots (SVG) from results files: each level's rating
per game, and rating against iteration budget (the scaling curve) against one yardstick."""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

from pygame_core.registry import game_names
from pygame_core.ai.levels import LEVELS
from pygame_core.ai.player import spec_params
from ..match import wilson
from . import ratings, register
from .identity import UNRECORDED, spec_of
from .results import seat_score
from .svg import Point, Series, chart


def _params(player: str) -> list[tuple[str, str]]:
    """The parameters of the player's spec, in order (a name with a note or labelled unrecorded
    included)."""
    return list(spec_params(register.spec(player))[1].items())


def _param(player: str, name: str) -> str | None:
    """A parameter of the player's spec, None where it has none."""
    return next((value for key, value in _params(player) if key == name), None)


def order_key(spec: str) -> tuple[int, float, str]:
    """Weaker first, as far as the spec tells: by level, then by iterations."""
    level = _param(spec, "level")
    iterations = _param(spec, "iterations")
    rank = list(LEVELS).index(level) if level in LEVELS else len(LEVELS)
    return rank, float(iterations) if iterations else 0.0, spec


def players_of(records: Iterable[dict[str, Any]]) -> list[str]:
    return sorted({name for r in records for name in r["seats"]}, key=order_key)


def by_game(records: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The records by game, the games in the order the site lists them."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        grouped.setdefault(record["game"], []).append(record)
    order = list(game_names())
    return dict(sorted(grouped.items(), key=lambda item: (order.index(item[0]) if item[0] in order else len(order),
                                                           item[0])))


def matchups(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every pair that met, the later player (stronger by its spec) first: W–D–L, score with
    its 95% Wilson interval, games, complete pairs."""
    order = players_of(records)
    rows = []
    for i, low in enumerate(order):
        for high in order[i + 1:]:
            met = [r for r in records if set(r["seats"]) == {low, high}]
            if not met:
                continue
            scores = [seat_score(r) if r["seats"][0] == high else 1 - seat_score(r) for r in met]
            wins, draws = scores.count(1.0), scores.count(0.5)
            score = (wins + 0.5 * draws) / len(scores)
            rows.append({"a": high, "b": low, "wins": wins, "draws": draws, "losses": len(scores) - wins - draws,
                         "games": len(scores), "score": score, "interval95": wilson(wins + 0.5 * draws, len(scores))})
    return rows


def _signed(elo: float) -> str:
    """+12, -3, +0 (rounded to a whole point first, so never -0)."""
    return f"{round(elo):+d}"


def _elo_text(score: float) -> str:
    if score <= 0 or score >= 1:
        return "∞" if score >= 1 else "−∞"
    return _signed(ratings.elo_of_score(score))


def matchup_table(grouped: dict[str, list[dict[str, Any]]], label: Any) -> str:
    lines = ["| game | pair | W–D–L | score (95% interval) | Elo | games |", "|---|---|---|---|---|---|"]
    for game, records in grouped.items():
        for row in matchups(records):
            low, high = row["interval95"]
            lines.append(f"| {game.upper()} | {label(row['a'])} vs {label(row['b'])} | "
                         f"{row['wins']}–{row['draws']}–{row['losses']} | {100 * row['score']:.1f}% "
                         f"({100 * low:.1f}–{100 * high:.1f}%) | {_elo_text(row['score'])} | {row['games']} |")
    return "\n".join(lines) + "\n"


def fitted(grouped: dict[str, list[dict[str, Any]]]) -> dict[str, ratings.Ratings]:
    """Each game's ratings, anchored at its weakest player by spec; players with no chain of
    games to the anchor yet (a run still under way) are left out."""
    fits = {}
    for game, records in grouped.items():
        anchor = players_of(records)[0]
        linked = ratings.connected(anchor, ratings.games_of(records))
        kept = [r for r in records if set(r["seats"]) <= linked]
        fits[game] = ratings.fit(ratings.games_of(kept), anchor=anchor)
    return fits


def rating_table(fits: dict[str, ratings.Ratings], label: Any) -> str:
    lines = ["| game | player | Elo (95% interval) | games | first seat worth |", "|---|---|---|---|---|"]
    for game, fit in fits.items():
        seat = f"{_signed(fit.seat_advantage)} ({_signed(fit.seat_interval[0])} to {_signed(fit.seat_interval[1])})"
        for player in sorted(fit.players, key=order_key):
            low, high = fit.interval[player]
            elo = "0 (anchor)" if player == fit.anchor else f"{_signed(fit.elo[player])} ({_signed(low)} to {_signed(high)})"
            lines.append(f"| {game.upper()} | {label(player)} | {elo} | {fit.games[player]} | {seat} |")
            seat = ""
    return "\n".join(lines) + "\n"


def level_label(spec: str) -> str:
    """A level's name, with what the spec changes in it (`hard (iterations=20000, seconds=4)`:
    a candidate is not the level as shipped) and the file's note; the page's worker count has
    a column of its own."""
    level = _param(spec, "level")
    if level is None:
        return spec
    changed = [f"{key}={value}" for key, value in _params(spec) if key not in ("level", "workers")]
    return level + (f" ({', '.join(changed)})" if changed else "") + _noted(spec) + _unrecorded(spec)


def _noted(player: str) -> str:
    """", NOTE" for a player the register notes (ladder.register), else ""."""
    note = register.note(player)
    return f", {note}" if note else ""


def _unrecorded(player: str) -> str:
    """The UNRECORDED label of a player whose rows do not say what played, else ""."""
    return UNRECORDED if player != spec_of(player) else ""


def levels_chart(fits: dict[str, ratings.Ratings]) -> str:
    """Each game's levels, Elo against the game's easy (or weakest) level; a noted player (not the
    level as shipped, ladder.register) stays in the tables only."""
    names = list(LEVELS)
    series = []
    for game, fit in fits.items():
        levels = {p: _param(p, "level") for p in fit.players if not register.note(p)}
        points = [Point(names.index(str(levels[p])), fit.elo[p], *fit.interval[p])
                  for p in levels if levels[p] in names]
        series.append(Series(game.upper(), points))
    return chart("Levels: Elo over the game's weakest level (95% intervals)", series,
                 [(i, name) for i, name in enumerate(names)], "level", "Elo")


def iterations_label(spec: str) -> str:
    iterations = _param(spec, "iterations")
    return f"{iterations} iterations{_noted(spec)}{_unrecorded(spec)}" if iterations else spec


def scaling_chart(fits: dict[str, ratings.Ratings]) -> str:
    """Elo against iterations per action (doubling steps), one line per game, each against its
    smallest budget."""
    series = []
    budgets: set[float] = set()
    for game, fit in fits.items():
        mine = {p: float(_param(p, "iterations") or 0) for p in fit.players}
        base = min(b for b in mine.values() if b > 0)
        points = [Point(math.log2(budget), fit.elo[player], *fit.interval[player])
                  for player, budget in mine.items() if budget > 0]
        budgets.update(b for b in mine.values() if b > 0)
        notes = {register.note(p) for p in fit.players}
        shared = f", {notes.pop()}" if len(notes) == 1 and "" not in notes else ""
        series.append(Series(f"{game.upper()}{shared} (0 = {base:g})", points))
    return chart("Scaling: Elo against iterations per action (95% intervals)", series,
                 [(math.log2(b), f"{b:g}") for b in sorted(budgets)],
                 "iterations per action (each step doubles)", "Elo over the smallest budget")


def measurements_table(outcomes: Sequence[register.Outcome]) -> str:
    """The levels as a player gets them (the register's measurements of `page:` players): each
    pair on the page's worker count, its run, W–D–L and verdict."""
    lines = ["| game | pair | workers | run | seed | games | W–D–L | score (95% interval) | target | result |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for done in outcomes:
        run = done.run
        lines.append(f"| {run.game.upper()} | {_pair_label(done)} | "
                     f"{_param(run.pair[0], 'workers') or 1} | `{run.file}` | {run.seed} | "
                     f"{done.played} of {run.planned} | {done.wins}–{done.draws}–{done.losses} | {_score_text(done)} | "
                     f"≥ {100 * run.target_score:g}%, low end > {100 * run.target_low:g}% | {done.verdict} |")
    return "\n".join(lines) + "\n"


def _pair_label(done: register.Outcome) -> str:
    """The run's pair as both tables name it: each level with the file's note, if any."""
    return f"{level_label(done.names[0])} vs {level_label(done.names[1])}"


def _score_text(done: register.Outcome) -> str:
    """A run's score with its 95% interval, "–" before its first game."""
    if not done.played:
        return "–"
    low, high = done.interval95
    return f"{100 * done.score:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"


def runs_table(outcomes: Sequence[register.Outcome]) -> str:
    """Decisions and confirmations (ladder.register): each run on its own row, a decision followed
    by the runs that confirm it."""
    lines = ["| game | pair | run | role | seed | games | W–D–L | score (95% interval) | target | result |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for done in outcomes:
        run = done.run
        role = run.role if run.confirms is None else f"{run.role} of `{run.confirms}`"
        lines.append(f"| {run.game.upper()} | {_pair_label(done)} | "
                     f"`{run.file}` | {role} | {run.seed} | {done.played} of {run.planned} | "
                     f"{done.wins}–{done.draws}–{done.losses} | {_score_text(done)} | ≥ {100 * run.target_score:g}%, low end > "
                     f"{100 * run.target_low:g}% | {done.verdict} |")
    return "\n".join(lines) + "\n"

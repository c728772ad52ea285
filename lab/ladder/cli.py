"""`python -m lab ladder run|measure|ratings|sprt|report|diagnose|calibrate`: the ladder's command line.

`run` plays a schedule's missing games into a results file (stop it any time, run it again to
resume); `measure` plays the register's measurements as they were registered; `ratings` fits every game of one or more files; `sprt` plays pairs of A and B until
the sequential test decides; `report` writes the docs' tables and plots; `calibrate` fits the
cut playouts' slope (pygame_core.ai.cutoff). The statistics (numpy) are imported only by the commands that
need them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TYPE_CHECKING, Any, Callable

from pygame_core import cli
from pygame_core.game import GameSpec
from pygame_core.registry import GAMES, find_game
from pygame_core.ai.player import make_player
from ..players import lab_player
from . import runner, schedule
from .executors import Executor, executor_for, local_cores

if TYPE_CHECKING:
    from .register import Register


def _add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """What a run of games needs: seed, openings, clock, processes, results file."""
    parser.add_argument("--seed", type=int, default=1, help="seeds the openings and the players (default 1)")
    parser.add_argument("--opening-turns", type=int, default=schedule.OPENING_TURNS, metavar="N",
                        help=f"random turns before the players take over (default {schedule.OPENING_TURNS})")
    parser.add_argument("--results", required=True, metavar="FILE",
                        help="JSON-lines file the games are appended to; games it holds are not played again")
    parser.add_argument("--cpu-time", action="store_true",
                        help="think times count CPU time, not the wall clock (fair on a busy machine)")
    _add_executor_arguments(parser)


def _add_executor_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the games are played, and whether each is reported as it ends."""
    parser.add_argument("--jobs", type=int, default=local_cores(), metavar="N",
                        help=f"play games on N processes (default: all cores, {local_cores()} here)")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help="run the games as Ray tasks instead: 'local', 'auto' or a cluster's ray:// address")
    parser.add_argument("--progress", action="store_true", help="print a line after every game")


def _run_args(parser: argparse.ArgumentParser) -> None:
    cli.add_game_options(parser)
    parser.add_argument("--player", action="append", required=True, metavar="SPEC", dest="players",
                        help="a player spec (mcts:level=hard, mcts:iterations=1600, alphabeta:seconds=1, ...); "
                             "give it once per player")
    parser.add_argument("--schedule", default="round-robin", choices=schedule.SCHEDULES,
                        help="who meets whom: every pair, the first player against each other, "
                             "or each player against the next (default round-robin)")
    parser.add_argument("--pairs", type=int, default=50, metavar="N",
                        help="openings per matchup; each is played twice, seats swapped (default 50)")
    _add_run_arguments(parser)


def _game_and_options(args: argparse.Namespace) -> tuple[GameSpec, dict[str, Any]]:
    spec, given = cli.game_options(args)
    try:
        options = spec.resolve_options(given)
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    if spec.new_game(options).num_players != 2:
        raise cli.UsageError("the ladder rates two-player games; choose --players 2")
    return spec, options


def _check(args: argparse.Namespace, spec: GameSpec, players: list[str]) -> None:
    """Refuse bad numbers and bad player specs before any game is played."""
    if getattr(args, "pairs", 1) < 1:
        raise cli.UsageError("--pairs must be at least 1")
    if args.opening_turns < 0:
        raise cli.UsageError("--opening-turns must be 0 or more")
    if args.jobs < 1:
        raise cli.UsageError("--jobs must be at least 1")
    for text in players:
        try:
            lab_player(text, spec, random.Random(0))
        except ValueError as exc:
            raise cli.UsageError(str(exc)) from None


def _executor(args: argparse.Namespace) -> Executor:
    try:
        return executor_for(args.jobs, args.ray)
    except RuntimeError as exc:
        raise cli.UsageError(str(exc)) from None


def _progress(args: argparse.Namespace) -> Callable[[dict[str, Any]], None]:
    def show(record: dict[str, Any]) -> None:
        if args.progress:
            print(json.dumps({k: record[k] for k in ("pair", "seats", "winners", "turns", "cpu_s")}),
                  file=sys.stderr, flush=True)
    return show


def _run(args: argparse.Namespace) -> int:
    spec, options = _game_and_options(args)
    _check(args, spec, args.players)
    try:
        jobs = list(schedule.games(spec, GAMES[spec.name], options, args.players, args.schedule, args.pairs,
                                   args.seed, args.opening_turns, args.cpu_time))
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    played = runner.run(jobs, args.results, _executor(args), _progress(args))
    print(json.dumps({"game": spec.name, "scheduled": len(jobs), "played": played, "results": args.results}))
    return 0


def _measure_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runs", default="docs/ladder/runs.json", metavar="FILE",
                        help="the register of runs (default docs/ladder/runs.json)")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="only the measurements of the page's player on N workers (default: all)")
    parser.add_argument("--game", action="append", default=[], type=str.lower, dest="games",
                        help="only this game's measurements (repeat for several; default: every game's)")
    _add_executor_arguments(parser)


def _measure(args: argparse.Namespace) -> int:
    """Each registered measurement's missing games, in the register's order (resumes)."""
    from . import measure, register
    if args.jobs < 1:
        raise cli.UsageError("--jobs must be at least 1")
    try:
        for game in args.games:
            find_game(game)
        runs = register.load(args.runs)
        chosen = measure.measurements(runs, args.workers, args.games)
        planned = [(run, list(measure.jobs(run))) for run in chosen]
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    if not chosen:
        raise cli.UsageError(f"{args.runs} registers no measurement" + (
            f" on {args.workers} workers" if args.workers is not None else "") + (
            f" of {', '.join(args.games)}" if args.games else ""))
    executor = _executor(args)
    for run, games in planned:
        played = runner.run(games, str(runs.path(run.file)), executor, _progress(args))
        print(json.dumps({"game": run.game, "file": run.file, "scheduled": len(games), "played": played}), flush=True)
    return 0


def _load(paths: list[str], runs: Register | None = None) -> list[dict[str, Any]]:
    """The files' games as written, with the seats the register `runs` notes renamed."""
    from . import register, results
    try:
        return results.read(paths) if runs is None else register.read_noted(paths, runs)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise cli.UsageError(str(exc)) from None


def _read(paths: list[str], same: list[list[str]] | None = None, runs: Register | None = None) -> list[dict[str, Any]]:
    """The files' games, each player named as `same` ([SPEC, AS] pairs) says, then checked: one
    name is one resolved player, and rows that do not record theirs are a player of their own
    (ladder.identity)."""
    from . import identity
    names = dict(same or [])
    renamed = [dict(record, seats=[names.get(seat, seat) for seat in record["seats"]]) for record in _load(paths, runs)]
    for record in renamed:
        if len(set(record["seats"])) < len(record["seats"]):
            raise cli.UsageError(f"--same makes {record['seats'][0]} play itself in a {record['game']} game")
    try:
        return identity.labelled(renamed)
    except ValueError as exc:  # identity.MixedPlayers included
        raise cli.UsageError(str(exc)) from None


def _same_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--same", nargs=2, action="append", metavar=("SPEC", "AS"),
                        help="count SPEC's games as AS's: one player spelled two ways (e.g. a level's "
                             "shipped settings given explicitly); repeatable. Rows whose recorded players "
                             "differ are refused all the same")


def _ratings_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("results", nargs="+", metavar="FILE", help="results files (combined; a game in two counts once)")
    _same_arg(parser)
    parser.add_argument("--game", help="rate only this game's records")
    parser.add_argument("--anchor", metavar="SPEC", help="the player held at 0 Elo (default: the weakest by its spec)")
    parser.add_argument("--json", action="store_true", help="one JSON object per game instead of tables")


def _statistics() -> Any:
    """The report module (and with it numpy, needed only for ratings)."""
    try:
        from . import report
    except ImportError as exc:
        raise cli.UsageError(f"ratings need numpy, which is missing here ({exc})") from None
    return report


def _ratings(args: argparse.Namespace) -> int:
    records = _read(args.results, args.same)
    if args.game:
        records = [r for r in records if r["game"] == args.game.strip().lower()]
    if not records:
        raise cli.UsageError("no games to rate in " + ", ".join(args.results))
    report = _statistics()
    for game, played in report.by_game(records).items():
        try:
            fit = report.ratings.fit(report.ratings.games_of(played), anchor=_anchor(args.anchor, played, report))
        except ValueError as exc:
            raise cli.UsageError(f"{game}: {exc}") from None
        if args.json:
            print(json.dumps({"game": game, **fit.as_dict(), "matchups": report.matchups(played)}))
        else:
            print(report.rating_table({game: fit}, str))
            print(report.matchup_table({game: played}, str))
    return 0


def _anchor(asked: str | None, records: list[dict[str, Any]], report: Any) -> str:
    """The player held at 0: the one asked for (its unrecorded games' player where only those
    name it), else the weakest by its spec."""
    from .identity import UNRECORDED
    players = report.players_of(records)
    if asked is None:
        return str(players[0])
    return asked + UNRECORDED if asked not in players and asked + UNRECORDED in players else asked


def _sprt_args(parser: argparse.ArgumentParser) -> None:
    cli.add_game_options(parser)
    parser.add_argument("--a", required=True, metavar="SPEC", help="the player to beat (today's)")
    parser.add_argument("--b", required=True, metavar="SPEC", help="the candidate: is it stronger than A?")
    parser.add_argument("--elo0", type=float, default=0.0, help="H0: B is this much stronger (default 0)")
    parser.add_argument("--elo1", type=float, default=20.0, help="H1: B is this much stronger (default 20)")
    parser.add_argument("--alpha", type=float, default=0.05, help="chance of accepting H1 when H0 holds (0.05)")
    parser.add_argument("--beta", type=float, default=0.05, help="chance of accepting H0 when H1 holds (0.05)")
    parser.add_argument("--model", choices=("pentanomial", "trinomial"), default="pentanomial",
                        help="count pairs of games from one opening (default) or single games")
    parser.add_argument("--max-pairs", type=int, default=2000, metavar="N",
                        help="stop undecided after N openings (default 2000)")
    _add_run_arguments(parser)


def _sprt(args: argparse.Namespace) -> int:
    from . import results, sprt
    spec, options = _game_and_options(args)
    args.pairs = args.max_pairs
    _check(args, spec, [args.a, args.b])
    if args.a == args.b:
        raise cli.UsageError("--a and --b name the same player")
    try:
        test = sprt.Test(args.elo0, args.elo1, args.alpha, args.beta)
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    jobs = list(schedule.games(spec, GAMES[spec.name], options, [args.a, args.b], "round-robin", args.max_pairs,
                               args.seed, args.opening_turns, args.cpu_time))
    keys = {job.key for job in jobs}
    mine = [r for r in _load([args.results]) if results.record_key(r) in keys]
    count = sprt.pentanomial if args.model == "pentanomial" else sprt.trinomial
    values = sprt.PENTANOMIAL if args.model == "pentanomial" else sprt.TRINOMIAL

    def state() -> dict[str, Any]:
        counts = count(mine, args.a, args.b)
        llr = test.llr(counts, values)
        low, high = test.bounds
        return {"counts": counts, "llr": round(llr, 3), "bounds": [round(low, 3), round(high, 3)],
                "verdict": test.verdict(llr)}

    def seen(record: dict[str, Any]) -> None:
        mine.append(record)
        if args.progress:
            print(json.dumps({"pair": record["pair"], **state()}), file=sys.stderr, flush=True)

    if state()["verdict"] is None:
        runner.run(jobs, args.results, _executor(args), seen, lambda: state()["verdict"] is not None)
    final = state()
    games = sum(1 for r in mine if set(r["seats"]) == {args.a, args.b})
    print(json.dumps({"game": spec.name, "a": args.a, "b": args.b, "elo0": args.elo0, "elo1": args.elo1,
                      "alpha": args.alpha, "beta": args.beta, "model": args.model, "games": games, **final,
                      "result": {"H1": "B is stronger: accept", "H0": "B is not stronger: reject",
                                 None: "undecided after --max-pairs"}[final["verdict"]]}))
    return 0


def _report_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--levels", nargs="*", default=[], metavar="FILE", help="results of the levels' ladders")
    parser.add_argument("--scaling", nargs="*", default=[], metavar="FILE", help="results of the scaling ladders")
    parser.add_argument("--out", default="docs/ladder", metavar="DIR",
                        help="where levels.svg, scaling.svg and tables.md go (default docs/ladder)")
    parser.add_argument("--runs", metavar="FILE", help="the register of runs (docs/ladder/runs.json): its notes "
                        "name the players of the files it lists; its measurements (the levels as a player "
                        "gets them) get a table, its decisions and confirmations another")
    _same_arg(parser)


def _report(args: argparse.Namespace) -> int:
    from pathlib import Path

    from . import register
    report = _statistics()
    try:
        runs = register.load(args.runs) if args.runs else None
        done = register.outcomes(runs) if runs else []
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    measured = register.of_the_page(done, runs) if runs else []
    decided = [o for o in done if o.run.role != "measurement"]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sections = []
    for kind, paths, label, draw in (("levels", args.levels, report.level_label, report.levels_chart),
                                     ("scaling", args.scaling, report.iterations_label, report.scaling_chart)):
        grouped = report.by_game(_read(paths, args.same, runs)) if paths else {}
        if not grouped:
            continue
        try:
            fits = report.fitted(grouped)
        except ValueError as exc:
            raise cli.UsageError(f"{kind}: {exc}") from None
        (out / f"{kind}.svg").write_text(draw(fits), encoding="utf-8")
        sections.append(f"### {kind.capitalize()}\n\n{report.rating_table(fits, label)}\n"
                        f"{report.matchup_table(grouped, label)}")
    if not sections:
        raise cli.UsageError("no games: name results files with --levels or --scaling")
    if measured:
        sections.append(f"### The levels as a player gets them\n\n{report.measurements_table(measured)}")
    if decided:
        sections.append(f"### Decisions and confirmations\n\n{report.runs_table(decided)}")
    (out / "tables.md").write_text("\n".join(sections), encoding="utf-8")
    print(json.dumps({"written": [str(p) for p in sorted(out.glob("*.svg"))] + [str(out / "tables.md")]}))
    return 0


def _diagnose_args(parser: argparse.ArgumentParser) -> None:
    cli.add_game_options(parser)
    parser.add_argument("probe", choices=("focus", "tactics"),
                        help="focus: how the search concentrates as its budget grows; tactics: puzzles solved")
    parser.add_argument("--player", default="mcts:level=medium", metavar="SPEC",
                        help="the mcts player whose budget grows (default mcts:level=medium)")
    parser.add_argument("--budgets", default="800,1600,3200,6400,12800", metavar="N,N,...",
                        help="iterations per action (default 800,1600,3200,6400,12800)")
    parser.add_argument("--positions", type=int, default=30, metavar="N", help="focus: positions searched (default 30)")
    parser.add_argument("--turns", type=int, default=10, metavar="N",
                        help="focus: random whole turns before each position (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the positions and the searches (default 1)")


def _diagnose(args: argparse.Namespace) -> int:
    from . import diagnose
    spec, options = _game_and_options(args)
    try:
        budgets = sorted({int(b) for b in args.budgets.split(",") if b.strip()})
        if not budgets or budgets[0] < 1:
            raise ValueError("--budgets must name positive iteration counts")
        diagnose.budget_spec(args.player, budgets[0])
        make_player(diagnose.budget_spec(args.player, budgets[0]), spec, random.Random(0))
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    if args.probe == "tactics":
        rows = diagnose.tactics(spec, args.player, budgets, args.seed)
    else:
        states = diagnose.positions(spec, options, args.positions, args.seed, args.turns)
        rows = diagnose.focus_table(list(diagnose.focus(spec, states, args.player, budgets, args.seed)), budgets)
    for row in rows:
        print(json.dumps({"game": spec.name, "probe": args.probe, "player": args.player, **row}))
    return 0


def _calibrate_args(parser: argparse.ArgumentParser) -> None:
    cli.add_game_options(parser)
    parser.add_argument("--player", default="mcts:level=easy", metavar="SPEC",
                        help="the player whose self-play games give the positions (default mcts:level=easy)")
    parser.add_argument("--games", type=int, default=20, metavar="N", help="self-play games (default 20)")
    parser.add_argument("--opening-turns", type=int, default=schedule.OPENING_TURNS, metavar="N",
                        help=f"random turns before the player takes over (default {schedule.OPENING_TURNS})")
    parser.add_argument("--seed", type=int, default=1, help="seeds the openings and the player (default 1)")


def _calibrate(args: argparse.Namespace) -> int:
    from .calibrate import calibrate
    spec, options = _game_and_options(args)
    if args.games < 1:
        raise cli.UsageError("--games must be at least 1")
    try:
        make_player(args.player, spec, random.Random(0))
        row = calibrate(spec, options, args.player, args.games, args.seed, args.opening_turns)
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    print(json.dumps(row))
    return 0


def _ladder_args(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="ladder_command", required=True)
    for name, help_text, add_args, run in SUBCOMMANDS:
        escaped = help_text.replace("%", "%%")  # argparse formats help texts with %
        add_args(sub.add_parser(name, help=escaped, description=escaped))
        _RUNNERS[name] = run


def _ladder(args: argparse.Namespace) -> int:
    return _RUNNERS[args.ladder_command](args)


_RUNNERS: dict[str, Callable[[argparse.Namespace], int]] = {}
SUBCOMMANDS: list[cli.Command] = [
    ("run", "play a schedule's games (paired openings) into a results file; run again to resume", _run_args, _run),
    ("measure", "play the register's measurements (the levels as a player gets them) as registered; resumes",
     _measure_args, _measure),
    ("ratings", "maximum-likelihood Elo with 95% intervals over every game of results files", _ratings_args, _ratings),
    ("sprt", "play pairs of A and B until the sequential test says whether B is stronger", _sprt_args, _sprt),
    ("report", "write the docs' ladder tables and plots (SVG) from results files", _report_args, _report),
    ("diagnose", "probe the search without whole games: visit focus by budget, or puzzles solved by budget",
     _diagnose_args, _diagnose),
    ("calibrate", "fit the slope that turns the game's static evaluation into a win chance (cut playouts)",
     _calibrate_args, _calibrate),
]
COMMAND: cli.Command = ("ladder", "rate players over many paired games: run, ratings, sprt, report",
                        _ladder_args, _ladder)

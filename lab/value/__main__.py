"""`python -m lab.value games|label|fit|bench`: the learned SUSAN evaluation's pipeline
(docs/opponent-value.md has the commands of a whole run)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from lab.ladder.executors import executor_for, local_cores
from pygame_core.games.susan import learned
from pygame_core.games.susan.evaluation import evaluate as hand_evaluate

from .. import jsonl
from . import games, labels
from .bench import microseconds

SELF_PLAY = "mcts:level=medium,iterations=800"  # medium's budget, no time cap: reproducible
SEARCHER = "mcts:level=medium,iterations=800"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.value", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("games", help="play self-play games and keep their positions")
    play.add_argument("--out", required=True, help="games file (JSON lines; a run resumes)")
    play.add_argument("--games", type=int, required=True)
    play.add_argument("--seed", type=int, default=53)
    play.add_argument("--player", default=SELF_PLAY)
    play.add_argument("--random-turns", type=int, default=4)
    label = commands.add_parser("label", help="value every distinct position by a search")
    label.add_argument("--games-file", required=True)
    label.add_argument("--out", required=True, help="labels file (JSON lines; a run resumes)")
    label.add_argument("--searcher", default=SEARCHER)
    label.add_argument("--seed", type=int, default=53)
    label.add_argument("--chunk", type=int, default=20, help="positions per job")
    for command in (play, label):
        command.add_argument("--jobs", type=int, default=local_cores())
        command.add_argument("--ray", default=None, metavar="ADDRESS")
    fitting = commands.add_parser("fit", help="fit the table; print held-out errors; write the weights")
    fitting.add_argument("--games-file", required=True)
    fitting.add_argument("--labels", required=True)
    fitting.add_argument("--out", default=None, help="weights file to write (default: none)")
    fitting.add_argument("--steps", type=int, default=1500)
    bench = commands.add_parser("bench", help="microseconds an evaluation, hand and learned")
    bench.add_argument("--games-file", required=True)
    bench.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    try:
        return {"games": _games, "label": _label, "fit": _fit, "bench": _bench}[args.command](args)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _games(args: argparse.Namespace) -> int:
    jobs = games.pending([games.GameJob(args.seed, i, args.player, args.random_turns) for i in range(args.games)],
                         args.out)
    print(f"{len(jobs)} games to play")
    played = 0
    for record in executor_for(args.jobs, args.ray).run(games.play, jobs):
        jsonl.append(args.out, [record])
        played += 1
        print(f"game {record['index']}: {len(record['positions'])} positions, {record['cpu_s']} CPU s", flush=True)
    print(f"{played} games played; {len(games.distinct_positions(args.out))} distinct positions in {args.out}")
    return 0


def _label(args: argparse.Namespace) -> int:
    positions = games.distinct_positions(args.games_file)
    jobs = labels.jobs_for(positions, args.out, args.searcher, args.seed, args.chunk)
    print(f"{len(positions)} distinct positions, {sum(len(j.positions) for j in jobs)} to label")
    labels.run(jobs, args.out, executor_for(args.jobs, args.ray).run,
               lambda n: print(f"{n} labelled", flush=True))
    records = list(jsonl.read(args.out))
    cpu = sum(r["cpu_s"] for r in records)
    print(f"{len(records)} labels in {args.out}, {cpu:.0f} CPU s: {len(records) / max(cpu, 1e-9):.2f} positions "
          "a CPU second")
    return 0


def _fit(args: argparse.Namespace) -> int:
    import numpy as np  # the fit's: only here

    from . import fit
    known = labels.known_labels(args.labels)
    positions = [p for p in games.distinct_positions(args.games_file) if p.key in known]
    train = fit.data_for([p for p in positions if not fit.held_out(p)], known)
    test_positions = [p for p in positions if fit.held_out(p)]
    test = fit.data_for(test_positions, known)
    if not train.size or not test.size:
        raise ValueError(f"{train.size} labelled positions to fit and {test.size} held out: both must be some "
                         "(label more games: every fifth game is held out)")
    print(f"{train.size} positions to fit, {test.size} held out (games i % 5 == 4)")
    model = fit.fit(train, steps=args.steps)
    weights = fit.weights_bytes(model)
    shipped = learned.model_from_bytes(weights)
    as_shipped = np.array([learned.value_of(shipped, games.state_of(p.cells, p.slides)) for p in test_positions])
    scale = fit.best_scale(train.hand, train.labels)
    print(f"label variance (held out) {np.var(test.labels):.4f}")
    print(f"held-out MSE: hand {fit.mse(test.hand, test.labels):.4f}, hand x {scale:.3f} (fitted on the "
          f"training games) {fit.mse(scale * test.hand, test.labels):.4f}, learned "
          f"{fit.mse(model.predict(test), test.labels):.4f} (int16 as shipped "
          f"{fit.mse(as_shipped, test.labels):.4f}); on the fitted games: learned "
          f"{fit.mse(model.predict(train), train.labels):.4f}")
    if args.out:
        Path(args.out).write_bytes(weights)
        print(f"wrote {args.out} ({len(weights)} bytes)")
    return 0


def _bench(args: argparse.Namespace) -> int:
    states = [games.state_of(p.cells, p.slides) for p in games.distinct_positions(args.games_file)]
    if not states:
        raise ValueError(f"{args.games_file} holds no positions")
    for name, evaluate in (("hand", hand_evaluate), ("learned", learned.evaluate)):
        print(f"{name}: {microseconds(evaluate, states, args.rounds):.1f} us an evaluation "
              f"(median of {args.rounds} rounds over {len(states)} positions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

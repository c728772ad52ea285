"""Train a game's move-pattern weights from self-play (issue 28): `make train GAME=susan`.

1. Self-play: `--games` games between two copies of `--player` (an iteration budget, so each
   game depends only on (seed, index) and the records are reproducible), on `--jobs`
   processes (all cores by default) or as Ray tasks (`--ray`, as the ladder's runs); records
   are appended to `--records` (a JSON-lines file) as games finish and reused when it already
   holds them, so a long run can be stopped and picked up.
2. Features: every position of every game, every legal action's features from the game's
   `patterns.features` (its local ring pattern, folded by symmetry, and the game's own ones).
3. Fit: a conditional logit (Bradley–Terry over feature teams) on the games but the last
   `--holdout` share; prints held-out top-1/top-5 accuracy against uniform choice and the
   fit's time, then refits on every game and writes the game's `patterns.json`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lab.ladder.executors import executor_for, local_cores  # noqa: E402
from pygame_core.patterns import dump_weights  # noqa: E402
from pygame_core.registry import find_game  # noqa: E402
from tools.patterns_fit import Position, accuracy, build, fit  # noqa: E402
from tools.patterns_selfplay import load_records, self_play  # noqa: E402


def positions_of(game: str, records: list[dict], per_game: int | None = None) -> list[list[Position]]:
    """Per game record, its positions with more than one candidate: (features, index played);
    with `per_game`, only that many of its actions, drawn by the record's index (the fit's
    memory grows with positions times candidates, and a game's neighbouring positions teach
    much the same)."""
    spec = find_game(game)
    features = importlib.import_module(f"pygame_core.games.{game}.patterns").features
    out = []
    for record in records:
        moves = record["moves"]
        wanted = set(range(len(moves)))
        if per_game is not None and per_game < len(moves):
            wanted = set(random.Random(record["index"]).sample(range(len(moves)), per_game))
        state, last, rows = spec.new_game({}), None, []
        for ply, action in enumerate(moves):
            if ply in wanted:
                cands = features(state, last)
                actions = [a for a, _ in cands]
                if len(cands) > 1 and action in actions:
                    rows.append(([fs for _, fs in cands], actions.index(action)))
            state, last = state.apply(action), action
        out.append(rows)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=40, help="self-play games")
    parser.add_argument("--player", default="mcts:iterations=300", help="self-play player spec")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--jobs", type=int, default=local_cores(), help="processes (default: all cores)")
    parser.add_argument("--ray", metavar="ADDRESS", help="play the games as Ray tasks: 'local', 'auto' or a ray:// address")
    parser.add_argument("--records", type=Path, help="JSON-lines records file (default: .cache/patterns/GAME.jsonl)")
    parser.add_argument("--holdout", type=float, default=0.2, help="share of games held out for accuracy")
    parser.add_argument("--l2", type=float, default=0.02)
    parser.add_argument("--per-game", type=int, metavar="N",
                        help="fit on N actions drawn from each game, not all (bounds the fit's memory)")
    parser.add_argument("--fit-only", action="store_true", help="fit on the records there are, play none")
    parser.add_argument("--play-only", action="store_true",
                        help="play and record the games, fit nothing (e.g. on a lent many-core machine)")
    parser.add_argument("--out", type=Path, help="weights file (default: the game's patterns.json)")
    args = parser.parse_args(argv)
    if args.per_game is not None and args.per_game < 1:
        parser.error("--per-game must be at least 1")
    records_path = args.records or ROOT / ".cache" / "patterns" / f"{args.game}.jsonl"
    records_path.parent.mkdir(parents=True, exist_ok=True)
    have = load_records(records_path) if records_path.exists() else []
    if len(have) < args.games and not args.fit_only:
        started = time.perf_counter()
        with records_path.open("a") as sink:
            done = {r["index"] for r in have}
            executor = executor_for(args.jobs, args.ray)
            for record in self_play(args.game, args.player, args.games, args.seed, executor, skip=done):
                sink.write(json.dumps(record) + "\n")
                sink.flush()
                have.append(record)
                print(f"game {record['index']}: {len(record['moves'])} actions", flush=True)
        print(f"self-play: {time.perf_counter() - started:.0f} s")
    if args.play_only:
        return 0
    records = sorted(have, key=lambda r: r["index"])[:args.games]
    started = time.perf_counter()
    by_game = positions_of(args.game, records, args.per_game)
    print(f"features: {sum(map(len, by_game))} positions from {len(records)} games in "
          f"{time.perf_counter() - started:.1f} s")
    cut = max(1, round(len(by_game) * (1 - args.holdout)))
    train = [p for game in by_game[:cut] for p in game]
    test = [p for game in by_game[cut:] for p in game]
    vocab: dict[int, int] = {}
    train_data = build(train, vocab, grow=True)
    weights, seconds = fit(train_data, len(vocab), args.l2)
    figures = {"features": len(vocab), "train_positions": len(train), "fit_seconds": round(seconds, 2)}
    if test:
        test_data = build(test, vocab, grow=False)
        uniform = sum(1 / len(c) for c, _ in test) / len(test)
        figures.update(test_positions=len(test), top1=round(accuracy(weights, test_data, 1), 3),
                       top5=round(accuracy(weights, test_data, 5), 3), uniform_top1=round(uniform, 3))
    print(json.dumps(figures))
    every = train + test
    vocab = {}
    all_data = build(every, vocab, grow=True)
    weights, seconds = fit(all_data, len(vocab), args.l2)
    table = {f: float(weights[col]) for f, col in vocab.items()}
    meta = {"games": len(records), "player": args.player, "seed": args.seed, "positions": len(every),
            "per_game": args.per_game, **figures}
    out = args.out or ROOT / "pygame_core" / "games" / args.game / "patterns.json"
    out.write_text(dump_weights(table, meta) + "\n")
    print(f"wrote {out} ({out.stat().st_size} bytes; final fit {seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

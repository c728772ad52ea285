"""Mine puzzles from self-play games and the SUSAN manual's diagrams, prove each one, and write
`pygame_core/puzzles/puzzles.json` (`make puzzles`).

Reproducible: every game is played by the players below from a fixed seed per (game, index),
so the same code mines the same puzzles. Every position of every game (each turn start, and
each point inside a multi-stone turn) is a candidate; `pygame_core.puzzles.prove` decides,
exhaustively, whether exactly one turn wins (in 1 or 2 turns, or by solving a SUPERSTAR
endgame to the end) or exactly one turn saves the mover for one more turn. A position with
more whole turns than the prover may enumerate is skipped.

Usage: python tools/mine_puzzles.py [--out FILE] [--games-scale X]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Callable, Iterator, NamedTuple

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pygame_core.ai.player import make_player  # noqa: E402
from pygame_core.errors import OptionsError, RecordError  # noqa: E402
from pygame_core.game import Action, GameState  # noqa: E402
from pygame_core.puzzles.catalog import SELF_PLAY, Puzzle, dumps, from_proof, texts_of, to_entry, verify  # noqa: E402
from pygame_core.puzzles.prove import SAVE, WIN, Proof, Prover, TooWide, prove, shortest_win  # noqa: E402
from pygame_core.record import Record, Start  # noqa: E402
from pygame_core.registry import find_game  # noqa: E402

DIAGRAMS = REPO / "tests" / "core" / "fixtures" / "susan_manual_diagrams.txt"
DIAGRAM_TITLES = {"threatened": "Threatened", "defended": "Defended", "standoff": "Standoff", "safe": "Safe",
                  "two_space_trap": "Traps: a two-space trap", "endgame": "The End Game",
                  "edge_traps": "Traps: edge traps", "empty_trap": "Traps: an empty trap"}
Log = Callable[[str], None]
Keep = Callable[[Puzzle], None]   # told of each puzzle as it is found (the journal)


class Plan(NamedTuple):
    """How one game is mined: players, games, how deep the proofs go, how many to keep."""

    game: str
    players: tuple[str, str]
    games: int
    win_moves: int           # look for wins in up to this many of the mover's turns
    save_moves: int          # and saves against wins in up to this many of the opponent's
    quota: dict[str, int]    # most puzzles kept per label (win1, win2, save1, solved)
    max_actions: int         # positions with more legal actions than this are skipped
    endgame: int = 0         # >0: solve to the end positions with at most this many legal actions
    close_komi: bool = False  # replay each game under the komi that makes its final score close
    limit: int = 3000        # whole turns a proof may enumerate at one position (else skipped)
    tag: str = ""            # a second plan of a game: in its seeds and puzzle ids (stymie-r01)

    @property
    def name(self) -> str:
        return self.game + self.tag


# `games`: how many games each plan's puzzles came from (issue 57.3 mined the plans of a game side
# by side and stopped each once the game had 100 puzzles; SUSAN's plan filled its quotas first)
PLANS = (
    Plan("susan", ("mcts:iterations=150", "tactician"), 240, 2, 1, {"win1": 25, "win2": 40, "save1": 40}, 200),
    # STYMIE: at most 300 whole turns anywhere in a proof, which keeps mining and the re-check quick
    Plan("stymie", ("mcts:iterations=60", "tactician"), 72, 1, 1, {"win1": 45, "save1": 60}, 90, limit=300),
    Plan("stymie", ("random", "random"), 27, 1, 1, {"win1": 30, "save1": 30}, 90, limit=300, tag="r"),
    Plan("stymie", ("random", "random"), 21, 1, 1, {"win1": 30, "save1": 30}, 90, limit=300, tag="s"),
    Plan("stymie", ("mcts:iterations=60", "tactician"), 29, 1, 1, {"win1": 30, "save1": 30}, 90, limit=300, tag="t"),
    Plan("superstar", ("mcts:iterations=30", "mcts:iterations=30"), 126, 1, 0, {"solved": 105}, 400,
         endgame=8, close_komi=True),
    Plan("superstar", ("mcts:iterations=30", "mcts:iterations=30"), 34, 1, 0, {"solved": 40}, 400,
         endgame=8, close_komi=True, tag="b"),
    # LISBON: only the last stone of a turn (or its first turn) has few enough whole turns
    Plan("lisbon", ("random", "random"), 96, 1, 0, {"win1": 105}, 400, limit=300),
    Plan("lisbon", ("random", "random"), 22, 1, 0, {"win1": 40}, 400, limit=300, tag="b"),
    Plan("lisbon", ("random", "random"), 18, 1, 0, {"win1": 40}, 400, limit=300, tag="c"),
)


def self_play(plan: Plan, index: int) -> tuple[dict, Iterator[tuple[list[str], tuple[str, ...], GameState]]]:
    """Game `index` of `plan`: its options and every position in it, as (turns so far, stones
    placed in the unfinished turn, the position itself). With `plan.close_komi` the game is
    replayed under the komi that makes its final score differ by half a point, so that its
    endgame is close (a position of a legal game with that option)."""
    spec = find_game(plan.game)
    seats = [make_player(p, spec, random.Random(f"{plan.name}-{index}-{seat}")) for seat, p in enumerate(plan.players)]
    if index % 2:
        seats.reverse()
    state = spec.new_game({})
    played: list[list[Action]] = []
    while state.outcome is None and len(played) < 400:
        actions = seats[state.to_move].choose_turn(state, None)
        played.append(list(actions))
        for action in actions:
            state = state.apply(action)
    options: dict = {}
    if plan.close_komi and state.outcome is not None:
        white, black = state.outcome.details["score"].totals
        options = {"komi": state.options["komi"] + white - black + (0.5 if index % 2 else -0.5)}
        try:
            spec.resolve_options(options)
        except OptionsError:   # a margin beyond the komi's range: this game gives no puzzle
            return options, iter(())

    def positions() -> Iterator[tuple[list[str], tuple[str, ...], GameState]]:
        start = spec.new_game(options)
        turns: list[str] = []
        for actions in played:
            current = start
            for count, action in enumerate(actions):
                yield turns, texts_of(start, actions[:count]), current
                current = current.apply(action)
            turns = [*turns, start.format_turn(actions)]
            start = current
    return options, positions()


def classify(prover: Prover, plan: Plan, root: GameState) -> tuple[str, int, Proof] | None:
    """(kind, moves, proof) for the first claim that holds at `root`, else None."""
    legal = len(root.legal_actions())
    if legal > plan.max_actions:
        return None
    if plan.endgame:
        if legal > plan.endgame:
            return None
        most = legal + 2   # every placement with a pass between each: the game is over by then
        moves = shortest_win(prover, root, most)
        proof = prove(prover, root, WIN, moves) if moves else None
        return (WIN, moves, proof) if proof and moves else None
    moves = shortest_win(prover, root, plan.win_moves)
    if moves:
        proof = prove(prover, root, WIN, moves)
        return (WIN, moves, proof) if proof else None
    for moves in range(1, plan.save_moves + 1):
        proof = prove(prover, root, SAVE, moves)
        if proof:
            return SAVE, moves, proof
    return None


def mine_game(plan: Plan, scale: float, log: Log, keep: Keep) -> list[Puzzle]:
    found: list[Puzzle] = []
    counts = {key: 0 for key in plan.quota}
    seen: set[tuple] = set()
    for index in range(max(1, round(plan.games * scale))):
        if all(counts[k] >= q for k, q in plan.quota.items()):
            break
        game_found = 0
        taken: set[int] = set()   # one puzzle per turn of a game
        options, positions = self_play(plan, index)
        for turns, pending, root in positions:
            where = (tuple(root.position_rows()), root.to_move, pending)
            if root.outcome is not None or where in seen or game_found >= 2 or len(turns) in taken:
                continue
            seen.add(where)
            prover = Prover(limit=plan.limit)
            try:
                claim = classify(prover, plan, root)
            except TooWide:
                continue
            if claim is None:
                continue
            kind, moves, proof = claim
            if all(action < 0 for action in proof.solution):
                continue   # a pass or an empty end of turn: true, but no puzzle
            key = "solved" if plan.endgame else f"{kind}{moves}"
            if key not in counts or counts[key] >= plan.quota[key]:
                continue
            counts[key] += 1
            game_found += 1
            taken.add(len(turns))
            source = (f"{SELF_PLAY} {plan.players[index % 2]} vs {plan.players[1 - index % 2]}, "
                      f"seed {plan.name}-{index}, turn {len(turns) + 1}" + (f", komi {options['komi']:g}" if options else ""))
            puzzle = from_proof(f"{plan.name}-{len(found) + 1:02d}", Record(plan.game, options, tuple(turns)), pending,
                                kind, moves, root, proof, source)
            found.append(puzzle)
            keep(puzzle)
            log(f"  {time.strftime('%H:%M:%S')} {puzzle.id}: {key} {' '.join(puzzle.solution) or '(end the turn)'} ({source})")
    return found


def manual_puzzles(log: Log, keep: Keep) -> list[Puzzle]:
    """The manual's diagrams, with either side to move, that hold a unique win or save."""
    spec = find_game("susan")
    options = spec.resolve_options({})
    diagrams: dict[str, list[str]] = {}
    current: list[str] = []
    for line in DIAGRAMS.read_text(encoding="utf-8").splitlines():
        if line.startswith("== "):
            current = diagrams.setdefault(line[3:].strip(), [])
        elif not line.startswith("#"):
            current.append(line)
    found: list[Puzzle] = []
    load_position = spec.load_position
    assert load_position is not None  # SUSAN loads a position from its diagram text
    for name, lines in diagrams.items():
        if name.startswith("after_") or name == "coordinates":
            continue
        for side in ("Black", "White"):
            try:
                root = load_position(options, lines, side)
            except RecordError:
                continue
            claim = classify(Prover(), PLANS[0], root)
            if claim is None:
                continue
            kind, moves, proof = claim
            record = Record("susan", {}, (), Start(tuple(root.position_rows()), side))
            title = DIAGRAM_TITLES.get(name, name.replace("_", " "))
            source = f"SUSAN manual, diagram '{title}', {side} to move"
            puzzle = from_proof(f"susan-manual-{len(found) + 1:02d}", record, (), kind, moves, root, proof, source)
            found.append(puzzle)
            keep(puzzle)
            log(f"  {puzzle.id}: {kind}{moves} {' '.join(puzzle.solution)} ({source})")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(REPO / "pygame_core" / "puzzles" / "puzzles.json"))
    parser.add_argument("--games-scale", type=float, default=1.0, help="play this fraction of each plan's games")
    parser.add_argument("--games", default="", help="mine only these plans (game and tag, comma-separated: "
                        "stymie,stymier), for trying plans or mining them side by side")
    args = parser.parse_args(argv)
    wanted = set(filter(None, args.games.split(",")))

    def log(text: str) -> None:
        print(text, flush=True)

    journal = Path(args.out + ".found.jsonl")   # every puzzle as it is found: a long run's work survives a stop
    journal.write_text("", encoding="utf-8")

    def keep(puzzle: Puzzle) -> None:
        with journal.open("a", encoding="utf-8") as lines:
            lines.write(json.dumps(to_entry(puzzle), separators=(",", ":")) + "\n")

    started = time.perf_counter()
    puzzles: list[Puzzle] = []
    if not wanted or "susan" in wanted:
        step = time.perf_counter()
        log("susan: the manual's diagrams")
        puzzles += manual_puzzles(log, keep)
        log(f"  {time.perf_counter() - step:.1f} s")
    for plan in PLANS:
        if wanted and plan.name not in wanted:
            continue
        step = time.perf_counter()
        log(f"{plan.name}: {plan.players[0]} vs {plan.players[1]}")
        puzzles += mine_game(plan, args.games_scale, log, keep)
        log(f"  {time.perf_counter() - step:.1f} s")
    partial = Path(args.out + ".partial")   # kept when the check below fails, to look at
    partial.write_text(dumps(puzzles) + "\n", encoding="utf-8")
    step = time.perf_counter()
    problems = [p for puzzle in puzzles for p in verify(puzzle)]
    log(f"re-proved {len(puzzles)} puzzles in {time.perf_counter() - step:.1f} s; problems: {problems or 'none'}")
    if problems:
        return 1
    partial.replace(args.out)
    per_game: dict[str, int] = {}
    for puzzle in puzzles:
        per_game[puzzle.game] = per_game.get(puzzle.game, 0) + 1
    log(f"wrote {len(puzzles)} puzzles {per_game} to {args.out} in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The shipped puzzles (`puzzles.json`, written by `tools/mine_puzzles.py`), as plain values.

A puzzle is a position (a record from the opening or from a diagram, plus the stones already
placed in an unfinished turn), a goal (`win` or `save` within `moves` turns, proved to `plies`
whole turns by `prove`), its solution and every accepted turn, and for every other turn the
opponent's answer that refutes it. Turns are kept as action notation, compared as sets (the
stones of one turn may be placed in any order). Everything here is checked again by
`verify`, which the tests run on every shipped puzzle.
"""

from __future__ import annotations

import json
import pkgutil
from functools import lru_cache
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from ..errors import RecordError, quote, text_of
from ..jsontext import load_json
from ..game import END_TURN, Action, GameState
from ..record import Record, from_data, replay, to_data
from ..translatable import N_, Text, and_list
from .prove import KINDS, Proof, Prover, plies_for, prove
from .rating import Rating, check_solves, rating_of

DATA_FILE = "puzzles.json"
FORMAT = "pygame_core-puzzles"
VERSION = 1

TurnText = tuple[str, ...]
SELF_PLAY = "self-play:"   # how tools/mine_puzzles.py begins the source of a computer game's puzzle


# a puzzle's goal by its kind, for more than one move [False] or one [True]
WIN_GOALS = (N_("{side} to play and win in {moves}"), N_("{side} to play and win"))
SAVE_GOALS = (N_("{side} to play and survive ({moves} turns ahead)"), N_("{side} to play and survive (stop the threat)"))


class Puzzle(NamedTuple):
    id: str
    record: Record                # the position: options, start, turns
    pending: TurnText             # stones of the unfinished turn already placed
    kind: str                     # "win" or "save"
    moves: int                    # the mover's turns to win in, or the opponent's turns to survive
    plies: int                    # whole turns the proof looked ahead
    solution: TurnText
    accepted: tuple[TurnText, ...]
    refutations: tuple[tuple[TurnText, TurnText], ...]   # wrong turn -> the answer (may be empty)
    source: str
    solves: tuple[int, ...] = ()  # tries each level solved it (rating.RATED_LEVELS), () until rated

    @property
    def rating(self) -> Rating | None:
        """How hard the computer's levels found it (None before tools/rate_puzzles.py ran)."""
        return rating_of(self.solves) if self.solves else None

    @property
    def game(self) -> str:
        return self.record.game

    def goal_text(self, state: GameState) -> str:
        """'Black to play and win', 'White to play and win in 2', 'Vert to play and survive'."""
        goals = WIN_GOALS if self.kind == "win" else SAVE_GOALS
        goal = Text(goals[self.moves == 1], {"side": Text(state.player_name(state.to_move)), "moves": self.moves})
        if not self.pending:
            return goal
        return Text(N_("{goal}, with {cells} already placed this turn: place the rest"),
                    {"goal": goal, "cells": and_list(self.pending)})

    def origin_text(self) -> str:
        """Where the position comes from, for players (the source is the miner's note)."""
        if self.source.startswith(SELF_PLAY):
            return Text(N_("From a game the computer played against itself, at move {number}."),
                        {"number": len(self.record.turns) + 1})
        return f"{self.source}."   # a citation (the SUSAN manual's diagram), kept as written

    def checked_text(self) -> str:
        """How far the proof looked, for players."""
        if self.plies == 1:
            return N_("The computer checked every move here.")
        return Text(N_("The computer checked every line {plies} moves ahead, both players' moves counted."),
                    {"plies": self.plies})


def turn_key(texts: Iterable[str]) -> frozenset[str]:
    """A turn's identity: its actions as a set (placement order does not matter)."""
    return frozenset(texts)


def texts_of(state: GameState, actions: Sequence[Action]) -> TurnText:
    """The notation of each action of a turn played from `state` (end of turn left out)."""
    return tuple(state.action_text(a) for a in actions if a != END_TURN)


def actions_of(state: GameState, texts: Sequence[str]) -> tuple[list[Action], GameState]:
    """The actions named by `texts`, played one by one from `state` (matched against each
    position's legal actions), and the state after them; RecordError for a text that fits none."""
    actions = []
    for text in texts:
        action = next((a for a in state.legal_actions() if state.action_text(a) == text), None)
        if action is None:
            raise RecordError(Text(N_("puzzle action {text} is not legal here"), {"text": quote(text)}))
        actions.append(action)
        state = state.play_unchecked(action)
    return actions, state


def after_turn(state: GameState, texts: Sequence[str]) -> GameState:
    """The state after the whole turn `texts` (as `texts_of` writes it: the end of the turn
    left out, so it is added when the rules still wait for it)."""
    _, after = actions_of(state, texts)
    if after.outcome is None and after.turn_actions and after.to_move == state.to_move:
        after = after.play_unchecked(END_TURN)
    return after


def root_state(puzzle: Puzzle) -> GameState:
    """The position the puzzle asks about (mid-turn when stones are pending)."""
    state = replay(puzzle.record)[-1]
    return actions_of(state, puzzle.pending)[1]


class Verdict(NamedTuple):
    solved: bool
    answer: TurnText      # the refuting answer when it exists (else empty)


def judge(puzzle: Puzzle, turn: Iterable[str]) -> Verdict:
    """Whether the player's turn (its action texts, pending ones excluded) solves the puzzle."""
    key = turn_key(turn)
    if any(turn_key(good) == key for good in puzzle.accepted):
        return Verdict(True, ())
    answer = next((reply for wrong, reply in puzzle.refutations if turn_key(wrong) == key), ())
    return Verdict(False, answer)


# --- plain data -------------------------------------------------------------------------------

def to_entry(puzzle: Puzzle) -> dict[str, Any]:
    return {"id": puzzle.id, "record": to_data(puzzle.record), "pending": list(puzzle.pending),
            "kind": puzzle.kind, "moves": puzzle.moves, "plies": puzzle.plies,
            "solution": list(puzzle.solution), "accepted": [list(t) for t in puzzle.accepted],
            "refutations": [[list(w), list(r)] for w, r in puzzle.refutations], "source": puzzle.source,
            **({"solves": list(puzzle.solves)} if puzzle.solves else {})}


def from_entry(data: Mapping[str, Any]) -> Puzzle:
    """A Puzzle from `to_entry`'s data; RecordError names what is wrong."""
    try:
        kind = data["kind"]
        if kind not in KINDS:
            raise RecordError(Text(N_("puzzle kind {kind} is unknown"), {"kind": quote(kind)}))

        def texts(value: Any) -> TurnText:
            if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
                raise RecordError(N_("puzzle turn is not a list of actions"))
            return tuple(value)

        moves, plies = int(data["moves"]), int(data["plies"])
        solves = tuple(int(count) for count in data.get("solves", ()))
        if solves and check_solves(solves):
            raise RecordError(Text(N_("puzzle rating is malformed ({detail})"), {"detail": check_solves(solves)}))
        return Puzzle(str(data["id"]), from_data(data["record"]), texts(data["pending"]), kind, moves, plies,
                      texts(data["solution"]), tuple(texts(t) for t in data["accepted"]),
                      tuple((texts(w), texts(r)) for w, r in data["refutations"]), str(data["source"]), solves)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(Text(N_("puzzle entry is malformed ({detail})"), {"detail": text_of(exc)})) from None


def dumps(puzzles: Sequence[Puzzle]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "puzzles": [to_entry(p) for p in puzzles]},
                      separators=(",", ":"))


@lru_cache(maxsize=1)
def shipped() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, in file order, read once from the package. OSError where the
    package does not hold the file: the site's archive leaves it out, and the page fetches it
    on first use and hands its text to `read` (ui/page/puzzle_file.py)."""
    raw = pkgutil.get_data(__package__, DATA_FILE)
    if raw is None:
        return ()
    return read(raw.decode("utf-8"))


def read(text: str) -> tuple[Puzzle, ...]:
    """The puzzles of a puzzle file's text, in file order; RecordError for anything else."""
    try:
        data = load_json(text)
    except ValueError as exc:
        raise RecordError(Text(N_("the puzzle file is not JSON ({detail})"), {"detail": text_of(exc)})) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RecordError(N_("the puzzle file has an unknown format"))
    entries = data.get("puzzles")
    if not isinstance(entries, list):
        raise RecordError(N_("the puzzle file holds no list of puzzles"))
    return tuple(from_entry(entry) for entry in entries)


# --- building and checking ----------------------------------------------------------------------

def from_proof(puzzle_id: str, record: Record, pending: TurnText, kind: str, moves: int,
               root: GameState, proof: Proof, source: str) -> Puzzle:
    """The puzzle a proof at `root` makes, turns written as notation."""

    def reply_texts(turn: tuple[Action, ...], reply: tuple[Action, ...] | None) -> TurnText:
        if reply is None:
            return ()
        after = root
        for action in turn:
            after = after.play_unchecked(action)
        return texts_of(after, reply)

    return Puzzle(puzzle_id, record, pending, kind, moves, plies_for(kind, moves),
                  texts_of(root, proof.solution), tuple(texts_of(root, t) for t in proof.accepted),
                  tuple((texts_of(root, t), reply_texts(t, r)) for t, r in proof.rejected), source)


def verify(puzzle: Puzzle, prover: Prover | None = None) -> list[str]:
    """Prove the puzzle again from its position: the problems found (empty when it holds)."""
    root = root_state(puzzle)
    if puzzle.plies != plies_for(puzzle.kind, puzzle.moves):
        return [f"{puzzle.id}: plies {puzzle.plies} do not match {puzzle.kind} in {puzzle.moves}"]
    proof = prove(prover or Prover(limit=None), root, puzzle.kind, puzzle.moves)
    if proof is None:
        return [f"{puzzle.id}: no unique {puzzle.kind} in {puzzle.moves}"]
    again = from_proof(puzzle.id, puzzle.record, puzzle.pending, puzzle.kind, puzzle.moves, root, proof, puzzle.source)
    problems = []
    if turn_key(again.solution) != turn_key(puzzle.solution):
        problems.append(f"{puzzle.id}: solution is {again.solution}, file says {puzzle.solution}")
    if {turn_key(t) for t in again.accepted} != {turn_key(t) for t in puzzle.accepted}:
        problems.append(f"{puzzle.id}: accepted turns differ")
    if {turn_key(w) for w, _ in again.refutations} != {turn_key(w) for w, _ in puzzle.refutations}:
        problems.append(f"{puzzle.id}: the wrong turns differ")
    for wrong, reply in puzzle.refutations:
        if reply:
            later = after_turn(after_turn(root, wrong), reply)
            if not (prover or Prover(limit=None)).refutes(puzzle.kind, later, root.to_move, puzzle.plies):
                problems.append(f"{puzzle.id}: {reply} does not refute {wrong}")
    return problems

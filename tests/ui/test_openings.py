"""Your openings (ui.play.openings): the tree's counts equal a recount of random saves, and the
choices it makes (your seat, hot-seat games, options, transpositions, repeats) hold."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pygame_core.random_play import random_turns
from pygame_core.record import Record, Start, from_actions, replay
from pygame_core.registry import GAME_NAMES, find_game
from ui.play.openings import DEPTH, Branch, opening_trees
from ui.play.saved_game import AI, FRIEND, HUMAN, SavedGame, Seat

LEVELS = ("easy", "medium", "hard")


def random_saves(seed: int, count: int) -> list[SavedGame]:
    """Saves of every game with a few shared openings (so the tree branches), two option sets
    per game, finished and unfinished games, every kind of seat, and repeats of one game id."""
    rng = random.Random(seed)
    saves = []
    for unused in range(count):
        spec = find_game(rng.choice(GAME_NAMES))
        options = spec.resolve_options({})
        if spec.options and rng.random() < 0.4:
            option = spec.options[0]
            others = [value for value in option.choices if value != option.default]
            if others:
                options = spec.resolve_options({option.name: rng.choice(others)})
        start = spec.new_state(options)
        opening = random_turns(start, random.Random(rng.randrange(3)), rng.randint(0, 4))   # shared
        state = start
        for turn in opening:
            for action in turn:
                state = state.apply(action)
        rest = random_turns(state, rng, rng.choice((3, 10, 400)))
        turns = from_actions(start, opening + rest)
        seats = [Seat(rng.choice((HUMAN, AI, FRIEND)), None) for unused in range(start.num_players)]
        seats = [Seat(AI, rng.choice(LEVELS)) if seat.kind == AI else seat for seat in seats]
        game_id = f"g{rng.randrange(count)}" if rng.random() < 0.8 else ""
        saves.append(SavedGame(Record(spec.name, options, tuple(turns)), tuple(seats), len(turns),
                               saved_at=f"2026-11-{rng.randint(10, 28)}", game_id=game_id))
    return saves


def recount(saves: list[SavedGame]) -> Counter:
    """Independently: (game, options, first turns, opponent, result) -> games, for every prefix."""
    groups: dict[str, list[SavedGame]] = {}
    for saved in saves:
        groups.setdefault(saved.game_id or f"alone {len(groups)}", []).append(saved)
    games = [max(group, key=lambda one: (len(one.record.turns), one.saved_at)) for group in groups.values()]
    counts: Counter = Counter()
    for saved in games:
        people = [number for number, seat in enumerate(saved.seats) if seat.kind == HUMAN]
        if not people:
            continue
        outcome = replay(saved.record)[-1].outcome
        result = ("unfinished" if outcome is None else "draw" if not outcome.winners
                  else "win" if people[0] in outcome.winners else "loss")
        levels = sorted({seat.level for seat in saved.seats if seat.kind == AI})
        opponent = ("mixed" if len(levels) > 1 else levels[0] if levels
                    else "link" if any(seat.kind == FRIEND for seat in saved.seats) else "device")
        options = tuple(sorted(saved.record.options.items()))
        for length in range(min(DEPTH, len(saved.record.turns)) + 1):
            counts[(saved.record.game, options, saved.record.turns[:length], opponent, result)] += 1
    return counts


def tree_counts(trees: dict) -> Counter:
    counts: Counter = Counter()

    def walk(key: tuple, branch: Branch) -> None:
        assert branch.games == sum(sum(results.values()) for results in branch.against.values())
        assert branch.games >= sum(child.games for child in branch.children.values())
        for opponent, results in branch.against.items():
            for result, games in results.items():
                if games:
                    counts[(key[0], key[1], branch.turns, opponent, result)] += games
        for child in branch.children.values():
            walk(key, child)
    for key, root in trees.items():
        walk(key, root)
    return counts


@pytest.mark.parametrize("seed", range(6))
def test_the_tree_equals_a_recount_of_random_saves(seed: int) -> None:
    saves = random_saves(seed, 40)
    counts = recount(saves)
    assert sum(counts.values()) > 40   # the saves do share openings and reach the depth
    assert tree_counts(opening_trees(saves)) == counts


def saved(turns: tuple[str, ...], seats: tuple[Seat, ...], game: str = "susan", **options: object) -> SavedGame:
    spec = find_game(game)
    return SavedGame(Record(spec.name, spec.resolve_options(options), turns), seats, len(turns))


def finished_susan() -> tuple[str, ...]:
    """A whole SUSAN game on the smallest board, played at random till it ends."""
    spec = find_game("susan")
    start = spec.new_state(spec.resolve_options({}))
    for seed in range(50):
        turns = random_turns(start, random.Random(seed), 400)
        record = Record(spec.name, spec.resolve_options({}), tuple(from_actions(start, turns)))
        final = replay(record)[-1]
        if final.outcome is not None and final.outcome.winners == (0,):
            return record.turns
    raise AssertionError("no SUSAN game won by Black in 50 tries")


def test_a_hot_seat_game_reads_from_the_side_that_moved_first_and_the_computer_by_level() -> None:
    turns = finished_susan()   # Black (seat 0) wins
    trees = opening_trees([saved(turns, (Seat(), Seat())),
                           saved(turns, (Seat(AI, "hard"), Seat())),
                           saved(turns, (Seat(), Seat(FRIEND)))])
    root = next(iter(trees.values()))
    assert root.results == Counter(win=2, loss=1)
    assert root.against == {"device": Counter(win=1), "hard": Counter(loss=1), "link": Counter(win=1)}
    assert root.score() == pytest.approx(2 / 3)


def test_options_split_the_tree_and_turn_order_makes_separate_lines() -> None:
    trees = opening_trees([saved(("a1", "b2", "c3"), (Seat(), Seat())),
                           saved(("c3", "b2", "a1"), (Seat(), Seat())),
                           saved(("a1", "b2"), (Seat(), Seat()), size=6)])
    assert len(trees) == 2
    five = trees[("susan", tuple(sorted(find_game("susan").resolve_options({}).items())))]
    assert [branch.turn for branch in five.ranked()] == ["a1", "c3"]
    assert five.find(("a1", "b2", "c3")).games == 1 and five.find(("c3", "b2", "a1")).games == 1
    assert five.find(("a1", "c3")) is None


def test_a_game_saved_twice_counts_once_and_positions_set_up_by_hand_are_left_out() -> None:
    seats = (Seat(), Seat(AI, "easy"))
    early = saved(("a1",), seats)._replace(game_id="abc")
    later = saved(("a1", "b2"), seats)._replace(game_id="abc")
    set_up = saved(("b2",), seats)._replace(record=Record("susan", find_game("susan").resolve_options({}), ("c3",),
                                                          start=Start(("....",), "Black")))
    computers = saved(("c3",), (Seat(AI, "easy"), Seat(AI, "hard")))
    root = next(iter(opening_trees([early, later, set_up, computers]).values()))
    assert root.games == 1 and root.find(("a1", "b2")).games == 1

"""Side lines in records (issue 39.2): version-1 records read exactly as before, a record with
side lines round-trips through JSON and the listing, and a hostile one is refused with a
RecordError, bounded in turns and depth, every side line's moves checked by the rules."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.errors import RecordError
from pygame_core.random_play import random_turns
from pygame_core.record import (
    MAX_DEPTH,
    MAX_TURNS,
    Record,
    SideLine,
    canonical_side_lines,
    from_actions,
    from_data,
    from_json,
    from_text,
    replay_tree,
    to_data,
    to_json,
    to_text,
)
from pygame_core.registry import GAME_NAMES, find_game

# written by the program before side lines existed: they must load unchanged
OLD_JSON = ('{"format": "pygame_core-record", "version": 1, "game": "susan", "options": {"size": 5, '
            '"players": 2, "variant": "A", "first": "Black"}, "turns": ["a2", "a1", "b1"], "hints": [2]}')
OLD_TEXT = """# pygame_core-record v1
# game: susan
# options: size=5 players=2 variant=A first=Black
 1 B  a2
 2 W  a1
 3 B  b1
"""
TREE = Record("susan", {}, ("a2", "a1", "b1", "i5"), side_lines=(
    SideLine(3, ("c3", "d4"), (SideLine(4, ("e5",)),)), SideLine(3, ("e3",))))


def test_version_1_records_load_unchanged_and_are_written_unchanged() -> None:
    old = from_json(OLD_JSON)
    assert old == Record("susan", {"size": 5, "players": 2, "variant": "A", "first": "Black"},
                         ("a2", "a1", "b1"), hints=(2,))
    assert old.side_lines == () and to_json(old) == OLD_JSON
    listed = from_text(OLD_TEXT)
    assert listed.turns == ("a2", "a1", "b1") and listed.side_lines == ()
    assert to_text(Record("susan", listed.options, listed.turns)) == OLD_TEXT


def test_a_record_with_side_lines_is_version_2_in_both_forms() -> None:
    data = to_data(TREE)
    assert data["version"] == 2
    assert data["side_lines"] == [{"at": 3, "turns": ["c3", "d4"], "side_lines": [{"at": 4, "turns": ["e5"]}]},
                                  {"at": 3, "turns": ["e3"]}]
    text = to_text(TREE)
    assert text.startswith("# pygame_core-record v2\n")
    assert "  ( 3 B  c3\n     4 W  d4\n      ( 4 W  e5 ) )\n  ( 3 B  e3 )\n 4 W  i5\n" in text
    assert from_text(text) == TREE and from_json(to_json(TREE)) == TREE


def test_a_hand_written_listing_may_put_brackets_on_lines_of_their_own() -> None:
    text = "1. a2\n2. a1\n3. b1\n(\n3. c3\n4. d4\n)\n4. i5\n"
    assert from_text(text, game="susan").side_lines == (SideLine(3, ("c3", "d4")),)


def side(at: int, *turns: str, inner: list | None = None) -> dict:
    item: dict = {"at": at, "turns": list(turns)}
    if inner is not None:
        item["side_lines"] = inner
    return item


def record_data(side_lines: object, turns: tuple[str, ...] = ("a2", "a1", "b1")) -> dict:
    return {"format": "pygame_core-record", "version": 2, "game": "susan", "turns": list(turns),
            "side_lines": side_lines}


@pytest.mark.parametrize("side_lines, words", [
    ({"at": 2}, "not a list"),
    ([side(2)], "not a move number"),
    ([{"at": "2", "turns": ["b2"]}], "not a move number"),
    ([{"at": True, "turns": ["b2"]}], "not a move number"),
    ([side(2, "b2", inner=[side(3, "c1")] )] * (MAX_TURNS // 2 + 1), f"more than {MAX_TURNS}"),
])
def test_malformed_side_lines_are_refused_when_read(side_lines: object, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        from_data(record_data(side_lines))


def nested(depth: int) -> list:
    """Side lines `depth` deep, each branching at the second turn of the one above, on cells
    of their own."""
    cells = [name for name in find_game("susan").new_state(find_game("susan").resolve_options({})).board.names if name not in ("a1", "a2", "b1")]
    inner: list = []
    for level in reversed(range(depth)):
        inner = [side(1 + level, cells[2 * level], cells[2 * level + 1], inner=inner)]
    return inner


def test_side_lines_nest_only_a_bounded_depth() -> None:
    replay_tree(from_data(record_data(nested(MAX_DEPTH))))   # as deep as allowed: fine
    with pytest.raises(RecordError, match="nested more than"):
        from_data(record_data(nested(MAX_DEPTH + 1)))
    deep = "1 a2\n" + "".join(f"( {n} c{n % 5 + 1}\n{n + 1} x\n" for n in range(1, MAX_DEPTH + 2))
    with pytest.raises(RecordError, match="nested more than"):
        from_text(deep, game="susan")


@pytest.mark.parametrize("side_lines, words", [
    ([side(4, "c3")], "move 4 does not replace"),          # the main line has 3 turns
    ([side(0, "c3")], "move 0 does not replace"),
    ([side(2, "zz9")], "move 2.*zz9"),                       # checked by the rules
    ([side(2, "a2")], "move 2.*a2"),                         # occupied
    ([side(2, "a1")], "move 2.*repeats"),                    # the main line's own move
    ([side(2, "b2"), side(2, "b2")], "move 2.*repeats"),
    ([side(2, "b2", "c1", inner=[side(2, "c2")])], "move 2 does not replace"),   # a sibling, not inside
    ([side(2, "b2", "c1", inner=[side(3, "a2")])], "move 3.*a2"),
])
def test_every_side_line_is_checked_by_the_rules(side_lines: object, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        replay_tree(from_data(record_data(side_lines)))


@pytest.mark.parametrize("listing, words", [
    ("1 a2\n( 1 b2\n", "not closed"),
    ("1 a2\n2 a1 )\n", "closes no side line"),
    ("( 1 a2 )\n", "before a move"),
    ("1 a2\n( 1 b2\n( 1 c3 ) )\n", "before a move"),
    ("1 a2\n2 a1\n( ( 2 b2 ) )\n", "before a move"),
    ("1 a2\n2 a1\n( 3 b2 )\n", "numbered 3, expected 2"),
])
def test_bad_brackets_in_a_listing_are_refused(listing: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        replay_tree(from_text(listing, game="susan"))


def random_side_lines(rng: random.Random, line_states: list, line_turns: list[str], first: int,
                      depth: int) -> tuple[SideLine, ...]:
    """Up to three side lines of random turns off a line, some with side lines of their own."""
    found = []
    for _ in range(rng.randrange(4) if depth < 3 else 0):
        lowest = first + (1 if depth else 0)
        if first + len(line_turns) - 1 < lowest:
            break
        at = rng.randrange(lowest, first + len(line_turns))
        state = line_states[at - first]
        taken = {line_turns[at - first], *(s.turns[0] for s in found if s.at == at)}
        turns = from_actions(state, random_turns(state, rng, rng.randrange(1, 6)))
        if turns[0] in taken:
            continue
        states = [state]
        for text in turns:
            after = states[-1]
            for action in after.parse_turn(text):
                after = after.apply(action)
            states.append(after)
        found.append(SideLine(at, tuple(turns), random_side_lines(rng, states, turns, at, depth + 1)))
    return tuple(sorted(found, key=lambda s: s.at))


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(GAME_NAMES), seed=st.integers(0, 2**32 - 1))
def test_random_games_with_random_side_lines_round_trip(game: str, seed: int) -> None:
    rng = random.Random(seed)
    spec = find_game(game)
    start = spec.new_state(spec.resolve_options({}))
    turns = from_actions(start, random_turns(start, rng, rng.randrange(1, 25)))
    states = replay_tree(Record(game, {}, tuple(turns))).states
    record = Record(game, {}, tuple(turns), side_lines=random_side_lines(rng, states, turns, 1, 0))
    assert canonical_side_lines(replay_tree(record)) == record.side_lines
    assert from_json(to_json(record)) == record
    assert from_text(to_text(record)) == record
    assert json.loads(to_json(record))["version"] == (2 if record.side_lines else 1)

"""Your openings in words and pictures (ui.play.openings_view): the tree's name, results, score,
opponents, and the position after a line as an SVG with its stones."""

from __future__ import annotations

from collections import Counter

from pygame_core.registry import find_game
from ui.board.theme import LIGHT
from ui.play.openings import Branch
from ui.play.openings_view import against_words, position_svg, results_words, score_words, tree_name


def key(game: str, **options: object) -> tuple:
    return game, tuple(sorted(find_game(game).resolve_options(options).items()))


def test_a_tree_is_named_by_its_game_and_every_option() -> None:
    assert tree_name(key("susan", size=6)) == "SUSAN: First Black, Players 2, Size 6, Variant A"
    assert tree_name(key("lisbon")) == "LISBON"


def test_results_score_and_opponents_read_as_counted() -> None:
    branch = Branch(results=Counter(win=2, draw=1, loss=1, unfinished=3),
                    against={"medium": Counter(win=2, unfinished=1), "device": Counter(draw=1, loss=1, unfinished=2),
                             "hard": Counter()})
    assert results_words(branch.results) == "2 won, 1 drawn, 1 lost, 3 unfinished"
    assert score_words(branch) == "63%"   # (2 + 0.5) / 4
    assert against_words(branch) == "people at this device 4, Medium 3"
    assert score_words(Branch(results=Counter(unfinished=1))) == "no finished game"


def test_the_preview_draws_the_stones_of_the_line_and_names_it() -> None:
    empty = position_svg(key("susan"), (), LIGHT)
    after = position_svg(key("susan"), ("a1", "b2"), LIGHT)
    assert "<title>SUSAN, the starting position</title>" in empty
    assert "<title>SUSAN, after a1 b2</title>" in after
    assert after.count("<path") > empty.count("<path")   # two stones (and the last one marked)

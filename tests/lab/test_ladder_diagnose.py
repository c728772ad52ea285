"""The ladder's probes (`ladder diagnose`): budgets replace a spec's own, positions are the
ladder's openings, the focus table's figures follow from the searches, and the tactical suite
counts a puzzle solved only when the puzzle accepts the turn."""

from __future__ import annotations

import pytest

from lab.ladder import diagnose
from lab.ladder.diagnose import Probe
from pygame_core.puzzles import catalog
from pygame_core.registry import find_game


def test_a_budget_replaces_the_specs_iterations_and_time_and_keeps_its_other_settings() -> None:
    spec = diagnose.budget_spec("mcts:level=hard,iterations=5,seconds=2,exploration=0.3", 640)
    assert spec == "mcts:level=hard,exploration=0.3,iterations=640"
    with pytest.raises(ValueError, match="mcts"):
        diagnose.budget_spec("alphabeta:seconds=1", 10)


def test_positions_are_undecided_repeatable_and_differ() -> None:
    spec = find_game("susan")
    options = spec.resolve_options({})
    first = diagnose.positions(spec, options, 4, seed=3, turns=6)
    again = diagnose.positions(spec, options, 4, seed=3, turns=6)
    assert [s.position_rows() for s in first] == [s.position_rows() for s in again]
    assert all(s.outcome is None for s in first)
    assert len({tuple(s.position_rows()) for s in first}) == len(first) > 1


def test_the_focus_table_counts_agreement_with_the_largest_budget_and_the_visit_share() -> None:
    probes = [Probe(0, 10, "a1", 0.1, 0.5), Probe(0, 40, "b2", 0.3, 1.0),
              Probe(1, 10, "c3", 0.2, 0.5), Probe(1, 40, "c3", 0.5, 1.0)]
    rows = diagnose.focus_table(probes, [10, 40])
    assert rows[0] == {"budget": 10, "positions": 2, "median_share": 0.15, "mean_share": 0.15,
                       "agrees_with_largest": 0.5, "cpu_s": 0.5}
    assert rows[1]["agrees_with_largest"] == 1.0 and rows[1]["median_share"] == 0.4


def test_focus_searches_each_position_at_each_budget_and_reports_the_chosen_share() -> None:
    spec = find_game("susan")
    states = diagnose.positions(spec, spec.resolve_options({}), 2, seed=5, turns=6)
    probes = list(diagnose.focus(spec, states, "mcts:level=easy", [20, 60], seed=1))
    assert [(p.position, p.budget) for p in probes] == [(0, 20), (0, 60), (1, 20), (1, 60)]
    for probe in probes:
        assert 0.0 < probe.share <= 1.0
        state = states[probe.position]
        assert probe.turn in {state.format_turn([a]) for a in state.legal_actions()}


def test_the_tactical_suite_counts_only_turns_the_puzzles_accept(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = find_game("susan")
    # wins in one: every level's root check takes them, whatever the budget
    puzzles = [p for p in catalog.shipped() if p.game == "susan" and p.kind == "win" and p.moves == 1]
    monkeypatch.setattr(catalog, "shipped", lambda: tuple(puzzles))
    solved = diagnose.tactics(spec, "mcts:level=easy", [20], seed=1)[0]
    assert solved == {"budget": 20, "puzzles": len(puzzles), "solved": len(puzzles), "rate": 1.0}

    # a player that never finds the answer: every judged turn is refused
    monkeypatch.setattr(catalog, "judge", lambda puzzle, turn: catalog.Verdict(False, ()))
    assert diagnose.tactics(spec, "mcts:level=easy", [200], seed=1)[0]["solved"] == 0

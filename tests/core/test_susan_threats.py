"""SUSAN's threat search (games/susan/threats.py), checked against brute force through the
clean API: its threats and wins-in-one are exactly the rules' ones, the replies it leaves out
all lose at once, and every forced win it claims holds against every reply."""

from pygame_core.ai.baselines import gives_immediate_win, winning_actions, wins_for
from pygame_core.games.susan import SPEC
from pygame_core.games.susan.threats import DEPTH, forced_win, near, replies, threatened_cells, wins_at_once

from tests.core.test_ai_susan import position, sample_positions


def test_wins_at_once_are_exactly_the_rules_winning_moves() -> None:
    for state in sample_positions(300, 29):
        assert sorted(wins_at_once(state)) == sorted(winning_actions(state)), state.position_rows()


def test_threatened_cells_are_where_the_next_player_would_win_if_it_were_their_turn() -> None:
    found = 0
    for state in sample_positions(300, 23):
        them = state.passed()
        wins = {them.touched_cells(a)[-1] for a in winning_actions(them)}
        assert threatened_cells(state) == sorted(wins), state.position_rows()
        found += bool(wins)
    assert found >= 20, found


def test_every_reply_left_out_loses_at_once() -> None:
    restricted = 0
    for state in sample_positions(250, 19):
        threats = threatened_cells(state)
        if not threats:
            continue
        kept = set(replies(state, threats))
        left_out = [a for a in state.legal_actions() if a not in kept]
        restricted += bool(left_out)
        for action in left_out:
            after = state.play_unchecked(action)
            assert after.outcome is None and gives_immediate_win(after), (
                state.position_rows(), state.action_text(action))
    assert restricted >= 20, restricted


def test_near_is_every_cell_within_two_steps() -> None:
    board = SPEC.new_game().board
    assert len(near(5)[board.cell("e5")]) == 19  # the centre, its 6 neighbours, the 12 beyond
    assert all(x in near(5)[c] for c in range(board.size) for x in board.neighbours[c])


def forces(state, action, depth: int) -> bool:
    """Brute force: after `action`, every reply of the opponent loses at once or leaves the
    mover a forced win within `depth - 1` more moves."""
    me = state.to_move
    after = state.play_unchecked(action)
    if after.outcome is not None:
        return wins_for(after, me)
    if depth <= 1:
        return False
    for reply in after.legal_actions():
        answered = after.play_unchecked(reply)
        if answered.outcome is not None:
            if not wins_for(answered, me):
                return False
        elif not any(forces(answered, a, depth - 1) for a in answered.legal_actions()):
            return False
    return True


def test_every_claimed_forced_win_holds_against_every_reply() -> None:
    claims = beyond_one = 0
    for state in sample_positions(600, 31):
        action = forced_win(state)
        if action is None:
            continue
        assert forces(state, action, DEPTH), (state.position_rows(), state.action_text(action))
        claims += 1
        beyond_one += not winning_actions(state)
    assert beyond_one >= 5, (claims, beyond_one)


def test_a_double_threat_is_found() -> None:
    # from a random game: Black's d7-e8 threatens e9, and no White reply saves the stone
    rows = ["x...o", ".....o", "o.xoo.x", ".o..xxxx", "ooo..o...", "..xxxoxo", "..o...x", "xx..o.",
            "....x"]
    state = SPEC.load_position(SPEC.resolve_options({}), rows, "Black")
    assert not winning_actions(state)
    action = forced_win(state)
    assert action is not None and forces(state, action, 2)


def test_no_claim_without_a_threat_or_with_more_players() -> None:
    assert forced_win(position("e5", "c3", "Black")) is None
    three = SPEC.new_game(SPEC.resolve_options({"players": 3}))
    assert forced_win(three) is None

"""The SUPERSTAR board against every fact RULES §3.1 states: cell and edge counts, contact
splits, the 12 sides, corners, labels, adjacency in label space and the flat-top layout."""

import math
import re

import pytest

from pygame_core.geometry import HEX_DIRECTIONS
from pygame_core.geometry.superstar import superstar_board

BOARD = superstar_board()
CELL = {name: i for i, name in enumerate(BOARD.names)}
CONTACTS = BOARD.extras["edge_contacts"]
RING = BOARD.extras["edge_ring"]

# RULES §3.1, verbatim
LINES = "A 5-6 B 5-7 C 5-8 D 5-9 E 1-14 F 1-15 G 2-15 H 3-15 I 4-15 J 5-15 K 5-16 L 5-17 M 5-18 N 5-19 " \
        "O 6-19 P 11-15 Q 12-15 R 13-15 S 14-15"
SIDES = """
 0: J15 K16 L17 M18 N19      1: O19 O18 O17 O16 O15     2: O15 P15 Q15 R15 S15
 3: S14 R13 Q12 P11 O10      4: O10 O9 O8 O7 O6         5: N5 M5 L5 K5 J5
 6: J5 I4 H3 G2 F1           7: E1 E2 E3 E4 E5          8: E5 D5 C5 B5 A5
 9: A6 B7 C8 D9 E10         10: E10 E11 E12 E13 E14    11: F15 G15 H15 I15 J15
"""
INWARD = "E5 J5 O10 O15 J15 E10"
OUTWARD = "A5 A6 E1 F1 N5 O6 S14 S15 N19 O19 E14 F15"


def cube(name: str) -> tuple[int, int, int]:
    """RULES formulas: letter index = 9 − z, number = y + 10, x = −y − z."""
    z = 9 - (ord(name[0]) - ord("A"))
    y = int(name[1:]) - 10
    return (-y - z, y, z)


def names(cells) -> set[str]:
    return {BOARD.names[c] for c in cells}


def test_175_cells_exactly_the_cube_formula() -> None:
    expected = {(x, y, -x - y) for x in range(-9, 10) for y in range(-9, 10)
                if (min(x, y, -x - y) >= -5 or max(x, y, -x - y) <= 5) and max(abs(x), abs(y), abs(x + y)) <= 9}
    assert BOARD.size == 175 == len(expected)
    assert {cube(n) for n in BOARD.names} == expected
    assert all(BOARD.coords[i] == (cube(n)[0], cube(n)[2]) for i, n in enumerate(BOARD.names))


def test_letter_lines_are_the_rows_with_the_listed_numbers() -> None:
    table = dict(zip(LINES.split()[::2], LINES.split()[1::2], strict=True))
    assert len(BOARD.rows) == 19
    for row, (letter, span) in zip(BOARD.rows, table.items(), strict=True):
        low, high = map(int, span.split("-"))
        assert [BOARD.names[c] for c in row] == [f"{letter}{n}" for n in range(low, high + 1)]


def test_neighbours_in_label_space() -> None:
    for name, cell in CELL.items():
        li, n = ord(name[0]) - ord("A"), int(name[1:])
        around = [(li, n + 1), (li, n - 1), (li + 1, n), (li - 1, n), (li + 1, n + 1), (li - 1, n - 1)]
        wanted = {f"{chr(ord('A') + a)}{b}" for a, b in around if 0 <= a < 19} & set(CELL)
        assert names(BOARD.neighbours[cell]) == wanted, name
    assert len(BOARD.neighbours[CELL["J10"]]) == 6


def test_flat_top_layout_centred_on_j10() -> None:
    assert BOARD.centres[CELL["J10"]] == (0.0, 0.0)
    for name in ("A5", "S15", "E1", "O19", "K11"):
        x, _, z = cube(name)
        px, py = BOARD.centres[CELL[name]]
        assert px == pytest.approx(1.5 * x) and py == pytest.approx(math.sqrt(3) * (z + x / 2))
    # flat top: two outline corners share the smallest y
    ys = sorted(y for _, y in BOARD.outlines[CELL["J10"]])
    assert ys[0] == pytest.approx(ys[1]) and ys[0] == pytest.approx(-math.sqrt(3) / 2)
    # O15 is the top inward corner, E5 the bottom one
    assert BOARD.centres[CELL["O15"]][1] < 0 < BOARD.centres[CELL["E5"]][1]


def test_edge_ring_has_60_cells_touching_1_2_or_3_board_cells() -> None:
    assert len(RING) == 60
    touches = [sum(i in t for t in CONTACTS) for i in range(60)]
    assert sorted(touches).count(1) == 12 and touches.count(2) == 42 and touches.count(3) == 6
    on_board = set(BOARD.coords)
    for (q, r), centre, outline in RING:
        assert (q, r) not in on_board
        assert any((q + dq, r + dr) in on_board for dq, dr in HEX_DIRECTIONS)
        assert len(outline) == 6 and centre == pytest.approx((1.5 * q, math.sqrt(3) * (r + q / 2)))


def test_edge_ring_is_listed_around_the_board() -> None:
    coords = [c for c, _, _ in RING]
    for a, b in zip(coords, coords[1:] + coords[:1], strict=True):
        assert (b[0] - a[0], b[1] - a[1]) in HEX_DIRECTIONS


def test_boundary_contacts_split_6_36_12() -> None:
    counts = [len(t) for t in CONTACTS]
    boundary = {c for c in range(BOARD.size) if counts[c]}
    assert boundary == BOARD.regions["edge_adjacent"] and len(boundary) == 54
    assert [counts.count(k) for k in (1, 2, 3)] == [6, 36, 12]
    assert names(c for c in boundary if counts[c] == 1) == set(INWARD.split()) == names(BOARD.regions["inward_corners"])
    assert names(c for c in boundary if counts[c] == 3) == set(OUTWARD.split()) == names(BOARD.regions["outward_corners"])


def test_the_twelve_sides_match_the_rules_listing() -> None:
    listed = {int(k): v.split() for k, v in re.findall(r"(\d+):((?:\s+[A-S]\d+){5})", SIDES)}
    assert len(listed) == 12
    for k, cells in listed.items():
        assert names(BOARD.regions[f"side{k}"]) == set(cells)
    membership = [sum(c in BOARD.regions[f"side{k}"] for k in range(12)) for c in range(BOARD.size)]
    assert {BOARD.names[c] for c, m in enumerate(membership) if m == 2} == set(INWARD.split())
    assert sum(m == 1 for m in membership) == 12 * 5 - 2 * 6
    assert all(membership[c] for c in BOARD.regions["edge_adjacent"])


def test_each_star_point_is_two_adjacent_outward_corners() -> None:
    outward = BOARD.regions["outward_corners"]
    partners = {c: [n for n in BOARD.neighbours[c] if n in outward] for c in outward}
    assert all(len(p) == 1 for p in partners.values())


def test_labels_sit_where_lines_leave_the_board_and_only_d_and_4_are_moved() -> None:
    labels = dict(BOARD.extras["line_labels"])
    assert sorted(labels) == sorted([chr(ord("A") + i) for i in range(19)] + [str(n) for n in range(1, 20)])
    points = list(labels.values())
    spacing = min(math.dist(a, b) for i, a in enumerate(points) for b in points[i + 1:])
    assert spacing > 0.8  # edge cells are √3 apart; the two moved labels sit half a step out
    ring_centres = [centre for _, centre, _ in RING]
    board_points = {(round(x, 6), round(y, 6)) for x, y in BOARD.centres}
    moved = set()
    for text, (x, y) in labels.items():
        assert (round(x, 6), round(y, 6)) not in board_points
        if not any(math.isclose(x, cx, abs_tol=1e-9) and math.isclose(y, cy, abs_tol=1e-9) for cx, cy in ring_centres):
            moved.add(text)
    assert moved == {"D", "4"}
    # a letter is read looking down-right: its label is right of and below its line's last cell
    for row in BOARD.rows:
        last = BOARD.centres[row[-1]]
        x, y = labels[BOARD.names[row[0]][0]]
        assert x > last[0] and y > last[1]

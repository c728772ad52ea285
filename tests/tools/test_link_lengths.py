"""tools/link_lengths.py measures what a game link adds to the address: the fragment's length."""

import random

from tools.link_lengths import fragment_lengths, random_game
from ui.saves.correspondence import encode_link


def test_the_lengths_are_those_of_the_links_at_move_10_30_and_the_end() -> None:
    record = random_game("stymie", random.Random(5))
    assert len(record.turns) > 30
    lengths = fragment_lengths(record, "0123456789ab")
    assert lengths["end"] == 1 + len(encode_link("0123456789ab", record))
    assert lengths["10"] < lengths["30"] < lengths["end"]

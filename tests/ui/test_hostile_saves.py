"""Stored and imported values can fail only as a reported SaveError (issue 14, defect 1), by a
contract at the boundary: whatever goes wrong inside a reader ends as its own error type."""

from __future__ import annotations

import json

import pytest

import ui.saves.savefile as savefile
from pygame_core.record import Record, to_data
from ui.play.saved_game import SavedGame, Seat
from ui.saves.exporting import import_game
from ui.saves.savefile import SaveError, decode, encode
from ui.saves.share import ShareError, decode as decode_share


def save_with_komi(komi_json: str) -> str:
    """A valid SUPERSTAR save whose komi is written as `komi_json` (raw JSON text)."""
    data = json.loads(encode(SavedGame(Record("superstar", {"komi": 5.5}, ("A5",)), (Seat(), Seat()), 1)))
    data["record"]["options"]["komi"] = "KOMI"
    return json.dumps(data).replace('"KOMI"', komi_json)


@pytest.mark.parametrize("komi_json", ["1" + "0" * 400, "9" * 5000, '"6.0000000001"', '"\u0666"', "1e400"],
                         ids=["10**400", "5000 digits", "off the grid", "Arabic-Indic six", "1e400"])
def test_a_stored_hostile_option_is_a_save_error(komi_json: str) -> None:
    text = save_with_komi(komi_json)
    with pytest.raises(SaveError) as caught:
        decode(text)
    assert len(str(caught.value)) < 200
    with pytest.raises(SaveError):
        import_game(text, "susan")


def test_anything_unforeseen_inside_the_reader_is_still_a_save_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(record: Record) -> None:  # stands in for the replay inside the reader
        raise OverflowError("int too large to convert to float")

    monkeypatch.setattr(savefile, "replay_tree", explode)
    good = encode(SavedGame(Record("susan", {}, ("e5",)), (Seat(), Seat()), 1))
    with pytest.raises(SaveError, match="OverflowError"):
        decode(good)


def test_share_links_keep_the_same_contract() -> None:
    with pytest.raises(ShareError):
        decode_share("r1t.superstar~komi=" + "9" * 5000 + "~~A5")
    assert to_data(Record("susan", {}, ())) == json.loads(json.dumps(to_data(Record("susan", {}, ()))))

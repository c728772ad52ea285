"""catalog.read: the puzzle file's text, as the page hands it in after fetching it."""

import pkgutil

import pytest

from pygame_core.errors import RecordError
from pygame_core.puzzles import catalog


def test_the_shipped_text_reads_as_the_package_loader_reads_it():
    text = pkgutil.get_data("pygame_core.puzzles", catalog.DATA_FILE).decode("utf-8")
    assert catalog.read(text) == catalog.shipped()
    assert len(catalog.shipped()) > 10


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "other", "version": 1, "puzzles": []}',
                                  '{"format": "pygame_core-puzzles", "version": 1}',
                                  '{"format": "pygame_core-puzzles", "version": 1, "puzzles": [3]}',
                                  '{"format": "pygame_core-puzzles", "version": 1, "puzzles": [{"kind": "win"}]}'])
def test_anything_else_is_a_record_error(text: str):
    with pytest.raises(RecordError):
        catalog.read(text)

"""Option checking: bad values from a URL or the CLI are refused with a message naming them."""

import pytest

from pygame_core.errors import OptionsError
from pygame_core.game import OptionSpec

SIZE = OptionSpec("size", 5, "board side", choices=(5, 6))
KOMI = OptionSpec("komi", 5.5, "points for Black", minimum=-50, maximum=50, step=0.5)


def test_choices_coerce_strings_case_insensitively() -> None:
    assert SIZE.coerce("6") == 6
    assert OptionSpec("variant", "A", "", choices=("A", "B")).coerce("b") == "B"


@pytest.mark.parametrize("value", ["7", "", None, "5; drop", "<script>"])
def test_choices_refuse_other_values(value: object) -> None:
    with pytest.raises(OptionsError, match="size"):
        SIZE.coerce(value)


def test_numbers_respect_range_and_step() -> None:
    assert KOMI.coerce("6.5") == 6.5
    assert KOMI.coerce(-2) == -2
    for bad in ("6.25", "51", "nan", "inf", "x"):
        with pytest.raises(OptionsError, match="komi"):
            KOMI.coerce(bad)

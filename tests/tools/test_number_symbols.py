"""How each language writes numbers (ui/i18n/languages.py) is CLDR's, and the page's Python
writes them as its JavaScript does (issue 56): the thousands' group symbol is Babel's CLDR data;
the fewest digits before a group (Spanish writes 1000 but 10.000) is not in Babel's data, so it is
read from the same CLDR through the ICU of Node's Intl, which assets/i18n.mjs uses in the page."""

from __future__ import annotations

import shutil

import pytest
from babel.numbers import get_group_symbol

from tests.tools.test_js_i18n import run_node
from ui.i18n import LANGUAGES, ngettext, number, use_catalog

CODES = [language.code for language in LANGUAGES]
VALUES = [0, 7, 999, 1000, 4096, 10000, 123456, 1234567, 1000000000, -2500, 6.5, -0.5, 1234.5, 98765.25]
needs_node = pytest.mark.skipif(not shutil.which("node"), reason="needs node")

INTL = """
const out = {};
for (const code of DATA.codes) {
  const format = (value) => new Intl.NumberFormat(code).format(value);
  out[code] = { values: DATA.values.map(format), grouped: [1000, 10000, 100000].map((n) => /\\D/.test(format(n))) };
}
console.log(JSON.stringify(out));
"""


def intl() -> dict[str, dict[str, list]]:
    out = run_node(INTL, {"codes": CODES, "values": VALUES})
    assert isinstance(out, dict)
    return out


def test_each_language_s_group_symbol_is_cldr_s() -> None:
    assert {language.code: language.group for language in LANGUAGES} == {code: get_group_symbol(code) for code in CODES}


@needs_node
def test_each_language_s_fewest_grouping_digits_are_cldr_s() -> None:
    for language in LANGUAGES:
        grouped = intl()[language.code]["grouped"]   # 1000, 10000, 100000: grouped or not
        assert grouped.index(True) + 1 == language.min_grouping, language.code


@needs_node
def test_python_writes_every_number_as_the_page_s_javascript_does() -> None:
    written = intl()
    try:
        for code in CODES:
            use_catalog(code)
            assert [number(value) for value in VALUES] == written[code]["values"], code
    finally:
        use_catalog("en")


def test_counts_in_sentences_are_grouped_for_the_language() -> None:
    try:
        for code, expected in (("en", "1,000 moves"), ("de", "1.000 moves"), ("es", "1000 moves"),
                               ("fr", "1\u202f000 moves")):
            use_catalog(code)
            assert ngettext("{n} move", "{n} moves", 1000) == expected
        use_catalog("es")
        assert ngettext("{n} move", "{n} moves", 25000) == "25.000 moves"
    finally:
        use_catalog("en")


@needs_node
def test_the_javascript_s_counts_are_grouped_with_the_page_s_numbers() -> None:
    script = """
const { wordsFor } = await import("./i18n.mjs");
const format = (n) => new Intl.NumberFormat("de").format(n);
const words = wordsFor({}, "nplurals=2; plural=(n != 1);", format);
console.log(JSON.stringify([words.tn("{n} move", "{n} moves", 1000), words.tn("{n} move", "{n} moves", 1)]));
"""
    assert run_node(script, {}) == ["1.000 moves", "1 move"]

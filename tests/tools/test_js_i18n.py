"""assets/i18n.mjs and assets/plural-forms.mjs under Node: the page's language is the address's,
else the remembered choice, else the browser's, else English, and only a language the site speaks
counts; t/tn fill named placeholders and fall back to the English; the plural rule of a catalog
picks the same form as Python's gettext for every count."""

from __future__ import annotations

import ast
import gettext
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural

from tests.tools.test_shared_constants import js_constants
from ui.i18n.languages import LANGUAGES, MAX_CODE_CHARS, known
from ui.saves import embed

REPO = Path(__file__).resolve().parents[2]
CODES = [language.code for language in LANGUAGES]

pytestmark = pytest.mark.skipif(not shutil.which("node"), reason="needs node")


def run_node(script: str, data: object) -> object:
    """Runs `script` as a module beside the assets, with DATA bound to `data`; its printed JSON."""
    source = f"const DATA = {json.dumps(data)};\n{script}"
    result = subprocess.run(["node", "--input-type=module", "-e", source], cwd=REPO / "assets",
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def plural_indexes(expressions: list[str], counts: list[int]) -> list[list[int] | None]:
    script = """
const { pluralRule } = await import("./plural-forms.mjs");
console.log(JSON.stringify(DATA.expressions.map((text) => {
  const rule = pluralRule(text);
  return rule && DATA.counts.map(rule);
})));
"""
    out = run_node(script, {"expressions": expressions, "counts": counts})
    assert isinstance(out, list)
    return out


# Languages with many plural forms and every operator CLDR's rules use, besides the site's own.
PLURAL_LOCALES = [*CODES, "ru", "pl", "cs", "ar", "ga", "lt", "lv", "ro", "sl", "cy", "mt", "uk", "he", "is"]


def test_the_plural_rule_picks_the_form_pythons_gettext_picks() -> None:
    counts = [*range(0, 230), 1000, 1001, 1_000_000, 1_000_001]
    headers = [f"nplurals={get_plural(locale).num_plurals}; plural={get_plural(locale).plural_expr};"
               for locale in PLURAL_LOCALES]
    for locale, got in zip(PLURAL_LOCALES, plural_indexes(headers, counts), strict=True):
        python = gettext.c2py(get_plural(locale).plural_expr)
        assert got == [python(n) for n in counts], locale


def test_a_rule_that_is_not_a_plural_expression_is_refused() -> None:
    refused = ["alert(1)", "n +", "", "(n != 1", "n != 1)", "constructor", "n ? 1", "n == 1 ? 0 : 1 : 2",
               "nplurals=2; plural=process.exit(1);", "n" * 1001, "1; n"]
    assert plural_indexes(refused, [0, 1, 2]) == [None] * len(refused)


CHOICE_SCRIPT = """
const { chooseLanguage, knownCode } = await import("./i18n.mjs");
console.log(JSON.stringify({
  chosen: DATA.cases.map((visit) => chooseLanguage({ ...visit, codes: DATA.codes })),
  known: DATA.tags.map((tag) => knownCode(tag, DATA.codes)),
}));
"""
HOSTILE = "<script>alert(1)</script>" + "x" * 10_000
CASES = [
    ({"asked": "pt", "remembered": "de", "preferred": ["fr"]}, "pt"),
    ({"asked": "pt-BR", "remembered": None, "preferred": []}, "pt"),
    ({"asked": HOSTILE, "remembered": "de", "preferred": ["fr"]}, "de"),
    ({"asked": "xx", "remembered": None, "preferred": ["nl-BE", "fr"]}, "nl"),
    ({"asked": None, "remembered": "klingon", "preferred": ["sv", "es-419", "de"]}, "es"),
    ({"asked": None, "remembered": None, "preferred": ["en-GB", "de"]}, "en"),
    ({"asked": None, "remembered": None, "preferred": ["ja", "zh-Hant"]}, "en"),
    ({"asked": "", "remembered": "", "preferred": []}, "en"),
    ({"asked": "de", "remembered": None, "preferred": []}, "de"),
]


def test_the_language_is_the_addresss_then_the_remembered_then_the_browsers_then_english() -> None:
    out = run_node(CHOICE_SCRIPT, {"cases": [visit for visit, _chosen in CASES], "codes": CODES, "tags": []})
    assert isinstance(out, dict)
    assert out["chosen"] == [chosen for _visit, chosen in CASES]


def test_a_tag_names_the_language_python_reads_from_it() -> None:
    tags = ["pt-BR", "FR-ca", "de_AT", " es ", "nl", "en-US", "x", "", "pt-" + "x" * 40, HOSTILE, "sv", "de-"]
    out = run_node(CHOICE_SCRIPT, {"cases": [], "codes": CODES, "tags": tags})
    assert isinstance(out, dict)
    python = [(language.code if (language := known(tag)) else None) for tag in tags]
    assert out["known"] == python


WORDS_SCRIPT = """
const { wordsFor } = await import("./i18n.mjs");
const { t, tn } = wordsFor(DATA.messages, DATA.plural);
console.log(JSON.stringify(DATA.calls.map(([kind, ...args]) => (kind === "t" ? t(...args) : tn(...args)))));
"""
FRENCH = {
    "Black wins by {margin}": "Noir gagne de {margin}",
    "{n} stone": ["{n} pierre", "{n} pierres"],
    "Komi {komi} for {player}": "Komi de {player} : {komi}",
    "Play {cell}": "Jouer {celle}",          # a placeholder the English lacks: the English is shown
    "Untranslated": "",
}


def test_t_and_tn_fill_named_placeholders_in_the_translation_or_the_english() -> None:
    calls = [
        ["t", "Black wins by {margin}", {"margin": "6,5"}],
        ["t", "Komi {komi} for {player}", {"komi": "6,5", "player": "Blanc"}],
        ["t", "Play {cell}", {"cell": "e5"}],
        ["t", "Untranslated"],
        ["t", "Not in the catalog: {name}", {"name": "<b>x</b>"}],
        ["tn", "{n} stone", "{n} stones", 0],
        ["tn", "{n} stone", "{n} stones", 1],
        ["tn", "{n} stone", "{n} stones", 2],
        ["tn", "{n} move", "{n} moves", 1],
        ["tn", "{n} move", "{n} moves", 5],
    ]
    out = run_node(WORDS_SCRIPT, {"messages": FRENCH, "plural": "nplurals=2; plural=(n > 1);", "calls": calls})
    assert out == [
        "Noir gagne de 6,5", "Komi de Blanc : 6,5", "Play e5", "Untranslated", "Not in the catalog: <b>x</b>",
        "0 pierre", "1 pierre", "2 pierres", "1 move", "5 moves",
    ]


def test_a_catalog_without_a_plural_rule_shows_the_english_plural() -> None:
    calls = [["tn", "{n} stone", "{n} stones", 1], ["tn", "{n} stone", "{n} stones", 3]]
    out = run_node(WORDS_SCRIPT, {"messages": FRENCH, "plural": "rm -rf", "calls": calls})
    assert out == ["1 stone", "3 stones"]


def python_constant(path: str, name: str) -> object:
    """A module's top-level `NAME = literal`, read without importing it (ui/page needs the browser)."""
    for node in ast.parse((REPO / path).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and [getattr(target, "id", None) for target in node.targets] == [name]:
            return ast.literal_eval(node.value)
    raise LookupError(f"{path} has no {name}")


def test_the_remembered_choice_and_the_limits_are_the_pythons() -> None:
    constants = js_constants("assets/i18n.mjs")
    assert constants["LANGUAGE_KEY"] == python_constant("ui/page/language_switch.py", "LANGUAGE_KEY")
    assert constants["MAX_CODE_CHARS"] == MAX_CODE_CHARS
    assert constants["MAX_QUERY_CHARS"] == embed.MAX_QUERY_CHARS

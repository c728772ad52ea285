"""tools/check_element_ids.py: the ids the page's Python reads exist in index.html (the fake
DOM of the unit tests would invent a misspelt one)."""

from tools.check_element_ids import main, problems

PAGE = '<main id="board-area"><button id="undo">Undo</button><p id="status"></p></main>'


def _problems(source: str) -> list[str]:
    return problems({"ui/x.py": source}, PAGE)


def test_every_id_the_ui_reads_is_in_the_page(capsys):
    assert main() == 0, capsys.readouterr().out


def test_a_misspelt_id_is_named_with_its_line():
    source = 'def show(dom):\n    dom.by_id("undo").disabled = True\n    dom.by_id("statsu").textContent = ""\n'
    assert _problems(source) == ["ui/x.py:3: no element has id 'statsu'"]


def test_ids_reached_through_an_alias_a_loop_and_a_selector_are_read():
    source = (
        "def show(self):\n"
        "    el = self.dom.by_id\n"
        '    el("status")\n'
        '    for element_id, label in (("undo", "Undo"), ("redo", "Redo")):\n'
        "        el(element_id).title = label\n"
        '    any(self.dom.by_id(name).open for name in ("status", "zoom"))\n'
        '    self.dom.document.querySelector("#board-area > #cursor")\n'
        '    self.dom.set_text("status", "")\n'
    )
    assert [p.split(": ", 1)[1] for p in _problems(source)] == [
        "no element has id 'redo'", "no element has id 'zoom'", "no element has id 'cursor'"]


def test_an_id_the_code_makes_counts_as_existing():
    source = ('def build(dom, parent):\n    dom.make("p", parent, id="learn-note")\n'
              '    dom.status_line(parent, "saves-status")\n'
              '    dom.by_id("learn-note")\n    dom.by_id("saves-status")\n')
    assert _problems(source) == []


def test_an_id_computed_at_run_time_is_reported_not_skipped():
    source = 'def show(dom, game):\n    dom.by_id(f"panel-{game}")\n'
    assert _problems(source) == ["ui/x.py:2: an id computed at run time (f'panel-{game}'): make it a literal "
                                 "or teach tools/check_element_ids.py where it comes from"]


def test_the_id_taking_helpers_own_parameter_is_checked_at_its_callers():
    source = ('class Dom:\n    def by_id(self, element_id):\n        return self.document.getElementById(element_id)\n'
              '    def set_text(self, element_id, text):\n        self.by_id(element_id).textContent = text\n')
    assert _problems(source) == []

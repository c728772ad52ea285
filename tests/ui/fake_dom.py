"""Just enough of a browser document and window to build the play page under CPython.

Elements keep their attributes, children, text and listeners; `fire` runs the listeners of
one event; the window runs animation frames when asked. The canvas context records calls
(fake_canvas.RecordingCanvas). Used to check the page's wiring, not its looks (e2e does that).
"""

from __future__ import annotations

import re
import sys
import types
from html.parser import HTMLParser
from typing import Any, Callable

from fake_canvas import RecordingCanvas


def stub_browser_modules() -> None:
    """pyodide.ffi as the page code imports it: proxies are the functions themselves."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.to_js = lambda value, **kwargs: value
    sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
    sys.modules.setdefault("pyodide.ffi", ffi)


class Bag:
    """An object that takes any attribute (style, dataset)."""


class Event:
    def __init__(self, target: Any = None, **fields: Any) -> None:
        self.target = target
        self.defaultPrevented = False
        self.button, self.clientX, self.clientY = 0, 0.0, 0.0
        self.key, self.ctrlKey, self.altKey, self.metaKey = "", False, False, False
        self.__dict__.update(fields)

    def preventDefault(self) -> None:
        self.defaultPrevented = True

    def stopPropagation(self) -> None:
        pass


class Element:
    def __init__(self, tag: str, element_id: str = "") -> None:
        self.tagName = tag.upper()
        self.id = element_id
        self.attributes: dict[str, str] = {}
        self.children: list[Element] = []
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.textContent = ""
        self.value = ""
        self.hidden = self.disabled = self.open = self.checked = False
        self.style, self.dataset = Bag(), Bag()
        self.clientWidth, self.clientHeight, self.offsetTop, self.offsetHeight, self.scrollTop = 640, 400, 0, 20, 0
        self.scrollLeft = 0
        self.options = types.SimpleNamespace(length=0)
        self.classList = types.SimpleNamespace(add=lambda name: None, toggle=self._toggle_class)
        self._context = RecordingCanvas()
        self._markup = ""

    def _toggle_class(self, name: str, force: bool) -> None:
        """classList.toggle(name, force), kept in the class attribute (read by querySelector)."""
        names = [n for n in self.attributes.get("class", "").split() if n != name]
        self.attributes["class"] = " ".join(names + [name] * bool(force))

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value
        if name.startswith("data-"):
            setattr(self.dataset, name[5:], value)

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def contains(self, other: Any) -> bool:
        return any(element is other for element in self.walk())

    def appendChild(self, child: Element) -> Element:
        self.children.append(child)
        if self.tagName == "SELECT" and child.tagName == "OPTION":
            self.options.length += 1
            self.value = self.value or child.attributes.get("value", "")
        return child

    def prepend(self, child: Element) -> None:
        self.children.insert(0, child)

    def replaceChildren(self) -> None:
        self.children = []

    def remove(self) -> None:
        pass

    def after(self, *nodes: Element) -> None:
        """Insert `nodes` after this element (kept here: the fake has no parents)."""
        self.following = list(nodes)

    def addEventListener(self, event: str, fn: Callable[[Any], Any]) -> None:
        self.listeners.setdefault(event, []).append(fn)

    def fire(self, event: str, **fields: Any) -> Event:
        happening = Event(fields.pop("target", self), **fields)
        for fn in list(self.listeners.get(event, [])):
            fn(happening)
        return happening

    def walk(self) -> list[Element]:
        return [self] + [e for child in self.children for e in child.walk()]

    def querySelectorAll(self, selector: str) -> list[Element]:
        tags = {part.strip().upper() for part in selector.split(",")}
        return [e for e in self.walk()[1:] if e.tagName in tags]

    def querySelector(self, selector: str) -> Element | None:
        """The first element below this one that `selector` matches: `tag`, `.class`,
        `[attribute]` or `tag[attribute="value"]` (what the page's code asks for)."""
        return next((e for e in self.walk()[1:] if _matches(e, selector)), None)

    @property
    def innerHTML(self) -> str:
        return self._markup

    @innerHTML.setter
    def innerHTML(self, markup: str) -> None:
        """Parsed into child elements, as a browser does (what the build writes into the page)."""
        self._markup = markup
        self.children = []
        _Parser(self).feed(markup)

    def closest(self, selector: str) -> Element | None:
        return self

    def getContext(self, kind: str) -> RecordingCanvas:
        return self._context

    def getBoundingClientRect(self) -> Any:
        return types.SimpleNamespace(left=0.0, top=0.0, bottom=float(self.clientHeight))

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False

    def click(self) -> None:
        """A checkbox toggles and says so, as in a browser."""
        if self.tagName == "INPUT":
            self.checked = not self.checked
            self.fire("change")

    def focus(self) -> None:
        pass

    def select(self) -> None:
        pass


_SELECTOR = re.compile(r'^(?P<tag>[a-z0-9]*)(?:\.(?P<cls>[\w-]+))?(?:\[(?P<attr>[\w-]+)(?:="(?P<value>[^"]*)")?\])?$')
_VOID = {"img", "source", "input", "br", "meta", "link"}


def _matches(element: Element, selector: str) -> bool:
    found = _SELECTOR.match(selector.strip())
    if found is None:
        raise ValueError(f"the fake DOM does not read the selector {selector!r}")
    tag, cls, attr, value = found.group("tag", "cls", "attr", "value")
    return ((not tag or element.tagName == tag.upper())
            and (not cls or cls in element.attributes.get("class", "").split())
            and (not attr or (attr in element.attributes
                              and (value is None or element.attributes[attr] == value))))


class _Parser(HTMLParser):
    """Builds fake elements from markup: attributes, text, `hidden`, a select's chosen option."""

    def __init__(self, root: Element) -> None:
        super().__init__()
        self.open = [root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs).get("id") or "")
        for name, value in attrs:
            element.setAttribute(name, value or "")
        element.hidden = "hidden" in element.attributes
        element.value = element.attributes.get("value", "")
        parent = self.open[-1]
        parent.appendChild(element)
        if tag == "option" and "selected" in element.attributes:
            parent.value = element.attributes.get("value", "")
        if tag not in _VOID:
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and len(self.open) > 1:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        self.open[-1].textContent += data


class Document:
    def __init__(self) -> None:
        self.ids: dict[str, Element] = {}
        self.body, self.head, self.documentElement = Element("body"), Element("head"), Element("html")
        self.activeElement: Element | None = None
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}

    def getElementById(self, element_id: str) -> Element:
        tag = {"board": "canvas", "setup-game": "select", "new-game-dialog": "dialog",
               "help-dialog": "dialog", "confirm-dialog": "dialog"}.get(element_id, "div")
        return self.ids.setdefault(element_id, Element(tag, element_id))

    def createElement(self, tag: str) -> Element:
        return Element(tag)

    addEventListener = Element.addEventListener


class Window:
    def __init__(self) -> None:
        self.frames: list[Callable[[float], None]] = []
        self.clock = 0.0
        self.devicePixelRatio, self.innerHeight, self.scrollY = 1, 800, 0
        self.location = types.SimpleNamespace(search="", hash="", href="http://site.test/")
        self.history = types.SimpleNamespace(replaceState=lambda *args: None)
        self.ResizeObserver = types.SimpleNamespace(
            new=lambda fn: types.SimpleNamespace(observe=lambda element: None))
        self.Path2D = types.SimpleNamespace(new=lambda svg: svg)
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.timers: list[Callable[[], Any]] = []   # setTimeout's callbacks, run by the test
        self.intervals: list[Callable[[], Any]] = []   # setInterval's, likewise
        self.Date = types.SimpleNamespace(now=lambda: 1_700_000_000_000.0 + self.clock)   # wall time follows the frames

    def setTimeout(self, fn: Callable[[], Any], ms: float = 0) -> None:
        self.timers.append(fn)

    def setInterval(self, fn: Callable[[], Any], ms: float = 0) -> None:
        self.intervals.append(fn)

    def matchMedia(self, query: str) -> Any:
        return types.SimpleNamespace(matches=False, addEventListener=lambda event, fn: None)

    def requestAnimationFrame(self, fn: Callable[[float], None]) -> None:
        self.frames.append(fn)

    def run_frames(self) -> None:
        """Run every frame asked for, 20 ms apart (an animation ends after a few)."""
        while self.frames:
            self.clock += 20.0
            self.frames.pop(0)(self.clock)

    addEventListener = Element.addEventListener

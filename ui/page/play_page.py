"""The play page's DOM wiring: the one module (with ui/main.py) that touches the browser.

Everything with a decision in it lives in pure modules (controller, layout, render, notes,
setup); this module turns DOM events into Session calls, paints the canvas once per animation
frame, keeps the side panel in step, and runs the opponent. Text from records, notation or
errors only ever reaches the page through `textContent`, never as HTML.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from pyodide.ffi import create_proxy

from pygame_core.game import END_TURN, PASS, SWAP
from pygame_core.registry import all_games, find_game

from ui.board.boards import art_for
from ui.board.layout import Layout, fit, hit_test, step
from ui.board.render import PathCache, draw
from ui.board.theme import theme_for
from ui.play.notes import score_table, turn_note
from ui.play.saved_game import AI, SavedGame
from ui.play.session import Session
from ui.play.setup import HUMAN_CHOICE, fields, read_choice, seat_choices, seat_labels

MARGIN_PX = 6
TAP_SLACK = 0.6   # unit lengths around the rim that still count as the nearest cell
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class PlayPage:
    """The board, its controls and the side panel for one Session at a time."""

    def __init__(self, document: Any, window: Any, session: Session) -> None:
        self.document = document
        self.window = window
        self.session = session
        self.after_move: list[Callable[[Session], None]] = []   # autosave and friends
        self.on_new_session: list[Callable[[Session], None]] = []
        self.opponent: Any = None           # ui.ai_client's client, made on first use
        self._search: Any = None            # the running opponent task
        self._dark = bool(window.matchMedia("(prefers-color-scheme: dark)").matches)
        self._forced_theme: bool | None = None
        self._coordinates = False
        self._cursor_cell: int | None = None
        self._keyboard = False
        self._layout: Layout | None = None
        self._size = (0.0, 0.0, 1.0)        # CSS width, height, device pixel ratio
        self._frame_pending = False
        self._panel_dirty = True
        self._press: tuple[int | None, float, float] | None = None
        self._proxies: list[Any] = []
        self._paths = self._path_cache()
        self.canvas = self._el("board")
        self.ctx = self.canvas.getContext("2d")
        self._frame_proxy = self._proxy(self._frame)
        self._wire()
        self._attach(session)
        self.resize()

    # --- small helpers ----------------------------------------------------------------------
    def _path_cache(self) -> PathCache:
        path2d = self.window.Path2D
        return PathCache(lambda svg: path2d.new(svg))

    def _el(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    def _proxy(self, fn: Callable[..., Any]) -> Any:
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    def _on(self, target: Any, event: str, fn: Callable[[Any], Any]) -> None:
        target.addEventListener(event, self._proxy(fn))

    def _button(self, element_id: str, fn: Callable[[], Any]) -> None:
        def handler(event: Any) -> None:
            event.preventDefault()
            fn()
            self.refresh()
        self._on(self._el(element_id), "click", handler)

    # --- wiring -----------------------------------------------------------------------------
    def _wire(self) -> None:
        canvas = self.canvas
        self._on(canvas, "pointerdown", self._pointer_down)
        self._on(canvas, "pointerup", self._pointer_up)
        self._on(canvas, "pointercancel", lambda e: setattr(self, "_press", None))
        self._on(canvas, "keydown", self._board_key)
        self._on(canvas, "focus", lambda e: self.refresh(board_only=True))
        self._on(canvas, "blur", lambda e: self._blur())
        self._on(self.document, "keydown", self._page_key)
        self._button("end-turn", lambda: self.session.press(END_TURN))
        self._button("clear-turn", self.session_clear)
        self._button("pass", lambda: self.session.press(PASS))
        self._button("swap", lambda: self.session.press(SWAP))
        self._button("undo", self.undo)
        self._button("redo", self.redo)
        self._button("nav-first", lambda: self.goto(0))
        self._button("nav-prev", lambda: self.goto(self.session.cursor - 1))
        self._button("nav-next", lambda: self.goto(self.session.cursor + 1))
        self._button("nav-last", lambda: self.goto(len(self.session.turns)))
        self._button("resign", self.resign)
        self._button("rematch", lambda: self.start(self.session.rematch()))
        self._button("new-game", self.open_new_game)
        self._button("help-button", self.open_help)
        self._on(self._el("coordinates"), "change", self._toggle_coordinates)
        self._on(self._el("move-form"), "submit", self._typed_move)
        self._on(self._el("moves"), "click", self._move_clicked)
        self._on(self._el("new-game-form"), "submit", self._new_game_submitted)
        self._on(self._el("setup-game"), "change", lambda e: self._fill_setup(None))
        self._on(self._el("setup-options"), "change", lambda e: self._fill_seats())
        self._button("setup-cancel", lambda: self._el("new-game-dialog").close())
        self._button("help-close", lambda: self._el("help-dialog").close())
        self._on(self.window, "resize", lambda e: self.resize())
        observer = self.window.ResizeObserver.new(self._proxy(lambda entries, obs: self.resize()))
        observer.observe(self._el("board-area"))
        scheme = self.window.matchMedia("(prefers-color-scheme: dark)")
        self._on(scheme, "change", self._scheme_changed)

    def _scheme_changed(self, event: Any) -> None:
        self._dark = bool(event.matches)
        self.refresh(board_only=True)

    def set_theme(self, theme: str) -> None:
        """'light', 'dark' or 'auto' (follow the system), e.g. from an embed parameter."""
        self._forced_theme = {"light": False, "dark": True}.get(theme)
        self.document.documentElement.dataset.theme = theme if self._forced_theme is not None else ""
        self.refresh(board_only=True)

    @property
    def theme(self) -> Any:
        return theme_for(self._dark if self._forced_theme is None else self._forced_theme)

    # --- sessions ---------------------------------------------------------------------------
    def _attach(self, session: Session) -> None:
        self.session = session
        session.after_move.append(self._moved)
        self._cursor_cell = None
        self._layout = None
        self.document.body.dataset.game = session.spec.name

    def start(self, session: Session) -> None:
        """Show a new session (new game, rematch, a loaded save)."""
        self._cancel_search()
        self._attach(session)
        for hook in list(self.on_new_session):
            hook(session)
        self.resize()
        self.refresh()

    def load_saved(self, saved: SavedGame) -> None:
        """Open a SavedGame (RecordError propagates: the caller reports it)."""
        self.start(Session.from_saved(saved))

    def _moved(self, session: Session) -> None:
        for hook in list(self.after_move):
            hook(session)

    # --- actions ----------------------------------------------------------------------------
    def session_clear(self) -> None:
        self.session.clear_pending()

    def undo(self) -> None:
        self._cancel_search()
        self.session.undo()

    def redo(self) -> None:
        self.session.redo()

    def goto(self, cursor: int) -> None:
        self._cancel_search()
        self.session.goto(cursor)

    def resign(self) -> None:
        self._cancel_search()
        self.session.resign()

    def refresh(self, board_only: bool = False) -> None:
        """Ask for a redraw on the next animation frame (many calls, one paint)."""
        if not board_only:
            self._panel_dirty = True
        if not self._frame_pending:
            self._frame_pending = True
            self.window.requestAnimationFrame(self._frame_proxy)

    # --- canvas -----------------------------------------------------------------------------
    def resize(self) -> None:
        """Fit the canvas to its area: CSS size from the layout, backing store x devicePixelRatio."""
        area = self._el("board-area")
        width = max(200.0, float(area.clientWidth))
        art = art_for(self.session.live.board)
        min_x, min_y, max_x, max_y = art.bounds
        aspect = (max_y - min_y) / (max_x - min_x)
        room = float(self.window.innerHeight) * 0.75
        height = min(width * aspect, max(room, 220.0))
        if height < width * aspect:
            width = height / aspect
        ratio = float(self.window.devicePixelRatio or 1)
        width, height = round(width), round(height)
        if (width, height, ratio) != self._size or self._layout is None:
            self._size = (width, height, ratio)
            self.canvas.style.width = f"{width}px"
            self.canvas.style.height = f"{height}px"
            self.canvas.width = round(width * ratio)
            self.canvas.height = round(height * ratio)
            self._layout = fit(art.bounds, width, height, MARGIN_PX)
            self._publish_cells()
            self.refresh(board_only=True)

    def _publish_cells(self) -> None:
        """Test hook: each cell's centre in canvas CSS pixels, as JSON in data-cells."""
        board, layout = self.session.live.board, self._layout
        cells = {name: [round(v, 1) for v in layout.to_px(centre)]
                 for name, centre in zip(board.names, board.centres)}
        self.canvas.dataset.cells = json.dumps(cells)

    def _frame(self, timestamp: float = 0.0) -> None:
        self._frame_pending = False
        try:
            if self._layout is None:
                self.resize()
            self._paint()
            if self._panel_dirty:
                self._panel_dirty = False
                self._update_panel()
        finally:
            self._maybe_start_opponent()

    def _paint(self) -> None:
        width, height, ratio = self._size
        focused = self.document.activeElement == self.canvas
        cursor = self._cursor_cell if (focused and self._keyboard) else None
        view = self.session.board_view(self.theme, self._coordinates, cursor)
        draw(self.ctx, art_for(self.session.live.board), view, self.theme, self._layout, width, height, ratio,
             self._paths)

    def _cell_at(self, event: Any) -> int | None:
        rect = self.canvas.getBoundingClientRect()
        return hit_test(self.session.live.board, self._layout, event.clientX - rect.left,
                        event.clientY - rect.top, slack=TAP_SLACK)

    def _pointer_down(self, event: Any) -> None:
        if event.button != 0 or self._layout is None:
            return
        self._keyboard = False
        self._press = (self._cell_at(event), event.clientX, event.clientY)

    def _pointer_up(self, event: Any) -> None:
        press, self._press = self._press, None
        if press is None or self._layout is None:
            return
        start = press[0]
        cell = self._cell_at(event)
        if cell is None:
            return
        self._cursor_cell = cell
        if start is not None and start != cell and self.session.live.occupant(start) is not None:
            self.session.drag(start, cell)
        else:
            self.session.click(cell)
        self.refresh()

    def _blur(self) -> None:
        self.refresh(board_only=True)

    def _board_key(self, event: Any) -> None:
        key = event.key
        board = self.session.live.board
        if key in ARROWS:
            event.preventDefault()
            event.stopPropagation()
            self._keyboard = True
            if self._cursor_cell is None:
                self._cursor_cell = min(range(board.size), key=lambda c: _distance_to_middle(board, c))
            else:
                self._cursor_cell = step(board, self._cursor_cell, *ARROWS[key])
            self._say_cursor()
            self.refresh(board_only=True)
        elif key in ("Enter", " ") and self._cursor_cell is not None:
            event.preventDefault()
            event.stopPropagation()
            self.session.click(self._cursor_cell)
            self.refresh()
        elif key == "Escape":
            self.session.clear_pending()
            self.refresh()

    def _say_cursor(self) -> None:
        cell = self._cursor_cell
        state = self.session.live
        seat = state.occupant(cell)
        what = "empty" if seat is None else state.player_name(seat)
        self._el("board-cursor").textContent = f"{state.board.names[cell]}: {what}"

    def _page_key(self, event: Any) -> None:
        """Move-list keys anywhere except in form fields and on the board."""
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or target == self.canvas or event.defaultPrevented:
            return
        if self._el("new-game-dialog").open or self._el("help-dialog").open:
            return
        moves = {"ArrowLeft": self.session.cursor - 1, "ArrowRight": self.session.cursor + 1,
                 "Home": 0, "End": len(self.session.turns)}
        if event.key in moves and not (event.ctrlKey or event.altKey or event.metaKey):
            event.preventDefault()
            self.goto(moves[event.key])
            self.refresh()

    def _toggle_coordinates(self, event: Any) -> None:
        self._coordinates = bool(event.target.checked)
        self.refresh(board_only=True)

    def _typed_move(self, event: Any) -> None:
        event.preventDefault()
        box = self._el("move-input")
        if self.session.play_text(str(box.value)):
            box.value = ""
        self.refresh()

    def _move_clicked(self, event: Any) -> None:
        button = event.target.closest("button[data-cursor]")
        if button:
            self.goto(int(button.dataset.cursor))
            self.refresh()

    # --- side panel -------------------------------------------------------------------------
    def _update_panel(self) -> None:
        s = self.session
        state = s.live
        status = s.status()
        if self._search is not None:
            status = f"{state.player_name(state.to_move)} (computer) is thinking."
        self._set_text("status", status)
        self._set_text("message", s.message)
        # one line under the status: a refusal when there is one, else what the turn allows
        self._set_text("turn-note", turn_note(state) if s.humans_turn() and not s.message else "")
        self._set_text("game-title", s.spec.title)
        for element_id, action in (("end-turn", END_TURN), ("pass", PASS), ("swap", SWAP)):
            self._el(element_id).hidden = not s.can(action)
        self._el("clear-turn").hidden = not s.pending
        self._el("undo").disabled = not s.can_undo()
        self._el("redo").disabled = not s.can_redo()
        self._el("resign").disabled = s.is_over or not s.at_end
        self._el("nav-first").disabled = self._el("nav-prev").disabled = s.cursor == 0
        self._el("nav-last").disabled = self._el("nav-next").disabled = s.at_end
        self._el("move-input").disabled = not s.humans_turn()
        self._el("move-input").placeholder = _placeholder(s)
        self._update_moves()
        self._update_score()
        self.document.body.dataset.over = "yes" if s.is_over else "no"

    def _set_text(self, element_id: str, text: str) -> None:
        element = self._el(element_id)
        if element.textContent != text:
            element.textContent = text

    def _update_moves(self) -> None:
        """The move list as buttons; the one showing the current position is aria-current."""
        s = self.session
        listing = self._el("moves")
        rows = s.move_rows()
        listing.replaceChildren()
        for cursor in range(len(rows) + 1):
            item = self.document.createElement("li")
            button = self.document.createElement("button")
            button.type = "button"
            button.dataset.cursor = str(cursor)
            if cursor == 0:
                button.textContent = "Start"
            else:
                row = rows[cursor - 1]
                button.textContent = f"{row.number}. {row.letter} {row.text}"
                button.title = f"Move {row.number}: {row.side} {row.text}"
            if cursor == s.cursor:
                button.setAttribute("aria-current", "step")
            elif cursor > s.cursor:
                button.className = "future"
            item.appendChild(button)
            listing.appendChild(item)
        current = listing.querySelector("[aria-current]")
        if current:   # scroll the list only: scrollIntoView would scroll the page too
            top, bottom = current.offsetTop, current.offsetTop + current.offsetHeight
            if top < listing.scrollTop or bottom > listing.scrollTop + listing.clientHeight:
                listing.scrollTop = max(0, bottom - listing.clientHeight)

    def _update_score(self) -> None:
        table = score_table(self.session.live)
        box = self._el("score")
        box.hidden = table is None
        if table is None:
            return
        doc = self.document
        box.replaceChildren()
        caption = doc.createElement("h2")
        caption.textContent = "Score " + " – ".join(f"{side} {total}" for side, total in table.totals)
        box.appendChild(caption)
        note = doc.createElement("p")
        note.textContent = f"Black's total includes komi {table.komi}."
        box.appendChild(note)
        if not table.chains:
            return
        grid = doc.createElement("table")
        head = doc.createElement("tr")
        for label in ("Chain", "Stones", "Star", "Superstar", "Ring", "Points"):
            th = doc.createElement("th")
            th.textContent = label
            head.appendChild(th)
        grid.appendChild(head)
        for row in table.chains:
            tr = doc.createElement("tr")
            for value in (f"{row.side} {row.where}", row.stones, row.star, row.superstar, row.ring, row.points):
                td = doc.createElement("td")
                td.textContent = str(value)
                tr.appendChild(td)
            grid.appendChild(tr)
        box.appendChild(grid)

    # --- opponent ---------------------------------------------------------------------------
    def _maybe_start_opponent(self) -> None:
        seat = self.session.opponent_to_move()
        if seat is None or self._search is not None:
            return
        self._search = asyncio.ensure_future(self._run_opponent(seat.level or ""))
        self._panel_dirty = True
        self.refresh()

    async def _run_opponent(self, level: str) -> None:
        session = self.session
        state = session.live
        thinking = self._el("thinking")
        thinking.hidden = False
        self._set_text("thinking-text", f"{state.player_name(state.to_move)} is thinking…")
        task = asyncio.current_task()
        try:
            if self.opponent is None:
                from ui.ai_client import AiClient
                self.opponent = AiClient()
            actions = await self.opponent.choose(session.record(), level, self._progress)
        except asyncio.CancelledError:
            return
        except Exception as exc:   # the worker failed: say so, and leave the game playable
            self._set_text("message", f"The computer could not move ({exc}).")
            actions = None
        finally:
            if self._search is task:
                self._search = None
                thinking.hidden = True
        if actions is not None and self.session is session and session.live is state:
            session.play_turn(actions)
        self.refresh()

    def _progress(self, win_rate: float | None, detail: str = "") -> None:
        """Progress from the search: the mover's estimated chance to win, 0..1."""
        text = "Thinking…"
        if win_rate is not None:
            text = f"Thinking… win-rate estimate {round(win_rate * 100)}%"
            self._el("thinking-meter").value = win_rate
        self._set_text("thinking-text", text if not detail else f"{text} ({detail})")

    def _cancel_search(self) -> None:
        task, self._search = self._search, None
        if task is not None:
            if self.opponent is not None:
                self.opponent.cancel()
            task.cancel()
            self._el("thinking").hidden = True

    # --- dialogs ----------------------------------------------------------------------------
    def open_help(self) -> None:
        """Rules help for the current game: text via textContent plus a drawn diagram."""
        from ui.play.help import diagram_view, help_for
        doc = self.document
        content = help_for(self.session.spec.name)
        body = self._el("help-body")
        body.replaceChildren()
        self._set_text("help-title", f"How to play {self.session.spec.title}")
        summary = doc.createElement("p")
        summary.className = "summary"
        summary.textContent = content.summary
        body.appendChild(summary)
        figure = doc.createElement("figure")
        canvas = doc.createElement("canvas")
        canvas.setAttribute("role", "img")
        canvas.setAttribute("aria-label", content.diagram.caption)
        figure.appendChild(canvas)
        caption = doc.createElement("figcaption")
        caption.textContent = content.diagram.caption
        figure.appendChild(caption)
        for section in content.sections:
            heading = doc.createElement("h3")
            heading.textContent = section.heading
            body.appendChild(heading)
            for text in section.paragraphs:
                paragraph = doc.createElement("p")
                paragraph.textContent = text
                body.appendChild(paragraph)
            if section.bullets:
                items = doc.createElement("ul")
                for text in section.bullets:
                    item = doc.createElement("li")
                    item.textContent = text
                    items.appendChild(item)
                body.appendChild(items)
        body.insertBefore(figure, body.children[1])
        self._el("help-dialog").showModal()
        board, view = diagram_view(content, self.theme)
        art = art_for(board)
        min_x, min_y, max_x, max_y = art.bounds
        width = min(320.0, float(body.clientWidth) or 320.0)
        height = width * (max_y - min_y) / (max_x - min_x)
        ratio = float(self.window.devicePixelRatio or 1)
        canvas.style.width, canvas.style.height = f"{width:.0f}px", f"{height:.0f}px"
        canvas.width, canvas.height = round(width * ratio), round(height * ratio)
        draw(canvas.getContext("2d"), art, view, self.theme, fit(art.bounds, width, height, 4), width, height, ratio,
             self._path_cache())

    def open_new_game(self) -> None:
        self._fill_setup(self.session.spec.name)
        self._set_text("setup-error", "")
        self._el("new-game-dialog").showModal()

    def _levels(self) -> list[tuple[str, str]]:
        from pygame_core.ai.levels import LEVELS
        return [(level.name, level.label) for level in LEVELS.values()]

    def _fill_setup(self, game: str | None) -> None:
        """Game picker, the game's options (from its OptionSpecs) and one control per seat."""
        doc = self.document
        picker = self._el("setup-game")
        if picker.options.length == 0:
            for spec in all_games():
                option = doc.createElement("option")
                option.value = spec.name
                option.textContent = spec.title
                picker.appendChild(option)
        if game is not None:
            picker.value = game
        spec = find_game(str(picker.value))
        current = self.session.options if spec.name == self.session.spec.name else None
        box = self._el("setup-options")
        box.replaceChildren()
        for field in fields(spec, current):
            label = doc.createElement("label")
            label.textContent = field.label + " "
            if field.choices:
                control = doc.createElement("select")
                for choice in field.choices:
                    option = doc.createElement("option")
                    option.value = choice
                    option.textContent = choice
                    control.appendChild(option)
            else:
                control = doc.createElement("input")
                control.type = "number"
                for attribute, value in (("min", field.minimum), ("max", field.maximum), ("step", field.step)):
                    if value is not None:
                        control.setAttribute(attribute, f"{value:g}")
            control.name = field.name
            control.value = field.default
            control.title = field.help
            label.appendChild(control)
            hint = doc.createElement("small")
            hint.textContent = field.help
            label.appendChild(hint)
            box.appendChild(label)
        self._fill_seats()

    def _raw_options(self) -> dict[str, str]:
        controls = self._el("setup-options").querySelectorAll("select, input")
        return {str(c.name): str(c.value) for c in controls}

    def _fill_seats(self) -> None:
        doc = self.document
        spec = find_game(str(self._el("setup-game").value))
        box = self._el("setup-seats")
        previous = [str(c.value) for c in box.querySelectorAll("select")]
        if not previous:
            previous = [s.level if s.kind == AI else HUMAN_CHOICE for s in self.session.seats]
        box.replaceChildren()
        choices = seat_choices(self._levels())
        for i, name in enumerate(seat_labels(spec, self._raw_options())):
            label = doc.createElement("label")
            label.textContent = name + " "
            control = doc.createElement("select")
            control.name = f"seat{i}"
            for value, text in choices:
                option = doc.createElement("option")
                option.value = value
                option.textContent = text
                control.appendChild(option)
            control.value = previous[i] if i < len(previous) else HUMAN_CHOICE
            if not control.value:
                control.value = HUMAN_CHOICE
            label.appendChild(control)
            box.appendChild(label)

    def _new_game_submitted(self, event: Any) -> None:
        event.preventDefault()
        seats = [str(c.value) for c in self._el("setup-seats").querySelectorAll("select")]
        choice = read_choice(str(self._el("setup-game").value), self._raw_options(), seats,
                             [name for name, _ in self._levels()])
        if isinstance(choice, str):
            self._set_text("setup-error", choice)
            return
        self._el("new-game-dialog").close()
        self.start(Session(find_game(choice.game), choice.options, choice.seats))


def _distance_to_middle(board: Any, cell: int) -> float:
    xs = [x for x, _ in board.centres]
    ys = [y for _, y in board.centres]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    x, y = board.centres[cell]
    return (x - mx) ** 2 + (y - my) ** 2


def _placeholder(session: Session) -> str:
    examples = {"susan": "e5 or f6-f7", "stymie": "f6 or f6,g5", "superstar": "J10 or pass",
                "lisbon": "h8 or f6,h7"}
    return examples.get(session.spec.name, "move")

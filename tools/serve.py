"""Static file server for the built site on loopback: `make serve`, the e2e tests and the boot
benchmark all use it.

Why not `python -m http.server`: tests need to start and stop it in-process on a chosen port
(the offline test stops it and reloads on the same port, which is part of the origin); it
must give .mjs/.wasm/.toml their types; it tells browsers to revalidate (no stale page after a
rebuild); and it counts the bytes it sends, for the first-visit transfer figure. It does not
compress: what it sends is what is on disk.

Usage: python3 tools/serve.py [--root dist] [--host 127.0.0.1] [--port 8000]
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python3 tools/serve.py` too

from tools.build import CONTENT_SECURITY_POLICY  # noqa: E402  (the page's own policy)

CONTENT_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}


class TrafficCounter:
    """Bytes sent and (path, status) of each response, shared by the handler threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.bytes_sent = 0
        self.responses: list[tuple[str, int]] = []

    def add_bytes(self, count: int) -> None:
        with self._lock:
            self.bytes_sent += count

    def add_response(self, path: str, status: int) -> None:
        with self._lock:
            self.responses.append((path, status))

    def reset(self) -> None:
        with self._lock:
            self.bytes_sent = 0
            self.responses = []


class _CountingWriter:
    """Wraps the response stream so every byte written is counted."""

    def __init__(self, stream: BinaryIO, counter: TrafficCounter) -> None:
        self._stream = stream
        self._counter = counter

    def write(self, data: bytes) -> int:
        self._counter.add_bytes(len(data))
        return self._stream.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class SiteRequestHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def __init__(self, *args: Any, counter: TrafficCounter, verbose: bool, policy: str | None,
                 **kwargs: Any) -> None:
        self.counter = counter
        self.verbose = verbose
        self.policy = policy
        super().__init__(*args, **kwargs)

    def setup(self) -> None:
        super().setup()
        # duck-typed: write() is counted, everything else goes to the real stream
        self.wfile = cast(Any, _CountingWriter(cast(BinaryIO, self.wfile), self.counter))

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.counter.add_response(self.path, int(code))
        super().log_request(code, size)

    def end_headers(self) -> None:
        # Revalidate every time: a rebuilt site is seen at once; unchanged files cost a 304.
        self.send_header("Cache-Control", "no-cache")
        # the headers a host should send (README): the page's own policy, and no type sniffing
        if self.policy:
            self.send_header("Content-Security-Policy", self.policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base class name
        if self.verbose:
            super().log_message(format, *args)


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser dropping a connection (navigation, reload) is routine, not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """Serves a folder on loopback from a background thread; can stop and start again."""

    def __init__(self, root: Path, host: str = "127.0.0.1", port: int = 0, verbose: bool = False,
                 policy: str | None = CONTENT_SECURITY_POLICY) -> None:
        """`policy`: the Content-Security-Policy header to send (None for a test page of
        another site, such as the blog that embeds the game)."""
        self.root = Path(root).resolve()
        self.policy = policy
        self.host = host
        self.port = port
        self.verbose = verbose
        self.counter = TrafficCounter()
        self._server: _QuietServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.origin}/"

    def start(self) -> SiteServer:
        """Listen (on the same port as before, if it ran already) and serve in a thread."""
        handler = functools.partial(
            SiteRequestHandler, directory=str(self.root), counter=self.counter, verbose=self.verbose,
            policy=self.policy)
        self._server = _QuietServer((self.host, self.port), handler)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, name=f"site-server-{self.port}")
        self._thread.daemon = True
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop listening; the port is free to listen on again."""
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join()
        self._server = None

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site on loopback.")
    parser.add_argument("--root", default="dist", help="folder to serve (default: dist)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (Path(args.root) / "index.html").is_file():
        print(f"{args.root}/index.html is missing: build first (make dist)", file=sys.stderr)
        return 1
    server = SiteServer(Path(args.root), args.host, args.port, verbose=True).start()
    print(f"Serving {server.root} at {server.url} (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Serve the built site on 127.0.0.1 with the types a PyScript site needs (standard library only).

    python3 tools/serve.py --dir _site --port 8000

Prints the address, then serves until interrupted. ``--port 0`` picks a free port. The site is
plain static files: any static host serves it the same way (under a sub-path too).

Like the common static hosts, it compresses what compresses (gzip, for a browser that accepts
it: ``Content-Encoding: gzip`` and ``Vary: Accept-Encoding``; the zips and pictures go as they
are) and lets the browser keep files but ask again (``Cache-Control: no-cache``: answered 304
when unchanged). No other site may show the game in a frame (``X-Frame-Options: DENY`` and
``Content-Security-Policy: frame-ancestors 'none'``: the page's own policy, a meta tag, cannot
say that), so no page can lay its own buttons over the game's.

The one static server of the project: ``make play``, the e2e fixtures and the start-up
benchmark all use :func:`serve`, which also counts the bytes it sends per path (on the wire,
compressed).
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


# what is sent gzipped (text and WebAssembly; zips and pictures are compressed already)
# sent with every answer: the game is never shown inside another site's frame
FRAMING = {"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'"}
COMPRESSED = (".html", ".js", ".mjs", ".css", ".wasm", ".json", ".webmanifest", ".toml", ".py")
COMPRESSED_TOO = (".svg", ".txt")


@functools.lru_cache(maxsize=64)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file's bytes gzipped (kept while the file is unchanged)."""
    with open(path, "rb") as source:
        return gzip.compress(source.read(), compresslevel=6, mtime=0)


def wire_size(path: Path) -> int:
    """The bytes :func:`serve` sends for one download of the file, to a browser (which accepts
    gzip)."""
    if path.name.endswith(COMPRESSED + COMPRESSED_TOO):
        stat = path.stat()
        return len(gzipped(str(path), stat.st_mtime_ns, stat.st_size))
    return path.stat().st_size


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    quiet = False
    sent: Counter[str] | None = None  # bytes sent per path, when counting
    extra: dict[str, bytes] = {}  # paths answered from memory (benchmark pages)

    def end_headers(self) -> None:
        # The service worker decides what is cached for offline play; the HTTP cache may
        # keep files but must ask again so a rebuilt site is picked up.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        for name, value in FRAMING.items():
            self.send_header(name, value)
        super().end_headers()

    def send_head(self) -> Any:
        """A compressible file, for a browser that accepts gzip: its gzipped bytes (or 304 when
        the browser's copy is as new); anything else as the standard handler sends it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        accepts = self.headers.get("Accept-Encoding", "")
        if not (
            path.endswith(COMPRESSED + COMPRESSED_TOO)
            and os.path.isfile(path)
            and "gzip" in [part.split(";")[0].strip() for part in accepts.split(",")]
        ):
            return super().send_head()
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, OverflowError, IndexError):
                when = email.utils.parsedate_to_datetime(since)
                if int(stat.st_mtime) <= when.timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
        body = gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        path = urlsplit(self.path).path
        body = self.extra.get(path)
        if body is not None:
            self.send_response(200)
            named = "." in path.rsplit("/", 1)[-1]
            self.send_header(
                "Content-Type", self.guess_type(path) if named else "text/html; charset=utf-8"
            )
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.sent is None:
            super().copyfile(source, outputfile)
            return
        path = urlsplit(self.path).path
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            self.sent[path] += len(chunk)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        if not self.quiet:
            super().log_message(format, *args)


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a browser that drops a connection (page closed mid-download) is no error


@contextlib.contextmanager
def serve(
    directory: Path, *, sent: Counter[str] | None = None, extra: dict[str, bytes] | None = None
) -> Iterator[str]:
    """Serve ``directory`` on a free 127.0.0.1 port in a thread; yields the base URL (with a
    trailing slash). ``sent`` counts the bytes sent per path; ``extra`` answers some paths
    with given text (HTML, or the type the path's extension names)."""
    handler: Callable[..., Any] = functools.partial(
        type("Handler", (SiteHandler,), {"quiet": True, "sent": sent, "extra": extra or {}}),
        directory=str(directory),
    )
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Longana site on 127.0.0.1.")
    parser.add_argument("--dir", type=Path, default=Path("_site"), help="the built site")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    site = args.dir.resolve()
    if not (site / "index.html").is_file():
        print(f"{site} has no index.html: build it first with `make site`", file=sys.stderr)
        return 2
    SiteHandler.quiet = args.quiet
    handler = functools.partial(SiteHandler, directory=str(site))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    except OSError as error:
        print(f"cannot listen on 127.0.0.1:{args.port}: {error}", file=sys.stderr)
        return 1
    server.daemon_threads = True
    print(
        f"Longana is served at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops it)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Serve the built site on 127.0.0.1 with the types a PyScript site needs (standard library only).

    python3 tools/serve.py --dir _site --port 8000

Prints the address, then serves until interrupted. ``--port 0`` picks a free port. The site is
plain static files: any static host serves it the same way (under a sub-path too).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path
from typing import Any

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


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        # The service worker decides what is cached for offline play; the HTTP cache may
        # keep files but must ask again so a rebuilt site is picked up.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        if "--quiet" not in sys.argv:
            super().log_message(format, *args)


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
    handler = functools.partial(SiteHandler, directory=str(site))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    except OSError as error:
        print(f"cannot listen on 127.0.0.1:{args.port}: {error}", file=sys.stderr)
        return 1
    server.daemon_threads = True
    print(f"Longana is served at http://127.0.0.1:{server.server_address[1]}/ "
          "(Ctrl+C stops it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

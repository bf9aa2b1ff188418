"""A plain file server for ``site/`` on 127.0.0.1 (``./dev site --serve``), with the cache headers
docs/hosting.md recommends for any host: the content-named assets (``_assets/<hash>/``) for a year,
never revalidated; the pages and everything else revalidated on every visit (cheap: a 304)."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

#: Cache-Control for the assets, whose names change with their content.
IMMUTABLE = "public, max-age=31536000, immutable"
#: Cache-Control for the pages: their addresses stay, their content changes with each build.
REVALIDATE = "no-cache"


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  # the parent's instance attribute, set for the class
        **SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".js": "text/javascript",
        ".wasm": "application/wasm", ".whl": "application/zip", ".json": "application/json"}

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        self.send_header("Cache-Control", IMMUTABLE if path.startswith("/_assets/") else REVALIDATE)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: a page load is a hundred requests


def server(root: Path, port: int) -> ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(root))
    return ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(root: Path, port: int) -> None:
    httpd = server(root, port)
    print(f"Rules Explorer static site: http://127.0.0.1:{port}/  (Ctrl+C stops it)", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()

"""The static site's Python side, run by Pyodide in the page's web worker (``js/src/worker.js``).

It stands in for a Jupyter kernel, the little a page of widgets needs of one: ipywidgets' comms
(``comm.create_comm``) send their messages to the page by ``postMessage`` instead of a kernel's
sockets, the page's live cells run in order with the page's query string as ``QUERY_STRING`` (what
Voila gives the hub's pages, so presets such as ``?players=3&seed=5`` reach the apps unchanged), and
a cell's last expression is displayed as its mime bundle. Every message handler runs as a task on
Pyodide's event loop: the widgets' scheduler finds a running loop there, so bots wait their delay
between moves as they do in the hub.

Outside Pyodide (the project's tests) a ``post`` function is passed in instead of the worker's.
"""

from __future__ import annotations

import ast
import json
import logging
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import comm
from comm.base_comm import BaseComm, CommManager

#: What a page says when one of its cells fails: the visitor reads a sentence, the console the detail.
CELL_FAILED = ("This part of the page could not be drawn in your browser: {reason}. Reload the page to try "
               "again.")

Post = Callable[[str, str, Sequence[bytes]], None]


def _worker_post() -> Post:
    from re_site_post import post as js_post  # type: ignore[import-not-found]  # the worker's module

    def post(kind: str, payload: str, buffers: Sequence[bytes]) -> None:
        from pyodide.ffi import to_js  # type: ignore[import-not-found]  # only inside Pyodide

        js_post(kind, payload, to_js([bytes(b) for b in buffers]) if buffers else None)

    return post


def run_cell(code: str, namespace: dict[str, Any]) -> Any:
    """Run a notebook cell's code in ``namespace``; returns its last expression's value (what a
    notebook displays), or None."""
    tree = ast.parse(code, mode="exec")
    last = tree.body[-1] if tree.body else None
    if not isinstance(last, ast.Expr):
        exec(compile(tree, "<cell>", "exec"), namespace)
        return None
    tree.body.pop()
    exec(compile(tree, "<cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)


class PageComm(BaseComm):
    """A comm whose messages go to the page (and whose page messages come in by ``Kernel.comm_msg``)."""

    post: Post

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Sequence[Any] | None = None, **keys: Any) -> None:
        payload = {"comm_id": self.comm_id, "target_name": self.target_name,
                   "data": json.dumps(data or {}, default=str), "metadata": json.dumps(metadata or {})}
        self.post(msg_type, json.dumps(payload), [bytes(b) for b in buffers or ()])


class Kernel:
    """The page's Python: its comms, its cells and its query string."""

    def __init__(self, query: str = "", post: Post | None = None) -> None:
        self.post = _worker_post() if post is None else post
        self.manager = CommManager()
        PageComm.post = staticmethod(self.post)
        comm.create_comm = lambda **kwargs: PageComm(**kwargs)
        comm.get_comm_manager = lambda: self.manager
        os.environ["QUERY_STRING"] = query
        self.namespace: dict[str, Any] = {"__name__": "__main__"}
        self.cell: int | None = None
        logging.basicConfig(level=logging.WARNING)

    # ---- the page's cells -----------------------------------------------------------------------

    async def run_cells(self, cells_json: str) -> None:
        """Run the page's cells in order (``{"index", "code", "live"}``); a live cell's value is
        displayed, another's output is the one the build stored (shown already). A failing cell is
        said in words; the cells after it still run."""
        for cell in json.loads(cells_json):
            self.cell = int(cell["index"])
            try:
                value = self._run(str(cell["code"]))
            except Exception as exc:
                self.error(exc)
                continue
            if cell.get("live") and value is not None:
                self.display(value)
        self.cell = None

    def _run(self, code: str) -> Any:
        return run_cell(code, self.namespace)

    def display(self, value: Any) -> None:
        """Send ``value``'s mime bundle to the page, for the cell being run."""
        bundle: Any = None
        method = getattr(value, "_repr_mimebundle_", None)
        if callable(method):
            bundle = method()
            if isinstance(bundle, tuple):
                bundle = bundle[0]
        if not bundle:
            html = getattr(value, "_repr_html_", None)
            bundle = {"text/html": html()} if callable(html) else {"text/plain": repr(value)}
        self.post("display", json.dumps({"cell": self.cell, "data": json.dumps(bundle, default=str)}), ())

    def error(self, exc: BaseException) -> None:
        reason = str(exc) or type(exc).__name__
        detail = "".join(traceback.format_exception(exc))
        print(detail, file=sys.stderr)
        self.post("error", json.dumps({"cell": self.cell, "text": CELL_FAILED.format(reason=reason),
                                       "detail": detail}), ())

    # ---- messages from the page ---------------------------------------------------------------

    async def comm_msg(self, comm_id: str, data: str, buffers: Any = ()) -> None:
        """A widget's message from the page (a click, a changed value): handled as a kernel would."""
        target = self.manager.comms.get(comm_id)
        if target is None:
            return
        raw = [bytes(b.to_py() if hasattr(b, "to_py") else b) for b in buffers]
        message = {"content": {"comm_id": comm_id, "data": json.loads(data)}, "buffers": raw,
                   "metadata": {}, "header": {"msg_type": "comm_msg"}, "parent_header": {}}
        try:
            target.handle_msg(message)
        except Exception as exc:
            self.error(exc)

    def comm_close(self, comm_id: str) -> None:
        target = self.manager.comms.get(comm_id)
        if target is not None:
            target.handle_close({"content": {"comm_id": comm_id, "data": {}}})
            self.manager.unregister_comm(target)

"""A preheated Voila kernel waiting for its visitor, without Voila's server side in the kernel.

Voila runs a play app's notebook before anyone asks for the page; the app then waits for the
visitor's request (its query string) on Voila's ``/voila/query/<kernel id>`` websocket.
``voila.utils.wait_for_request`` does this, but importing ``voila.utils`` imports Voila's server
extension (jupyter_server, jupyterlab_server, tornado's web stack): about 45 MB more in every waiting
kernel, and seconds of imports. This asks the same websocket for the same message with the
``websockets`` client that Voila itself depends on.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import warnings

# The environment Voila gives a preheated kernel (voila.utils.ENV_VARIABLE: the same names).
PREHEAT = "VOILA_PREHEAT"


def query_url() -> str:
    """Where Voila hands this kernel its visitor's request."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"


async def _receive(url: str) -> str | None:
    from websockets.asyncio.client import connect

    try:
        async with connect(url, open_timeout=5) as socket:
            message = await socket.recv()
    except (TimeoutError, OSError) as exc:
        warnings.warn(f"no visitor's request from {url}: {exc}", stacklevel=2)
        return None
    return message if isinstance(message, str) else message.decode()


def wait_for_visitor() -> None:
    """In a preheated kernel: wait for the visitor, then put their request's variables
    (``QUERY_STRING`` among them) into the environment, as Voila's own helper does."""
    if os.environ.get(PREHEAT) != "True":
        return
    received: list[str | None] = []
    # The kernel's own event loop is running this cell: the wait gets a loop of its own.
    thread = threading.Thread(target=lambda: received.append(asyncio.run(_receive(query_url()))))
    thread.start()
    thread.join()
    if received and received[0] is not None:
        for key, value in json.loads(received[0]).items():
            os.environ[key] = str(value)
    os.environ[PREHEAT] = "False"  # heated and handed over: a second app must not wait

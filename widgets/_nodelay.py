"""A kernel websocket that sends every frame at once (TCP_NODELAY), for snappy widget clicks.

Measured (STACK.md, 2026-12-01): the server writes the kernel's "busy" status first; Nagle's algorithm
then holds the widget update frame until the browser acknowledges the first one, and browsers delay
that acknowledgement by about 40 ms. That stall was most of a click's 50 ms. Voila takes the class
by name: ``--Voila.kernel_websocket_connection_class=widgets._nodelay.NoDelayConnection``.
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

#: What Voila's command line names to use this connection class.
CLASS_NAME = f"{__name__}.NoDelayConnection"


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]  # as its parent says
        # The handler's stream exists once the websocket is open, which is when connect() runs.
        self.websocket_handler.set_nodelay(True)
        result: asyncio.Future[None] | None = super().connect()
        return result

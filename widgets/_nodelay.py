"""A kernel websocket that sends every frame at once (TCP_NODELAY), for snappy widget clicks.

Measured (STACK.md, 2026-12-01): the server writes the kernel's "busy" status first; Nagle's algorithm
then holds the widget update frame until the browser acknowledges the first one, and browsers delay
that acknowledgement by about 40 ms. That stall was most of a click's 50 ms. Voila takes the class
by name: ``--Voila.kernel_websocket_connection_class=widgets._nodelay.NoDelayConnection`` (and a
Jupyter server, Binder's, ``--ServerApp.kernel_websocket_connection_class=...``).
"""

from __future__ import annotations

import asyncio
import socket

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

#: What Voila's command line names to use this connection class.
CLASS_NAME = f"{__name__}.NoDelayConnection"
#: The server log line each connection writes, naming the socket's TCP_NODELAY as read back from it
#: (the browser tests look for it: the setting is in force on the served sockets, not just configured).
LOG_LINE = "Kernel websocket %s: TCP_NODELAY=%d"


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]  # as its parent says
        # The handler's stream exists once the websocket is open, which is when connect() runs.
        handler = self.websocket_handler
        handler.set_nodelay(True)
        connection = handler.ws_connection
        stream = getattr(connection, "stream", None)
        sock = getattr(stream, "socket", None)
        if isinstance(sock, socket.socket):
            self.log.info(LOG_LINE, self.kernel_id, sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        result: asyncio.Future[None] | None = super().connect()
        return result

"""Running the phone's page: uvicorn on a socket the command opened, and the QR code
of its address at a terminal (the two libraries only this command needs)."""

from __future__ import annotations

import socket
import sys

import segno
import uvicorn
from starlette.applications import Starlette

__all__ = ["run_app", "print_qr"]


def run_app(app: Starlette, listener: socket.socket) -> None:
    """Serve ``app`` on ``listener`` until Ctrl+C (the lifespan is not used; a
    request still running gets two seconds to end)."""
    config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False,
                            timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[listener])


def print_qr(url: str) -> None:
    """A QR code of the address, at a terminal only (in a log it is noise)."""
    if sys.stdout.isatty():
        segno.make(url, error="l").terminal(compact=True)

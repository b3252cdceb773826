"""Online play: a FastAPI server with a lobby, live tables and a browser client.

The server is authoritative: clients send action ids; the server checks them
against ``legal_actions()``, commits them to the database, and sends each seat its
own ``view`` and log. ``tabletop serve`` runs it; :func:`create_app` builds the
ASGI app for tests and embedding.

>>> from fastapi.testclient import TestClient
>>> from tabletop.server import ServerSettings, create_app
>>> settings = ServerSettings(database_url="sqlite://", bot_workers=0)
>>> with TestClient(create_app(settings)) as client:
...     "uno-power" in [g["id"] for g in client.get("/api/games").json()]
True
"""

from tabletop.server.app import create_app
from tabletop.server.settings import ServerSettings, default_database_url

__all__ = ["ServerSettings", "create_app", "default_database_url"]

"""The fixtures of the server's tests: a folder of cases copied from facts/, a test client of
`reasoner serve` on it, and the server's CSRF token. A module wanting other cases overrides
`cases`; one wanting a server error as a 500 response, not raised, overrides
`raise_server_exceptions`."""
import re
import shutil
from pathlib import Path

import pytest

FACTS = Path(__file__).resolve().parents[2] / "facts"
NIGHT = "ch350_night_direction_unlawful"
BOUND = "http://127.0.0.1:8000"


@pytest.fixture
def cases():
    """The bundled cases (names in facts/) the folder holds."""
    return (NIGHT,)


@pytest.fixture
def folder(tmp_path, cases):
    """tmp_path/cases with a copy of each of `cases`."""
    where = tmp_path / "cases"
    where.mkdir()
    for name in cases:
        shutil.copy(FACTS / f"{name}.yaml", where / f"{name}.yaml")
    return where


@pytest.fixture
def raise_server_exceptions():
    return True


@pytest.fixture
def client(folder, raise_server_exceptions):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient
    from reasoner.server.app import create_app
    return TestClient(create_app(folder, host="127.0.0.1"), base_url=BOUND,
                      raise_server_exceptions=raise_server_exceptions)


@pytest.fixture
def token(client):
    """The server's CSRF token, from the page with the cheapest form (/new)."""
    return re.search(r'name="csrf" value="([^"]+)"', client.get("/new").text).group(1)

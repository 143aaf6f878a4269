"""Every page of the server has the same frame: a skip link to the content first, the site's links
in a <nav> landmark, the content in <main id="main">, and an icon the server serves."""
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

FACTS = Path(__file__).resolve().parents[2] / "facts"
NIGHT = "ch350_night_direction_unlawful"
BOUND = "http://127.0.0.1:8000"
PAGES = ["/", "/law", "/law/350.02(2)(b)4", "/cases", "/new", f"/case/{NIGHT}", f"/interview/{NIGHT}",
         "/case/no_such_case", "/law/999.99"]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from starlette.testclient import TestClient
    from reasoner.server.app import create_app
    folder = tmp_path_factory.mktemp("cases")
    shutil.copy(FACTS / f"{NIGHT}.yaml", folder / f"{NIGHT}.yaml")
    return TestClient(create_app(folder, host="127.0.0.1"), base_url=BOUND)


@pytest.mark.parametrize("url", PAGES)
def test_every_page_has_a_skip_link_a_nav_landmark_and_an_icon(client, url):
    response = client.get(url)
    assert response.status_code in (200, 404)
    page = response.text
    body = page[page.index("<body>") + len("<body>"):]
    assert body.startswith('<a class="skip" href="#main">')          # the first thing a keyboard reaches
    assert len(re.findall(r"<nav\b", page)) == 1 and '<main id="main"' in page
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page).group(1)
    assert client.get(icon).status_code == 200

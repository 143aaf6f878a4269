"""A reading has one name in the command line, the API and the case form: `phrase.reading` as
`reasoner readings` lists it. The form posts nothing for a phrase's default; a name no reading has
(`dwelling_150_ft.default`) is refused by all three with the same message."""
import html
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from reasoner.cli import main

pytest.importorskip("starlette")
pytest.importorskip("httpx")

FACTS = Path(__file__).resolve().parents[2] / "facts"
CASE = "ch350_pedestrian_at_100_ft"


@pytest.fixture
def cases():
    return (CASE,)
REFUSED = "no reading 'dwelling_150_ft.default'"


def _csrf(page):
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def _cli(*readings):
    args = []
    for r in readings:   # a global option: before the command
        args += ["--reading", r]
    return CliRunner().invoke(main, args + ["ask", str(FACTS / f"{CASE}.yaml"), "lawful", "--format", "json"])


def _api(client, *readings):
    case = yaml.safe_load((FACTS / f"{CASE}.yaml").read_text(encoding="utf-8"))
    return client.post("/api/ask", json={"case": case, "readings": list(readings)})


def test_phrase_dot_default_is_refused_by_the_cli_the_api_and_the_form_alike(client):
    cli = _cli("dwelling_150_ft.default")
    assert cli.exit_code != 0 and REFUSED in cli.output
    api = _api(client, "dwelling_150_ft.default")
    assert api.status_code == 400 and REFUSED in api.json()["error"]
    page = client.get(f"/case/{CASE}").text
    form = client.post(f"/case/{CASE}", data={"csrf": _csrf(page), "action": "answer",
                                               "reading:dwelling_150_ft": "dwelling_150_ft.default"})
    assert form.status_code == 400 and REFUSED in html.unescape(form.text) and "Traceback" not in form.text
    link = client.get(f"/case/{CASE}?reading=dwelling_150_ft.default")
    assert link.status_code == 400 and REFUSED in html.unescape(link.text)


def test_every_name_the_form_posts_is_one_the_cli_and_the_api_accept(client):
    page = client.get(f"/case/{CASE}").text
    radios = re.findall(r'<input type="radio" name="reading:([a-z0-9_]+)" value="([^"]*)"', page)
    assert radios
    named = [value for _, value in radios if value]
    defaults = [phrase for phrase, value in radios if not value]
    assert defaults and all(not v.endswith(".default") for v in named)
    for phrase, value in radios:   # a choice per phrase: one radio group each
        assert not value or value.startswith(phrase + ".")
    for value in named:
        assert _cli(value).exit_code == 0, value
        assert _api(client, value).status_code == 200, value
        assert f"<code>{value}</code>" in page   # the page shows the name it posts
    # the default's own name (`reasoner readings` lists it) is accepted everywhere too, and shown
    assert _cli("dwelling_150_ft.inclusive").exit_code == 0
    assert _api(client, "dwelling_150_ft.inclusive").status_code == 200
    assert "<code>dwelling_150_ft.inclusive</code>" in page


def test_the_forms_default_posts_no_reading_and_two_phrases_are_chosen_at_once(client):
    page = client.get(f"/case/{CASE}").text
    data = {"csrf": _csrf(page), "action": "answer", "reading:person_100_ft": "person_100_ft.exclusive",
            "reading:dwelling_150_ft": "dwelling_150_ft.exclusive", "reading:companion_over_age": ""}
    answered = client.post(f"/case/{CASE}", data=data)
    assert answered.status_code == 200
    assert re.search(r'id="answer"><b>yes</b>', answered.text)   # as test_serve_http: exclusive -> yes
    checked = re.findall(r'name="reading:([a-z0-9_]+)" value="([^"]*)" checked', answered.text)
    assert ("person_100_ft", "person_100_ft.exclusive") in checked
    assert ("dwelling_150_ft", "dwelling_150_ft.exclusive") in checked
    assert ("companion_over_age", "") in checked
    downloads = re.search(r'id="downloads"><a href="[^"?]+\?([^"]+)"', answered.text).group(1)
    assert "reading=dwelling_150_ft.exclusive" in downloads and "reading=person_100_ft.exclusive" in downloads

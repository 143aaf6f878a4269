"""`reasoner serve` with odd files in its folder and odd requests: a case file that is not UTF-8, a
JSON case with a lone surrogate, a case whose entities are not a mapping, a client that goes away in
the middle of its body -- each a 4xx saying what to do, never a 500; a file whose name is not a
case name is listed apart, not a 404 of the whole listing; a save made from a page loaded before
the file changed is refused (409), not written over the change; the law browser shows every
citation `reasoner cite` answers; bidirectional controls are shown, not obeyed."""
import asyncio
import json
import logging
import re
import shutil
from pathlib import Path

import pytest
import yaml

pytest.importorskip("starlette")
pytest.importorskip("httpx")

FACTS = Path(__file__).resolve().parents[2] / "facts"
NIGHT = "ch350_night_direction_unlawful"


@pytest.fixture
def raise_server_exceptions():
    return False   # a server error is a 500 response here, which each test refuses


def version(page):
    return re.search(r'name="version" value="([^"]+)"', page).group(1)


def message(page):
    return re.search(r'<p class="(?:err|msg)" id="(?:error|saved)">(.*?)</p>', page, re.S).group(1)


def test_a_case_file_that_is_not_utf8_is_a_400_naming_the_byte(client, folder):
    text = (FACTS / f"{NIGHT}.yaml").read_bytes().replace(b"description: ", b"description: caf\xe9 ", 1)
    (folder / "latin.yaml").write_bytes(text)
    for url in ("/case/latin", "/interview/latin", "/case/latin/export/md"):
        r = client.get(url)
        assert r.status_code == 400, (url, r.status_code)
        assert "latin.yaml:1" in r.text and "0xe9" in r.text and "save the file as UTF-8" in r.text
        assert "Traceback" not in r.text


def test_a_lone_surrogate_in_a_json_case_is_a_400_naming_the_field(client):
    case = yaml.safe_load((FACTS / f"{NIGHT}.yaml").read_text(encoding="utf-8"))
    case["description"] = "\ud800"
    r = client.post("/api/ask", content=json.dumps({"case": case}), headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert "description" in r.json()["error"] and "U+D800" in r.json()["error"]


@pytest.mark.parametrize("text", ["description: x\nentities: 5\n",
                                  "description: x\nentities:\n  1:\n    type: person\n    age: 30\n"])
def test_a_form_post_on_a_case_the_reader_refuses_is_a_400(client, folder, text, token):
    (folder / "odd.yaml").write_text(text, encoding="utf-8")
    r = client.post("/case/odd", data={"csrf": token, "f.1.age": "31", "action": "save"})
    assert r.status_code in (400, 409), r.status_code
    r = client.post("/case/odd", data={"csrf": token, "f.1.age": "31", "action": "answer"})
    assert r.status_code == 400 and "odd.yaml:" in r.text
    assert (folder / "odd.yaml").read_text(encoding="utf-8") == text


def _disconnecting(app, path, headers, caplog):
    """The ASGI app called with a body that stops half way: the client went away."""
    sent = []
    messages = [{"type": "http.request", "body": b"csrf=abc&f.op1", "more_body": True},
                {"type": "http.disconnect"}]

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": headers, "client": ("127.0.0.1", 5000),
             "server": ("127.0.0.1", 8000)}
    with caplog.at_level(logging.DEBUG):
        asyncio.run(app(scope, receive, send))
    return sent


@pytest.mark.parametrize("path,kind", [(f"/case/{NIGHT}", b"application/x-www-form-urlencoded"),
                                       ("/api/ask", b"application/json")])
def test_a_client_that_goes_away_mid_body_logs_no_traceback(folder, caplog, path, kind):
    from reasoner.server.app import create_app
    app = create_app(folder, host="127.0.0.1")
    sent = _disconnecting(app, path, [(b"host", b"127.0.0.1:8000"), (b"content-type", kind),
                                      (b"content-length", b"500")], caplog)
    start = [m for m in sent if m["type"] == "http.response.start"]
    assert start and 400 <= start[0]["status"] < 500
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.parametrize("odd", ["my case.yaml", "café.yaml", "_draft.yaml", "\u202eevil.yaml"])
def test_a_file_whose_name_is_not_a_case_name_is_listed_apart(client, folder, odd):
    shutil.copy(FACTS / f"{NIGHT}.yaml", folder / odd)
    r = client.get("/cases")
    assert r.status_code == 200
    assert f'href="/case/{NIGHT}"' in r.text                      # the others still listed
    assert 'id="unnamed"' in r.text and "Rename" in r.text
    assert "\u202e" not in r.text                                   # a bidi override shown, not obeyed
    shown = odd.replace("\u202e", "\\u202e")
    assert shown in r.text


def test_a_bidi_override_in_a_description_is_shown_escaped_in_the_listing(client, folder):
    src = (FACTS / f"{NIGHT}.yaml").read_text(encoding="utf-8")
    (folder / "bidi.yaml").write_text(re.sub(r"description: .*", lambda m: 'description: "abc\\u202edef"', src, count=1),
                                      encoding="utf-8")
    r = client.get("/cases")
    assert r.status_code == 200 and "\u202e" not in r.text and "abc\\u202edef" in r.text


def test_a_save_from_a_page_loaded_before_the_file_changed_is_refused(client, folder, token):
    url = f"/case/{NIGHT}"
    page = client.get(url).text
    stale = version(page)
    file = folder / f"{NIGHT}.yaml"
    # someone edits the file in an editor after the page loaded: another fact
    changed = file.read_text(encoding="utf-8").replace("description: ", "description: Edited on disk. ", 1)
    file.write_text(changed, encoding="utf-8")
    r = client.post(url, data={"csrf": token, "version": stale, "f.op1.trail_distance_ft": "45",
                               "action": "save"})
    assert r.status_code == 409
    assert "changed since this page was loaded" in message(r.text) and "nothing was saved" in message(r.text)
    assert 'id="caseform"' in r.text and "Edited on disk." in r.text        # the form, from the file as it is
    assert file.read_text(encoding="utf-8") == changed                      # the change on disk kept
    # saved again from the page as it is now: written, with the change on disk kept
    r = client.post(url, data={"csrf": token, "version": version(r.text),
                               "f.op1.trail_distance_ft": "45", "action": "save"})
    assert r.status_code == 200 and "Saved 1 change(s)" in r.text
    saved = file.read_text(encoding="utf-8")
    assert "trail_distance_ft: 45" in saved and "Edited on disk." in saved


def test_a_save_without_the_version_is_refused(client, folder, token):
    before = (folder / f"{NIGHT}.yaml").read_text(encoding="utf-8")
    r = client.post(f"/case/{NIGHT}", data={"csrf": token, "f.op1.trail_distance_ft": "45",
                                            "action": "save"})
    assert r.status_code == 409
    assert (folder / f"{NIGHT}.yaml").read_text(encoding="utf-8") == before


@pytest.mark.parametrize("citation,text", [("350.02", "On the roadway of county or town highways"),
                                           ("350.02(2)", "On the roadway of county or town highways"),
                                           ("348.21(3)(b)", "For the first conviction"),
                                           ("348.19", "peeled or")])
def test_the_law_browser_shows_a_level_without_text_of_its_own(client, citation, text):
    r = client.get(f"/law/{citation}")
    assert r.status_code == 200, r.text[:300]
    assert f"s. {citation}" in r.text and text in r.text
    assert "itself is not in the excerpt" in r.text
    for link in re.findall(r'href="(/law/[^"]+)"', r.text):      # every subdivision it links opens
        assert client.get(link).status_code == 200, link


def test_the_law_browser_still_404s_an_unknown_citation(client):
    r = client.get("/law/350.99")
    assert r.status_code == 404


def test_a_bidi_override_in_a_description_is_shown_escaped_on_the_case_page_and_handouts(client, folder):
    src = (FACTS / f"{NIGHT}.yaml").read_text(encoding="utf-8")
    (folder / "bidi.yaml").write_text(re.sub(r"description: .*", lambda m: 'description: "evil \\u202ereversed"',
                                             src, count=1), encoding="utf-8")
    for url in ("/case/bidi", "/case/bidi/export/html", "/case/bidi/export/md"):
        r = client.get(url)
        assert r.status_code == 200, url
        assert "\u202e" not in r.text, url
        assert "evil \\u202ereversed" in r.text.replace("\\\\", "\\"), url   # Markdown doubles the backslash

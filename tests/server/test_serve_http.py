"""`reasoner serve` over HTTP (Starlette's test client): the pages answer as the command line does,
the form changes and saves a case, and every safety rule of docs/SERVE.md refuses what it must."""
import html
import json
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

FACTS = Path(__file__).resolve().parents[2] / "facts"
NIGHT = "ch350_night_direction_unlawful"


@pytest.fixture
def cases():
    return (NIGHT, "ch350_night_direction_undetermined", "ch350_pedestrian_at_100_ft")


def answer_of(page: str) -> str:
    return re.search(r'id="answer"><b>([^<]+)</b>', page).group(1)


def form_of(page: str) -> dict:
    """The case form's fields as a browser posts them (selected options, input values unescaped)."""
    fields = {k: html.unescape(v) for k, v in re.findall(r'<input name="(f\.[^"]+)" value="([^"]*)"', page)}
    for name, body in re.findall(r'<select name="(f\.[^"]+)">(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body)
        fields[name] = chosen.group(1) if chosen else "unknown"
    version = re.search(r'name="version" value="([^"]*)"', page)   # the file's version the form is of
    if version:
        fields["version"] = version.group(1)
    return fields


# -- the pages -------------------------------------------------------------------------------------------
def test_a_bundled_case_is_answered_with_its_argument_and_nearest_flips(client):
    page = client.get(f"/case/{NIGHT}?whatif=1").text
    assert answer_of(page) == "no"
    assert "350.02(2)(b)4" in page
    assert "40 feet instead of 30 feet" in page          # the nearest flip, beside the answer (asked for)
    assert 'id="f-op1-trail_distance_ft" class="relevant"' in page   # a fact of the argument, marked


def test_the_form_answers_the_changed_facts_without_saving_then_saves_them(client, folder, token):
    url = f"/case/{NIGHT}"
    page = client.get(url).text
    fields = form_of(page)
    assert fields["f.op1.trail_distance_ft"] == "30"
    before = (folder / f"{NIGHT}.yaml").read_text()
    changed = {**fields, "f.op1.trail_distance_ft": "45", "csrf": token, "q": "lawful"}
    page = client.post(url, data={**changed, "action": "answer"}).text
    assert answer_of(page) == "yes"
    assert (folder / f"{NIGHT}.yaml").read_text() == before          # answered, not saved
    page = client.post(url, data={**changed, "action": "save"}).text
    assert "Saved 1 change(s)" in page
    after = (folder / f"{NIGHT}.yaml").read_text()
    assert "trail_distance_ft: 45" in after
    assert after.replace("trail_distance_ft: 45", "trail_distance_ft: 30") == before   # every other line kept
    assert answer_of(client.get(url).text) == "yes"


def test_a_what_if_change_is_applied_by_its_button(client, token):
    url = f"/case/{NIGHT}"
    page = client.get(url + "?whatif=1").text   # what-if on request
    button = re.search(r'<button name="apply" value="([^"]+)"', page).group(1).replace("&#34;", '"')
    assert json.loads(button)[0]["attribute"] == "trail_distance_ft"
    data = {**form_of(page), "csrf": token, "action": "answer", "q": "lawful", "apply": button}
    page = client.post(url, data=data).text
    assert answer_of(page) == "yes"
    assert form_of(page)["f.op1.trail_distance_ft"] == "40"


def test_a_reading_switched_in_the_form_changes_the_answer(client, token):
    url = "/case/ch350_pedestrian_at_100_ft"
    page = client.get(url).text
    assert answer_of(page) == "no"
    data = {**form_of(page), "csrf": token, "action": "answer", "q": "lawful",
            "reading": "person_100_ft.exclusive"}
    assert answer_of(client.post(url, data=data).text) == "yes"
    assert answer_of(client.get(url + "?reading=person_100_ft.exclusive").text) == "yes"


def test_the_law_explorer_shows_a_provision_with_its_rules_and_readings(client):
    page = client.get("/law/350.03(1)").text
    assert "within 100 feet of a person" in page
    assert "person_100_ft" not in page or "Within is read as closer than" in page
    assert "Within is read as closer than" in page
    found = client.get("/law?q=snowmobile trail").text
    assert "350.02(2)(b)4" in found


def test_every_export_format_downloads(client):
    for fmt in ("text", "json", "graphml", "dot", "svg", "md", "html"):
        r = client.get(f"/case/{NIGHT}/export/{fmt}?q=lawful")
        assert r.status_code == 200, fmt
        assert "attachment" in r.headers["content-disposition"]
    assert "Sam Olson" in client.get(f"/case/{NIGHT}/export/html").text


# -- the interview ---------------------------------------------------------------------------------------
def test_an_interview_goes_back_reviews_and_saves_only_with_an_answer(client, folder, token):
    url = "/interview/ch350_night_direction_undetermined"
    page = client.get(url).text
    first = re.search(r'id="question">([^<]+)<', page).group(1)
    data = {"csrf": token, "q": "lawful"}
    page = client.post(url, data={**data, "replies": "[]", "action": "next", "reply": "unknown"}).text
    replies = re.search(r'name="replies" value="([^"]*)"', page).group(1).replace("&#34;", '"')
    page = client.post(url, data={**data, "replies": replies, "action": "save", "save_as": "none"}).text
    assert "nothing was saved" in page and not (folder / "none.yaml").exists()
    page = client.post(url, data={**data, "replies": replies, "action": "back"}).text
    assert re.search(r'id="question">([^<]+)<', page).group(1) == first     # back to the first question
    page = client.post(url, data={**data, "replies": "[]", "action": "next", "reply": "y"}).text
    replies = re.search(r'name="replies" value="([^"]*)"', page).group(1).replace("&#34;", '"')
    assert answer_of(page) != "undetermined"
    page = client.post(url, data={**data, "replies": replies, "action": "save", "save_as": "done"}).text
    assert "Saved the completed case to done.yaml" in page
    assert "travelled_with_traffic: true" in (folder / "done.yaml").read_text()


def placeless(data) -> str:
    """data as JSON text without its source locations (a case sent as JSON has no file and lines)."""
    text = json.dumps(data, sort_keys=True)
    return re.sub(r'"(case|[^"]*\.yaml):\d+"|case file line \d+', "LOC", text)


# -- the API ---------------------------------------------------------------------------------------------
def test_api_ask_gives_the_json_of_ask_format_json(client):
    import yaml
    from click.testing import CliRunner
    from reasoner.cli import main
    case = yaml.safe_load((FACTS / f"{NIGHT}.yaml").read_text())
    got = client.post("/api/ask", json={"case": case, "query": "lawful"}).json()
    cli = json.loads(CliRunner().invoke(main, ["ask", str(FACTS / f"{NIGHT}.yaml"), "lawful", "--format", "json"]).output)
    assert got["answer"] == cli["answer"] == "false"
    assert placeless(got["argument"]) == placeless(cli["argument"])   # a dict case has no file lines
    assert got["cited"] == cli["cited"]


def test_api_whatif_names_the_trail_distance_and_api_vocab_its_unit(client):
    import yaml
    case = yaml.safe_load((FACTS / f"{NIGHT}.yaml").read_text())
    got = client.post("/api/whatif", json={"case": case, "query": "lawful"}).json()
    assert any(c["attribute"] == "trail_distance_ft" for o in got["outcomes"] for c in o["changes"])
    vocab = client.get("/api/vocab?kind=operation").json()
    trail = [a for a in vocab["kinds"][0]["attributes"] if a["attribute"] == "trail_distance_ft"][0]
    assert trail["unit"] == "feet"
    assert any(q["name"] == "lawful" for q in client.get("/api/queries").json()["queries"])


def test_api_says_what_is_wrong_with_a_case_in_json(client):
    r = client.post("/api/ask", json={"case": {"entities": {"x": {"type": "sled"}}}, "query": "lawful"})
    assert r.status_code == 400
    assert "sled" in r.json()["error"]


def test_api_refuses_a_form_encoded_body(client):
    r = client.post("/api/ask", data={"case": "{}", "query": "lawful"})
    assert r.status_code == 415


# -- safe by default -------------------------------------------------------------------------------------
def test_a_foreign_host_is_refused(client):
    r = client.get(f"/case/{NIGHT}", headers={"Host": "attacker.example:8000"})
    assert r.status_code == 421
    assert "Sam Olson" not in r.text
    assert client.get("/", headers={"Host": "localhost:8000"}).status_code == 200


def test_a_form_that_writes_without_the_csrf_token_is_refused_and_writes_nothing(client, folder):
    before = (folder / f"{NIGHT}.yaml").read_text()
    data = {"f.op1.trail_distance_ft": "45", "action": "save", "q": "lawful"}
    assert client.post(f"/case/{NIGHT}", data=data).status_code == 403
    assert client.post(f"/case/{NIGHT}", data={**data, "csrf": "guessed"}).status_code == 403
    assert (folder / f"{NIGHT}.yaml").read_text() == before
    r = client.post("/new", data={"name": "fresh", "text": "entities: {}\n"})
    assert r.status_code == 403 and not (folder / "fresh.yaml").exists()


def test_no_path_outside_the_folder_is_reachable(client, folder, tmp_path, token):
    secret = tmp_path / "secret.yaml"
    shutil.copy(FACTS / f"{NIGHT}.yaml", secret)
    (folder / "link.yaml").symlink_to(secret)
    for url in ("/case/..%2Fsecret", "/case/../secret", "/case/link", "/case/link/export/json",
                "/interview/link", "/case/%2Fetc%2Fpasswd"):
        r = client.get(url)
        assert r.status_code == 404, url
        assert "Sam Olson" not in r.text
    listing = client.get("/cases").text
    assert "/case/link" not in listing and "link.yaml" not in listing
    tok = token
    r = client.post("/new", data={"csrf": tok, "name": "../escaped", "text": "entities: {}\n"})
    assert r.status_code == 400 and not (tmp_path / "escaped.yaml").exists()


def test_an_oversized_body_is_refused(client):
    big = "x" * (2 * 1024 * 1024 + 10)
    r = client.post("/api/ask", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_script_in_a_case_description_is_shown_as_text(client, folder):
    text = (folder / f"{NIGHT}.yaml").read_text().replace(
        "description: Night ride", 'description: <script>alert(1)</script> Night ride', 1)
    (folder / "scripted.yaml").write_text(text)
    for url in ("/case/scripted", "/cases"):
        page = client.get(url).text
        assert "<script>alert(1)</script>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_serve_refuses_a_folder_that_is_not_there(tmp_path):
    from click.testing import CliRunner
    from reasoner.cli import main
    result = CliRunner().invoke(main, ["serve", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "no such folder" in result.output


def test_a_pasted_case_is_checked_then_written_into_the_folder(client, folder, token):
    tok = token
    bad = client.post("/new", data={"csrf": tok, "name": "pasted", "text": "entities:\n  x:\n    type: sled\n"})
    assert bad.status_code == 400 and "sled" in bad.text and not (folder / "pasted.yaml").exists()
    text = (FACTS / f"{NIGHT}.yaml").read_text()
    r = client.post("/new", data={"csrf": tok, "name": "pasted", "text": text}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/case/pasted"
    assert (folder / "pasted.yaml").read_text() == text
    again = client.post("/new", data={"csrf": tok, "name": "pasted", "text": "entities: {}\n"})
    assert again.status_code == 400 and (folder / "pasted.yaml").read_text() == text   # never over a file


def test_the_interview_s_presumption_step_is_a_checklist_in_words(client, folder, token):
    shutil.copy(FACTS / "ch348_report_axle_overweight.yaml", folder / "axle.yaml")
    url = "/interview/axle?q=forfeiture"
    page = client.get(url).text
    boxes = re.findall(r'<input type="checkbox" name="raised" value="(\d)" id="raised-\d">([^<]*)<cite>\((.*?)\)</cite>', page)
    assert [(n, c) for n, _, c in boxes] == [("1", "s. 348.21(3t)(b)"), ("2", "s. 348.21(3g)"), ("3", "s. 348.21(2)(b)")]
    assert "The truck is a vehicle combination transporting raw forest products" in boxes[1][1]
    assert 'name="reply"' not in page and "Was any of them raised?" in page and "e.g. 1,3" not in page
    # ticking the second box raises it: back shows it ticked again
    data = {"csrf": token, "q": "forfeiture", "step": "presumed"}
    page = client.post("/interview/axle", data={**data, "replies": "[]", "ahead": "[]", "action": "next",
                                                "raised": ["2"]}).text
    assert "raised: The truck is a vehicle combination transporting raw forest products" in page
    replies = re.search(r'name="replies" value="([^"]*)"', page).group(1).replace("&#34;", '"')
    page = client.post("/interview/axle", data={**data, "replies": replies, "ahead": "[]", "action": "back"}).text
    assert re.findall(r'id="raised-(\d)" checked', page) == ["2"]

"""Parties on the case form: an entity of any kind added (its name, an id typed or made up, checked
as the case reader checks one) and removed (its own facts with it; refused while another entity
names it), kept in the form until Save, saved as a case file the command line reads; and a new
case started from a type, not only from pasted YAML."""
import html
import re

import pytest
import yaml
from click.testing import CliRunner

pytest.importorskip("starlette")
pytest.importorskip("httpx")

NIGHT = "ch350_night_direction_unlawful"
URL = f"/case/{NIGHT}"


def posted(page: str) -> dict:
    """What a browser posts of the case form as the page shows it: every field, the hidden ones too."""
    out = {k: html.unescape(v) for k, v in re.findall(r'<input (?:type="hidden" )?name="([^"]+)" value="([^"]*)"', page)}
    for name, body in re.findall(r'<select name="(f\.[^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body)
        out[name] = html.unescape(chosen.group(1)) if chosen else "unknown"
    out.pop("q", None)
    return out


def post(client, page, **fields):
    data = {**posted(page), "q": "lawful", **{k.replace("__", "."): v for k, v in fields.items()}}
    return client.post(URL, data=data)


def notice(page):
    found = re.search(r'id="notice">([^<]*)<', page)
    return found and html.unescape(found.group(1))


def beside(page, what):
    found = re.search(rf'id="err-{what}">([^<]*)<', page)
    return found and html.unescape(found.group(1))


def answer_of(page):
    return html.unescape(re.search(r'id="answer">(.*?)</p>', page, re.S).group(1))


def cli_lawful(path):
    from reasoner.cli import main
    result = CliRunner().invoke(main, ["ask", str(path), "lawful"])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_second_operation_is_added_answered_per_operation_saved_and_shown_again(client, folder):
    before = (folder / f"{NIGHT}.yaml").read_text()
    page = client.get(URL).text
    r = post(client, page, action="add", add_type="operation", add_name="the second ride", f__op1__speed_mph="41")
    assert r.status_code == 200
    assert notice(r.text).startswith("Added op2 (operation)")        # the id made up as the others' prefix
    fields = posted(r.text)
    assert fields["new.op2"] == "operation" and fields["f.op2.name"] == "the second ride"
    assert fields["f.op1.speed_mph"] == "41"                            # the edit made before Add kept
    assert (folder / f"{NIGHT}.yaml").read_text() == before             # nothing saved
    r = post(client, r.text, action="answer", f__op2__operator="p1", f__op2__snowmobile_used="s1",
             f__op2__at_night="false")
    assert r.status_code == 200
    said = answer_of(r.text)
    assert "Of 2 operations" in said and "The first ride" in said and "The second ride" in said
    r = post(client, r.text, action="save")
    assert r.status_code == 200 and "added op2" in re.search(r'id="saved">([^<]*)<', r.text).group(1)
    saved = yaml.safe_load((folder / f"{NIGHT}.yaml").read_text())
    assert saved["entities"]["op2"] == {"type": "operation", "name": "the second ride", "operator": "p1",
                                        "snowmobile_used": "s1", "at_night": False}
    assert saved["entities"]["op1"]["speed_mph"] == 41
    assert "the second ride" in cli_lawful(folder / f"{NIGHT}.yaml")
    again = client.get(URL).text
    assert 'id="entity-op2"' in again and "new.op2" not in again        # a saved party, not a pending one
    assert posted(again)["f.op2.operator"] == "p1"


@pytest.mark.parametrize("typed, said", [
    ("Op2", "must be a lowercase name"), ("2op", "must be a lowercase name"), ("true", "a word values are read as"),
    ("p1", "has an entity p1 already")])
def test_an_id_the_case_reader_would_refuse_is_said_beside_add_and_nothing_is_lost(client, folder, typed, said):
    before = (folder / f"{NIGHT}.yaml").read_text()
    r = post(client, client.get(URL).text, action="add", add_type="person", add_id=typed, add_name="Kim Lee",
             f__op1__speed_mph="41")
    assert r.status_code == 400
    assert said in beside(r.text, "add")
    fields = posted(r.text)
    assert fields["add_id"] == typed and fields["add_name"] == "Kim Lee" and fields["f.op1.speed_mph"] == "41"
    assert not any(k.startswith("new.") for k in fields)
    assert (folder / f"{NIGHT}.yaml").read_text() == before


def test_a_name_with_markup_is_refused_and_shown_escaped(client):
    r = post(client, client.get(URL).text, action="add", add_type="person", add_name="<b>Kim</b>")
    assert r.status_code == 400 and "a name is words" in beside(r.text, "add")
    assert "<b>Kim</b>" not in r.text and "&lt;b&gt;Kim&lt;/b&gt;" in r.text


def test_removing_an_entity_another_names_is_refused_naming_the_facts(client, folder):
    before = (folder / f"{NIGHT}.yaml").read_text()
    r = post(client, client.get(URL).text, remove="p1", f__op1__speed_mph="41")
    assert r.status_code == 400
    assert beside(r.text, "remove-p1").startswith("p1 cannot be removed: op1.operator names it")
    assert posted(r.text)["f.op1.speed_mph"] == "41" and "gone" not in posted(r.text)
    assert (folder / f"{NIGHT}.yaml").read_text() == before
    # once nothing names it, it goes
    r = post(client, r.text, remove="p1", f__op1__operator="unknown")
    assert r.status_code == 200 and notice(r.text).startswith("Removed p1 (person) from the form")


def test_removing_an_entity_takes_its_own_facts_and_is_saved_without_it(client, folder):
    page = client.get(URL).text
    r = post(client, page, action="add", add_type="operation", add_id="op9", add_name="the detour")
    r = post(client, r.text, action="save", f__op9__speed_mph="20", f__op9__operator="p1")
    assert "op9" in yaml.safe_load((folder / f"{NIGHT}.yaml").read_text())["entities"]
    r = post(client, client.get(URL).text, remove="op9")
    assert r.status_code == 200
    assert notice(r.text) == ("Removed op9 (operation) from the form, and with it its 2 stated fact(s): "
                              "operator, speed_mph. Nothing is saved until you press Save.")
    assert posted(r.text)["gone"] == "op9" and 'id="entity-op9"' not in r.text
    assert "op9" in yaml.safe_load((folder / f"{NIGHT}.yaml").read_text())["entities"]   # not yet saved
    r = post(client, r.text, action="save")
    assert r.status_code == 200 and "removed op9" in r.text
    text = (folder / f"{NIGHT}.yaml").read_text()
    assert "op9" not in text and "the detour" not in text
    cli_lawful(folder / f"{NIGHT}.yaml")


def test_a_party_added_then_removed_before_saving_leaves_no_trace(client, folder):
    before = (folder / f"{NIGHT}.yaml").read_text()
    r = post(client, client.get(URL).text, action="add", add_type="permit", add_name="the annual permit")
    entity = re.search(r"Added (\w+)", notice(r.text)).group(1)
    assert entity == "permit1"                                           # no permit yet: the kind and 1
    r = post(client, r.text, remove=entity)
    assert r.status_code == 200 and f"new.{entity}" not in r.text
    r = post(client, r.text, action="save")
    assert "Nothing changed" in r.text and (folder / f"{NIGHT}.yaml").read_text() == before


def test_a_forged_pending_party_is_refused(client, token):
    page = client.get(URL).text
    for forged in ({"new.unknown": "person"}, {"new.p9": "sled"}, {"new.op1": "operation"}, {"gone": "zz"}):
        r = client.post(URL, data={**posted(page), "action": "answer", **forged})
        assert r.status_code == 400, forged


def test_a_new_case_starts_from_a_type_and_its_form_opens(client, folder, token):
    page = client.get("/new").text
    assert 'optgroup label="ch. 348, vehicle weight"' in page and 'optgroup label="ch. 350, snowmobiles"' in page
    assert "<textarea" in page                                           # the YAML way stays
    r = client.post("/new", data={"csrf": token, "action": "start", "name": "grain_truck", "type": "vehicle",
                                  "entity_name": "the grain semi", "id": "", "description": ""},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/case/grain_truck"
    case = yaml.safe_load((folder / "grain_truck.yaml").read_text())
    assert case == {"description": "A case about the grain semi.",
                    "entities": {"vehicle1": {"type": "vehicle", "name": "the grain semi"}}}
    page = client.get("/case/grain_truck").text
    assert 'id="entity-vehicle1"' in page and 'name="f.vehicle1.found_weight_lb"' in page


@pytest.mark.parametrize("fields, said", [
    ({"name": "", "type": "person"}, "no case ''"), ({"name": NIGHT, "type": "person"}, "exists already"),
    ({"name": "x", "type": ""}, "choose the type"), ({"name": "x", "type": "person", "id": "Bad"}, "lowercase name")])
def test_a_start_refused_says_why_and_keeps_what_was_typed(client, folder, token, fields, said):
    typed = {"entity_name": "Kim Lee", "id": "", "description": "a test", **fields}
    r = client.post("/new", data={"csrf": token, "action": "start", **typed})
    assert r.status_code == 400 and said in html.unescape(re.search(r'id="start-error">([^<]*)<', r.text).group(1))
    assert 'value="Kim Lee"' in r.text and 'value="a test"' in r.text
    assert sorted(p.name for p in folder.iterdir()) == [f"{NIGHT}.yaml"]


def test_enter_adds_when_an_add_field_is_filled_in_and_answers_otherwise(client, folder):
    page = client.get(URL).text
    assert re.search(r'<form[^>]*id="caseform"[^>]*>.*?<button name="action" value="enter"', page, re.S)  # the first button
    assert '<button name="action" value="enter"' in page.split('id="answer-btn"')[0]
    answered = post(client, page, action="enter", f__op1__trail_distance_ft="45")
    assert answered.status_code == 200 and notice(answered.text) is None
    assert answer_of(answered.text).startswith("<b>yes</b>") and 'id="entity-op2"' not in answered.text
    added = post(client, page, action="enter", add_type="operation", add_name="the second ride")
    assert notice(added.text).startswith("Added op2 (operation)") and 'id="entity-op2"' in added.text
    assert "op2" not in (folder / f"{NIGHT}.yaml").read_text()

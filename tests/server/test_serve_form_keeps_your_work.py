"""A refused value in the case form loses no edit: the form comes back, 400, with every value as
typed, the reader's message beside the refused field, and nothing saved."""
import html
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

FACTS = Path(__file__).resolve().parents[2] / "facts"
NIGHT = "ch350_night_direction_unlawful"


def _hidden(page, name):
    return re.search(rf'name="{name}" value="([^"]+)"', page).group(1)


def _post(client, action, **fields):
    page = client.get(f"/case/{NIGHT}").text
    data = {"csrf": _hidden(page, "csrf"), "version": _hidden(page, "version"), "action": action,
            **{f"f.{k.replace('__', '.')}": v for k, v in fields.items()}}
    return client.post(f"/case/{NIGHT}", data=data)


def _field(page, key):
    """(value shown, message beside it or None) of an input field."""
    entity, attribute = key.split(".")
    found = re.search(rf'<input name="f\.{key}" value="([^"]*)"[^>]*>(?:<span class="err field-err" '
                      rf'id="err-{entity}-{attribute}">([^<]*)</span>)?', page)
    assert found, key
    return html.unescape(found.group(1)), found.group(2) and html.unescape(found.group(2))


@pytest.mark.parametrize("action", ["answer", "save"])
def test_a_bad_number_keeps_every_value_typed_and_says_why_beside_its_field(client, folder, action):
    before = (folder / f"{NIGHT}.yaml").read_bytes()
    response = _post(client, action, op1__trail_distance_ft="35 ft", op1__speed_mph="45")
    assert response.status_code == 400
    page = response.text
    assert "Traceback" not in page
    bad, message = _field(page, "op1.trail_distance_ft")
    assert bad == "35 ft"
    assert message.startswith("op1.trail_distance_ft: ") and "35 ft" in message   # the number reader's words
    assert 'aria-describedby="err-op1-trail_distance_ft"' in page and 'aria-invalid="true"' in page
    good, none = _field(page, "op1.speed_mph")
    assert good == "45" and none is None
    assert "nothing was saved" in page
    assert (folder / f"{NIGHT}.yaml").read_bytes() == before


def test_the_message_is_the_one_number_readers(client):
    from reasoner.core.values import read_quantity
    with pytest.raises(ValueError) as refused:
        read_quantity("35 ft")
    said = getattr(refused.value, "message", None) or str(refused.value)
    _, message = _field(_post(client, "answer", op1__trail_distance_ft="35 ft").text, "op1.trail_distance_ft")
    assert said in message


def test_a_value_the_case_reader_refuses_is_kept_and_marked_too(client, folder):
    before = (folder / f"{NIGHT}.yaml").read_bytes()
    response = _post(client, "save", op1__speed_mph="-5", op1__trail_distance_ft="31")
    assert response.status_code == 400
    value, message = _field(response.text, "op1.speed_mph")
    assert value == "-5" and "out of range" in message
    assert _field(response.text, "op1.trail_distance_ft") == ("31", None)
    assert (folder / f"{NIGHT}.yaml").read_bytes() == before


def test_good_values_alone_are_answered_and_saved_as_before(client, folder):
    response = _post(client, "save", op1__trail_distance_ft="35", op1__speed_mph="45")
    assert response.status_code == 200
    assert "Saved 2 change(s)" in response.text and 'class="err field-err"' not in response.text
    text = (folder / f"{NIGHT}.yaml").read_text(encoding="utf-8")
    assert "trail_distance_ft: 35" in text and "speed_mph: 45" in text

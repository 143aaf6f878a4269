"""What would change the answer is looked for on request (a checkbox that stays ticked, a button,
`?whatif=1`): it is most of a case page's time. Its results are kept by the application, per case
text, question and settings, so that a page shown again does not search again."""
import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

NIGHT = "ch350_night_direction_unlawful"
URL = f"/case/{NIGHT}"


@pytest.fixture
def searches(monkeypatch):
    """The what-if searches the server runs, counted."""
    from reasoner.server import adapter
    found = []
    plain = adapter.whatif

    def counted(*args, **kwargs):
        found.append(1)
        return plain(*args, **kwargs)
    monkeypatch.setattr(adapter, "whatif", counted)
    return found


def test_a_case_page_answers_without_looking_for_changes_until_asked(client, searches):
    page = client.get(URL).text
    assert searches == [] and 'id="whatif-off"' in page and 'class="apply"' not in page
    assert re.search(r'<button name="whatif" value="1" id="whatif-btn">', page)
    assert not re.search(r'id="whatif-box"\s+checked', page)
    asked = client.get(URL + "?whatif=1").text
    assert searches == [1] and 'class="apply"' in asked and 'id="whatif-off"' not in asked
    assert re.search(r'name="whatif" value="1" id="whatif-box" checked', asked)   # stays on for the next answer


def test_the_button_looks_with_the_form_s_values_and_the_box_keeps_it_on(client, token, searches):
    page = client.get(URL).text
    data = {"csrf": token, "q": "lawful", "f.op1.trail_distance_ft": "45", "whatif": "1"}
    found = client.post(URL, data=data).text
    assert searches == [1] and 'id="whatif"' in found
    assert re.search(r'id="answer"><b>yes</b>', found)
    off = client.post(URL, data={**data, "whatif": ""}).text   # the box unticked
    assert searches == [1] and 'id="whatif-off"' in off
    assert 'name="version"' in page


def test_a_page_shown_again_does_not_search_again_but_another_case_text_does(client, token, searches):
    first = client.get(URL + "?whatif=1").text
    again = client.get(URL + "?whatif=1").text
    assert searches == [1]
    whatif = re.compile(r'<ul id="whatif">.*?</ul>', re.S)
    assert whatif.search(first).group(0) == whatif.search(again).group(0)
    client.post(URL, data={"csrf": token, "q": "lawful", "f.op1.trail_distance_ft": "45", "whatif": "1"})
    assert searches == [1, 1]                                      # the form's case: another text
    client.get(URL + "?whatif=1&strict=1")
    assert searches == [1, 1, 1]                                   # another setting
    client.get(URL + "?whatif=1")
    assert searches == [1, 1, 1]

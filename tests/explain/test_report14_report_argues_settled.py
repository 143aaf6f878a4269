"""A report (most facts unknown) whose stated facts decide one provision argues it, with its exception
and its facts, before the provisions left open; the answer names the open provisions with the facts
to find out, says what the stated facts settle, and says the rest in one line (trainer review 13,
07: the residential-access report argued only the open lamps and night-speed rules)."""
from pathlib import Path

import reasoner
from reasoner.explain.argument import build_argument

ROOT = Path(__file__).resolve().parents[2]
LODGE = str(ROOT / "tests/fixtures/report14_lodge_village_street.yaml")
PLOWED = str(ROOT / "tests/fixtures/report14_county_plowed_lanes.yaml")


def _flat(text):
    return " ".join(str(text).split())


def _texts(items):
    for e in items:
        yield e.text
        yield from _texts(e.parts)
        for x in getattr(e, "exceptions", None) or []:
            yield x.text
            yield from _texts(x.reasons)


def test_the_provision_the_stated_facts_decide_is_argued_first_with_its_exception():
    a = reasoner.ask(LODGE, "lawful")
    assert a.answer == "undetermined"
    arg = build_argument(a)
    cited = [p.citation for p in arg.provisions]
    assert cited == ["350.02(4)", "350.02(2)(a)6", "350.09(1)", "350.10(1)(g)"]
    first = arg.provisions[0]
    assert [e.status for e in first.elements] == ["true"]
    assert [(x.citation, x.status) for x in first.exceptions] == [("350.02(2)(a)6", "applies")]
    said = list(_texts(first.exceptions[0].reasons))
    assert "the ride from the lodge was for the purpose of residential access or access from lodging" in said
    # the speed rule of subd. 6 with the stated speed and limit: 30 mph within 35
    speed = arg.provisions[1]
    (over,) = [e for e in speed.elements if e.status == "false"]
    assert over.text == "the speed of the snowmobile is 30 mph, which is at most 35 mph"
    # no provision the case states nothing on is argued or named as open beside the answer
    assert not any(c.startswith(("350.05", "350.07", "350.08", "350.101")) for c in cited)
    assert not [o for o in arg.others if o.status == "undetermined"]


def test_the_answer_names_what_is_open_what_is_settled_and_the_rest_in_one_line():
    a = reasoner.ask(LODGE, "lawful")
    short = _flat(a.argument.short)
    assert short.startswith("Undetermined, on ss. 350.09(1) and 350.10(1)(g): it depends on whether the "
                            "snowmobile displayed a lighted head lamp; ")
    assert "the clock time of the ride from the lodge and the distance in feet" in short
    assert ("On the stated facts the ride from the lodge did not violate s. 350.02(4): the exception of "
            "s. 350.02(2)(a)6 applies (argued below).") in short
    assert short.endswith("The case states nothing on the facts of s. 350.05 (Operation by youthful operators "
                          "restricted), s. 350.055 (Safety certification program established), s. 350.07 "
                          "(Driving animals), s. 350.08 (Owner permitting operation), s. 350.101 (Intoxicated "
                          "snowmobiling) and the rest of ss. 350.09 and 350.10; none is argued.")
    for never in ("listed below", "provisions, their", "not examined", "more fact"):
        assert never not in short, never


def test_the_checklist_holds_only_the_facts_of_the_open_engaged_provisions():
    a = reasoner.ask(LODGE, "lawful")
    arg = a.argument
    assert arg.missing == [
        "whether the snowmobile displayed a lighted head lamp",
        "whether the snowmobile displayed a lighted tail lamp",
        "the clock time of the ride from the lodge",
        "the distance in feet between the snowmobile and the nearest dwelling during the ride from the lodge"]
    # the answer's own record keeps every open fact (JSON)
    assert any("alcohol" in m for m in a.missing)
    # no exception of a provision not argued is an assumption the argument uses
    assert not any(str(p.get("citation", "")).startswith(("350.05", "350.07", "350.10(1)(j)"))
                   for p in arg.presumed)


def test_the_ordinance_is_a_labelled_reading():
    a = reasoner.ask(LODGE, "lawful")
    want = ("An access ordinance the case states for the portion of the highway is assumed to be an ordinance "
            "under s. 350.18(3) for that portion: s. 350.18 is not in the excerpt, so whether the ordinance "
            "meets it is not checked.")
    assert any(want in _flat(r) for r in a.argument.readings)
    assert any(want in _flat(r) for r in a.readings)


def test_the_route_exception_is_cited_by_s_350_02_2_a_5():
    a = reasoner.ask(PLOWED, "lawful")
    assert a.answer == "false"
    arg = build_argument(a)
    assert [p.citation for p in arg.provisions] == ["350.02(4)"]
    checked = {o.text: o.citation for o in arg.others}
    assert checked["the noon run was not on a highway designated as a snowmobile route"] == "350.02(2)(a)5"
    assert "350.04(2)" not in checked.values()
    # a case that states every exception false is argued as before: no exception said to apply
    assert not any(x.status == "applies" for x in arg.provisions[0].exceptions)

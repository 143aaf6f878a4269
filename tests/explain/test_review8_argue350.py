"""A "no violation" is argued by the provision it turns on (trainer review 8, change 1, ch. 350): the
element met and the exception that defeats it (03: a 10-year-old alone on his parents' land), the
second alternative that meets a requirement where the first fails on its value (10: sled 4's brake
locks the track though it needs 45 feet to stop), the condition that keeps a provision out of play
where its forbidden fact is stated (09: racer d's lamp taped over on a daylight trail)."""
from pathlib import Path

import pytest

import reasoner
from reasoner.explain.argument import build_argument

ROOT = Path(__file__).resolve().parents[2]


def _flat(elements):
    for e in elements:
        yield e
        yield from _flat(e.parts)


def _party(arg, answer, entity):
    """The provisions argued for one party: from the one headed with its name to the next heading."""
    name = answer.case.names.get(entity, entity)
    out, inside = [], False
    for p in arg.provisions:
        if p.case:
            inside = p.case.startswith(name + ":") or p.case.startswith(name + ";")
        if inside:
            out.append(p)
    return out


@pytest.fixture(scope="module")
def parent_land():
    return reasoner.ask(str(ROOT / "facts/ch350_youth_parent_land.yaml"), "violations")


def test_03_argues_s_350_05_1_met_and_the_parents_land_exception(parent_land):
    assert parent_land.answer == "false" and not [b for b in parent_land.bindings if b.get("answer") == "true"]
    arg = build_argument(parent_land)
    assert [p.citation for p in arg.provisions] == ["350.05(1)"]      # not s. 350.05(2): he is 10; once
    [p] = arg.provisions
    assert p.outcome == "false" and p.conclusion.startswith("No violation of s. 350.05(1)")
    said = {e.text: e.status for e in p.elements}
    assert said["the age of Dana Ruiz is 10 years, which is less than 12 years"] == "true"
    assert said["the operator of the ride was not accompanied by a parent, guardian or person over 18"] == "true"
    [exc] = p.exceptions
    assert exc.status == "applies" and "lands of a parent or guardian" in exc.text
    assert any(r.citation == "350.05(3)" and r.status == "true" for r in _flat(exc.reasons))
    facts = " ".join(f for f, _ in arg.facts)
    assert "the age of Dana Ruiz is 10 years" in facts
    assert "lands owned by the operator's parent or guardian" in facts
    text = parent_land.argument_text()
    assert "Conclusion: no provision is shown violated" not in text


@pytest.fixture(scope="module")
def lamp_brake():
    return reasoner.ask(str(ROOT / "tests/fixtures/argue350_night_lamp_brake_check.yaml"), "violations")


def test_10_sled_4_brake_locks_the_track_where_45_feet_is_more_than_40(lamp_brake):
    arg = build_argument(lamp_brake)
    by = {(b.get("O"), b.get("P")) for b in lamp_brake.bindings if b.get("answer") == "true"}
    assert ("stop2", "350.09(2)(c)") in by and ("stop3", "350.09(3)") in by
    assert not any(o == "stop4" for o, _ in by)
    mine = _party(arg, lamp_brake, "stop4")
    brake = [p for p in mine if p.citation == "350.09(4)"]
    assert len(brake) == 1 and brake[0].outcome == "false"
    flat = {e.text: e.status for e in _flat(brake[0].elements)}
    [far] = [t for t in flat if "45 feet" in t]
    assert flat[far] == "false" and "40 feet" in far
    [locks] = [t for t in flat if "can lock the track" in t and " or " not in t]
    assert flat[locks] == "true"
    # the offender of the violations found is the rider of that sled, not sled 4's
    assert all(p.offender != lamp_brake.case.names.get("rider4", "rider4") for p in arg.provisions if p.outcome == "true")


def test_09_racer_d_lamp_not_needed_on_a_daylight_trail_off_the_right_of_way():
    derby = reasoner.ask(str(ROOT / "tests/fixtures/argue350_derby_road_trail_lake.yaml"), "violations")
    by = {(b.get("O"), b.get("P")) for b in derby.bindings if b.get("answer") == "true"}
    assert ("race_c", "350.09(9)") in by and ("race_b", "350.03(1)") in by
    assert not any(o in ("race_a", "race_d") for o, _ in by)
    arg = build_argument(derby)
    mine = _party(arg, derby, "race_d")
    [lamp] = [p for p in mine if p.citation == "350.09(1)"]
    assert lamp.outcome == "false" and lamp.conclusion.startswith("No violation of s. 350.09(1)")
    said = {e.text: e.status for e in lamp.elements}
    night = [t for t in said if "at night" in t]
    row = [t for t in said if "right-of-way" in t]
    unlit = [t for t in said if "did not display a lighted head lamp" in t]
    assert night and row and unlit
    assert said[night[0]] == "false" and said[row[0]] == "false" and said[unlit[0]] == "true"
    # racer a's lamps were lit: no such block for racer a
    assert not [p for p in _party(arg, derby, "race_a") if p.citation == "350.09(1)" and "did not display" in repr(p)]

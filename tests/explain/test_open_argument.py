"""An undetermined answer argues the provisions that leave it open, each quoted with its elements,
as an unlawful answer argues the provision violated (it folded them into one element of the
wrapper 'ss. 350.02 to 350.101', with no statute text). At most four are argued in full, those whose
missing facts rank first; the others are named ('Also open, ...'). A violation element or a
comparison says what the statute names, never 'requires' (s. 350.10(1)(g) requires nobody to
exceed 10 mph)."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.explain.argument import MAX_OPEN

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_the_open_provision_is_argued_with_its_text():
    a = ask(str(FACTS / "ch350_dwelling_night_undetermined.yaml"), "lawful")
    assert a.answer == "undetermined"
    arg = a.argument
    assert [p.citation for p in arg.provisions] == ["350.10(1)(g)"]
    [p] = arg.provisions
    assert p.quote.startswith("(1) No person shall operate a snowmobile in the following manner: … (g) Between the hours of 10:30 p.m. and 7 a.m.")
    assert [e.status for e in p.elements] == ["true", "undetermined", "true"]
    assert p.conclusion == "it is undetermined whether Kelly Weber (the operator) violated s. 350.10(1)(g)"
    text = a.argument_text()
    assert "ss. 350.02(2)(a)4 to 350.101(1)(d) (Wis. Stat." not in text   # not the wrapper's one element
    assert "the clock time of the ride is 23:05, which is at or after 22:30 — met" in text


def test_a_case_open_on_many_provisions_argues_the_most_deciding_and_names_the_rest(tmp_path):
    case = tmp_path / "sparse.yaml"
    case.write_text("entities:\n  op1: {type: operation, at_night: true, operator: p1}\n  p1: {type: person}\n",
                    encoding="utf-8")
    a = ask(str(case), "lawful")
    assert a.answer == "undetermined"
    arg = a.argument
    assert 1 <= len(arg.provisions) <= MAX_OPEN   # only the engaged open provisions are argued; the rest named
    text = a.argument_text()
    flat = " ".join(text.split())
    # the provisions the stated fact engages are named in the answer, with the facts they turn on; the
    # sections whose facts the case never states are named once, not argued (report14: the page of
    # 'Also open' provisions a report-style answer printed became one sentence)
    assert "Undetermined, on ss. 350.02(2)(b) and 350.09(1): it depends on whether op1 took place adjacent" in flat
    silent = flat[flat.index("The case states nothing on the facts of"):flat.index("none is argued")]
    assert "s. 350.05 (Operation by youthful operators restricted)" in silent and "s. 350.101" in silent
    assert not any(f"s. {p.citation}" in silent for p in arg.provisions)
    assert "Also open, decided by facts the case does not state" not in flat
    # was 641 lines, arguing 28 provisions in full; the provisions the stated fact (at night) engages are
    # argued first, the direction rule with its exceptions quoted (docs/SEMANTICS.md, engaged provisions)
    assert len(text.splitlines()) < 300
    assert any(arg.provisions[0].citation.startswith(c) or c.startswith(arg.provisions[0].citation)
               for c in a.engaged)
    # every provision argued is one the stated fact engages (the rest are named, not argued as open)
    from reasoner.answer.engaged import of_engaged
    assert all(of_engaged(p.citation, a.engaged) for p in arg.provisions), [p.citation for p in arg.provisions]


def test_an_element_of_a_prohibition_is_not_what_the_statute_requires(tmp_path):
    case = tmp_path / "slow.yaml"
    case.write_text('entities:\n  op1: {type: operation, clock_time: "23:15", dwelling_distance_ft: 120, '
                    'speed_mph: 10}\n', encoding="utf-8")
    text = ask(str(case), "night_speeding_near_dwelling(op1)").argument_text()
    flat = " ".join(text.split())
    # what the law asks, positively, then what holds: never 'is 10 mph, not more than ... — not met'
    assert ("the speed of the snowmobile is more than the 10 mph named in s. 350.10(1)(g) — not met, "
            "because it is 10 mph") in flat
    assert "requires" not in flat

"""Small words (trainer review 4): no 'and 1 more facts' (three facts are named; a count is plural
only past one); a person's own answer a sentence, not a label ('For Dale Peters: yes, ...'); two open
charges named, not 'any charge and any other charge'; 'the ride' beside 'the second ride' reads
'the first ride'."""
from pathlib import Path

from reasoner.answer.api import Case
from reasoner.apps.export import export_files
from reasoner.facts.case import first_of_several
from reasoner.prose.argument import open_on
from reasoner.prose.sentences import fill

ROOT = Path(__file__).resolve().parents[2]


def test_three_open_facts_are_named_never_one_more_facts():
    three = open_on("", ["the distance", "the corridor", "the interstate"])
    assert three == "open: the case does not state the distance, the corridor and the interstate"
    four = open_on("", ["a", "b", "c", "d"])
    assert four.endswith("a and b and 2 more facts") and "1 more facts" not in four


def test_two_open_charges_are_named():
    template, names, types = "the offenses charged in {A} and {B} shall be joined", ["A", "B"], ["charge", "charge"]
    members = {"charge": ["count 1", "count 2", "count 3", "count 4"]}
    said = fill(template, names, types, [None, None], negative=True, members=members)
    assert said == "the offenses charged in any two of count 1, count 2, count 3 and count 4 shall be joined"
    assert fill(template, names, types, [None, None], negative=True) == \
        "the offenses charged in any two charges shall be joined"


def _md(path: Path, query: str) -> str:
    c = Case.from_file(path)
    [(_, text)] = [f for f in export_files("md", c.ask(query), None, question=c.question(query))
                   if isinstance(f[1], str) and f[1].startswith("#")]
    return text


def test_the_joinder_handout_says_sentences_and_names_the_counts():
    md = _md(ROOT / "facts/ch350_charges_two_people.yaml", "joinder")
    assert "For Dale Peters:" not in md and "any other charge" not in md
    assert ("What holds for Dale Peters turns on whether Dale Peters was found guilty on count 2: if so, "
            "Dale Peters has one conviction for the February 3 ride under both pars. (a) and (b)") in md
    # no what-if moves two people's counts at once (review 4, 04): none is offered
    assert "No change of a single fact the argument uses or of two facts together would change the answer." in md
    assert "had been Erin Moss instead of Dale Peters" not in md


def test_the_ride_beside_the_second_ride_is_the_first_ride():
    assert first_of_several({"op1": "the ride", "op2": "the second ride", "s1": "the sled"}) == {"op1": "the first ride"}
    assert first_of_several({"op1": "the ride", "s1": "the sled"}) == {}
    md = _md(ROOT / "facts/ch350_owner_lends_three_times.yaml", "owner_liable")
    assert "the ride " not in md and "the ride." not in md and "| the ride |" not in md
    # the owner found liable in the first ride, in the table the answer points to (the answer turns on the
    # reading of 'knowingly', so the box says 'As in the table above')
    assert "| the first ride | Quinn Adler; open if the owner must also have known" in md
    assert "the second ride" in md

"""s. 348.20(1) argued sentence by sentence (trainer review 13, handout 12 and G10): each person the
prosecute handout names is named by one sentence, quoted, and cited by its number; 'where
practicable' is said only of the authority holder (first sentence), the tractor driver's employer is
'liable ... along with' it (second), the owner who required or permitted the run commits 'a
violation' (third); every party the case names gets a line, those not liable with their reason; a
straight truck is never said to have a tractor portion; a party the case does not name reads as the
role it would hold. Fixture: tests/fixtures/prosecute14_haulers_and_agency.yaml (an owner-operator
who is not the authority holder, a straight truck, a staffing agency that directs but does not permit)."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "tests" / "fixtures" / "prosecute14_haulers_and_agency.yaml"


def _md(tmp_path, case=CASE, query="prosecute") -> str:
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["export", str(case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def _section(text: str, start: str, end: str) -> str:
    at = text.index(start)
    return text[at:text.index(end, at + len(start))]


def test_each_person_is_named_by_the_sentence_quoted_and_cited(tmp_path):
    text = _md(tmp_path)
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    # the three sentences that name whom, each quoted once, beside the leasing sentence
    for opening in ("It is declared to be the public policy of the state that prosecutions for overweight violations "
                    "shall in every instance where practicable be instituted against the person holding the authority",
                    "In instances where a combination of tractor and trailer or semitrailer is used, the person standing "
                    "in the relationship of principal or employer to the driver of the tractor portion",
                    "It is a violation of ss. 348.15 to 348.17 for the owner or any other person employing or otherwise "
                    "directing the operator of the vehicle to require or permit"):
        assert argument.count(opening) == 1, opening
    # the employer of the tractor's driver: second sentence, 'liable ... along with'
    brandt = _section(argument, "### s. 348.20(1)", "**Conclusion:**")
    assert ("1. Nora Brandt, the principal or employer of the driver of the tractor portion of the feed rig, is 'liable "
            "for violation of ss. 348.15 to 348.17 along with' the holder of the operating authority (s. 348.20(1), "
            "second sentence) — **met**") in brandt
    assert "where practicable" not in brandt.split("Elements:")[1]
    # the authority holder: first sentence, the only one with 'where practicable'
    assert ("1. Lakeview Freight holds the operating authority under which the feed rig was operated, so the "
            "prosecution for its overweight violation is to be instituted against Lakeview Freight 'in every instance "
            "where practicable' (s. 348.20(1), first sentence) — **met**") in argument
    # the owner of the straight truck who required or permitted the run: third sentence, 'a violation'
    assert ("1. Hillcrest Gravel, the owner of the dump truck, commits 'a violation of ss. 348.15 to 348.17' by "
            "requiring or permitting its overweight operation (s. 348.20(1), third sentence) — **met**") in argument
    # the old words that named no sentence are gone
    assert "by the sentences of s. 348.20(1) before the one on leased vehicles" not in text


def test_where_practicable_is_said_only_of_the_authority_holder(tmp_path):
    text = _md(tmp_path)
    body = text[:text.index("## Our readings")]
    # in the quoted first sentence and in the named authority holder's line: nowhere else (the open
    # row's dump truck holder is said by the fact naming it, without the condition that repeated the
    # first sentence of whoever it is)
    assert body.count("where practicable") == 2
    assert body.count("'in every instance where practicable' (s. 348.20(1), first sentence)") == 1
    assert "instituted against an unnamed carrier 'in every instance where practicable'" not in body
    assert "whether the principal business of that person, whom the case does not name, is leasing vehicles" in body
    assert "is to be instituted, where practicable, against" not in text
    for who in ("Nora Brandt", "Hillcrest Gravel"):
        assert f"instituted against {who} 'in every instance where practicable'" not in text
        assert f"where practicable, against {who}" not in text


def test_every_party_named_has_a_line_those_not_liable_with_their_reason(tmp_path):
    text = _md(tmp_path)
    box = next(line for line in text.splitlines() if line.startswith("**Answer.**"))
    # the agency that directed the driver but did not require or permit the run
    assert ("Northway Staffing: not liable — the case states that the person employing or directing the operator "
            "of the dump truck did not require or permit its operation on a highway contrary to ss. 348.15 to "
            "348.17, so Northway Staffing, as the person employing or directing the operator of the dump truck, "
            "did not commit a violation under s. 348.20(1), third sentence")   # the deciding fact, not the ground restated (trainer review 15) in box
    # the drivers: s. 348.20(2), service of the summons only
    assert "The operator is not named by s. 348.20(1): Omar Reyes, the operator of the feed rig, accepts service" in box
    assert ("Omar Reyes, the operator of the feed rig, accepts service of a summons on behalf of Lakeview Freight "
            "(s. 348.20(2))") in box
    assert "against Omar Reyes" not in text and "against Tess Lund" not in text and "against Northway Staffing" not in text
    # the liable parties, and no more
    assert "| the feed rig | Nora Brandt; Lakeview Freight |" in text
    assert "Nora Brandt: not liable" not in text and "Hillcrest Gravel: not liable" not in text


def test_the_open_party_reads_as_its_role_and_a_straight_truck_has_no_tractor_portion(tmp_path):
    text = _md(tmp_path)
    assert ("| the dump truck | Hillcrest Gravel; also the person holding the authority, certificates, licenses or "
            "permits from the department evidencing the operating privileges under which the dump truck was operated, "
            "whom the case does not name |") in text
    assert "open: not known" not in text and "an unnamed carrier is leasing" not in text.split("**Answer.**")[0]
    assert "(of its tractor portion, for a tractor-trailer combination)" not in text
    assert "the owner of the dump truck is Hillcrest Gravel" in text


def test_the_overweight_line_names_the_sections_outside_the_excerpt_and_the_readings_fit_the_case(tmp_path):
    text = _md(tmp_path)
    assert "exceeded the weight limitation applicable to it under ss. 348.15 to 348.17" in text
    assert "ss. 348.15 to 348.17, cited above, are not in the excerpt." in text   # the whole run the quote cites (review 14, G3)
    readings = text[text.index("## Our readings"):text.index("## What if?")]
    # never 'the owner is then the authority holder': here the tractor's owner is not
    assert "the owner is then the authority holder" not in readings
    assert "whoever owns the tractor" in readings


def test_the_forest_products_forfeiture_says_whom_s_348_20_names_and_that_the_operator_is_within_3g(tmp_path):
    text = _md(tmp_path, ROOT / "facts" / "ch348_log_truck_third_offense.yaml", "forfeiture")
    readings = text[text.index("## Our readings"):]
    assert ("the operator is also within the words of sub. (3g) itself, 'Any person who, while operating a vehicle "
            "combination that is transporting raw forest products, violates ...'") in readings
    assert "s. 348.20(1) states the state's policy on whom the prosecution is instituted against" in readings

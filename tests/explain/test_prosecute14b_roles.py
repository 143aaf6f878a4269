"""The overweight offender in the role of the sentence of s. 348.20(1) that names them (trainer review
13 follow-up): only the holder of the operating authority is 'to be prosecuted, where practicable'
(first sentence); the tractor driver's employer is 'liable along with the authority holder' (second);
the owner who required or permitted the run commits 'a violation' (third); the lessee stands in a
leasing business's place (last). The forfeiture answer, its conclusion, the table's 'Who is liable'
cell and the JSON's offenders[].role say so; a party named only by its role is said once; `ask
prosecute` says the party lines the handout says; an open row's unnamed party is said by the fact
that would name it. Fixture: tests/fixtures/prosecute14b_tanker_and_hopper.yaml (a tanker whose only
named person is the driver's employer; a hopper truck of an authority holder and a requiring owner)."""
import json
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "tests" / "fixtures" / "prosecute14b_tanker_and_hopper.yaml"
HAULERS = ROOT / "tests" / "fixtures" / "prosecute14_haulers_and_agency.yaml"
RIGS = ROOT / "tests" / "fixtures" / "three_rigs_who_is_prosecuted.yaml"

EMPLOYER = "driver's employer, liable along with the authority holder under s. 348.20(1), second sentence"
OWNER = "owner requiring or permitting the overweight operation, a violation under s. 348.20(1), third sentence"
FIRST = "person to be prosecuted, where practicable, under s. 348.20(1)"


def _run(*args: str) -> str:
    run = CliRunner().invoke(main, ["--timeout", "600", *args])
    assert run.exit_code == 0, run.output
    return run.output


def _md(tmp_path, case=CASE, query="forfeiture") -> str:
    out = tmp_path / "h.md"
    _run("export", str(case), query, "--to", "md", "-o", str(out))
    return " ".join(out.read_text().split(" "))


def _conclusion(text: str, subject: str) -> str:
    at = text.index(f"**Conclusion:** the forfeiture under s. 348.21 for the weight violation of {subject}")
    return text[at:text.index("\n", at)]


def test_the_employer_is_liable_along_with_not_prosecuted_where_practicable(tmp_path):
    text = _md(tmp_path)
    tanker = _conclusion(text, "the milk tanker")
    assert tanker == ("**Conclusion:** the forfeiture under s. 348.21 for the weight violation of the milk tanker: not "
                      "less than $875.00 nor more than $1,025.00, imposed on Ines Okafor (the operator); to be prosecuted against Valley Dairy Transport (the "
                      f"{EMPLOYER}).")
    assert "where practicable" not in tanker
    # the table's cell says which sentence names the employer
    assert ("| the milk tanker | Ines Okafor (operator, s. 348.21(3)) and Valley Dairy Transport (driver's employer, s. 348.20(1), second sentence) | "
            "$875.00 to $1,025.00 (s. 348.21(3)(b)1) |") in text


def test_the_owner_commits_a_violation_beside_the_authority_holder(tmp_path):
    text = _md(tmp_path)
    hopper = _conclusion(text, "the hopper truck")
    # 'where practicable' of Birchwood Hauling (the authority holder) alone; the owner by the third sentence
    assert hopper.endswith("; to be prosecuted, where practicable, against Birchwood Hauling under s. 348.20(1); "
                           f"to be prosecuted against Pine Ridge Aggregates (the {OWNER}).")
    assert "where practicable, against Birchwood Hauling and Pine Ridge Aggregates" not in text
    assert ("| the hopper truck | Carl Wendt (operator, s. 348.21(3)) and Birchwood Hauling and Pine Ridge Aggregates (owner requiring or permitting the "
            "overweight operation, s. 348.20(1), third sentence) |") in text
    # the table is the answer: the box does not repeat whom each row names
    box = text[text.index("**Answer.**"):text.index("\n", text.index("**Answer.**"))]
    assert "to be prosecuted" not in box


def test_json_roles_name_the_sentence():
    data = json.loads(_run("ask", str(CASE), "forfeiture", "--format", "json"))
    roles = sorted((o["offender_name"], o["role"]) for o in data["offenders"])
    # each truck's driver too, under s. 348.21(3) (trainer review 16, G1)
    assert roles == [("Birchwood Hauling", FIRST), ("Carl Wendt", "operator"), ("Ines Okafor", "operator"),
                     ("Pine Ridge Aggregates", OWNER), ("Valley Dairy Transport", EMPLOYER)]


def test_the_haulers_employer_and_owner_not_where_practicable(tmp_path):
    text = _md(tmp_path, HAULERS)
    feed = _conclusion(text, "the feed rig")
    assert feed.endswith("; to be prosecuted, where practicable, against Lakeview Freight under s. 348.20(1); "
                         f"to be prosecuted against Nora Brandt (the {EMPLOYER}).")
    dump = _conclusion(text, "the dump truck")
    assert dump.endswith(f"; to be prosecuted against Hillcrest Gravel (the {OWNER}).")
    assert "where practicable" not in dump
    assert "| the feed rig | Omar Reyes (operator, s. 348.21(3)) and Lakeview Freight and Nora Brandt (driver's employer, s. 348.20(1), second sentence) |" in text


def test_a_party_named_by_its_role_is_said_once(tmp_path):
    prosecute = _md(tmp_path, RIGS, "prosecute")
    assert ("the owner of the first vehicle (authority holder) commits 'a violation of ss. 348.15 to 348.17' by "
            "requiring or permitting its overweight operation (s. 348.20(1), third sentence)") in prosecute
    assert "the owner of the first vehicle (authority holder), the owner of the first vehicle," not in prosecute
    text = _md(tmp_path, RIGS)
    # the lessee that also holds the authority: in the first sentence's words, once
    assert _conclusion(text, "the second vehicle").endswith(
        "; to be prosecuted, where practicable, against the lessee of the second vehicle (authority holder) under "
        "s. 348.20(1).")


def test_ask_prosecute_says_the_party_lines():
    text = " ".join(_run("ask", str(HAULERS), "prosecute").split())
    assert ("Northway Staffing: not liable — the case states that the person employing or directing the operator "
            "of the dump truck did not require or permit its operation on a highway contrary to ss. 348.15 to "
            "348.17, so Northway Staffing, as the person employing or directing the operator of the dump truck, "
            "did not commit a violation under s. 348.20(1), third sentence")   # the deciding fact, not the ground restated (trainer review 15) in text
    assert ("The operator is not named by s. 348.20(1): Omar Reyes, the operator of the feed rig, accepts service "
            "of a summons on behalf of Nora Brandt (s. 348.20(2))") in text
    data = json.loads(_run("ask", str(HAULERS), "prosecute", "--format", "json"))
    assert data["parties"].startswith("Northway Staffing: not liable — ")
    assert "Tess Lund" not in data["parties"]   # the dump truck's authority holder is not named: no agent line


def test_the_unnamed_authority_holder_is_said_by_the_fact_naming_it():
    text = " ".join(_run("ask", str(CASE), "prosecute").split())
    assert ("which turns on: the person holding the authority, certificates, licenses or permits from the department "
            "evidencing the operating privileges under which the milk tanker was operated; whether the principal "
            "business of that person, whom the case does not name, is leasing vehicles") in text
    assert "an unnamed carrier" not in text

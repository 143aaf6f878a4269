"""Citations are listed in statute order: letters case-insensitive, numbers numerically, (3g)
after (3); never as plain strings, where 350.10(1)(L) sorts before 350.10(1)(a)."""
import reasoner
from reasoner.law.index import statute_order


def test_statute_order_reads_letters_case_insensitively_and_numbers_numerically():
    assert statute_order(["350.10(1)(L)", "350.10(1)(a)", "348.21(3g)", "348.21(4)", "348.21(3)",
                          "350.101", "350.05", "350.045", "350.10(1)(m)", "348.25(10)", "348.25(2)"]) == [
        "348.21(3)", "348.21(3g)", "348.21(4)", "348.25(2)", "348.25(10)", "350.045", "350.05",
        "350.10(1)(a)", "350.10(1)(L)", "350.10(1)(m)", "350.101"]


def airport_at_speed(tmp_path):
    text = open("facts/ch350_airport.yaml").read()
    assert "    speed_unreasonable: false\n" in text
    path = tmp_path / "airport_speed.yaml"
    path.write_text(text.replace("    speed_unreasonable: false\n", "    speed_unreasonable: true\n"))
    return str(path)


def test_an_answer_lists_paragraph_a_before_paragraph_L(tmp_path):
    a = reasoner.ask(airport_at_speed(tmp_path), "violations")
    assert [b["P"] for b in a.bindings] == ["350.10(1)(a)", "350.10(1)(L)"]
    text = " ".join(a.argument_text().split())
    assert ("Answer: Casey Larson (the operator) violated s. 350.10(1)(a); Casey Larson (the "
            "operator) violated s. 350.10(1)(L).") in text   # the case's one ride, not named
    data = __import__("json").loads(reasoner.export(a, "json"))
    assert data["cited"] == ["350.10(1)(a)", "350.10(1)(L)"]

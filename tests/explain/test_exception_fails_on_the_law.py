"""An exception that fails on the law's own words is argued on the case's facts (trainer review 5,
handout 05): the marked, sanctioned race on frozen Lake Winnebago fails s. 350.03(2)(b) because
"public land" does not include the frozen surface of public waters. The handout printed only "a
marked sanctioned race on frozen public waters is excepted from s. 350.03(1) — not met", leaving out
the stated facts the exception turns on (a sanctioned race, a route marked by the sponsor)."""
from asking import whatif_of


def test_the_race_exception_shows_the_facts_it_fails_on():
    _, answer, _ = whatif_of("ch350_race_frozen_lake.yaml", "violations", 1)
    text = " ".join(answer.argument_text().split())
    assert "Casey Larson (the operator) violated s. 350.03(1)" in text
    assert "violated s. 350.10(1)(i)" in text
    exception = text[text.index("Exception, s. 350.03(2)"):text.index("Conclusion")]
    assert "the exception does not apply" in exception
    for fact in ("competition in a sanctioned snowmobile race or derby",
                 "marked the route or track to warn spectators",
                 "the place of the race or derby is frozen public waters"):
        assert fact in exception, exception

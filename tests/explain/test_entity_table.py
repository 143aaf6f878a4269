"""An answer about several entities opens with a table of them (the entity by
its name, what is established, what stays undetermined and why); an answer about one entity, or a
question with no variable, has none. And a provision argued in full is referred to, not argued
again, where another provision needs it (s. 350.05(2) inside s. 350.08)."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.prose import argument as words

FACTS = Path(__file__).resolve().parents[2] / "facts"


def cells(arg):
    return [words.table_cells(r, arg.table) for r in arg.table]


def test_three_trucks_each_with_its_own_range_by_name():
    arg = ask(str(FACTS / "ch348_weigh_station_three_trucks.yaml"), "forfeiture").argument
    # 900 lb over: s. 348.21(3)(a); 2,600 lb: 1.b at 3 cents; 5,300 lb: 1.e at 15 cents (first convictions)
    # each with the carrier prosecuted under s. 348.20(1), the authority holder of its own truck
    # and its driver, the operator under s. 348.21(3) (trainer review 16, G1)
    assert cells(arg) == [("the gravel truck", "Ana Voss (operator, s. 348.21(3)) and, where practicable, North Gravel Inc. "
                           "(s. 348.20(1))", "$50.00 to $100.00 (s. 348.21(3)(a))"),
                          ("the milk tanker", "Ben Ode (operator, s. 348.21(3)) and, where practicable, Dairyland Co-op "
                           "(s. 348.20(1))", "$128.00 to $278.00 (s. 348.21(3)(b)1)"),
                          ("the steel hauler", "Cy Marsh (operator, s. 348.21(3)) and, where practicable, Lakeshore Steel LLC "
                           "(s. 348.20(1))", "$845.00 to $995.00 (s. 348.21(3)(b)1)")]
    assert words.table_head(arg.table) == ("Vehicle", "Who is liable", "Result")   # one result column, in words


def test_a_permit_the_excerpt_cannot_price_says_so_in_its_row():
    arg = ask(str(FACTS / "ch348_permit_fees_mixed.yaml"), "permit_fee").argument
    rows = dict((c[0], c[1:]) for c in cells(arg))
    assert rows["the annual long-and-heavy permit"] == ("$610.00 (s. 348.25(8)(b))",)
    assert rows["the single-trip oversize permit"] == ("$40.00 (s. 348.25(8)(a))",)
    assert rows["the annual 88,000-lb permit"] == ("not computed: s. 348.25(8)(b)3.a is not in the excerpt",)
    assert words.table_head(arg.table) == ("Permit", "Result")


def test_one_entity_or_no_variable_has_no_table():
    assert ask(str(FACTS / "ch348_grain_semi_first_offense.yaml"), "forfeiture").argument.table == []
    assert ask(str(FACTS / "ch350_adult_at_limit.yaml"), "age(p1, 45)").argument.table == []   # it raised IndexError
    assert ask(str(FACTS / "ch350_report_night_direction.yaml"), "violations").argument.table == []   # one ride


def test_the_owner_s_offence_refers_to_the_operator_s_rather_than_arguing_it_again():
    arg = ask(str(FACTS / "ch350_youth_age_12_alone.yaml"), "lawful").argument
    assert [p.citation for p in arg.provisions] == ["350.05(2)", "350.08"]

    def leaves(items):
        for e in items:
            yield e
            yield from leaves(e.parts)
    inner = [e for e in leaves(arg.provisions[1].elements) if e.source == "argued under s. 350.05(2)"]
    assert [e.text for e in inner] == ["the operator of the ride was 12 to 15 without a valid certificate or a "
                                       "qualified companion"]
    assert not inner[0].parts and not inner[0].exceptions
    # s. 350.05(2) itself is argued in full, with its elements and exceptions
    assert arg.provisions[0].elements and arg.provisions[0].exceptions

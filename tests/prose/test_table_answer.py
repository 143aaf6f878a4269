"""A several-party answer box below a table of parties says only what the table cannot (issue 46,
item 4; trainer review 6, 11: 'the Answer box repeats the table in prose')."""
from reasoner.prose.argument import TABLE_IS_THE_ANSWER, table_answer

ROWS = [("the first vehicle", "not named in the case", "$50.00 to $100.00 (s. 348.21(3)(a))"),
        ("the second vehicle", "not named in the case", "$376.00 to $576.00 (s. 348.21(3)(b)2)"),
        ("the fifth vehicle", "no one", "no forfeiture may be imposed (s. 348.21(2)(b))")]
SHORT = ("The forfeiture under s. 348.21 for the weight violation of the first vehicle: not less than $50.00 nor "
         "more than $100.00 (s. 348.21(3)(a)); the forfeiture under s. 348.21 for the weight violation of the second "
         "vehicle: not less than $376.00 nor more than $576.00 (s. 348.21(3)(b)2); for each of these, the case does "
         "not name the person to be prosecuted, where practicable, under s. 348.20(1); no forfeiture under s. 348.21 "
         "for the weight violation of the fifth vehicle may be imposed (s. 348.21(2)(b)). The case's facts mention no permit "
         "(the first vehicle); we take it there was none.")


def test_the_rows_the_table_carries_are_left_out_and_the_notes_kept():
    box = table_answer(SHORT, ROWS)
    assert box == (f"{TABLE_IS_THE_ANSWER} For each of these, the case does not name the person to be prosecuted, "
                   "where practicable, under s. 348.20(1). The case's facts mention no permit (the first vehicle); we take it "
                   "there was none.")


def test_a_clause_whose_provision_the_table_does_not_cite_is_kept():
    # the table's row says 'yes' only: the provision the answer gives is what the table cannot say
    short = "Of 2 vehicles: 1 no, 1 yes. The first vehicle: yes — its operator may proceed (s. 348.19(2)(a))."
    box = table_answer(short, [("the first vehicle", "yes"), ("the second vehicle", "no")])
    assert box == f"{TABLE_IS_THE_ANSWER} The first vehicle: yes — its operator may proceed (s. 348.19(2)(a))."


def test_an_open_row_the_table_carries_leaves_the_head_with_the_rest():
    short = ("Undetermined: whether the owner violated s. 350.08 in the first ride; whether the owner violated "
             "s. 350.08 in the second ride; not examined: the case states nothing on the rest of s. 350.09.")
    rows = [("the first ride", "open: whether it violated s. 350.08"), ("the second ride", "open: s. 350.08")]
    assert table_answer(short, rows) == (f"{TABLE_IS_THE_ANSWER} Not examined: the case states nothing on the rest "
                                         "of s. 350.09.")


def test_one_party_or_nothing_carried_keeps_the_answer():
    assert table_answer(SHORT, ROWS[:1]) == SHORT
    assert table_answer("Taken as none: the case's facts list no permit.", ROWS) == "Taken as none: the case's facts list no permit."
    assert table_answer("The case's facts mention no permit; we take it there was none.", ROWS) == \
        "The case's facts mention no permit; we take it there was none."

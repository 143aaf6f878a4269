"""ss. 350.05 (youthful operators), 350.055 (certification) and 350.08 (owner permitting).

Readings: "over the age of 12" = 12 or older (no gap for 12-year-olds); "over 18 years of age" =
18 or older; "over 14 years of age" = 14 or older; "accompanied" = on the same snowmobile.
"""
import pytest

from test_ch350_support import case, check, merged, person, stating

Y1, Y2, Y3, Y4 = "350.05(1)", "350.05(2)", "350.05(3)", "350.05(4)"
CERT = "350.055"
OWNER = "350.08"

UNCERTIFIED = {"holds_department_certificate": False, "holds_other_jurisdiction_certificate": False,
               "enrolled_in_safety_program": False}


def youth(age, op=None, operator=None, extra=None):
    """p1 (aged `age`, no certificate) operates alone off the lands of a parent."""
    o = merged({"on_parent_or_guardian_owned_land": False,
                "on_parent_or_guardian_leased_land": False}, op or {})
    return case(op=o, operator=merged({"age": age}, UNCERTIFIED, operator or {}), extra=extra)


def with_companion(age, companion, same_sled=True, parent=False, op=None, operator=None):
    o = merged({"accompanied_on_same_snowmobile": same_sled, "companion": "q1",
                "companion_is_parent_or_guardian": parent}, op or {})
    return youth(age, op=o, operator=operator, extra={"q1": companion})


def violated(c):
    from test_ch350_support import violations
    return violations(c)[0]


# -- 350.05(1): under 12 --------------------------------------------------------------------

@pytest.mark.parametrize("age, sub", [(6, Y1), (11, Y1), (12, Y2), (13, Y2), (15, Y2)])
def test_alone_without_certificate_by_age(age, sub):
    c = youth(age)
    other = Y2 if sub == Y1 else Y1
    check(c, f'violation(op1, "{sub}")', "true", cited=[sub], not_cited=[other])
    check(c, "lawful(op1)", "false", cited=[sub], not_cited=[other])


@pytest.mark.parametrize("age", [16, 17, 35])
def test_16_and_over_unrestricted(age):
    check(youth(age), "lawful(op1)", "true", not_cited=[Y1, Y2], checked=[Y1, Y2])


@pytest.mark.parametrize("companion_age, parent, answer", [
    (40, True, "false"),     # parent
    (16, True, "false"),     # a guardian need not be over 18
    (17, False, "true"),     # not over 18
    (18, False, "false"),    # over 18 read as 18 or older
    (19, False, "false"),
])
def test_under_12_companions(companion_age, parent, answer):
    c = with_companion(10, person(companion_age), parent=parent)
    if answer == "false":   # the accompaniment rules of (1) and (4) apply
        check(c, f'violation(op1, "{Y1}")', "false", cited=[Y1, Y4], not_cited=[Y2])
    else:                   # the companion fails the age test of (1)
        check(c, f'violation(op1, "{Y1}")', "true", cited=[Y1], not_cited=[Y2])


def test_accompanied_means_on_the_same_snowmobile():
    c = with_companion(10, person(40), same_sled=False, parent=True)
    check(c, f'violation(op1, "{Y1}")', "true", cited=[Y1], not_cited=[Y4], checked=[Y4],
          readings=["accompanied means being on the same snowmobile as the operator: a companion "
                    "on another snowmobile does not count."])


def test_over_18_reading_is_shown():
    c = with_companion(10, person(18))
    check(c, f'violation(op1, "{Y1}")', "false", cited=[Y1, Y4],
          readings=["A person who has passed the 18th (14th) birthday has lived over 18 (14) years: "
                    "an age of 18 (14) in whole years is over 18 (14), consistent with reading over "
                    "the age of 12 in sub. (2) as 12 or older."])


# -- 350.05(2): over 12 and under 16 ---------------------------------------------------------

def test_twelve_year_old_is_over_the_age_of_12():
    c = youth(12)
    check(c, f'violation(op1, "{Y2}")', "true", cited=[Y2], not_cited=[Y1],
          readings=["Over the age of 12 years is read as 12 or older in whole years, so that a "
                    "12-year-old is covered by sub. (2) and there is no gap between sub. (1) (under "
                    "the age of 12) and sub. (2); under the age of 16 is 15 or younger."])


@pytest.mark.parametrize("age", [12, 13, 15])
def test_department_certificate_carried_is_lawful(age):
    c = youth(age, op={"carrying_certificate": True, "certificate_requested": False},
              operator={"holds_department_certificate": True})
    check(c, "lawful(op1)", "true", cited=[Y2], not_cited=[Y1, CERT])


@pytest.mark.parametrize("companion, answer", [
    (person(18), "false"),
    (person(17, **UNCERTIFIED), "true"),
    (person(17, holds_department_certificate=True), "false"),   # over 14 with certificate
    (person(15, holds_department_certificate=True), "false"),
    (person(14, holds_department_certificate=True), "false"),   # over 14 read as 14 or older
    (person(13, holds_department_certificate=True), "true"),
    (person(14, **UNCERTIFIED), "true"),
])
def test_12_to_15_companions(companion, answer):
    c = with_companion(13, companion)
    if answer == "false":
        check(c, f'violation(op1, "{Y2}")', "false", cited=[Y2, Y4], not_cited=[Y1])
    else:
        check(c, f'violation(op1, "{Y2}")', "true", cited=[Y2], not_cited=[Y1])


def test_certificate_must_be_carried_and_displayed():
    base = {"holds_department_certificate": True}
    c = youth(14, op={"carrying_certificate": False, "certificate_requested": False}, operator=base)
    res = check(c, f'violation(op1, "{Y2}")', "true", cited=[Y2], not_cited=[Y1])
    assert "certificate_not_carried(op1) is TRUE" in res.text()
    c = youth(14, op={"carrying_certificate": True, "certificate_requested": True,
                      "certificate_displayed": False}, operator=base)
    res = check(c, f'violation(op1, "{Y2}")', "true", cited=[Y2])
    assert "certificate_not_displayed(op1) is TRUE" in res.text()
    c = youth(14, op={"carrying_certificate": True, "certificate_requested": True,
                      "certificate_displayed": True}, operator=base)
    check(c, "lawful(op1)", "true", cited=[Y2], not_cited=[Y1])


def test_carrying_duty_does_not_apply_at_16():
    c = youth(16, op={"carrying_certificate": False}, operator={"holds_department_certificate": True})
    check(c, f'violation(op1, "{Y2}")', "false", not_cited=[Y1])
    check(c, "lawful(op1)", "true", not_cited=[Y1])


@pytest.mark.parametrize("in_area, answer", [(True, "false"), (False, "true")])
def test_enrolled_students_in_the_designated_area(in_area, answer):
    c = youth(13, op={"in_instructor_designated_area": in_area},
              operator={"enrolled_in_safety_program": True})
    res = check(c, f'violation(op1, "{Y2}")', answer, not_cited=[Y1])
    assert Y2 in res.cited


def test_certificate_unknown_is_undetermined_and_resolves():
    c = youth(14, operator={"holds_department_certificate": None})
    check(c, "lawful(op1)", "undetermined", cited=[Y2],
          missing=["whether p1 holds a valid snowmobile safety certificate issued by the department"])
    c = youth(14, op={"carrying_certificate": True, "certificate_requested": False},
              operator={"holds_department_certificate": True})
    check(c, "lawful(op1)", "true")
    check(youth(14), "lawful(op1)", "false", cited=[Y2])


# -- 350.055: certificates of other states and provinces; the course charge ------------------

@pytest.mark.parametrize("meets, answer", [(True, "false"), (False, "true")])
def test_other_jurisdiction_certificate(meets, answer):
    c = youth(13, op={"carrying_certificate": True, "certificate_requested": False},
              operator={"holds_other_jurisdiction_certificate": True,
                        "other_course_substantially_meets": meets})
    res = check(c, f'violation(op1, "{Y2}")', answer, not_cited=[Y1])
    assert (CERT in res.cited) == (answer == "false")


def test_other_jurisdiction_certificate_counts_for_a_15_year_old_companion():
    comp = person(15, holds_department_certificate=False, holds_other_jurisdiction_certificate=True,
                  other_course_substantially_meets=True)
    check(with_companion(12, comp), f'violation(op1, "{Y2}")', "false", cited=[Y2, Y4, CERT])
    comp16 = dict(comp, age=16)   # 350.055 covers ages 12 to 15 only
    check(with_companion(12, comp16), f'violation(op1, "{Y2}")', "true", cited=[Y2],
          not_cited=[CERT])


def test_completion_entitles_to_certification():
    c = case(operator={"completed_safety_program": True})
    check(c, "entitled_to_certification(p1)", "true", cited=[CERT])
    c = case(operator={"completed_safety_program": False})
    check(c, "entitled_to_certification(p1)", "false", not_cited=[CERT], checked=[CERT])


def test_instruction_charge_split():
    res = check(case(), "department_share(D)", "true", cited=[CERT])
    assert [b["D"] for b in res.bindings] == [400]
    res = check(case(), "instructor_share(I)", "true", cited=[CERT])
    assert [b["I"] for b in res.bindings] == [100]


@pytest.mark.parametrize("paid, answer", [(4.99, "false"), (5, "false"), (5.01, "true"), (8, "true")])
def test_instruction_charge_limit(paid, answer):
    c = case(operator={"course_amount_charged": paid})
    res = check(c, "overcharged_for_course(p1)", answer)
    assert (CERT in res.cited) == (answer == "true")


# -- 350.05(3): lands of a parent or guardian -----------------------------------------------

OWNED_READING = ("Lands owned by the parent or guardian are within the exception as owned lands: "
                 "the definition that leased lands do not include lands leased by an organization "
                 "narrows leased lands only.")
LEASED_READING = ("Lands leased by an organization of which the operator or the parent or guardian "
                  "is a member are not leased lands, even if the parent or guardian uses them.")


@pytest.mark.parametrize("age", [9, 15])
def test_parent_owned_land_exception(age):
    # Owned land: the organisation-lease definition is never asked (it narrows leased land only).
    c = youth(age, op={"on_parent_or_guardian_owned_land": True,
                       "on_parent_or_guardian_leased_land": None})
    res = check(c, "lawful(op1)", "true", cited=[Y3], not_cited=[Y1, Y2], readings=[OWNED_READING])
    assert not any("organization" in m for m in res.missing)


@pytest.mark.parametrize("age", [9, 15])
def test_parent_owned_land_needs_no_word_on_organisation_lease(age):
    # Even an organisation lease stated true does not take owned land out of the exception.
    c = youth(age, op={"on_parent_or_guardian_owned_land": True, "land_leased_through_organization": True})
    check(c, "lawful(op1)", "true", cited=[Y3], not_cited=[Y1, Y2])


@pytest.mark.parametrize("age", [9, 15])
def test_parent_leased_land_exception(age):
    c = youth(age, op={"on_parent_or_guardian_leased_land": True, "land_leased_through_organization": False})
    check(c, "lawful(op1)", "true", cited=[Y3], not_cited=[Y1, Y2], readings=[LEASED_READING])


def test_organization_lease_is_not_leased_land():
    c = youth(9, op={"on_parent_or_guardian_leased_land": True, "land_leased_through_organization": True})
    check(c, f'violation(op1, "{Y1}")', "true", cited=[Y1], not_cited=[Y3], checked=[Y3])


def test_parent_leased_land_asks_about_the_organisation_lease():
    c = youth(9, op={"on_parent_or_guardian_leased_land": True})
    check(c, f'violation(op1, "{Y1}")', "undetermined", cited=[Y1],
          missing=["whether the lands used in op1 are leased by an organization of which the operator "
                   "or the operator's parent or guardian is a member"])


def test_parent_owned_land_clears_the_owner_under_350_08():
    # s. 350.08 follows s. 350.05: a child on the parent's own land is not a prohibited operator.
    c = owned(operator_age=11, op={"on_parent_or_guardian_owned_land": True})
    check(c, "owner_liable", "false", not_cited=[OWNER, Y1])
    c = owned(operator_age=11)
    check(c, "owner_liable", "true", cited=[OWNER, Y1])


def test_parent_land_exception_stops_at_16():
    c = youth(16, op={"on_parent_or_guardian_owned_land": True})
    check(c, "lawful(op1)", "true", not_cited=[Y3, Y1, Y2])


# -- 350.08: owner knowingly permitting a prohibited operator --------------------------------

def owned(operator_age=35, knowingly=True, owner="q1", op=None, operator=None):
    o = merged({"person_in_control": owner, "knowingly_permitted": knowingly,
                "on_parent_or_guardian_owned_land": False,
                "on_parent_or_guardian_leased_land": False}, op or {})
    extra = {"q1": person(45)} if owner == "q1" else None
    return case(op=o, operator=merged({"age": operator_age}, UNCERTIFIED, operator or {}),
                extra=extra)


@pytest.mark.parametrize("why", [
    {"operator_age": 11},
    {"operator_age": 14},
    {"op": {"operator_disabled": True}},
    {"op": {"under_influence_of_intoxicant": True}},
])
def test_owner_liable_for_prohibited_operator(why):
    c = owned(**why)
    res = check(c, "owner_liable", "true", cited=[OWNER])
    assert [(b["Owner"], b["O"]) for b in res.bindings] == [("q1", "op1")]
    check(c, f'violation(op1, "{OWNER}")', "true", cited=[OWNER])


def test_owner_not_liable_without_knowledge():
    c = owned(operator_age=11, knowingly=False)
    check(c, "owner_liable(q1, op1)", "false", not_cited=[OWNER], checked=[OWNER])
    check(c, f'violation(op1, "{Y1}")', "true", cited=[Y1], not_cited=[OWNER])


def test_owner_not_liable_for_a_capable_adult():
    check(owned(operator_age=35), "owner_liable(q1, op1)", "false", not_cited=[OWNER],
          checked=[OWNER])


def test_uncarried_certificate_is_not_a_prohibition_under_350_08():
    c = owned(operator_age=14, op={"carrying_certificate": False},
              operator={"holds_department_certificate": True})
    check(c, f'violation(op1, "{Y2}")', "true", cited=[Y2])
    check(c, "owner_liable(q1, op1)", "false", not_cited=[OWNER])


def test_owner_operating_personally_permits_no_one():
    c = owned(owner="p1", op={"under_influence_of_intoxicant": True})
    check(c, "owner_liable(p1, op1)", "false", not_cited=[OWNER])


def test_owner_knowledge_unknown_is_undetermined():
    c = owned(operator_age=11, knowingly=None)
    check(c, "owner_liable(q1, op1)", "undetermined", cited=[OWNER, Y1],
          missing=["whether the owner or person having charge or control of the snowmobile "
                   "knowingly authorized or permitted the operator of op1 to operate it"])
    check(stating(c, knowingly_permitted=True), "owner_liable(q1, op1)", "true", cited=[OWNER])
    check(stating(c, knowingly_permitted=False), "owner_liable(q1, op1)", "false",
          checked=[OWNER])

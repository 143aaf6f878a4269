"""A vehicle's conviction record under s. 348.21(3r) and (4), accounted for one prior at a time.

The proof of 'a 2nd or subsequent conviction within a 12-month period' names the prior that counts
(or, when none does, the one that comes nearest); the other priors the case lists for the same
vehicle are not in it. A trainer reads the case's list against the handout, so every prior the case
gives is said in the vehicle's argument, each in one line with the statute's reason: counted, or not
counted and why (trainer review 12, 11: three of five priors were only in the appendix).

The reasons are the law's (ch348/s348_21.dl): sub. (3r) counts only convictions under subs. (3) and
(3g); s. 348.21(2)(b) excludes its own violations; sub. (4) names what is a conviction and the
12-month period, the original judgment or its affirmance. Words only; the rows come from the session.
"""
from __future__ import annotations

from types import MappingProxyType

from collections.abc import Callable
from typing import Any

# the predicates of ch348/s348_21.dl this accounts for
REPEAT = "repeat_weight_conviction"
RECORD_KIND = "prior_conviction"   # the entity kind that is on a person's record (whose: s. 348.20(1))
THIRD = "third_weight_conviction"   # sub. (3g)(b): where it holds, the record is said under it
FOREST = "forest_penalty_applies"   # sub. (3g): its par. (a) is the range of a first and of a 2nd conviction
_COUNTED = "weight_prior"
_OF = "prior_of"
RECORD_OF = _OF   # prior_of(C, V): a prior on the record of the person charged over V

_QUOTE_2B = ("'Violations under this paragraph shall not be considered as violations or prior convictions "
             "under par. (a) or sub. (3) to (3r)' (s. 348.21(2)(b))")
_DISPOSITION = MappingProxyType({"dismissed": "a dismissal", "acquitted": "an acquittal", "other": "some other outcome"})

Rows = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]
Truth = Callable[[str, tuple[Any, ...]], str]
Name = Callable[[Any], str]


def _value(rows: Rows, pred: str, c: Any) -> Any:
    got = rows(pred, (c, None))
    return got[0][1] if len(got) == 1 else None


def _month_key(rows: Rows, c: Any) -> tuple[int, int, str]:
    """Order of the case's priors: by their months when stated (an unstated month, unknown, last)."""
    m = _value(rows, "months_since_prior", c)
    return (0, m, str(c)) if isinstance(m, int) and not isinstance(m, bool) else (1, 0, str(c))


def _months(m: Any) -> str:
    return f"{m} month{'' if m == 1 else 's'}"


def record_lines(v: Any, rows: Rows, truth: Truth, name: Name,
                 stated: Callable[[str, Any], bool] | None = None) -> list[dict[str, str]]:
    """One line per prior the case lists for V that the proof does not count ({"text", "status"}:
    "" not counted, the line itself says so and why, with no 'met' / 'not met'; "undetermined" open), in the case's order of months. The counted ones are
    argued by the proof itself and are not repeated here. stated(pred, c): whether the case states
    that fact of C; a value it does not state (the months of a prior the case gives no date for, a
    value one case of a proof by cases takes) is said as supposed, never as a fact (trainer review
    15, G7: '13 months before' where the case gives no date)."""
    priors = sorted({r[0] for r in rows(_OF, (None, v))}, key=lambda c: _month_key(rows, c))
    counted = [c for c in priors if truth(_COUNTED, (v, c)) == "true"]
    repeat = truth(REPEAT, (v,))
    third = truth("third_weight_conviction", (v,))
    out: list[dict[str, str]] = []
    for c in priors:
        if c in counted:
            continue
        who = name(c)
        under = _value(rows, "prior_under", c)
        disposition = _value(rows, "prior_disposition", c)
        months = _value(rows, "months_since_prior", c)
        affirmed = truth("affirmed_on_appeal", (c,))
        if under == "s2b":
            out.append({"text": f"{who}: not counted: {_QUOTE_2B}", "status": ""})
        elif under in ("s2a", "other"):
            paragraph = "a s. 348.21(2)(a) conviction" if under == "s2a" else "a conviction under another provision"
            out.append({"text": f"{who}: {paragraph}, not counted: s. 348.21(3r) counts only convictions "
                                "under subs. (3) and (3g)", "status": ""})
        elif disposition in _DISPOSITION:
            out.append({"text": f"{who}: ended in {_DISPOSITION[disposition]}, not counted: s. 348.21(4) "
                                "counts a judgment, a forfeited deposit, a paid forfeiture or a certificate "
                                "of conviction", "status": ""})
        elif truth(_COUNTED, (v, c)) == "undetermined" and affirmed == "undetermined" and disposition == "judgment":
            line = (f"{who}: {_months(months)} before, appealed, outcome not stated: counts only if affirmed "
                    "within the 12 months (s. 348.21(4))" if months is not None else
                    f"{who}: appealed, outcome not stated: counts only if within the 12 months (s. 348.21(4))")
            # a 3rd conviction matters only under sub. (3g)(b) (raw forest products)
            if repeat == "true" and counted and (third != "undetermined" or truth("raw_forest_combination", (v,)) == "false"):
                line += f"; not needed, {name(counted[0])} already makes this a 2nd conviction"
                out.append({"text": line, "status": ""})
            else:
                out.append({"text": line + "; an open fact", "status": "undetermined"})
        elif truth(_COUNTED, (v, c)) == "undetermined":
            out.append({"text": f"{who}: whether it is counted is open (s. 348.21(4))", "status": "undetermined"})
        elif isinstance(months, int) and months > 12 and stated is not None and not stated("months_since_prior", c):
            out.append({"text": f"{who}: not counted: supposed here more than 12 months before (the case does not "
                                "say when), outside the 12-month period (s. 348.21(4))", "status": ""})
        elif isinstance(months, int) and months > 12:
            out.append({"text": f"{who}: not counted: {_months(months)} before, outside the 12-month period (s. 348.21(4))",
                        "status": ""})
        else:
            out.append({"text": f"{who}: not counted (s. 348.21(3r), (4))", "status": ""})
    return out

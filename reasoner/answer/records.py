"""Priors the case gives as the operator's record ('The first driver has an overweight judgment 8
months ago') while s. 348.20(1) prosecutes the authority holder: taking them as the record of the
person charged is an assumption (explain/builder.py operators_record marks each in the proof graph,
"others_records"). Made here, once, on the answer: what the answer would be if none of them were the
person charged's record (the first-conviction range), so the handout says both where the assumption
is used (trainer review 14, G6: 'stated' moved two ranges to the second-offence amounts unseen).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import ReasonerError
from ..core.record import replace

if TYPE_CHECKING:
    from .result import Answer


def others_record_otherwise(question: Any, answer: Answer) -> None:
    """Put on the proof graph ("others_records_otherwise") the answer's changed clauses with the
    priors the case gives as the operator's taken off the record of the person charged ('' when the
    answer is the same); nothing where the case gives no such prior."""
    from ..prose import argument as words
    from .timing import answer_short, changed
    proof = getattr(answer, "proof", None)
    if proof is None:
        return
    records = dict(proof.graph.get("others_records") or {})
    case = answer.case
    if not records or case is None or answer.answer != "true":
        return
    cleared = replace(case, rows=[r for r in case.rows if str(r.loc) not in records])
    try:
        # widened as the answer is (the 'applies instead' cells): a row with no prior reads the same
        later = question.with_case(cleared).answer(interpretation=False, widen=True)
    except ReasonerError:
        return
    several = len({next(iter(r.values()), None) for r in (answer.rows or [])}) > 1
    other = changed(answer_short(answer), answer_short(later))
    proof.graph["others_records_otherwise"] = words.later_said(other, several) if other else ""
    # each party's results with none of them counted, by its name in the results table: the row and
    # the element that counts the prior say the other range where it is applied, not only the facts
    # box (trainer review 14, 11: the first-conviction range shown only in the box)
    try:
        table = list(getattr(later.argument, "table", None) or [])
    except ReasonerError:
        table = []
    proof.graph["others_records_rows"] = {
        str(r["entity"]): [str(v) for v in r.get("established") or [] if v]
        for r in table if "more" not in r and r.get("entity")}

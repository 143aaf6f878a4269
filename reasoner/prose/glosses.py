"""A proof node's sentence for its status, and comparisons and computations as sentences.

A FALSE atom reads with its negative sentence, never its positive one; an UNDETERMINED atom reads
"whether ... is undetermined". Node kinds this module does not know (added by other parts of the
program) read as their `sentence`, or else their label.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from types import MappingProxyType
from collections.abc import Mapping

from ..language.ast import BinOp, Call, Const, Var
from ..core.values import UNKNOWN, Day
from .cite import cite
from ..law.queries import none_words
from .sentences import article, date_words, grouped, param_value, value_text as show_value, without_unit

PRIMITIVE_TYPES = ("number", "money", "time", "date", "string", "symbol", "boolean")
OP_WORDS = MappingProxyType({">=": "at least", ">": "more than", "<=": "at most", "<": "less than", "=": "equal to",
            "!=": "different from"})
# a date or a clock time is later or earlier, not more or less ('2001-08-01, which is after 1994-05-07')
WHEN_WORDS: Mapping[str | None, dict[str, str]] = MappingProxyType({"date": {">=": "on or after", ">": "after", "<=": "on or before", "<": "before"},
              "time": {">=": "at or after", ">": "after", "<=": "at or before", "<": "before"}})


def cap_first(text: str) -> str:
    first = text.split(" ", 1)[0] if text else ""
    if not first or not first.isalpha() or not first.islower():
        return text
    return text[:1].upper() + text[1:]


def full_stop(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "?", "!")) else text + "."


def offence_place(d) -> str:
    """' in the first ride': where a violation was committed, said only where it tells one of the
    case's entities of that kind from another; the case's one ride is not named ('Pat Lindqvist (the
    operator) violated s. 350.10(1)(g)', never '... in the ride': trainer review 14, G1)."""
    if not d.get("offence_in") or d.get("offence_in_sole"):
        return ""
    return f" in {d['offence_in']}"


def offender_sentence(d) -> str:
    """A violation said with who committed it, from the proof node's offender attributes (the law's
    offender_role rows, explain/builder.py): 'dad (the owner or person in charge or control)
    violated s. 350.08 in op1'; 'm1 (the manufacturer) violated s. 350.09(5)'; where the case names
    no one in the role, 'an unnamed operator violated s. 350.02(2)(b)4 in op1'. '' for a node
    without them."""
    role = d.get("offender_role")
    if not role or (d.get("penalty") or d.get("relation_offence")):
        return ""
    who = f"{d['offender']} (the {role})" if d.get("offender") else f"{article('unnamed ' + role)}"
    within = offence_place(d)
    return f"{who} violated {cite(d.get('offence', ''))}{within}"


def offender_phrase(d) -> str:
    """Who a violation binds, as a row of open violations names them: 'Taylor Johnson (the
    operator)', 'the owner or person in charge or control'; '' for a node that is not a violation."""
    if not d.get("offender_role") or (d.get("penalty") or d.get("relation_offence")):
        return ""
    return f"{d['offender']} (the {d['offender_role']})" if d.get("offender") else f"the {d['offender_role']}"


def offence_said(d) -> str:
    """An open violation with whom it would bind: 'Dana Ruiz (the owner or person in charge or control)
    violated s. 350.08 in the ride'; where the case names no one in the role, 'the owner or person in
    charge or control violated s. 350.08 in the ride'. '' for a node that is not a violation."""
    if not d.get("offender_role") or (d.get("penalty") or d.get("relation_offence")):
        return ""
    if d.get("offender"):
        return offender_sentence(d)
    within = offence_place(d)
    return f"the {d['offender_role']} violated {cite(d.get('offence', ''))}{within}"


def penalty_clause(d) -> str:
    """Whom a penalty node's amount is imposed on, from its offender attributes (the law's
    penalty_of and offender_role rows, explain/builder.py): 'imposed on North Gravel Inc. (the person
    against whom the prosecution is instituted under s. 348.20(1))'; where the case names no one, 'the
    case does not name the person against whom ...'. '' for any other node."""
    if not d.get("penalty") or not d.get("offender_role"):
        return ""
    parts = [dict(p, penalty=True) for p in d.get("penalty_parts") or ()]
    if len(parts) > 1:   # each provision's person under it: the operator who broke the permit condition
        # (s. 348.25(2)(a)), then whom s. 348.20(1) prosecutes where practicable (trainer review 15, 12)
        said = [_unnamed_own(p) or penalty_clause(p) for p in parts]
        return "; ".join(c for c in said if c)
    if d.get("offender"):
        # a named s. 348.20(1) person beside an operator whose record the listed priors are: said of
        # them too (trainer review 16, G1: 'against it these priors do not count')
        note = f", {PRIORS_NOT_SHOWN}" if d.get("priors_record") == "not_shown" else ""
        by_sentence = _prosecution_parts(d)
        if by_sentence:   # each person in the role of the sentence of s. 348.20(1) that names them
            return "; ".join(c + note for c in by_sentence)
        role = _PERSON_TO_BE.fullmatch(d["offender_role"])
        if role:   # s. 348.20(1) says against whom a prosecution is brought, not on whom a penalty is imposed:
            # 'to be prosecuted, where practicable, against the owner ... (authority holder) under s. 348.20(1)'
            # (trainer review 6, 11), never 'imposed on ... (authority holder) (the person to be prosecuted ...)'
            return f"{role['what']}{role['sep']} against {d['offender']} under {role['where']}{note}"
        own = own_range(d)
        if own:
            return own
        return f"imposed on {d['offender']} (the {d['offender_role']}{_record_note(d)})"
    said = d.get("offender_said")
    role = _PERSON_TO_BE.fullmatch(d["offender_role"])
    if role and said:   # the scenario's words for the party ('its owner-driver'): trainer review 8, 11 and 12
        return f"{role['what']}{role['sep']} against {said} under {role['where']}"
    if role and role["where"] in ROLE_HOLDER:
        # whom the law names by role, in its own words, and that the case does not say who it is
        # (trainer review 11, G10: 'the case does not name the person to be prosecuted')
        against = f", {PRIORS_NOT_SHOWN}" if d.get("priors_record") == "not_shown" else ""
        return f"{role['what']}{role['sep']} against {ROLE_HOLDER[role['where']]} ({role['where']}), {UNNAMED_WHOM}{against}"
    if role:
        return f"the case does not name the {d['offender_role']}"
    # the role is known even where the person is not: 'imposed on the tanker's driver (the operator),
    # not named in the case'; 'imposed on the operator of the tanker, not named in the case'
    # (trainer review 11, G10: 'the case does not name the operator')
    if said:
        return f"imposed on {said} (the {d['offender_role']}), {NOT_NAMED}"
    of = f" of {d['offence_in']}" if d.get("offence_in") else ""
    return own_range(d, f"the {d['offender_role']}{of}") or f"imposed on the {d['offender_role']}{of}, {NOT_NAMED}"


def _by_person(d) -> list:
    """(name, the role phrase of the sentence that names them first) for each offender of a node whose
    offender rows are all in roles of a provision naming persons sentence by sentence (s. 348.20(1):
    'person to be prosecuted, where practicable, under s. 348.20(1)'; 'driver's employer, liable along
    with the authority holder under s. 348.20(1), second sentence'); [] for any other node. A person
    named by several sentences is said in the earliest's role (the authority holder who also employs
    the driver is the person to be prosecuted where practicable), once."""
    rows = [r for r in d.get("offender_rows") or () if r.get("offender_name")]
    if not rows or not all(_PERSON_TO_BE.fullmatch(r["role"]) or _BY_SENTENCE.fullmatch(r["role"]) for r in rows):
        return []
    first: dict = {}
    for r in sorted(rows, key=lambda r: _sentence_rank(r["role"])):
        first.setdefault(r["offender_name"], r["role"])
    return sorted(first.items(), key=lambda kv: _sentence_rank(kv[1]))


def _sentence_rank(role: str) -> int:
    m = _BY_SENTENCE.fullmatch(role)
    return 0 if not m else ORDINALS.index(m["nth"]) if m["nth"] in ORDINALS else len(ORDINALS)


def _prosecution_parts(d) -> list:
    """Against whom a penalty's prosecution is brought, each person in the words of the sentence of s.
    348.20(1) that names them: 'to be prosecuted, where practicable, against Lakeview Freight under s.
    348.20(1)' (the first sentence alone says 'where practicable'); 'to be prosecuted against Nora
    Brandt (the driver's employer, liable along with the authority holder under s. 348.20(1), second
    sentence)'. [] where the node's roles are not such roles."""
    people = _by_person(d)
    parts: list = []
    groups: dict = {}
    for name, role in people:
        groups.setdefault(role, []).append(name)
    for role, names in groups.items():
        to_be = _PERSON_TO_BE.fullmatch(role)
        who = " and ".join(names)
        parts.append(f"{to_be['what']}{to_be['sep']} against {who} under {to_be['where']}" if to_be
                     else f"to be prosecuted against {who} (the {role})")
    return parts


def liable_cell(d) -> str:
    """Who is liable, as a table's cell names them, with the sentence of s. 348.20(1) that names each
    person other than the authority holder: 'Lakeview Freight and Nora Brandt (driver's employer, s.
    348.20(1), second sentence)'; '' where the node's roles are not such roles or all are the first
    sentence's (the names alone, as the node's offender says them)."""
    parts = [dict(p, penalty=True) for p in d.get("penalty_parts") or ()]
    if len(parts) > 1:   # each provision's person: 'Wren Okafor (operator, s. 348.25(2)(a)) and, where
        # practicable, the authority holder (s. 348.20(1)), not named in the case'
        unnamed = not any(p.get("offender") or p.get("offender_said") for p in parts)
        cells = [part_cell(p, tail=not unnamed) for p in parts]   # none named: 'not named' said once
        joined = "".join((" and, " if c.startswith("where practicable") else " and ") + c if i else c
                         for i, c in enumerate(cells)) if all(cells) else ""
        return f"{joined}, {NOT_NAMED}" if joined and unnamed else joined
    people = _by_person(d)
    if not people or all(_PERSON_TO_BE.fullmatch(role) for _, role in people):
        return ""
    said = []
    for name, role in people:
        m = _BY_SENTENCE.fullmatch(role)
        said.append(f"{name} ({m['label']}, {m['where']}, {m['nth']})" if m else name)
    return " and ".join(said)


def _unnamed_own(d) -> str:
    """A penalty's person the case does not name, by a role that ends on its provision: 'imposed on
    the operator of the mobile crane (s. 348.25(2)(a))' (the vehicle's operator, by role); '' otherwise."""
    own = _OWN_PROVISION.fullmatch(str(d.get("offender_role") or ""))
    if d.get("offender") or d.get("offender_said") or not own:
        return ""
    of = f" of {d['offence_in']}" if d.get("offence_in") else ""
    return f"imposed on the {own['label']}{of} ({own['where']})"


def part_cell(d, tail: bool = True) -> str:
    """One provision's person as a table cell names them: 'Wren Okafor (operator, s. 348.25(2)(a))';
    'where practicable, Tamarack Heavy Haul (s. 348.20(1))'; whom the case does not name, by the role:
    'where practicable, the authority holder (s. 348.20(1)), not named in the case'."""
    role = str(d.get("offender_role") or "")
    people = _by_person(d)
    if people and not all(_PERSON_TO_BE.fullmatch(r) for _, r in people):
        # several persons, each by the sentence of s. 348.20(1) that names them (beside the operator of
        # s. 348.21(3): trainer review 16, G1): as the table says them where no other provision does
        return liable_cell(dict(d, penalty_parts=()))
    to_be = _PERSON_TO_BE.fullmatch(role)
    if to_be:
        m = re.search(r", (where practicable)", to_be["what"])
        lead = f"{m[1]}, " if m else ""
        who = liable_cell(dict(d, penalty_parts=())) or d.get("offender") or d.get("offender_said") \
            or f"the {ROLE_HOLDER_SHORT.get(to_be['where'], 'person to be prosecuted')}"
        named = d.get("offender") or d.get("offender_said")
        return f"{lead}{who} ({to_be['where']}{_record_note(d)})" + ("" if named or not tail else f", {NOT_NAMED}")
    own = _OWN_PROVISION.fullmatch(role)
    label, where = (own["label"], own["where"]) if own else (role, cite(d.get("offence", "")))
    if not d.get("offender"):   # 'the operator (s. 348.25(2)(a))': the vehicle's operator, by role
        return f"the {label} ({where}{_record_note(d, label)})"
    return f"{d['offender']} ({label}, {where}{_record_note(d, label)})"


PRIORS_NOT_SHOWN = "against whom the listed priors are not shown to count"
RECORD_OWN = "whose record the listed priors are"


def priors_record_said(record: str, counts: bool | None = None) -> str:
    """The JSON's words for whose the listed priors are, beside an offender (explain/builder.py);
    counts: whether the range found counts them (None: not asked), the range this person's own record
    gives said beside it."""
    if record == "own":
        return "the listed priors are this person's record"
    said = "the listed priors are not shown to count against this person"
    if counts is None:
        return said
    return (f"{said}: the range found counts them and is not imposed on this person, the first-conviction"
            " range is (assumed: no prior conviction counted against this person)" if counts
            else f"{said} (assumed: no prior conviction counted against this person)")


def _assumed_none(who: str, d) -> str:
    """'assumed: no prior conviction counted against the first truck's driver — the case gives only the
    sole trader's record': the range a person gets whose own record the case does not give."""
    whose = " and ".join(d.get("record_of") or ())
    owns = f"{whose}'" if whose.endswith("s") else f"{whose}'s"
    # 'the record of the owner of the truck (authority holder)', never '... (authority holder)'s record'
    said = f"the record of {whose}" if whose.endswith(")") else f"{owns} record"
    given = f" — the case gives only {said}" if whose else ""
    return f"assumed: no prior conviction counted against {who}{given}"


def own_range(d, unnamed: str = "") -> str:
    """Whom a repeat-offence range is not imposed on (trainer review 16, G1): a person against whom
    the listed priors are not shown to count gets the range their own record gives, never the one the
    priors give another. Where the range found counts a listed prior: 'imposed on the first truck's
    driver (the operator) only at the first-conviction range, not this one (assumed: ...)'; where it
    counts none: 'imposed on the first truck's driver (the operator, assumed: ...)'. unnamed: the
    words for a person the case does not name ('the operator of the dump truck', said not named).
    '' where the builder says nothing of the person's record. Never a ';' (a clause mark the answer
    box splits on)."""
    who = d.get("offender") or unnamed
    if d.get("priors_record") != "not_shown" or "range_counts_priors" not in d or not who:
        return ""
    # a named person with their role; one the case does not name, by the role, said not named
    said = f"{who} (the {d['offender_role']})" if d.get("offender") else f"{who}, {NOT_NAMED},"
    if d["range_counts_priors"]:
        return f"imposed on {said} only at the first-conviction range, not this one ({_assumed_none(who, d)})"
    if d.get("offender"):
        return f"imposed on {who} (the {d['offender_role']}, {_assumed_none(who, d)})"
    return f"imposed on {who}, {NOT_NAMED} ({_assumed_none(who, d)})"


def _record_note(d, label: str = "") -> str:
    """Whose the priors counted for a party's range are, said beside each person a penalty is imposed
    on (explain/builder.py priors_record; trainer review 16, G1): ', whose record the listed priors
    are' beside the operator whose record the case gives; ', against whom the listed priors are not
    shown to count' beside the s. 348.20(1) person; '' where the case lists no prior. Never a ';' (a
    clause mark the answer box splits on)."""
    record = d.get("priors_record")
    if record == "own":
        return f", {RECORD_OWN}"
    if record == "not_shown":
        return f", {PRIORS_NOT_SHOWN}"
    return ""


# a role phrase that ends on the provision naming the person: 'operator, who violated a condition of
# the permit under which the vehicle was operated (s. 348.25(2)(a))'
_OWN_PROVISION = re.compile(r"(?P<label>[^,]+), .+ \((?P<where>s\. .+)\)")


def whether(text: str) -> str:
    """An open question on a sentence: 'whether the ride violated a provision of the ch. 350 excerpt',
    never 'whether the ride violated no provision ...' (trainer review 11, G9: a double negative
    where 'undetermined' already says either may hold; whether it did and whether it did not are
    one question)."""
    return "whether " + _VIOLATED_NO.sub(r"\1 a ", text, count=1)


_VIOLATED_NO = re.compile(r"\b(violated) no (?=provision\b)")
# a sentence that gives an amount after a colon ('the forfeiture ... concerning the cattle trailer:
# not less than $50.00 nor more than $100.00'): open, it is whether the amount applies
_AMOUNT_AFTER = re.compile(r": (?=(?:not less than|not more than|a forfeiture of|\$\d))")
APPLIES = " applies: "


def _applies(text: str) -> str:
    """'the forfeiture ... concerning the cattle trailer applies: not less than $50.00 ...' for a
    sentence that names an amount after a colon, so that 'it is undetermined whether' reads (trainer
    review 15, 06: 'it is undetermined whether the forfeiture ... concerning the cattle trailer: not
    less than ...'); the sentence itself otherwise."""
    return _AMOUNT_AFTER.sub(APPLIES, text, count=1)


NOT_NAMED = "not named in the case"
UNNAMED_WHOM = "whom the case does not name"
# whom a provision naming the person by role names, in the statute's own words (s. 348.20(1): "...
# be instituted against the person holding the authority, certificates, licenses or permits
# evidencing operating privileges from the department ..."), keyed by the citation the role cites
ROLE_HOLDER = MappingProxyType({"s. 348.20(1)": "the person holding the authority, certificates, licenses or permits "
                                                "evidencing operating privileges from the department"})


# the role holder in short, for a table cell (the statute's words are said in the answer)
ROLE_HOLDER_SHORT = MappingProxyType({"s. 348.20(1)": "authority holder"})


# a role that is itself what the law says is to be done against the person ('person to be prosecuted,
# where practicable, under s. 348.20(1)'): said of the person named, as the law says it
# a role one sentence of such a provision names, other than the first ('driver's employer, liable along
# with the authority holder under s. 348.20(1), second sentence'): its label, what the sentence says of
# the person, the provision and the sentence
_BY_SENTENCE = re.compile(r"(?P<label>[^,]+), (?P<what>.+?) under (?P<where>(?:s|ss)\. \S+?), (?P<nth>\w+ sentence)")
ORDINALS = ("first sentence", "second sentence", "third sentence", "fourth sentence", "last sentence")
_PERSON_TO_BE = re.compile(r"person (?P<what>to be [^()]+?)(?P<sep>,?) under (?P<where>(?:s|ss)\. \S.*)")


def _atom_words(d):
    """(positive, negative) sentences of an atom-like node; the label when it has no template."""
    positive = offender_sentence(d) or d.get("sentence") or ""
    negative = d.get("negative") or ""
    label = d.get("label", "")
    if label.startswith("not ") and d.get("kind") == "negation":
        label = label[4:]
    if not positive and d.get("open_sentence"):  # a question with open values: lawful(O)
        return d["open_sentence"], f"it does not follow that {d['open_sentence']}"
    if not positive:  # no template: the predicate's name in words ("repeat weight conviction holds for semi1")
        name, _, args = label.partition("(")
        args = ", ".join(a for a in args.rstrip(")").split(", ") if a.strip() not in ("_", ""))
        words = name.replace("_", " ")
        on = f" for {args}" if args else ""
        return f"{words} holds{on}", f"{words} does not hold{on}"
    if not negative:
        negative = f"it is not the case that {positive}"
    return positive, negative


def gloss(d) -> str:
    """The sentence that says what this node's status means (lower-case start, no full stop)."""
    kind = d.get("kind")
    status = d.get("status", "")
    if kind == "goal" and not d.get("sentence") and d.get("open_absent", "").partition("|")[0]:
        # a value question with open values: 'a forfeiture follows from the facts for some vehicle',
        # never 'the forfeiture for some vehicle ...: not less than some amount nor more than some amount'
        noun, _, subject = d["open_absent"].partition("|")
        some = subject.replace("any ", "some ", 1) if subject.startswith("any ") else subject
        if status == "true":
            return f"{article(noun)} follows from the facts for {some}"
        if status == "false":   # the case's one entity of the kind by its name (review 7, 06)
            return f"no {noun} follows from the facts for {d.get('only') or subject}"
        return f"it is undetermined whether {article(noun)} follows from the facts for {some}"
    if kind == "goal" and not d.get("sentence") and status == "false" and d.get("open_absent", "").startswith("|"):
        # as the answer line says: the saved query's words for none where it gives them
        none = none_words(str(d.get("pred") or "")) if d["open_absent"].startswith("|any ") else ""
        return none or f"the facts stated do not show that {d['open_absent'][1:]}"
    if kind in ("goal", "atom", "fact", "presumed"):   # presumed: an input taken as not raised (FALSE)
        positive, negative = _atom_words(d)
        if status == "true":
            return positive
        if status == "false":
            return negative
        return f"it is undetermined {whether(_applies(positive))}"
    if kind == "negation":
        positive, negative = _atom_words(d)
        if status == "true":
            return negative
        if status == "false":
            return positive
        return f"it is undetermined {whether(positive)}"
    if kind == "unknown":
        return f"the case does not state {d.get('question') or d.get('label', '')}"
    if kind == "rule":
        return rule_verdict(d.get("provision", ""), status)
    if kind == "cases" and d.get("sentence"):   # a proof by cases: 'whatever the owner of truck is, ...'
        return f"{d['sentence']}, the answer is the same"
    return d.get("sentence") or d.get("label", "")


def positive_gloss(d) -> str:
    """The node's statement as the statute states it (its positive sentence), for an element whose
    status says whether it holds: "op1 took place on lands owned by the operator's parent or guardian
    — not met, because it is presumed that ...", never the negative sentence followed by "not met", which
    reads as the opposite."""
    return _atom_words(d)[0]


def entity_sentence(entity: str, kind: str) -> str:
    """'op1 is an operation in the case.'"""
    return f"{entity} is {article(kind)} in the case."


def fact_text(label: str, status: str) -> str:
    """A fact with no sentence in the vocabulary (a raw `facts:` row): 'The case has no fact p(a).'"""
    return f"The case has no fact {label}." if status == "false" else f"{label}."


def presumed_text(d, trainee: bool = True) -> str:
    """A presumption as a step: 'Presumed, because the case does not raise it: it is not the case that
    cattle_trailer is a dual purpose motor home (s. 348.19(3): <why>).' (the full view names the atom)."""
    said = gloss(d) if trainee and d.get("sentence") else d.get("fact", "")
    return f"Assumed, because the case does not raise it: {said} ({cite(d.get('citation', ''))}: {d.get('reason', '')})"


def rule_reason(status: str, failed=None, provision: str = "") -> str:
    """Why a rule applies or not, for a trainee: 'Every condition it sets holds.', 'It does not
    apply because <the failed condition's sentence>.' (failed: the node of the failed condition;
    a run of sections, 'ss. 350.02 to 350.101', is 'they')."""
    it, sets, does = ("They", "they set", "do") if " to " in (provision or "") else ("It", "it sets", "does")
    if status == "true":
        return f"Every condition {sets} holds."
    if status == "undetermined":
        return f"No condition {sets} fails, but some are undetermined."
    if failed is not None and failed.get("kind") == "rule":
        return f"{it} {does} not apply, for the reasons in the steps {it.lower()} rest{'' if it == 'They' else 's'} on."
    if failed is not None:
        return full_stop(f"{it} {does} not apply because " + gloss(failed))
    return f"{it} {does} not apply."


def rule_verdict(provision: str, status: str) -> str:
    """'s. 350.02(2)(b)4 applies', 'ss. 350.02 to 350.101 do not apply', 'a step of the rules may apply'."""
    plural = " to " in (provision or "")
    verdict = {"true": "apply" if plural else "applies", "undetermined": "may apply"}.get(
        status, "do not apply" if plural else "does not apply")
    return f"{cite(provision)} {verdict}" if provision else f"a step of the rules {verdict}"


def says_what_holds(kind: str, status: str) -> bool:
    """True when a node's sentence (gloss) already states what holds in the case: a FALSE fact reads
    "op1 did not travel ...", a rule "s. X does not apply". A status word put before or after such a
    sentence ("FALSE. op1 did not travel ...") would read as the opposite of the truth. The question's
    own conclusion (goal) keeps its TRUE / FALSE: it is the answer."""
    return status in ("true", "false") and kind in ("fact", "atom", "negation", "comparison", "assignment",
                                                    "rule", "presumed")


def step_text(d) -> str:
    """The gloss as a sentence of its own."""
    return full_stop(cap_first(gloss(d)))


# -- arithmetic ----------------------------------------------------------------------------------------
def expr_text(e, env, types, money=False) -> str:
    """An expression with its variables' values (money in dollars)."""
    if isinstance(e, Var):
        v = env.get(e.name, UNKNOWN)
        if types.get(e.name) not in ("money", "time", "date"):
            return grouped(v) if v is not UNKNOWN else show_value(v)   # 110,001 as the statute writes it
        return show_value(v, types.get(e.name))  # an untyped variable (a count) is not money
    if isinstance(e, Const):
        v = e.value
        if money and isinstance(v, int) and not isinstance(v, bool):
            return show_value(v, "money")
        if isinstance(v, Day):   # a date in words ('12 February 1970'), as a person writes it
            return date_words(v)
        text = str(e)
        return grouped(v) if text.lstrip("-").isdigit() else text   # a time constant keeps its form
    if isinstance(e, BinOp):
        share = _share_rounded(e, env, types) if money else ""
        if share:
            return share
        if e.op == "+" and money:
            terms = _summands(e)
            kept = [t for t in terms if not _zero(t, env)]
            if kept and len(kept) < len(terms):   # a sum says its amounts, never its nothings: '$20.00 +
                # $45.00', not '$0.00 + $20.00 + $45.00' (trainer review 13, 03: no length fee is no term)
                return " + ".join(expr_text(t, env, types, money) for t in kept)
        sym = {"*": "×", "/": "÷"}.get(e.op, e.op)
        left = expr_text(e.left, env, types, money)
        right = expr_text(e.right, env, types, money)
        return f"{_bracketed(e.left, e, left, False)} {sym} {_bracketed(e.right, e, right, True)}"
    if isinstance(e, Call) and e.fn in ROUNDING and len(e.args) == 1:
        return _rounded(e, env, expr_text(e.args[0], env, types, money))
    if isinstance(e, Call):
        return f"{e.fn}({', '.join(expr_text(a, env, types, money) for a in e.args)})"
    return str(e)


def _summands(e) -> list:
    """The terms of a chain of additions, left to right (A + B + C)."""
    if isinstance(e, BinOp) and e.op == "+":
        return _summands(e.left) + _summands(e.right)
    return [e]


def _zero(e, env) -> bool:
    """A term whose value is 0 (a variable bound to 0, the constant 0)."""
    v = env.get(e.name, UNKNOWN) if isinstance(e, Var) else e.value if isinstance(e, Const) else None
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == 0


def _positive_int(e) -> int:
    v = e.value if isinstance(e, Const) else None
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else 0


def _share_rounded(e, env, types) -> str:
    """A share of an amount rounded to a unit, as a person says it: the rule's round(A / 1000) * 100
    over cents reads '10 percent of $350.00, rounded to the nearest whole dollar' (never '$350.00 ÷
    $10.00, rounded to a whole number × $1.00'). '' for any other expression."""
    call = e.left if isinstance(e, BinOp) and e.op == "*" else None
    if not (isinstance(call, Call) and call.fn in ROUNDING and len(call.args) == 1):
        return ""
    div, unit = call.args[0], _positive_int(e.right)
    if not (isinstance(div, BinOp) and div.op == "/" and unit and is_money(div.left, types)):
        return ""
    by = _positive_int(div.right)
    if not by or (unit * 100) % by:
        return ""
    percent = unit * 100 // by
    amount = expr_text(div.left, env, types, True)
    unit_words = "whole dollar" if unit == 100 else show_value(unit, "money")
    how = {"round": "rounded to the nearest", "floor": "rounded down to the", "ceil": "rounded up to the"}[call.fn]
    share = amount if percent == 100 else f"{percent} percent of {amount}"
    return f"{share}, {how} {unit_words}"


_PRECEDENCE = MappingProxyType({"+": 1, "-": 1, "*": 2, "/": 2})


def _bracketed(child, parent, text: str, right: bool) -> str:
    """A part of a computation in brackets where the order of operations needs them:
    '(110,001 - 100,000) ÷ 10,000', never '110,001 - 100,000 ÷ 10,000' for the rule's (X - Y) / Z."""
    if not isinstance(child, BinOp):
        return text
    mine, theirs = _PRECEDENCE.get(child.op, 3), _PRECEDENCE.get(parent.op, 3)
    if mine < theirs or (right and mine == theirs and parent.op in ("-", "/")):
        return f"({text})"
    return text


def is_money(e, types) -> bool:
    if isinstance(e, Var):
        return types.get(e.name) == "money"
    if isinstance(e, BinOp):
        if e.op in ("*", "/"):
            return is_money(e.left, types) != is_money(e.right, types) and (is_money(e.left, types)
                                                                               or is_money(e.right, types))
        return is_money(e.left, types) or is_money(e.right, types)
    return False


def _single_var(e):
    return e if isinstance(e, Var) else None


COMPLEMENT = MappingProxyType({">=": "<", ">": "<=", "<=": ">", "<": ">=", "=": "!="})


def only_counted(left: str) -> str:
    """Why 'a prior conviction other than X' is not met: only X is counted."""
    return f"only {left} is counted"


def is_only_counted(text: str) -> bool:
    """Whether `text` is an `only_counted` line (the argument adds why the others are not)."""
    return text.startswith("only ") and text.endswith(" is counted")


def comparison_sentence(lit, env, types, nouns, result, provision="", params=None, labels=None,
                        requirement=False) -> str:
    """'the distance between ... is 30 feet, less than the 40 feet named in s. 350.02(2)(b)4.a' (a
    comparison that fails says what holds, in positive words: never 'which is not before 06:00');
    with requirement=True, what the law asks of a failing one ('the distance ... is at least the 40
    feet named in s. 350.02(2)(b)4.a'), for the element's line 'X — not met, because <what holds>';
    of an undetermined one, what would have to hold ('the age of kid is at least 12 years'), as the
    condition of a fact that matters only given it (answer/openrows.py)
    (params: variable -> its declared parameter, whose unit the values carry; labels: entity id ->
    its name in the case)."""
    params = params or {}
    money = is_money(lit.left, types) or is_money(lit.right, types)
    left = expr_text(lit.left, env, types, money)
    right = expr_text(lit.right, env, types, money)
    if labels:   # an entity compared with another reads by its name
        for side in ("left", "right"):
            v = _single_var(getattr(lit, side))
            if v is not None and types.get(v.name) not in PRIMITIVE_TYPES and isinstance(env.get(v.name), str):
                named = labels.get(env[v.name])
                if named:
                    left, right = (named, right) if side == "left" else (left, named)
    var = _single_var(lit.left)
    noun = nouns.get(var.name) if var is not None else None
    rvar = _single_var(lit.right)
    rnoun = nouns.get(rvar.name) if rvar is not None else None
    param = params.get(var.name) if var is not None else None
    if param is not None and getattr(param, "unit", None) and not money:
        if env.get(var.name, UNKNOWN) is not UNKNOWN:
            left = param_value(env[var.name], param)
        if isinstance(lit.right, Const):
            right = param_value(lit.right.value, param)
        elif rvar is not None and env.get(rvar.name, UNKNOWN) is not UNKNOWN:
            right = param_value(env[rvar.name], params.get(rvar.name) or param)
        noun = without_unit(noun, param) if noun else noun
    if rnoun and rvar is not None and params.get(rvar.name) is not None:
        rnoun = without_unit(rnoun, params[rvar.name])
    kind = types.get(var.name) if var is not None else None
    if (lit.op == "!=" and rvar is not None and kind and kind == types.get(rvar.name)
            and kind not in PRIMITIVE_TYPES and result in ("true", "false")):
        # two entities of one kind: 'count1 and count2 are two different charges' (a joinder of two charges)
        kind_noun = kind.replace("_", " ")
        if result == "true" or (requirement and left != right):
            return f"{left} and {right} are two different {kind_noun}s"
        if left == right and not (noun and rnoun):   # one entity met twice: what the law asks is another one
            return (f"a {kind_noun} other than {left}" if requirement
                    else only_counted(left))
        if noun and rnoun:   # 'the owner ... of op1 and the operator of op1 are one person, p1, ...'
            return f"{noun} and {rnoun} are one {kind_noun}, {left}, not two different {kind_noun}s"
        return f"{left} and {right} are one {kind_noun}, not two different {kind_noun}s"
    when = next((types.get(v.name) for v in (var, rvar) if v is not None and types.get(v.name) in WHEN_WORDS), None)
    words = WHEN_WORDS.get(when, {}).get(lit.op) or OP_WORDS.get(lit.op, lit.op)
    if rnoun:
        right = f"{right} ({rnoun})"
    subject = f"{noun} is {left}" if noun else left
    constant = isinstance(lit.right, Const)
    if result == "true":
        if noun:
            return f"{subject}, which is {words} {right}"
        return f"{left} is {words} {right}"
    if result == "false":
        named = f"the {right} named in {cite(provision)}" if constant and provision else right
        if requirement:   # what the law asks, positively: the line's status word says it is not met
            return f"{noun or left} is {words} {named}"
        if lit.op == "!=":
            return f"{subject}, the same as {right}" if noun else f"{left} is the same as {right}"
        other = WHEN_WORDS.get(when, {}).get(COMPLEMENT[lit.op]) or OP_WORDS[COMPLEMENT[lit.op]]
        if constant and provision:
            return f"{subject}, {other} {named}"
        if noun:
            return f"{subject}, which is {other} {right}"
        return f"{left} is {other} {right}"
    if requirement:   # what would have to hold, as a condition of another fact
        return f"{noun or left} is {words} {right}"
    return f"it is undetermined whether {noun or left} is {words} {right}"


def assignment_sentence(lit, env, types, nouns, value, params=None) -> str:
    """'$200.00 + $370.00 = $570.00' (with what the result is, where the vocabulary names it)."""
    money = types.get(lit.var.name) == "money" or is_money(lit.expr, types)
    expr = expr_text(lit.expr, env, types, money)
    shown = show_value(value, "money" if money else types.get(lit.var.name))
    if not money and types.get(lit.var.name) not in ("time", "date") and shown.lstrip("-").replace(".", "", 1).isdigit():
        shown = grouped(value)
    noun = nouns.get(lit.var.name)
    param = (params or {}).get(lit.var.name)
    if money and value is not UNKNOWN and any(getattr(p, "unit", None) for p in (params or {}).values()):
        expr = _with_units(lit.expr, env, params, expr)   # '5 cents a pound × 3,500 lb'
    if param is not None and getattr(param, "unit", None) and not money and value is not UNKNOWN:
        shown = param_value(value, param)
        noun = without_unit(noun, param) if noun else noun
        expr = _with_units(lit.expr, env, params, expr)
    if value is UNKNOWN:
        return f"{noun or 'the result'} cannot be computed: {expr} depends on facts the case does not state"
    body = f"{expr} = {shown}" if expr != shown else shown
    return f"{noun} is {body}" if noun else body


def _with_units(e, env, params, fallback) -> str:
    """A difference or sum of quantities with their units ('83,500 lb - 80,000 lb')."""
    if isinstance(e, Var) and e.name in params and env.get(e.name, UNKNOWN) is not UNKNOWN:
        return param_value(env[e.name], params[e.name])
    if isinstance(e, BinOp) and e.op in ("+", "-", "*"):
        sym = {"*": "×"}.get(e.op, e.op)
        return f"{_with_units(e.left, env, params, str(e.left))} {sym} {_with_units(e.right, env, params, str(e.right))}"
    if isinstance(e, Var) and env.get(e.name, UNKNOWN) is not UNKNOWN:
        return show_value(env[e.name])
    if isinstance(e, Const):
        return str(e)
    if isinstance(e, Call) and e.fn in ROUNDING and len(e.args) == 1:
        return _rounded(e, env, _with_units(e.args[0], env, params, str(e.args[0])), params)
    return fallback


# floor(X), ceil(X), round(X) in words: the value, and how it was rounded when that changed it
ROUNDING: Mapping[str, tuple[str, Callable[[Fraction], int]]] = MappingProxyType({"floor": ("rounded down to a whole number", math.floor),
            "ceil": ("rounded up to a whole number", math.ceil),
            "round": ("rounded to a whole number", round)})


def _rounded(e, env, inner: str, params=None) -> str:
    """'3,500 lb (3,500.5 lb rounded down to a whole number)', or the argument alone when rounding
    leaves it as it is ('3,500 lb'), or the words around it when its value is not known."""
    words, fn = ROUNDING[e.fn]
    arg = e.args[0]
    value = env.get(arg.name, UNKNOWN) if isinstance(arg, Var) else arg.value if isinstance(arg, Const) else UNKNOWN
    if value is UNKNOWN or isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        return f"{inner}, {words}"
    result = fn(Fraction(value))
    if result == value:
        return inner
    param = (params or {}).get(arg.name) if isinstance(arg, Var) else None
    return f"{param_value(result, param) if param is not None else show_value(result)} ({inner} {words})"


_CITE = r"\d+\.\d+(?: ?\([0-9a-z]+\))*"


def only_provision_violated(sentence: str, provision: str) -> str:
    """A penalty's sentence naming the provisions it penalizes as alternatives ('the forfeiture for
    the violation of s. 348.17(2) or 348.19(3) in the incident of the tanker'), said with the one
    the case shows violated ('... of s. 348.19(3) ...', review 5, 07); unchanged when that one is
    not among them. Cited as the rest of the text cites: 's. 348.19(3)'."""
    compact = provision.replace(" ", "")

    def one(m: "re.Match[str]") -> str:
        return f"s. {compact}" if compact in (m.group(1).replace(" ", ""), m.group(2).replace(" ", "")) else m.group(0)
    return re.sub(rf"s\. ({_CITE}) or ({_CITE})", one, sentence)

"""The fixed words of an argument (reasoner/explain/argument.py): status words, sources, the law's
name, a provision's outcome. Renderers take every word they show from here or from the argument."""
from __future__ import annotations

from ..law.index import default_index
from .cite import cite
from .glosses import PRIORS_NOT_SHOWN, cap_first, full_stop as ended   # a sentence with one full stop ('Fresh Produce Co.'), as the answer line ends
from ..law import PENDING   # the words of an @input counted to the conviction the case asks about

import difflib
from collections import Counter
import os
import re
from types import MappingProxyType
from typing import Any

# The source of a fact the law presumes because the case is silent (a presumption, @presume): said
# after the sentence, which itself reads "presumed: ..." (presumed_text), never as a plain fact
# (trainer review 10, change 5: the burden sentence after every presumed line was noise; the line's
# own "presumed: ..." is the label, and the fact box says who must raise the contrary, per fact)
PRESUMED = "the case is silent"
PRESUMED_LEAD = "assumed: "


def presumed_text(text: str, source: str, because: bool = False) -> str:
    """A fact's sentence as the line states it: a presumed one marked as presumed ('presumed: the ride
    was not carried out to fulfil ...'; after 'because': 'it is presumed that the ride ...'), so that
    it never reads as a fact the case states."""
    if source != PRESUMED or not text or text.startswith(PRESUMED_LEAD):
        return text
    return ("it is assumed that " if because else PRESUMED_LEAD) + text
_READING_ID = re.compile(r"\breading [a-z][a-z0-9_]*\.[a-z0-9_]+:")


_CITATION = re.compile(r"^\d{3}\.\d+")


def table_value(value, type_name, labels) -> str:
    """A value in the table of entities: an entity by its name, a provision cited, money in
    dollars, a word of a closed set in words, an unknown value as 'not known'."""
    from ..core.values import UNKNOWN, show_value
    if value is UNKNOWN or value is None:
        return "not known"
    if isinstance(value, str) and labels and value in labels:
        return labels[value]
    if isinstance(value, str) and _CITATION.match(value):
        return cite(value)
    if type_name == "symbol" and isinstance(value, str):
        return value.replace("_", " ")
    return show_value(value, type_name)


def not_computed(citations) -> str:
    """A table cell left open by a subdivision missing from the excerpt: 'not computed: s. 348.25(8)(b)3.a
    is not in the excerpt'."""
    cited = " and ".join(cite(c) for c in citations)
    return f"not computed: {cited} {'is' if len(citations) == 1 else 'are'} not in the excerpt"


def no_violation(citation: str) -> str:
    """The table's cell for a provision the case's facts rule out for a party: 'no violation of s. 350.02(2)(b)4'."""
    return f"no violation of {cite(citation)}"


def no_row(line: str) -> str:
    """The table's cell for an entity the answer has no row for: its own answer line, without its
    full stop ('No forfeiture under s. 348.21 follows from the facts for the gravel truck'); a yes/no
    question's 'No: the facts stated do not show that ... (checked under ss. A and B)' shortened to what
    the party's row needs beside its name: 'not shown on the facts stated (checked under ss. A and B)'
    (the argument below gives the deciding facts)."""
    line = line.rstrip().rstrip(".")
    if line.startswith(NOT_SHOWN) or line.startswith("None: " + NOT_SHOWN[4:]):
        considered = re.search(r" \((checked under [^()]*)\)$", line)
        return "not shown on the facts stated" + (f" ({considered.group(1)})" if considered else "")
    if line.startswith("None: ") and not re.search(r"; no [^;]* follows(?: from the facts for [^;]*)?$", line):
        # the law's words for none ('no provision is shown violated ...'); a how-much row keeps its
        # 'None:' ('None: the first vehicle did not exceed ...; no forfeiture under s. 348.21 follows')
        return line[len("None: "):]
    if line.startswith("None for ") and ": " in line:   # the party is the row's: its name said once
        return line.partition(": ")[2]
    return line


NOT_SHOWN = "No: the facts stated do not show that "


def not_so_bare(cell: str) -> bool:
    """Whether a table cell is not_so_row's without a reason ('not joined (checked under s.
    350.101)', 'not joined')."""
    return bool(re.fullmatch(r"not [a-z]+(?: \(checked under [^()]*\))?", cell))


def not_so_reasoned(cell: str) -> bool:
    """Whether a table cell is not_so_row's with its reason ('not joined: the cook's par. (a) charge
    and ... arise out of different incidents or occurrences (s. 350.101(1)(d))')."""
    return bool(re.match(r"not [a-z]+: ", cell))


def not_so_row(not_so: str, line: str) -> str:
    """The table's cell for an entity a question whose "no" the law words (`not_so:`, 'not joined')
    has no row for: those words, with the reason its answer line gives ('not joined: the cook's par.
    (a) charge and the cook's par. (b) charge arise out of different incidents or occurrences (s.
    350.101(1)(d))') or the provisions checked ('not joined (checked under s. 350.101)'), never 'not
    shown on the facts stated', which reads as if nothing was decided (trainer review 15, 10)."""
    line = line.rstrip().rstrip(".")
    for head in ("None: ", "No: "):
        line = line.removeprefix(head)
    reason, so, _ = line.partition(", so the facts stated do not show")
    if so and not reason.startswith("the facts stated"):
        return f"{not_so}: {reason}"
    considered = re.search(r" \((checked under [^()]*)\)$", line)
    return not_so + (f" ({considered.group(1)})" if considered else "")


def is_citation(value) -> bool:
    """Whether a row's value is a provision cited ('350.101(1)(b)': violation(O, P)'s P)."""
    return isinstance(value, str) and bool(_CITATION.match(value))


def so_row(value: str, so: str) -> str:
    """The table's cell for a row the answer says yes for, where the question's saved query words what
    a yes is (`so:`, a predicate): the party, then those words, one sentence ('the skip violated both
    pars. (a) and (b), so the charges are joined and findings of guilt on both make a single
    conviction'), never the party's bare name, which answers nothing (trainer review 16, 10); never
    'the skip: violated ...', whose colon made the party's heading a label on a label ('The skip's
    ride: the skip: violated ...:')."""
    return f"{value} {so}" if value else so


def as_stated(text: str) -> str:
    """A fact of the case as the facts box says it: an entity's name without the finding its role
    carries ('the charge dismissed 6 months earlier', never '... (not a conviction)'; 'the s.
    348.21(2)(b) citation 3 months earlier', never '... (not a prior conviction)'): that a prior is
    not counted is a conclusion of the argument, said there with its reason (trainer review 14, 11
    and G4: conclusions among the facts)."""
    from ..facts.case import ROLE_BY_VALUE_AFTER
    for finding in ROLE_BY_VALUE_AFTER.values():
        text = text.replace(finding, "")
    return text


def with_also_decided(cells: list, said: list, none: bool = True) -> list:
    """A party's row that finds nothing under the question asked, and what the same provisions
    establish of that party on the case beside it, in the sentence that says it (its name opening it,
    as the row's own name does): 'no conviction under par. (a) or (b) counts (checked under s.
    350.101); but the young rider was found guilty under s. 350.101(1)(c) ...: that conviction counts
    on its own ...' (trainer review 14, 10: a conviction only under 'Also decided' was hidden); none:
    False for a row left open, whose open cell follows ('the nephew was found guilty under s.
    350.101(1)(c) ...; open: the ride home, par. (a) alone; ...')."""
    lead = "but " if none else ""
    return list(cells) + [lead + (x[:1].lower() + x[1:] if x.startswith("The ") else x) for x in said]


def restates_names(text: str) -> bool:
    """A link fact that only says what the names already say (trainer review 8, 09, 10 and 12): the
    entity after ' is ' is named through the one before it ('the operator of racer d's ride is racer
    d', 'the snowmobile used in racer a's ride is racer a's snowmobile', 'the operator of the ride
    of sled 1 is the rider of sled 1', 'the vehicle operated under move 1's permit is move 1')."""
    left, sep, right = text.rpartition(" is ")
    if not sep or not right:
        return False
    owner = re.match(r"^(.+?)'s \w+$", right) or re.match(r"^the \w+ of (.+)$", right)
    said = owner.group(1) if owner else right
    return len(said) >= 3 and re.search(rf"(?<![\w']){re.escape(said)}(?![\w])", left) is not None


# the words a scenario uses of the person answering for a vehicle ('its driver has no prior', 'its
# owner-driver's earlier judgment'), longest first; and of permit holders ('five heavy-haul firms each
# moved one load ... under its own ... permit')
PARTY_WORDS = ("owner-driver", "owner-operator", "driver", "operator")
OPERATOR_WORDS = ("driver", "operator")
FIRM_HOLDER = re.compile(r"\bfirms?\b[^.;]*\bpermits?\b|\bpermits?\b[^.;]*\bfirms?\b", re.IGNORECASE)


def party_said(description: str, vehicle: str, permit: bool = False, operator: bool = False) -> str:
    """The person answering for a vehicle as the scenario says it (trainer review 8, 11 and 12):
    'the milk tanker's owner-driver' where the sentence naming the milk tanker says 'its owner-driver';
    'the firm holding move 1's permit' where the scenario says firms hold the permits and the vehicle
    runs under one; '' where it says neither (the case names no one)."""
    if not description or not vehicle:
        return ""
    bare = vehicle[4:] if vehicle.startswith("the ") else vehicle
    for sentence in re.split(r"(?<=[.])\s+(?=[A-Z])", description):
        at = re.search(rf"(?<![\w-]){re.escape(bare)}(?![\w-])", sentence, re.IGNORECASE)
        if not at:
            continue
        rest = sentence[at.end():]
        for word in PARTY_WORDS:
            if re.search(rf"\bits {re.escape(word)}\b", rest, re.IGNORECASE):
                return f"{vehicle}'s {word}"
        # where the role is the operator's: the scenario's 'a tanker driver' or 'the driver of the tanker'
        # is the tanker's driver, its operator (trainer review 11, G10: 'the case does not name the
        # operator'); never for whom s. 348.20(1) names, which a driver need not be
        if operator:
            for word in OPERATOR_WORDS:
                if re.search(rf"(?<![\w-]){re.escape(bare)}[ -]{word}\b", sentence, re.IGNORECASE) or \
                        re.search(rf"\b{word} of (?:the |a |an )?{re.escape(bare)}(?![\w-])", sentence, re.IGNORECASE):
                    return f"{vehicle}'s {word}"
    if permit and FIRM_HOLDER.search(description):
        return f"the firm holding {vehicle}'s permit"
    return ""


def party_cell(said: str, role: str = "") -> str:
    """The table's cell for a party the scenario describes but does not name ('the milk tanker's
    owner-driver (s. 348.20(1))'); in a role other than whom s. 348.20(1) names, with that role: 'the
    tanker's driver (the operator)'."""
    if role and "348.20(1)" not in role:
        return f"{said} (the {role})"
    return f"{said} (s. 348.20(1))"


def not_named() -> str:
    """The table's cell for a penalty whose case names no one it is imposed on."""
    return "not named in the case"


def table_cells(row, rows=()) -> tuple:
    """(party, [who is liable,] its result in words) of a row of the table of parties: what is
    established, then what stays open ('open: the case does not state ...'), never a dash or a count;
    several provisions violated said once ('violated s. 350.101(1)(a) and s. 350.101(1)(b)')."""
    on = _imposed(rows or [row])
    if "more" in row:
        return (f"{row['more']:,} more {'party' if row['more'] == 1 else 'parties'}",) + ("",) * (len(table_head(rows or [row])) - 1)
    done = [v for v in row["established"] if v]
    cited = [v[len(VIOLATED):] for v in done if v.startswith(VIOLATED)]
    if len(cited) > 1:   # 'violated s. A and s. B', where it first stood
        at = next(i for i, v in enumerate(done) if v.startswith(VIOLATED))
        done = [v for v in done if not v.startswith(VIOLATED)]
        done.insert(at, VIOLATED + and_list(cited))
    result = "; ".join(done + [v for v in row["open"] if v]) or ("yes" if row["established"] else OPEN)
    # a row left open never reads 'no one' liable (trainer review 9): whom it would bind, else not known
    first = (row["entity"], row.get("imposed_on") or (NOT_KNOWN if row["open"] else NO_ONE)) if on else (row["entity"],)
    return first + (result,)


def answer_box(arg) -> str:
    """The handout's Answer paragraph: the short answer, or, below a table of parties, only what the
    table cannot say (prose.answers.table_answer)."""
    table = list(getattr(arg, "table", None) or [])
    if len(table) < 2:
        return ask_answer(arg.short) if _asks(getattr(arg, "undetermined", None)) else arg.short
    said = table_answer(arg.short, [table_cells(r, table) for r in table])
    if _asks(getattr(arg, "undetermined", None)):
        return ask_answer(arg.short)
    if not getattr(arg, "undetermined", None) and not getattr(arg, "missing", None):
        # nothing is listed below: the table's rows say what would decide each (review 7, 10)
        said = said.replace(FACTS_LISTED_BELOW, FACTS_IN_TABLE)
    return said


ASK_BELOW = "Nothing else can be decided from the report; the list at the end says what to ask."


def ask_answer(short: str) -> str:
    """A report's answer box where what to ask next is listed at the end: its 'Undetermined: whether
    any of 4 provisions ... and 1 more ... — 23 more provisions left open' sentence said as
    ASK_BELOW (trainer review 7, 01: a trainee could not tell what '1 more' was)."""
    sentences = re.split(r"(?<=[.)])\s+(?=[A-Z])", short.strip())
    # the answer's own lead stays (a report whose answer is itself open says what it turns on)
    kept = sentences[:1] + [s for s in sentences[1:] if s and not s.startswith("Undetermined: ")]
    return " ".join(kept + [ASK_BELOW]) if len(kept) < len(sentences) else short


FACTS_LISTED_BELOW = "The facts that would decide each are listed below."
FACTS_IN_TABLE = "The table gives the facts that would decide each."


VIOLATED = "violated "
NO_ONE = "no one"       # the liable column of a party nothing is established against
# the liable column of a row beside one whose own answer imposes a penalty (the $50 of s. 348.21(2)(b))
# where this row's answer imposes none: not 'no one', which reads as cleared of the overweight, a
# separate question (trainer review 15, 11)
NO_PENALTY_HERE = "no penalty decided in this answer"
# a row whose own answer says no penalty may be imposed (@kind "no penalty": reloaded within the limits
# under s. 348.21(2)(b)): said so, never 'no penalty decided' beside 'no forfeiture may be imposed'
# (trainer review 16, 11: the lighting rig)
NO_PENALTY_KIND = "no penalty"
NO_FORFEITURE_IMPOSED = "no one: no forfeiture may be imposed"
NOT_ESTABLISHED = "not established"   # the liable column of an operation's row that only stays open


def not_established(lacked=()) -> str:
    """The liable column of a row left open: 'not established'; where only a provision the excerpt
    lacks leaves it open, why: 'not established: the penalty is in s. 348.11, which the excerpt lacks, so no
    one is named under it' (trainer review 10, 12: 'not established' beside the second vehicle was not explained)."""
    if not lacked:
        return NOT_ESTABLISHED
    cited = " and ".join(cite(c) for c in lacked)
    return f"{NOT_ESTABLISHED}: the penalty is in {cited}, which the excerpt lacks, so no one is named under it"


NOT_KNOWN = "not known"   # the liable column of a row left open whose possible offender the proof does not name


def possibly_liable(who) -> str:
    """The liable column of a row left open: whom the provisions left open would bind ('possibly the
    14-year-old or the owner of the second sled'; trainer review 9: an open ride read 'no one')."""
    who = list(dict.fromkeys(w for w in who if w))
    return "possibly " + (who[0] if len(who) == 1 else ", ".join(who[:-1]) + " or " + who[-1]) if who else NOT_KNOWN


def unnamed_party(roles) -> str:
    """A party of an open row that the case does not name: the role the law gives it, as the unknown
    facts say it ('the manufacturer of the sled loud, not named in the case'; trainer review 9: the
    rider was printed as the sled's possible maker). 'a party not named in the case' without a role."""
    roles = list(dict.fromkeys(r for r in roles if r))
    said = roles[0] if len(roles) == 1 else ", ".join(roles[:-1]) + " or " + roles[-1] if roles else "a party"
    return f"{said}, not named in the case"
OPEN = "open"


def violated(citation: str) -> str:
    """The table's result for a provision a party violated: 'violated s. 350.02(2)(b)4'."""
    return VIOLATED + citation


def and_list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def none_of(texts) -> str:
    """Several conditions not met, said of one subject, as one sentence (trainer review 8, 11: a
    dismissed charge printed four lines 'ended in a court judgment -- not met', '... the forfeiture of
    a deposit -- not met', ...): their words in common once, the rest listed with 'or' -- 'the charge
    ... did not end in a court judgment, the forfeiture of a deposit, the payment of a forfeiture or a
    certificate of conviction'. '' when they share too little to be one sentence (a subject and
    its negated verb)."""
    split = [t.split(" ") for t in texts]
    if len(split) < 2:
        return ""
    n = 0
    while all(len(w) > n + 1 for w in split) and len({tuple(w[:n + 1]) for w in split}) == 1:
        n += 1
    while n and split[0][n - 1] in ("a", "an", "the"):   # each its own article: 'a court judgment or a payment'
        n -= 1
    common = split[0][:n]
    if not any(w in ("not", "no", "never") for w in common) or n < 3:
        return ""   # 'the charge ... did not end in' reads for each; a bare subject would not
    rest = [" ".join(w[n:]) for w in split]
    listed = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " or " + rest[-1]
    return " ".join(common) + " " + listed


def open_both_ways(what: str, ways: list[tuple[str, bool]], facts, noun: str) -> str:
    """The table's result for a party whose open amount the facts the case does not state decide
    both ways: each way with its result, the facts once ('$2,075.00 to $2,225.00 if before 09:00 or
    after 15:00; no forfeiture if from 09:00 to 15:00; the case does not state the time of day ...'),
    never 'open: $2,075.00 to $2,225.00' alone (trainer review 14, 12). ways: (the values of the
    fact that way, whether the amount holds there)."""
    first = noun.split(" under ")[0] if noun else "amount"
    said = [f"{what} if {values}" if holds else f"no {first} if {values}" for values, holds in ways]
    return f"{'; '.join(said)}; the case does not state {and_list(list(facts))}"


def open_on_element(yes: str, so: str, no: str, instead: str, found: list, facts) -> str:
    """The table's result for a row one open condition decides, each way with what the row is then
    ('open: if the operator of the lead's ride had an alcohol concentration of 0.1 or more: violated
    both pars. (a) and (b) ...; if not, or if it is never shown: not joined, violated s.
    350.101(1)(a) alone; the case does not state ...'), never 'open: the lead' (trainer review 16, 10)."""
    other = (instead[:1].lower() + instead[1:]) if instead else "no"
    if found:
        other += f", {VIOLATED}{and_list([cite(c) for c in found])} alone"
    return (f"open: if {yes}: {so}; if {no}, or if that is never shown: {other}; "
            f"the case does not state {and_list(list(facts))}")


def open_yes_no_both_ways(ways: list[tuple[str, str]], facts) -> str:
    """The table's result for a party of a yes/no question that the one fact the case does not state
    decides both ways: each way with its result, the fact once ('unlawful: violated s.
    350.10(1)(g) if 07:00 or earlier, or 22:30 or later; lawful if after 07:00 and before 22:30; the
    case does not state the clock time of the ride'), never 'open: the case does not state ...'
    alone (trainer review 14, 09). ways: (the values of the fact that way, the result there)."""
    said = [f"{result} if {values}" for values, result in ways]
    return f"{'; '.join(said)}; the case does not state {and_list(list(facts))}"


def bounds_on_readings(notes: list[tuple[str, str]]) -> str:
    """The values that bound a branch, each with the statute's words our reading puts it under:
    ' (07:00 itself on our reading of "and 7 a.m."; 22:30 itself on our reading of "Between the
    hours of 10:30 p.m.")'; '' for none."""
    if not notes:
        return ""
    return " (" + "; ".join(f"{value} itself on our reading of {quote}" for value, quote in notes) + ")"


def open_on(what: str, facts) -> str:
    """The table's result for a point the case raises and leaves open: 'open: whether it violated
    s. 350.02(2)(b)4; the case does not state the distance ...' (what: the provision or amount in
    question, '' when the row says none)."""
    head = f"open: whether it violated {what}" if what.startswith("s. ") else f"open: {what}" if what else "open"
    # a fact not stated is said without the unit its words close on: no value is said beside it ('the
    # case does not state the speed of the snowmobile in the ride', never '..., in miles per hour':
    # trainer review 16, 09, as the facts box and the answer say it)
    facts = [without_unit(f) for f in facts]
    if not facts:
        return head
    # three facts are named, never 'A, B and 1 more facts'; more than three: 'and 2 more facts'
    said = and_list(facts) if len(facts) <= 3 else and_list(facts[:2]) + f" and {len(facts) - 2:,} more facts"
    return f"{head}{'; ' if what else ': '}the case does not state {said}"


def open_party(facts) -> str:
    """The table's result for a party left open because the case does not name who holds a role:
    'also the person holding the authority ... under which the yard truck was operated, whom the case
    does not name' (trainer review 13, 12), never 'open: not known; the case does not state the person
    ... and whether the principal business of an unnamed carrier is ...': a question about the unnamed
    party follows from the one naming it. '' where no missing fact names a party."""
    named = [f for f in facts if f and not str(f).startswith("whether ")]
    return f"also {and_list(named)}, whom the case does not name" if named else ""


def open_among(values, facts, none: bool = False) -> str:
    """The table's result for a party open among several candidates that all turn on the same facts
    the case does not state: the candidates once, what they share said once, then those facts once
    ('open: the ride back: par. (a) alone; pars. (a) and (b), merged; par. (b) alone; or none; the
    case does not state whether ... and whether ...'); 'or none' where each candidate fails when those
    facts are not so."""
    values = list(dict.fromkeys(values))
    lead = os.path.commonprefix(values) if len(values) > 1 else ""
    lead = lead[:lead.rfind(", ") + 2] if ", " in lead else ""
    rest = [v[len(lead):] for v in values]
    if not all(rest):
        lead, rest = "", values
    said = "; ".join(rest) + "; or none" if none else "; ".join(rest[:-1]) + f"; or {rest[-1]}"
    facts = list(facts)
    told = and_list(facts) if len(facts) <= 3 else and_list(facts[:2]) + f" and {len(facts) - 2:,} more facts"
    head = f"{lead[:-2]}: " if lead else ""
    return f"open: {head}{said}; the case does not state {told}"


def open_amount(noun: str, facts) -> str:
    """The table's result for an amount every candidate of which turns on the same facts the case does
    not state: those facts, once, never the candidates ('undetermined: the case does not state the
    weight in pounds found for the steel hauler on weighing; no forfeiture under s. 348.21 can be
    computed'; trainer review 7, 08)."""
    facts = list(facts)
    said = and_list(facts) if len(facts) <= 3 else and_list(facts[:2]) + f" and {len(facts) - 2:,} more facts"
    return f"undetermined: the case does not state {said}; no {noun or 'amount'} can be computed"


def amount_under(amount: str, citation: str) -> str:
    """An amount with the provision it is found under: '$50.00 to $100.00 (s. 348.21(2)(a))'."""
    return f"{amount} ({cite(citation)})" if citation else amount


_NOTHING_IMPOSED = re.compile(r"^no (?P<noun>\w+)\b.* may be imposed$")


def nothing_imposed(sentence: str) -> str:
    """A table cell for a range of nothing, from the sentence the argument concludes ('no forfeiture
    under s. 348.21 for the weight violation of the fifth vehicle may be imposed'): 'no forfeiture may
    be imposed', never '$0.00' ('' when the sentence does not say so)."""
    m = _NOTHING_IMPOSED.match(sentence.strip().rstrip("."))
    return f"no {m.group('noun')} may be imposed" if m else ""


def amount_by(amount: str, citation: str) -> str:
    """An amount with the provision it is computed under, in a row that says another provision
    first: '$125.00 to $275.00 under s. 348.21(3)(b)1'."""
    return f"{amount} under {cite(citation)}" if citation else amount


def held_cell(result: str, lead: str, amounts: list, first: bool = False) -> str:
    """The table's cell for a party the answer holds and whose penalty the law gives too (a saved
    question's `held:`): 'yes; if convicted of the overweight violation: $119.00 to $269.00 under s.
    348.21(3)(b)1 (a first conviction: the case lists no prior conviction, taken as none)'."""
    first_said = f" ({FIRST_TAKEN})" if first else ""
    return f"{result}; {lead}: {'; '.join(amounts)}{first_said}"


FIRST_TAKEN = "a first conviction: the case's facts list no prior conviction, taken as none"


def instead_cell(noun: str, lead: str, amounts: list, condition: str = "") -> str:
    """The table's cell for a party the question's answer is "no" for and the law reaches otherwise
    (a saved question's `otherwise:`): 'no permit-condition forfeiture; s. 348.25(2)(b) applies
    instead: $125.00 to $275.00 under s. 348.21(3)(b)1' (noun: what the question asks for; lead: the
    query file's `lead:`, of which the clause before its colon is said, after its ', so '; condition:
    the cases it holds in, where only in some: 'if the permit was in force, s. 348.25(2)(b) ...')."""
    clause = lead.split(":", 1)[0].strip()
    clause = clause.rsplit(", so ", 1)[-1]
    if condition:
        clause = f"{condition}, {clause}"
    clause = re.sub(r"(\d|\))\s+\(", r"\1(", clause)   # 's. 348.25 (2) (b)' as the table cites: 's. 348.25(2)(b)'
    head = f"no {noun}; " if noun else ""
    if not head and re.match(r"[A-Z][a-z]", clause):   # a cell's words begin in lower case, as the
        clause = clause[:1].lower() + clause[1:]       # table's others ('not joined: violated ...')
    return f"{head}{clause}: {'; '.join(amounts)}"


def instead_heading(lead: str) -> str:
    """The heading's words for what the law applies instead (a saved question's `otherwise:` lead, up
    to its colon): 'No other condition of the permit was violated, so s. 348.25 (2) (b) applies
    instead'."""
    return lead.split(":", 1)[0].strip()


def open_as_for_each(what: str) -> str:
    """The table's result for a provision left open for several parties on the same kind of facts: the
    facts are said once, where the handout lists what would decide each ('open: whether it violated
    s. 350.08; the facts that would decide it are listed below')."""
    head = f"open: whether it violated {what}" if what.startswith("s. ") else f"open: {what}" if what else "open"
    return f"{head}; the facts that would decide it are listed below"


def open_many(citations) -> str:
    """The table's result for several provisions the case raises and leaves open for one party:
    'open: whether it violated s. 350.02(2)(b)1, s. 350.02(4) or s. 350.09(1) (facts not stated)'."""
    cited = list(citations)
    return f"open: whether it violated {', '.join(cited[:-1])} or {cited[-1]} (the facts are not stated)"


def each_result(query: str, holds: bool, violated_=()) -> str:
    """The table's result of a yes/no question about one party: 'lawful', 'unlawful: violated
    s. 350.02(2)(b)4'; 'yes' / 'no' for a question that is not about lawfulness."""
    pred = query.partition("(")[0].strip()
    if pred == "lawful":
        return "lawful" if holds else "unlawful" + (f": violated {and_list(list(violated_))}" if violated_ else "")
    return "yes" if holds else "no"


def answer_then(answer: str, reason: str) -> str:
    """A table cell led by its answer, then the reason in words: 'no — s. 348.21(2)(b) let the
    operator of the audio rig reload or go on, in place of the duty of s. 348.19(2)(a) (...)'."""
    return f"{answer} — {reason}" if reason else answer


def not_shown(query: str) -> str:
    """The table's result for a party left open only on what the case does not raise (prose/answers.py
    unraised_rows): 'no violation is shown on the facts stated (not raised by the case)'."""
    pred = query.partition("(")[0].strip()
    what = "forfeiture" if "forfeiture" in pred else "violation" if pred.endswith("violation") or "liable" in pred \
        else "result"
    return f"no {what} is shown on the facts stated (not raised by the case)"


def nothing_found(query: str) -> str:
    """The table's result for a party with nothing established and nothing the case raises left
    open: 'no violation found', 'no forfeiture found'."""
    pred = query.partition("(")[0].strip()
    if pred == "violation":
        return "no violation found"
    if "forfeiture" in pred:
        return "no forfeiture found"
    return "nothing found on the facts stated"


def _imposed(rows) -> bool:
    return any("imposed_on" in r for r in rows)


def table_head(rows) -> tuple:
    """The table's column heads: the kind of party, who is liable (where the question has an
    offender), its result."""
    kind = next((r.get("kind") for r in rows if r.get("kind")), "") or "party"
    return (kind.replace("_", " ").capitalize(),) + (("Who is liable",) if _imposed(rows) else ()) + ("Result",)


def cast_line(cast, ids: bool = True) -> str:
    """The case's named entities, each with its id once (to find it in the case file): 'Sam Olson
    [p1], a person; the ride [op1], an operation' ('' for a case that names none); ids=False (a
    trainee's handout): 'Sam Olson, a person; the ride, an operation'; a name that says its kind
    ('the spring conviction', a prior conviction) is not followed by it."""
    from .sentences import article
    parts = []
    for c in cast:
        if "more" in c:
            parts.append(f"and {c['more']:,} more")
            continue
        name = f"{c['name']} [{c['id']}]" if ids else c["name"]
        says = c.get("kind") and re.search(r"(?<![\w-])" + re.escape(re.split(r"[\s_]+", c["kind"])[-1]) + r"(?![\w-])", c["name"])
        parts.append(f"{name}, {article(c['kind'])}" if c.get("kind") and not says else name)   # 'the spring conviction': its kind said
    line = "; ".join(parts)
    return line[:1].upper() + line[1:]   # it opens a sentence ('Who and what. The 06:30 ride; ...')


_UNAPPLIED = re.compile(r"^(?P<said>'[^']+' \(s\. .+?\)): [^;:]+ (?:is|are) not in the excerpt; "
                       r"(?:it is|they are) not applied\.$")


def unapplied_references_once(readings: list) -> list:
    """The readings that only say a cross-reference is not in the excerpt and not applied, said in one
    line where there are two or more, at the first one's place (trainer review 13, G9): 'Cross-references
    not in the excerpt are not applied: 'Except as provided under par. (dm)' (s. 348.25(8)(a)) and
    'Except as provided in subd. 4.' (s. 348.25(8)(a)3).'"""
    hits = [m for r in readings if isinstance(r, str) and (m := _UNAPPLIED.match(r))]
    if len(hits) < 2:
        return list(readings)
    said = [m.group("said") for m in hits]
    line = "Cross-references not in the excerpt are not applied: " + ", ".join(said[:-1]) + f" and {said[-1]}."
    out: list = []
    for r in readings:
        if isinstance(r, str) and _UNAPPLIED.match(r):
            if line not in out:
                out.append(line)
            continue
        out.append(r)
    return out


def reading_text(reading: str) -> str:
    """A reading as a trainee reads it: the reading's words, without its identifier
    ('"X" (s. C), default reading twelve_month_period.inclusive: why' -> '"X" (s. C): why', ours under
    the heading 'Our readings'; an alternative one chosen: '"X" (s. C), read otherwise: why')."""
    reading = re.sub(r", default reading [a-z][a-z0-9_]*\.[a-z0-9_]+:", ":", reading)   # under 'Our readings': ours
    reading = re.sub(r", alternative reading [a-z][a-z0-9_]*\.[a-z0-9_]+:", ", read otherwise:", reading)
    return re.sub(r" \(phrase [a-z][a-z0-9_]*\)", "", _READING_ID.sub("reading:", reading))
UNKNOWN = "unknown"
UNKNOWN_DECIDES = "not stated; the answer turns on it"   # not 'it would decide' (trainer review 13, G3)
IN_THE_LAW = "stated in the law"   # the source of a rule without conditions (JSON); on paper the line is a plain statement


def element_source(e) -> str:
    """The source said after an element's line on paper: its own ('case file line 12', 'the case is
    silent'), none for a statement of the law itself ('s. 348.21(2)(b) lets an operator reload ...',
    not '— met (stated in the law)': trainer review 10, change 5); 'taken as none' after 'no prior
    conviction is listed'."""
    if _none_listed_leaf(e):
        return TAKEN_AS_NONE
    if getattr(e, "status", "") == "undetermined" and not getattr(e, "parts", None):
        if e.source == UNKNOWN_DECIDES:   # the status says 'not stated' once
            return UNKNOWN_DECIDES[len(NOT_STATED + "; "):]
        if e.source == UNKNOWN:
            return ""
    return "" if e.source == IN_THE_LAW else e.source


TAKEN_AS_NONE = "taken as none"


def line_kind(e) -> str:
    """The kind a page colours an element's line by: its status, but neutral ('condition', never
    the red of 'not met') for a line that says the case lists none ('no prior conviction is listed')."""
    if getattr(e, "of_exception", False) or _none_listed_leaf(e) or getattr(e, "instead", ""):
        return "condition"
    return getattr(e, "status", "")


def _none_listed_leaf(e) -> str:
    """What the case lists none of ('no prior conviction'), for a fact line false only because the
    case lists no entity that could make it so: the line says so in those words, with no red 'not
    met' under an element that is met (trainer review 13, 04: 'the person charged over the truck has
    a prior conviction — not met'); '' for any other line."""
    if getattr(e, "status", "") != "false" or getattr(e, "parts", None):
        return ""
    return listed_none(getattr(e, "source", "") or "") or ""


def lead_in_quote(lead: str, text: str) -> str:
    """A sub-paragraph quoted under its lead-in, the paragraphs between left out: '(1) No person
    shall operate a snowmobile in the following manner: … (g) Between the hours ...'."""
    return f"{lead} … {text}"


QUOTED_ABOVE = "[the sentence quoted above]"


def sentences_quote(number: str, sentences: list[str], first: bool = False, last: bool = False) -> str:
    """The sentences of a long provision an argument rests on, the rest marked left out: '(3) … The
    department may limit use of the highways ... days of the week. …'; SENTENCES: runs of sentences
    next to each other in the statute, '…' between runs only; FIRST / LAST: the first run begins the
    provision, the last ends it (no '…' before or after)."""
    return " ".join(([number] if number else []) + ([] if first else ["…"]) + [" … ".join(sentences)]
                    + ([] if last else ["…"]))


def quote_less_quoted(text: str, quoted) -> str:
    """A provision's words with the sentences already quoted above in the handout left out, each
    said to be quoted above (s. 348.21(2)(b)'s reloading sentence quoted for the first truck's
    exception, then the whole paragraph for the fifth truck: its other sentences only, trainer
    review 5, handout 11). The text unchanged when none of its sentences was quoted above, or
    when nothing of its own would be left."""
    out = text
    for piece in sorted({" ".join(q.split()) for q in quoted if q}, key=len, reverse=True):
        words_ = [re.escape(w) for w in piece.split()]
        if len(words_) < 6:
            continue   # a phrase, not a sentence
        out = re.sub(r"\s+".join(words_), QUOTED_ABOVE, out)
    if out == text or not re.search(r"[A-Za-z]{3}", _own_words(out)):
        return text
    return out


def _own_words(text: str) -> str:
    """text without the marks of what was quoted above and without its paragraph number."""
    return re.sub(r"^\s*\([0-9a-z]+\)\s*", "", text.replace(QUOTED_ABOVE, " "))


def argued_under(citation: str) -> str:
    """The source of an element that is a provision the same answer argues as its own: 'argued under
    s. 350.05(2)' (not argued twice)."""
    return f"argued under {cite(citation)}"

def argued_under_element(n: int) -> str:
    """The source of an element restating a line argued under an earlier element of the same
    provision: 'as argued under element 1 above' (trainer review 11, G6: element 3 repeated element 1)."""
    return f"as argued under element {n} above"


# One status vocabulary in every element tree (trainer review 14, G8 and change 8; docs/LANGUAGE.md
# "Status words"): an element or condition is met / not met / not stated (a fact the case leaves open;
# a line worked out from such facts below it is "open"); an exception applies / does not apply / may
# apply. Never "holds" / "does not hold" / "is satisfied" beside them.
ELEMENT = MappingProxyType({"true": "met", "false": "not met", "undetermined": "open"})
NOT_STATED = "not stated"
# a line that states an exception inside a condition ('s. 348.19(4): exception: the pulpwood truck was on
# the interstate system ...') is said as an exception: applies / does not apply / may apply
NESTED_EXCEPTION = MappingProxyType({"true": "applies", "false": "does not apply", "undetermined": "may apply"})
# An exception is phrased by its effect, never by a bare "applies": its own words may be the
# statute's "this section does not apply to ...", and "s. 350.05 does not apply ... — applies" reads
# as s. 350.05 both applying and not applying.
# an exception the case does not raise: 'assumed', the one word for an assumption in the facts box,
# the argument and the what-ifs; a case mentions a fact, it never claims one (trainer review 13, 04:
# 'the case does not claim it, so it is treated as not applying')
NOT_RAISED = "assumed not to apply"
NOT_MENTIONED = "the case's facts do not mention it"
EXCEPTION = MappingProxyType({"applies": "the exception applies", "fails": "the exception does not apply",
             "not raised": NOT_RAISED, "open": "open: the exception may apply"})


# a condition of an exception is met or not met like any element (trainer review 14, G8: 'holds' and
# 'met' mixed in one tree); its line keeps the neutral colour, never the red or green of an element of
# the offence, so that 'met' under an exception is not read as favouring the rider (trainer review 11, G6)
CONDITION = ELEMENT


def element_status(status: str, of_exception: bool = False, leaf: bool = False, exception: bool = False) -> str:
    """The status word of an element's line: met / not met; a fact the case does not state (a leaf
    left open) 'not stated', a line worked out from such facts 'open'; a line that states an exception
    (inside a condition) applies / does not apply / may apply."""
    if exception:
        return NESTED_EXCEPTION.get(status, status)
    if status == "undetermined" and leaf:
        return NOT_STATED
    return ELEMENT.get(status, status)


# a rule file's @kind for a provision's own condition of compliance ('unless he or she holds a valid
# snowmobile safety certificate', s. 350.05(2)): no exception; where it holds the provision applies
# and is satisfied (trainer review 13, 09: 'the exception applies, so s. 350.05(2) does not apply')
COMPLIANCE = "compliance"
COMPLIED = MappingProxyType({"applies": "met", "fails": "not met", "open": NOT_STATED,
                             "not raised": "assumed not met, because the case's facts do not mention it"})


def complied(provision: str, facts) -> str:
    """The conclusion of a provision its own condition of compliance satisfies, with the stated facts
    that satisfy it ('s. 350.05(2) is satisfied: the daughter holds a valid snowmobile safety
    certificate issued by the department; ...'), never 'no violation ... (the exception applies)'."""
    said = "; ".join(dict.fromkeys(f for f in facts if f))
    return f"{cite(provision)} is satisfied: {said}" if said else f"{cite(provision)} is satisfied"


def as_required(provision: str, facts) -> str:
    """The conclusion of a provision whose own condition of compliance holds where its other duties
    are not all shown kept (the certificate held, the duty to carry it breached or not checked): the
    condition, 'as s. 350.05(2) requires', never 'the exception applies' (a certificate is no
    exception, trainer review 16, 09) nor 'is satisfied'."""
    said = "; ".join(dict.fromkeys(f for f in facts if f))
    return f"{said}, as {cite(provision)} requires" if said else f"as {cite(provision)} requires"


def exceptions_label(p) -> str:
    """The label over a provision's exceptions: 'Exceptions:'; where every one is the provision's own
    condition of compliance (@kind "compliance"), 'Complied with:' when each holds, 'Unless:' (the
    statute's word) otherwise."""
    xs = list(getattr(p, "exceptions", None) or [])
    if xs and all(getattr(x, "kind", "") == COMPLIANCE for x in xs):
        return "Complied with:" if all(x.status == "applies" for x in xs) else "Unless:"
    return "Exceptions:"


def exceptions_self_named(p) -> bool:
    """Whether each exception line of a provision names itself ('Exception: ...', 'Limit, s. ...: ...'),
    so that the label over them may be left off a printed page; a condition of compliance ('Ella
    Hanson holds a snowmobile safety certificate ...') does not, and without its label it reads as a
    line under the element above it (trainer review 16, G7)."""
    return all(getattr(x, "kind", "") != COMPLIANCE for x in getattr(p, "exceptions", None) or [])


def exception_status(status: str, kind: str = "") -> str:
    """An exception's status in words; a rule the rule file names otherwise (@kind "single-conviction rule") is
    said as that rule: 'the single-conviction rule does not apply' (trainer review 13 and 15, G8)."""
    if kind == COMPLIANCE:
        return COMPLIED.get(status, status)
    if kind:
        return {"applies": f"the {kind} applies", "fails": f"the {kind} does not apply",
                "not raised": NOT_RAISED,
                "open": f"open: the {kind} may apply"}.get(status, status)
    return EXCEPTION.get(status, status)


TAKEN = "taken in this case"   # a fact's value in one case of a proof by cases (not the case file's, not silence)


RECORD_OF_OTHERS = "assumed: "


CHARGED_OVER = "the person charged over "   # the words name_charged names (a sentence without them needs no lookup)


def name_charged(text: str, over: str, name: str) -> str:
    """TEXT with 'the person charged over OVER' named: 'the earlier conviction is Jo Keller's' for
    '... is on the record of the person charged over the dump truck'; 'Jo Keller has no prior
    conviction' (trainer review 12, 01)."""
    if not text or not over or not name:
        return text
    if name == OPERATOR_RECORD:   # the priors read as the operator's record (name_operator)
        return name_operator(text, over)
    charged = f"the person charged over {over}"
    owns = f"{name}'" if name.endswith("s") else f"{name}'s"   # 'Ridge Haulers'', 'Jo Keller's'
    text = text.replace(f"is on the record of {charged}", f"is {owns}")
    text = text.replace(f"is not on the record of {charged}", f"is not {owns}")
    return text.replace(charged, name)


OPERATOR_RECORD = "\0operator"   # a charged-names entry: the record is the vehicle's operator's (no name)


def name_operator(text: str, over: str) -> str:
    """TEXT with 'the person charged over OVER' said as the vehicle's operator, where the priors the
    case lists are read as the operator's record: 'the conviction 7 months earlier is on the record of
    the operator of the first roll-off'; 'the operator of the truck has no prior conviction' (trainer
    review 16, G2: a truck is neither charged nor convicted)."""
    if not text or not over:
        return text
    return text.replace(f"{CHARGED_OVER}{over}", f"the operator of {over}")


def record_of_others(charged: list[str], whose: str) -> str:
    """The mark of 'the person charged over V has no prior conviction' where the case states it only
    of someone else: 'assumed: the quarry company has no prior conviction counted; the case gives
    only the drivers' record' (trainer review 12, G4: s. 348.20(1) prosecutes the company)."""
    who = " and ".join(charged)
    plural = whose.endswith("s")
    return (f"{RECORD_OF_OTHERS}{who} {'have' if len(charged) > 1 else 'has'} no prior conviction counted; "
            f"the case gives only the {whose}{chr(39) if plural else chr(39) + 's'} record")


def record_given_of_others(whose: str) -> str:
    """The mark of a prior the case lists where its words give it as someone else's record ('The
    first driver has an overweight judgment ...') while s. 348.20(1) prosecutes the authority holder:
    'assumed: the case gives the drivers' record; taken as the record of the person prosecuted under
    s. 348.20(1); if it is not, no prior counts and the first-conviction range applies' (trainer
    review 14, G6: said 'stated', it moved the ranges without a word)."""
    plural = whose + "s"
    return (f"{RECORD_OF_OTHERS}the case gives the {plural}' record; taken as the record of the person "
            "prosecuted under s. 348.20(1)")


def others_records_said(texts: list) -> str:
    """The line of the facts box for the priors the case gives as the operator's: the one fact as it
    is; several in one line ('each of the 5 priors the case lists is on the record of the person
    charged over its vehicle'), never five times the same words."""
    if len(texts) == 1:   # its vehicle first, as the stated lines of a vehicle say it
        m = re.fullmatch(r"(.+) is on the record of the person charged over (.+)", str(texts[0]))
        return f"{m.group(2)}: {m.group(1)} is on the record of the person charged" if m else str(texts[0])
    return f"each of the {len(texts)} priors the case lists is on the record of the person charged over its vehicle"


def whose_record(mark: str) -> str:
    """Whose record the case gives, from the mark record_given_of_others makes ('the drivers''); ''."""
    m = re.search(r"the case gives the (.+?)' record", mark)
    return f"the {m.group(1)}'" if m else ""


def on_others_record(then: str, mark: str) -> str:
    """A results-table cell for a party whose range rests on priors the case gives as another's
    record: what holds if they are not the record of the person prosecuted: '$220.00 to $370.00 (s.
    348.21(3)(b)1) if the drivers' priors are not the record of the person prosecuted (assumed they
    are)' (trainer review 14, 11: the first-conviction range shown only in the box)."""
    whose = whose_record(mark) or "the"
    return f"{then or 'no result'} if {whose} priors are not the record of the person prosecuted (assumed they are)"


def counted_on_others_record(text: str, then: str, mark: str) -> str:
    """The element that counts such a prior, with the assumption where it is applied: '... for the
    first vehicle (assumed: the case gives the drivers' record, taken as the record of the person
    prosecuted; if it is not, $220.00 to $370.00 (s. 348.21(3)(b)1))'."""
    whose = whose_record(mark) or "another's"
    tail = f"; if it is not, {then}" if then else ""
    return f"{text} (assumed: the case gives {whose} record, taken as the record of the person prosecuted{tail})"


def others_records_otherwise(otherwise: str) -> str:
    """What follows the mark of the drivers' priors: what the answer is if none is the record of the
    person charged ('; if none is: $220.00 to $370.00 (s. 348.21(3)(b)1)'), or that it is the same."""
    if not otherwise:
        return "; the answer is the same if none is"
    return f"; if none is, {otherwise}"


def source(loc: str, how: str = "") -> str:
    """'case file line 12' for a stated fact ('' for a derived one); for one the case does not
    state, 'the case is silent: taken as not so' (a finding of the closed world, said as one)."""
    if how == TAKEN:   # the value a case of a proof by cases takes ('if not so: ...')
        return "supposed here: the case does not state it"
    if how.startswith(RECORD_OF_OTHERS):   # the person charged's record, where the case gives another's
        return how
    if how.startswith("implied: "):   # a fact a stated one implies (the law's @implies)
        if not loc:   # implied by a case's choice (a proof by cases), not by a line of the file
            return how
        line = loc.rsplit(":", 1)[-1]
        where = f"case file line {line}" if line.isdigit() else "the case file"
        return f"implied by {where}: {how[len('implied: '):]}"
    if loc:
        line = loc.rsplit(":", 1)[-1]
        return f"case file line {line}" if line.isdigit() else "case file"
    if how == "not in the case":   # the closed world: what the case does not state is taken as not so
        return SILENT
    if how.startswith("none in the case"):   # no entity the case lists makes it so (no prior conviction listed)
        return none_listed(how.partition(": ")[2])
    return ""


def sources(locs) -> str:
    """'case file lines 5 and 6' for the facts of one element from several lines."""
    lines = [loc.rsplit(":", 1)[-1] for loc in locs]
    lines = [n for n in dict.fromkeys(lines) if n.isdigit()]
    if len(lines) <= 1:
        return source(locs[0]) if locs else ""
    return f"case file lines {', '.join(lines[:-1])} and {lines[-1]}"


def counted_facts(texts: list[str], subject: str = "") -> str:
    """The facts that count a prior, in the line naming it (explain/argument.py _counted_in_one_line),
    the prior said 'it' after (subject: its name, said before them): 'the
    provision of s. 348.21 under which it was imposed is sub. (3); it ended in the payment of a
    forfeiture; the number of months from it ... to the weighing is 9 months, which is at most 12
    months'."""
    said = [t for t in dict.fromkeys(texts) if t]
    if subject:
        said = [re.sub(rf"(?<![\w']){re.escape(subject)}(?![\w'])", "it", t) for t in said]
    return "; ".join(said)


def counted_with_facts(line: str, facts: str) -> str:
    """'the conviction 9 months earlier is a prior conviction counted under s. 348.21(3r) for the
    second vehicle: the provision of s. 348.21 under which it was imposed is sub. (3); ...'."""
    return f"{line}: {facts}" if facts else line


def same_entity(nouns, value: str) -> str:
    """'the person charged in count1 and the person charged in count2 are the same, d1'."""
    listed = ", ".join(nouns[:-1]) + f" and {nouns[-1]}"
    return f"{listed} are the same, {value}"


def law_name(index, provision: str) -> str:
    """'Wis. Stat. ch. 350, excerpt' — the law as the law, never a file name."""
    chapter = provision.split(".", 1)[0] if provision and provision[:1].isdigit() else ""
    if index is not None and provision and provision in index:
        chapter = getattr(index.get(provision), "chapter", "") or chapter
    return f"Wis. Stat. ch. {chapter}, excerpt" if chapter else ""


def rule_outcome(provision: str, status: str) -> str:
    plural = " to " in (provision or "")
    verdict = {"true": "apply" if plural else "applies", "undetermined": "may apply"}.get(
        status, "do not apply" if plural else "does not apply")
    return f"{cite(provision)} {verdict}" if provision else verdict


def defeated(provision: str, exception: str = "") -> str:
    """The conclusion of a provision whose elements are met and an exception defeats: 'No violation
    of s. 350.02(2)(b)4: the trail used in the ride meets s. 350.02(2)(b)4.a and 4.c (the exception
    applies)' -- the exception named, as a trainer states a lawful party's result."""
    if exception:
        return f"No violation of {cite(provision)}: {exception} (the exception applies)"
    return f"No violation of {cite(provision)}: its elements are met, and an exception applies"


def not_reached(provision: str, failing: list[str], penalty: bool = False, not_so: str = "") -> str:
    """The conclusion of a provision the case's facts reach for (the party came within its distance,
    on its place) and one of its elements fails: the failing element with its fact, as a trainer
    states why a nearby rule does not apply ('No violation of s. 350.10(1)(i): the speed of the
    snowmobile in run 3 is 8 mph, at most the 10 mph named in s. 350.10(1)(i)')."""
    # a penalty section is not violated: no forfeiture under it follows ('No forfeiture under s.
    # 348.21: the weight found ... is 79,900 lb, which is at most 80,000 lb', never 'No violation of
    # s. 348.21', trainer review 7, 08)
    if not_so:   # a rule that creates no offence, in the law's words: 'Not joined: ...' (review 15, G8)
        return f"{not_so[:1].upper()}{not_so[1:]}: " + "; and ".join(dict.fromkeys(failing))
    head = "No forfeiture under" if penalty else "No violation of"
    return f"{head} {cite(provision)}: " + "; and ".join(dict.fromkeys(failing))


def not_reached_by(provision: str, person: str, failing: list[str]) -> str:
    """The conclusion of a provision that binds a person other than the party argued (the father who
    let his daughter ride, s. 350.08), one of its elements failing: 'No violation of s. 350.08 by the
    father: the operator of the daughter's ride was not a person whom s. 350.08 forbids an owner to
    permit to operate'. Several failing ways said of one subject: the subject once ('the operator of the
    son's ride was not prohibited from operating by s. 350.05, incapable of ... or under the influence
    of an intoxicant', trainer review 16, G6), never the subject three times joined by '; and'."""
    failing = list(dict.fromkeys(failing))
    return f"No violation of {cite(provision)} by {person}: " + (none_of(failing) or "; and ".join(failing))


def no_shortfall(section: str, title: str) -> str:
    """One line for a section's standing requirements (lamps, brake, muffler) that the case's facts
    all meet and that decide nothing for the party: 'Head lamps, tail lamps and brakes, etc.
    (s. 350.09): each requirement checked is met on the stated facts'. Only what was checked is claimed."""
    title = title if title.endswith("etc.") else title.rstrip(".")
    head = f"{title} ({cite(section)})" if title else cite(section)
    return f"{head}: each requirement checked is met on the stated facts"


def defeated_by(provision: str, facts: list[str]) -> str:
    """The conclusion of a provision an exception defeats, said with the facts of the branch that
    holds ('No violation of s. 350.05(2): the operator of the second ride was accompanied by the uncle
    on the same snowmobile; the uncle was over 18 years of age (the exception applies)'), never the
    exception's whole disjunction ('was not 12 to 15, or held a valid certificate, or ...')."""
    return f"No violation of {cite(provision)}: " + "; ".join(dict.fromkeys(facts)) + " (the exception applies)"


def alternative(provision: str, again: bool = False) -> str:
    """The heading of one way a conclusion could follow: 'under s. 348.25(3)'; a later way under the
    same provision, 'another way under s. 348.25(3)' (never the same bare heading twice, review 5, 06)."""
    if not provision:
        return "another way"
    return f"another way under {cite(provision)}" if again else f"under {cite(provision)}"


GROUND_WORDS = 12   # the opening words of a sentence that name the ground it states
_TRAILING = frozenset({"and", "or", "to", "the", "a", "an", "of", "in", "on", "by", "for", "with", "any", "under"})
_BARE_WAY = re.compile(r"(?:another way )?under s\. \S+")   # words.alternative's heading, alone


def way_ground(provision: str, sentence: str) -> str:
    """A way named by the sentence of its provision that states it, in its opening words: 's.
    348.19(3), "No operator of a vehicle shall fail or refuse after a weighing …"' (trainer review
    14, 04: 'under s. 348.19(3) — not met' named no ground)."""
    said = sentence.split()
    kept = said[:GROUND_WORDS]
    while len(kept) > 1 and kept[-1].lower() in _TRAILING:
        kept.pop()
    cut = " ".join(kept).rstrip(",;:")
    return f'{cite(provision)}, "{cut} …"' if len(said) > GROUND_WORDS else f'{cite(provision)}, "{" ".join(said)}"'


def alternative_of(subject: str, provision: str) -> str:
    """One way a line can hold, named with its subject: 'the ride was lawful, under s. 350.02(3)'
    (a line has a subject, never a bare 'under s. 350.055')."""
    return f"{subject}, under {cite(provision)}" if provision else f"{subject}, another way"


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def ground(n: int, provision: str, places: list[int], total: int) -> str:
    """One of several grounds of one provision, named: 'Ground 1: s. 348.20(1), its first and last
    sentences' (the sentences of the provision it rests on), never 'under s. 348.20(1)' said twice
    over two grounds a trainee cannot tell apart (review 4, handout 08)."""
    said = ["last" if p == total and p > 1 else _ORDINALS[p - 1] if p <= len(_ORDINALS) else f"{p}th"
            for p in places]
    where = f", its {and_list(said)} sentence{'s' if len(said) > 1 else ''}" if said else ""
    return f"Ground {n}: {cite(provision)}{where}"


UNKNOWN_LEAD = "the case does not state "


def unknown_text(question: str) -> str:
    return f"{UNKNOWN_LEAD}{question}" if question else "the case does not state it"


FACTS_DECIDING_HEADING = "Facts that would decide it"


def unknown_listed(n: int, heading: str = FACTS_DECIDING_HEADING) -> str:
    """The facts box's one line for many facts the case does not state (a report): where they are,
    by the heading of the list the handout prints them under (trainer review 16, 04: a pointer to a
    list the handout does not print is not said; render/handout.py facts_box)."""
    return f"{n} facts the case does not state, each listed under “{heading.rstrip(':')}”"


def unknown_listed_where(argument) -> str:
    """The heading of the list a handout prints the facts of an argument's open answer under, or ''
    when it prints none: its 'Facts that would decide it', else its rows left undetermined, each
    with what decides it."""
    if getattr(argument, "missing", None):
        return FACTS_DECIDING_HEADING
    rows = getattr(argument, "undetermined", None) or []
    if not rows:
        return ""
    return open_rows_end_heading(rows) if open_rows_at_end(rows) else undetermined_heading()


def unknown_fact(text: str, compared: bool = False) -> str:
    """The fact an open line says the case does not state, as the facts box names it: 'the case does
    not state the speed of the snowmobile ...' -> 'the speed of the snowmobile ...'. compared: the
    line is an open comparison said with its unstated fact ('the speed ... is more than 10 mph —
    open'): the box names the fact, not the comparison ('the speed ...')."""
    if text.startswith(UNKNOWN_LEAD):
        return text[len(UNKNOWN_LEAD):]
    return text.rsplit(" is ", 1)[0] if compared and " is " in text else text


def helper_words(label: str) -> str:
    name = label.split("(", 1)[0].replace("_", " ")
    return name


EXCEPTION_LEAD = "exception: "


def exception_line(text: str, status: str) -> str:
    return f"{EXCEPTION_LEAD}{text}"


def alternative_defeated(provision: str) -> str:
    """What an exception that applies defeats in one of the ways a conclusion could follow."""
    return f"the conclusion under {cite(provision)} does not follow" if provision else ""


def offender_claim(provision: str, claim: str) -> str:
    """Whom a penalty is imposed on, as one line of its argument: 'under s. 348.20(1), the
    prosecution for the overweight violation of the dump truck is to be instituted, where practicable, against Jo
    Keller' (the ground's facts follow it; the statute's words are those of the facts)."""
    return f"under {cite(provision)}, {claim}" if provision else claim


def none_violated(count: int, what: str) -> str:
    """'no provision checked concludes that the ride violated some provision' (the count of the
    provisions checked told a reader who cannot see them nothing)."""
    return f"no provision checked concludes that {what}"


def outcome_heading(status: str, provision: str) -> str:
    """The heading of a provision's argument: 's. 350.10(1)(g) — violated' style, in the law's words
    where the conclusion has them (the conclusion sentence follows)."""
    return cite(provision)


VERDICT = MappingProxyType({"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED"})


def verdict_line(answer: str, exact: bool = True, reason: str = "") -> str:
    """The last line of the text view: the verdict as a word, after every sentence (never before a
    negative one), and whether it is exact."""
    line = f"Verdict: {VERDICT.get(answer, answer.replace('_', ' ').upper())}"
    if not exact:   # the engine's reason names rule atoms: the full view and JSON give it
        line += (". Exact: no; this is the three-valued approximation over the unknown facts "
                 "(--view full says why)")
        checked = [p for p in reason.split("; ") if " not verified: " in p or " left out: " in p
                   or p.startswith("each value listed")]
        if checked:   # what the check of each value found (answer/exactanswer.py verify_values): plain words
            line += "; " + "; ".join(checked)
    return line


def inexact_note(holes=()) -> str:
    """What a handout says of an answer that is not exact, in a trainee's words (the text view's
    verdict line and JSON name the three-valued approximation and its reason). holes: the
    subdivisions missing from the excerpt that every open part turns on; then the gap is the law,
    not unexplored facts, and the note says so."""
    if holes:
        cited = (", ".join(cite(h) for h in holes[:-1]) + " and " if len(holes) > 1 else "") + cite(holes[-1])
        return (f"What is left undetermined here turns on {cited}, which the excerpt lacks: the law given "
                "does not say it, whatever the facts.")
    # in a trainee's words (trainer review 16, G3: 'not every combination ... was worked through')
    return ("Some of what is left undetermined here might still be settled by the facts the case states: "
            "not every way the facts it leaves unstated could turn out was tried.")


def handout_inexact_note(arg) -> str:
    """inexact_note as a handout prints it under an argument that is not exact, or '' where it would not be
    true: each open part was checked on its own and is open on the facts stated (arg.each_open,
    answer/exactanswer.py verify_values), so nothing left undetermined might still follow from them
    (trainer review 16, 04). The text view's verdict line and JSON keep the approximation and its reason."""
    if getattr(arg, "exact", True) or getattr(arg, "each_open", False) and not getattr(arg, "holes", None):
        return ""
    return inexact_note(getattr(arg, "holes", None) or ())


def _bare(text: str) -> str:
    return re.sub(r"[\s.]", "", text)


def names_provision(text: str, citation: str) -> bool:
    """Whether the sentence already names the provision, as the rule files write it
    ('s. 348.25 (8) (b) 3.') or as cited ('s. 348.25(8)(b)3'): then it is not cited again before it."""
    bare = _bare(text)
    return _bare(cite(citation)) in bare or _bare(citation) in bare


_NEGATING = frozenset({"not", "no", "did", "does", "do", "any", "some", "it", "its", "n't"})
def only_counted_because(only: str, reasons: list[str]) -> str:
    """glosses.only_counted ('only X is counted'), with why each other one checked is not (trainer
    review 7, 11: 'only log prior A is counted' never said that the (3g) charge was dismissed, not a
    conviction): 'only X is counted; Y is not a conviction within the meaning of s. 348.21 (4)'."""
    return "; ".join([only] + [r for r in reasons if r])


_NEGATIVE_WORDS = re.compile(r"\b(not|no|never|neither|nor)\b|n't\b")


def only_negated(requirement: str, text: str) -> bool:
    """Whether `text` says no more than that `requirement` is not so ('the trail is not separated ...'
    against 'the trail is separated ...'): then 'not met' says it, and no 'because' repeats it. A
    sentence that says something else ('the person charged ... has no prior conviction') stays."""
    def words(t):
        return [w[:4] for w in re.findall(r"[\w']+", t.lower()) if w not in _NEGATING]
    if Counter(re.findall(r"\d[\d,.:]*", text)) - Counter(re.findall(r"\d[\d,.:]*", requirement)):
        return False   # it says a value the requirement does not ('is 30 feet, less than the 40 feet ...')
    a, b = words(requirement), words(text)
    return bool(a) and difflib.SequenceMatcher(None, a, b).ratio() >= 0.85


def element_parts(e) -> tuple[str, str, str]:
    """(lead, status, because) of an element's line: 'the trail ... is 45 feet, which is at least 40
    feet', 'met', ''; a condition not met reads with what the law asks first and what holds after
    'because' ('semi1 is exempt ...', 'not met', 'semi1 is not the vehicle operated under any
    permit'). The status word follows its sentence, never precedes a negative one."""
    cited = f"{cite(e.citation)}: " if e.citation and not names_provision(e.text or "", e.citation) else ""
    if getattr(e, "ground", ""):   # the way's ground first, then the condition that fails it
        if _BARE_WAY.fullmatch(e.text or ""):   # a way with its conditions below it: the ground alone
            return e.ground, element_status(e.status), ""
        cited = f"{e.ground}: "
    status = element_status(e.status, getattr(e, "of_exception", False),
                            leaf=not e.parts and e.source in (UNKNOWN, UNKNOWN_DECIDES),
                            exception=(e.text or "").startswith(EXCEPTION_LEAD)
                            or (e.requirement or "").startswith(EXCEPTION_LEAD))
    if getattr(e, "instead", "") and not e.parts:   # 'X is par. (a), not par. (b)': the line says it all
        return cited + e.instead, "", ""
    none = _none_listed_leaf(e)
    if none:   # 'no prior conviction is listed (taken as none)', never 'X has a prior conviction — not met'
        return cited + f"{none} is listed", "", ""
    if e.status == "false" and e.requirement:   # with parts below it, they say why: not 'X — not met, because not X'
        # a requirement stated negatively ('... is not equipped with side marker reflectors') that
        # fails says what holds after it: alone, '... is not equipped ... — not met' reads as the opposite
        # a gloss in brackets ('(not in the excerpt)') does not make the requirement negative: 'X
        # violated s. 348.17(2) (not in the excerpt) — not met, because X did not violate ...' said
        # the line twice (trainer review 14, G8)
        # nor does a consequence after ', so ' ('X reloaded it within the limits, so no forfeiture may
        # be imposed — not met, because X did not reload it within the limits' denied what the case
        # states, where the condition below that fails is the reason: trainer review 16, 11)
        negative = bool(_NEGATIVE_WORDS.search(re.sub(r"\([^()]*\)", "", e.requirement).split(", so ", 1)[0]))
        because = "" if not negative and (e.parts or only_negated(e.requirement, e.text or "")) else e.text
        subject = e.requirement.split(" is ", 1)[0]
        if because and " is " in e.requirement and because.startswith(subject + " is "):
            because = "it" + because[len(subject):]   # 'X is before 06:00 — not met, because it is 10:15, ...'
            head, sep, tail = because.partition(", ")
            if sep and tail.split(" the ", 1)[-1] and e.requirement.endswith(tail.split(" the ", 1)[-1]):
                because = head   # 'X is at least the 40 feet named in 4.a — not met, because it is 30 feet'
        if e.source == PRESUMED and not e.parts and e.text:   # 'X — not met, because it is presumed that not X'
            because = presumed_text(e.text, e.source, because=True)
        return cited + e.requirement, status, because
    text = e.text or ""
    # every element is marked met or not met, an amount worked out from the lines below it and an
    # identity the case states ('the owner ... is Mark Olson — met (case file line 43)') as much as a
    # comparison (trainer review 16, G7: '03 el. 1', '07 Ground 1 last line', '05 s. 348.21: the total
    # excess load ... is 2,000 lb' had none, and '1 cent a pound — met' beside '8 cents a pound' bare)
    if e.source == IN_THE_LAW and not e.parts:
        status = ""   # the law's own statement: no status to give it (trainer review 10, change 5)
    if e.status == "false" and text.startswith(NOT_FOLLOWING):   # 'X — not met' says it once
        text = text[len(NOT_FOLLOWING):]
    if not e.parts:
        text = presumed_text(text, e.source)
    if status == NOT_STATED and text.startswith(UNKNOWN_LEAD):   # 'whether X — not stated', said once
        text = text[len(UNKNOWN_LEAD):]
    return cited + text, status, ""


NOT_FOLLOWING = "it does not follow that "
# an element that states an amount worked out from the lines below it ('the total excess load of the gravel
# truck is 900 lb'), not a comparison with the law's figure ('..., which is at most 1,000 lb'): its
# figures are the arithmetic's (explain/argument.py); it is marked met like every other element
# (trainer review 16, G7), with no 'worked out below' after it (review 5; review 10, change 5)
_AMOUNT_SAID = re.compile(r"(?:\bis (?:\$[\d,]+\.\d\d(?: to \$[\d,]+\.\d\d)?|[\d,]+(?:\.\d+)? (?:lb|pounds|feet|mph|"
                          r"months|years|cents|cents a pound))|not less than \$[\d,]+\.\d\d nor more than \$[\d,]+\.\d\d)\)?$")
_COMPARED = re.compile(r"\b(?:which is|at least|at most|more than|less than|exceeds?)\b")
_RANGE = re.compile(r"not less than \$[\d,]+\.\d\d nor more than \$[\d,]+\.\d\d")


def worked_out(e) -> bool:
    """Whether an element states an amount computed from the lines below it ('the total excess load
    of the gravel truck is 900 lb', with the weighing beneath it), not a comparison with the law's
    figure. The other reading's amount said at the line
    (reading_at_line) is no amount of the line's own."""
    text = (e.text or "").split(READ_OTHER_WAY, 1)[0]
    return bool(e.status == "true" and e.parts and _AMOUNT_SAID.search(text)
                and not _COMPARED.search(_RANGE.sub("", text)))


def exception_parts(x) -> tuple:
    """(lead, status, because) of an exception's line, named as an exception and phrased by its
    effect: ('Exception, s. 350.05(3): s. 350.05 does not apply to op1 (...)', 'the exception
    applies, so op1 did not violate s. 350.05(1)', ''); one failing reason is said after 'because'."""
    cited = f", {cite(x.citation)}" if x.citation and not names_provision(x.text, x.citation) else ""
    because = ""
    if _not_mentioned(x):   # 'assumed not to apply, because the case does not mention it'
        because = NOT_MENTIONED
    elif len(x.reasons) == 1 and not x.reasons[0].parts and x.reasons[0].status == "false":
        because = presumed_text(x.reasons[0].text, x.reasons[0].source, because=True)   # its source: exception_source(x)
        own = getattr(x.reasons[0], "defined_in", "")
        if own and own != x.citation and not names_provision(because, own):   # the provision defining it
            because += f" ({cite(own)})"   # (s. 350.05(4): accompanied is on the same snowmobile)
    elif _two_reasons(x):   # the statute's number, then the case's fact, whose source follows the line
        because = f"{x.reasons[0].text}, and " + presumed_text(x.reasons[1].text, x.reasons[1].source, because=True)
    kind = getattr(x, "kind", "")
    status = exception_status(x.status, kind)
    effect = getattr(x, "effect", "") if kind != COMPLIANCE else ""   # it satisfies the provision: no 'so ... does not apply'
    if effect and x.status == "applies":
        status += f", so {effect}"
    note = getattr(x, "reading_note", "")
    if note:
        status += f"; {note}"
    if getattr(x, "limit", False):   # a limitation the paragraph's lead-in names: it bars or does not bar
        status = LIMIT.get(x.status, status)
        if note:
            status += f"; {note}"
        return f"Limit{cited}: {x.text}", status, because
    if kind == COMPLIANCE:   # the provision's own condition of compliance: under 'Complied with:' or 'Unless:'
        return f"{x.text}{cited}" if not cited else f"{x.text} ({cited[2:]})", status, because
    if kind:   # a rule of its own kind, no exception (s. 350.101(1)(d)'s merger: trainer review 13, G8)
        return f"{kind[:1].upper()}{kind[1:]}{cited}: {x.text}", status, because
    return f"Exception{cited}: {x.text}", status, because


# a limitation on what a paragraph allows (s. 350.04(2)(e) on a route: 'subject to the following
# limitations'), said as a limit, never as an exception (trainer review 10, 04)
LIMIT = MappingProxyType({"applies": "the limit bars it", "fails": "the limit does not bar it",
                          "open": "open: the limit may bar it"})


def on_reading(text: str, reading: str) -> str:
    """A comparison line that rests on a reading of its rule, labelled where it is used: 'the total
    excess load ... is 6,300 lb, which is more than 1,000 lb (our reading: ...)' (trainer review 10, 11:
    the reading was only in 'Our readings'). The text unchanged without a reading."""
    if not text or not reading:
        return text
    return f"{text} (our reading: {reading})"


_ON_READING = re.compile(r" \(our reading: (.+?)(?:; read the other way \(.*)?\)$")

READ_OTHER_WAY = "; read the other way ("


def reading_at_line(text: str, ours: str, otherwise: str, then: str) -> str:
    """A line that rests on a contested phrase whose other reading changes the answer, said at the line
    with both (trainer review 14, G5: 'the affirmance ... is counted for the 12-month period (our reading:
    the affirmance is counted whenever the judgment was affirmed; read the other way (the court counts the
    original judgment), the forfeiture ... would be $50.00 to $100.00)')."""
    if not text:
        return text
    mine = f"our reading: {ours}" if ours else "our reading"
    return f"{text} ({mine}{READ_OTHER_WAY}{otherwise}), {would_be(then)})"


def would_be(then: str) -> str:
    """What another reading gives, said as what would follow, never as what holds: 'the forfeiture ...
    of the second vehicle would be not less than $50.00 nor more than $100.00' (a row as the answer
    says it: 'the forfeiture ...: not less than ...'); said already ('it would be yes', 'North Mill
    Lumber would forfeit ...') it is kept."""
    if re.match(r"(?:it |no )|.* would ", then):
        return then
    head, sep, rest = then.partition(": not less than ")
    if sep:
        return f"{head} would be not less than {rest}"
    return f"it would be: {then}"


def reading_off(text: str) -> str:
    """The line without the reading on_reading put at its end: the phrase's own note takes its place."""
    m = re.search(r" \(our reading: [^()]*(?:\([^()]*\)[^()]*)*\)$", text or "")
    return text[:m.start()] if m else text


def reading_on(text: str) -> str:
    """The reading a line says it rests on (on_reading's words), '' for none."""
    m = _ON_READING.search(text or "")
    return m.group(1) if m else ""


def reading_again(text: str) -> str:
    """A line that rests on a reading said in full at an earlier line: '... (our reading, as above)'."""
    return _ON_READING.sub(" (our reading, as above)", text)


def deciding_readings(said: list) -> str:
    """The Answer's line naming the readings the argument says at the lines they decide (trainer
    review 11, G4): 'This answer rests on our readings: the fees for separate grounds add up.'"""
    if not said:
        return ""
    head = "This answer rests on our reading" + ("s" if len(said) > 1 else "")
    return f"{head}: {'; '.join(said)}."


def reading_at(ours: str, otherwise: str, then: str) -> str:
    """Where a contested reading decides an exception, said at it: 'on our reading (a snowmobile raced
    or tested as sub. (8) says is outside sub. (7) even where it is offered for sale or sold); read
    otherwise (the exception of sub. (8) covers the racing or testing only, not the sale of the
    snowmobile), it would be yes: North Woods Sleds (the seller) would have violated s. 350.09(7)'."""
    mine = f"on our reading ({ours})" if ours else "on our reading"
    return f"{mine}; read otherwise ({otherwise}), {then}"


def _two_reasons(x) -> bool:
    """An exception refused in one line on two reasons (trainer review 13, G6): the statute's own number
    ('the excess ... is 4,300 lb, more than the 2,000 lb named in s. 348.21(2)(b)') and the fact the case
    states ('the excess load ... could not be reloaded ...'), each a line with nothing under it."""
    return bool(getattr(x, "by_number", False) and len(x.reasons) == 2
                and all(not r.parts and r.status == "false" for r in x.reasons))


def _not_mentioned(x) -> bool:
    """An exception not raised only because the case does not mention its one fact (a presumption)."""
    return x.status == "not raised" and len(x.reasons) == 1 and not x.reasons[0].parts \
        and x.reasons[0].source == PRESUMED


def exception_source(x) -> str:
    """Where the one failing reason an exception's line says after 'because' comes from ('case file
    line 22', 'the case is silent: taken as not so'); '' when the line says no reason, or says the
    case does not mention it. Of two reasons, the case's fact's, said last."""
    if _not_mentioned(x):
        return ""
    if len(x.reasons) == 1 and not x.reasons[0].parts and x.reasons[0].status == "false":
        return x.reasons[0].source
    if _two_reasons(x):
        return x.reasons[1].source
    loc = str(getattr(x, "loc", None) or "")
    if not x.reasons and loc:   # a stated fact that is itself the line (a duty kept)
        return source(loc)
    return ""


def exception_loc(x) -> str:
    """The case file line of that reason, when it is a stated fact ('' otherwise)."""
    loc = str(getattr(x, "loc", None) or "")
    if not x.reasons and loc:
        return loc
    return x.reasons[-1].loc if exception_source(x) else ""


def exception_lead(lead: str, kind: str = "") -> str:
    """An exception named as one where it stands alone (a figure's box): 'Exception: ...'; a rule of
    its own kind (@kind) is already named by exception_parts."""
    if kind == COMPLIANCE:   # no exception: its own words
        return lead
    named = ("Exception", "Limit") + ((kind[:1].upper() + kind[1:],) if kind else ())
    return lead if lead.startswith(named) else f"Exception: {lead}"


def line_text(lead: str, status: str, because: str = "", source: str = "") -> str:
    """One line of plain text: 'lead — status, because ... (source)'; a line without a status (an
    amount worked out, the law's own statement) is its lead alone."""
    text = f"{lead} — {status}" if lead and status else (lead or status)
    if because:
        text += f", because {because}"
    if source:
        text += f" ({source})"
    return text


def cases_heading(qualifier: str, left_out: int = 0, same: bool = True, alike: bool = False) -> str:
    """What a proof by cases says before its cases: 'whether or not the person charged in count2 was
    found guilty, the answer is the same' ('for the same reasons' when every case is argued alike;
    '..., the answer differs; each possible result is argued' when what holds differs by case, never
    the tool's 'case by case', trainer review 11, G5); the cases not argued here."""
    if same:
        text = f"{qualifier}, the answer is the same" + (", for the same reasons" if alike else "")
    else:
        # 'the answer depends on whether ...', never 'whether or not ..., the answer differs' (review 15's
        # case writer: 'Whatever the conviction ended in unknown is, the answer differs')
        m = re.match(r"(whatever|whether or not|however) (.+)", qualifier, re.IGNORECASE)
        asked = {"whatever": "what", "whether or not": "whether", "however": "how"}.get(m.group(1).lower(), "") if m else ""
        text = f"the answer depends on {asked} {m.group(2)}; each possible result is argued" if m and asked \
            else f"{qualifier}, the answer differs; each possible result is argued"
    if left_out:
        text += f". {left_out} more case{'s' if left_out != 1 else ''}, argued differently, {'are' if left_out != 1 else 'is'} not shown " \
                "(the full view of the handout shows every case)"
    return text


def either_case(labels) -> str:
    """The label of cases argued alike: 'if A and if B; or if C'."""
    return "; or ".join(labels)


def merged_alternatives(labels) -> list:
    """Cases that differ only in the word a fact of a closed set takes, said as one: 'if the conviction
    6 months earlier ended in a certificate of conviction, the forfeiture of a deposit or a court
    judgment', never the first with '(the same result follows if ... ended in the forfeiture of a
    deposit; or if ...)' (review 15's case writer). Labels of another shape are kept as they are."""
    labels = list(labels)
    if len(labels) < 2 or any(" and if " in lab or "; or " in lab for lab in labels):
        return labels
    first = labels[0].split(" ")
    common = len(first)
    for lab in labels[1:]:
        words_ = lab.split(" ")
        n = 0
        while n < min(common, len(words_)) and words_[n] == first[n]:
            n += 1
        common = n
    while common and first[common - 1] in ("a", "an", "the"):
        common -= 1
    head = " ".join(first[:common])
    tails = [lab[len(head):].strip() for lab in labels]
    if common < 3 or not all(re.match(r"(a|an|the) \w", t) and not re.search(r"\d", t) for t in tails):
        return labels
    return [f"{head} {', '.join(tails[:-1])} or {tails[-1]}"]


def same_result_also(labels) -> str:
    """After a case argued for its result, the other cases that reach the same result and are not
    argued again: ' (the same result follows if C; or if D)'."""
    return f" (the same result follows {'; or '.join(labels)})"


MAX_OTHERS_NAMED = 12


OTHERS_WHY = MappingProxyType({"text": " (--view full shows why)", "html": " (open for why)", "md": ""})


MAX_CHECKED_SAID = 6   # provisions checked and not concluded said each with its deciding fact; more: cited only


MAX_NONE_VIOLATED = 6   # a lawful party's other checks said each with its fact; more: cited by provision
MAX_REQUIREMENTS_MET = 10   # a standing section's requirements met, each said in words; more: cited


def none_violated_line(items, parties=()) -> str:
    """A lawful party's other checks in one line, each with the fact that decides it: 'Also checked, none
    violated: the distance between ... is 60 feet, at least the 10 feet named ... (s. 350.02(2)(b)1); ...
    and ss. 350.09(3) and 350.12(3): none violated on the stated facts.' (trainer review 11, G2; review 12, G9:
    never 'and 4 more'); '' when none."""
    items = list(items)
    if not items:
        return ""
    shown = items[:MAX_NONE_VIOLATED]
    said = "; ".join(t if t.endswith(f"named in {cite(c)}") else f"{t} ({cite(c)})"
                     for t, c in ((_without_parties(t, parties), c) for t, c in shown))
    return f"Also checked, none violated: {said}{_rest_cited(items[len(shown):])}."


def checked_for(line: str, whose: str) -> str:
    """A party's 'Also checked' line where the handout argues several parties, said of that party:
    'Also checked for the daughter's ride, none violated: the snowmobile displayed ...'."""
    for head in ("Also checked, none violated:", "Requirements checked, each met:"):
        if whose and line.startswith(head):
            first, _, rest = head.partition(",")
            return f"{first} for {whose},{rest}{line[len(head):]}"
    return line


def _without_parties(text: str, parties) -> str:
    """A fact said under the heading of its party, without the party's name (party_fact_short)."""
    for p in sorted(parties, key=len, reverse=True):
        text = party_fact_short(text, p)
    return text


def requirements_met_line(items, parties=()) -> str:
    """A standing section's requirements the party meets, each on its stated fact: 'Checked: the
    snowmobile in the cabin ride displayed a lighted head lamp (s. 350.09(1)); ...; and the requirements of
    ss. 350.09(3) and 350.12(3), each met on the stated facts.'
    (trainer review 11, G2); '' when none."""
    items = list(items)
    if not items:
        return ""
    # each requirement said in words up to MAX_REQUIREMENTS_MET; past that cited by provision (trainer
    # review 16, 09: 'the requirements of ss. 350.09(4) and 350.09(6), each met' named no requirement)
    shown = items[:MAX_REQUIREMENTS_MET]
    said = "; ".join(f"{_without_parties(t, parties)} ({cite(c)})" for t, c in shown)
    return f"Requirements checked, each met: {said}{_rest_cited(items[len(shown):], 'met')}."


def _rest_cited(rest, said: str = "violated") -> str:
    """The checks past the ones said with their facts, named by provision, never counted ('and 4
    more': a trainee cannot check what is not named, trainer review 12, G9): '; and, on the stated
    facts: '; and ss. 350.09(3) and 350.12(3): none violated on the stated facts'; '' when none."""
    cited = list(dict.fromkeys(cite(c) for _, c in rest if c))
    if not cited:
        return ""
    listed = cited[0] if len(cited) == 1 else "ss. " + and_list([c.removeprefix("s. ") for c in cited])
    if said == "met":
        return f"; and the requirements of {listed}, each met on the stated facts"
    return f"; and {listed}: none violated on the stated facts"


def others_argued(others) -> bool:
    """Whether the line of the provisions checked says each with the fact that decides it ('Also
    checked, none applies: ...'): then it is part of the argument and printed, not folded away."""
    return others_line(others, "md").startswith("Also checked, none applies: ")


def _with_binding(e) -> str:
    """A condition checked and not met said with the stated fact it was checked on, when it reads a
    value the case states ('the highway on or along which the ride took place is a state trunk
    highway, and state trunk roadways are not among those s. 350.02(2)(a)4 allows for special
    events': review 6, 03): the last stated fact held before it, which binds it."""
    held = [x for x in getattr(e, "parts", None) or [] if x.status == "true" and x.loc and not x.parts]
    return f"{held[-1].text}, and {e.text}" if held and e.status == "false" else e.text


def others_line(others, view: str = "text") -> str:
    """The provisions checked and not argued: 'Also open: s. 350.03(1), ... Also checked, not
    concluded: s. 350.02(2)(a)6, ... and 28 more (--view full shows why).' (open: undetermined,
    not argued in full; facts the case does not state decide them)."""
    def named(items):
        cited = []
        for e in items:
            c = cite(e.citation) if e.citation else ""
            if c and c not in cited:
                cited.append(c)
        shown = cited[:MAX_OTHERS_NAMED]
        more = f" and {len(cited) - len(shown)} more" if len(cited) > len(shown) else ""
        return ", ".join(shown) + more
    parts = []
    opened = [e for e in others if e.status == "undetermined"]
    closed = [e for e in others if e.status != "undetermined"]
    if opened:
        parts.append(f"Also open, decided by facts the case does not state: {named(opened)}")
    if closed and len(closed) <= MAX_CHECKED_SAID and all(e.text for e in closed) and not opened:
        # a few: each with the fact that decides it (review 6, 03: the exceptions checked, none applies)
        said = [_with_binding(e) + (f" ({cite(e.citation)})" if e.citation else "") for e in closed]
        parts.append(f"Also checked, none applies: {'; '.join(said)}")
    elif closed:
        parts.append(f"Also checked, not concluded: {named(closed)}")
    why = "" if parts and parts[-1].startswith("Also checked, none applies: ") and not opened else OTHERS_WHY.get(view, "")
    return ". ".join(parts) + why + "."


def no_entity(kind: str, phrases) -> str:
    """The references a case cannot fill, as an assumption: 'The case names no carrier, so none of
    these is one of its entities: the owner of cattle_trailer; ... The answer is over the entities
    the case names.'"""
    noun = kind.replace("_", " ")
    which = phrases[0] + " is none of its entities" if len(phrases) == 1 else \
        "none of these is one of its entities: " + "; ".join(phrases)
    return f"The case names no {noun}, so {which}. The answer is over the entities the case names."


def no_entity_short(kinds) -> str:
    """The same, where the short answer ends: 'the case names no carrier'."""
    return "; ".join(f"the case names no {kind.replace('_', ' ')}" for kind in kinds)


def by_cases_word() -> str:
    """How an entity whose rows are each open but one of which holds in every world is headed."""
    return "depends on facts the case does not state, so each possible result is argued"


def one_of_cases(valued) -> str:
    """The table's cell for an entity argued case by case, each value with its case: '$50.00 to
    $100.00 if the excavator permit was in force; $3,740.00 to $3,890.00 if not' (trainer review 12,
    12); the case's parenthesis left to the argument's heading. valued: [(value, 'if ...', whether it
    is the 'no' of a yes-or-no fact)]; '' for fewer than two."""
    if len(valued) < 2:
        return ""
    valued = sorted(valued, key=lambda x: x[2])   # the 'yes' first, then 'if not'
    yes_no = len(valued) == 2 and not valued[0][2] and valued[1][2]
    short = [re.sub(r" \([^()]*\)$", "", label) for _, label, _ in valued]
    said = [f"{v} {'if not' if yes_no and i else short[i]}" for i, (v, _, _) in enumerate(valued)]
    return "; ".join(said)


def party_case(name: str, case: str) -> str:
    """The heading of one case of a party argued case by case: 'the excavator lowboy — if the
    excavator permit was in force (issued, not expired, suspended or revoked)' (trainer review 12,
    12: not '...: depends on facts ...; if ...; only the points that differ ...')."""
    return f"{name} — {case}"


def case_then(case: str, heading: str) -> str:
    """Such a case's heading with what its argument leaves out as argued for another party: '... —
    if the excavator permit was in force (...): only the points that differ from the crusher lowboy'."""
    return f"{case}: {heading[:1].lower() + heading[1:]}" if heading else case


def open_word() -> str:
    """How an entity whose rows are open is headed where it is argued up to the fact that decides it."""
    return "undetermined"


def open_on_facts(facts) -> str:
    """How an entity whose open row the unstated facts decide both ways is headed: 'open on the
    time of day at which the third vehicle was operated' (never a bare 'undetermined')."""
    return f"open on {and_list(list(facts))}"


def both_ways_conclusion(sentence: str) -> str:
    """The conclusion of such an entity's argument: its answer's sentence, both ways ('if the time of
    day ... is before 09:00 or after 15:00, the forfeiture ...; if not, no forfeiture ... follows; the
    case does not state ...'), never 'it is undetermined whether the forfeiture ...: not less than'."""
    return sentence[:1].lower() + sentence[1:].rstrip(".")


def both_ways_on(sentence: str, facts) -> str:
    """The conclusion of a yes/no question's open party decided both ways by the facts the case does
    not state: the branches' sentence, then those facts ('if the clock time of the ride is 07:00 or
    earlier, or 22:30 or later, the neighbour (the operator) violated s. 350.10(1)(g) ...; if not,
    ...; the case does not state the clock time of the ride')."""
    return both_ways_conclusion(f"{sentence.rstrip('.')}; the case does not state {and_list(list(facts))}")


def one_of(values: list) -> str:
    """The table's cell for such an entity: 'one of: the February 3 ride, a; or the February 3 ride, a and b'."""
    return values[0] if len(values) == 1 else "one of: " + "; ".join(values[:-1]) + "; or " + values[-1]


def as_for(party: str, first: str, quoted: bool = False) -> str:
    """The heading of a further party's argument that shows only what differs from an earlier party's
    argued in full above: 'the second vehicle: only what differs from the first vehicle (the
    provision quoted above; every other element and exception holds as for the first vehicle)'."""
    said = "the provision quoted above; " if quoted else ""
    return (f"{cap_first(party)}: only what differs from {first} ({said}every other element and exception "
            f"holds as for {first})")


def argued_above(provision: str) -> str:
    """The source of a way argued in full above under its own provision, said instead of arguing it
    again: 'as argued above under s. 350.05(1)' (review 7, 03: s. 350.08 re-argued s. 350.05(1))."""
    return f"as argued above under {cite(provision)}"


def argued_below(provision: str) -> str:
    """The source of a line argued in full further on in the printed argument (trainer review 12,
    03: 'as argued above' over an argument printed below it): 'as argued below under s. 348.25(3)'."""
    return f"as argued below under {cite(provision)}"


def stated_there(source: str) -> str:
    """The source of a line argued elsewhere on one fact the case states: 'stated: case file line 12'
    (trainer review 12, 12: 'holds (as argued above under s. 348.25(2)(a))' over a stated fact)."""
    return f"stated: {source}" if source else "stated in the case"


_ARGUED_ABOVE = re.compile(r"^as argued above under (.+)$")


def argued_where(source: str) -> str | None:
    """The provision a source 'as argued above under s. 348.25(3)' refers to, as a citation
    ('348.25(3)'); None for any other source."""
    m = _ARGUED_ABOVE.match(source or "")
    return re.sub(r"^ss?\. ", "", m.group(1)) if m else None


def as_argued_for(party: str, firsts: list[str], quoted: bool = False) -> str:
    """The heading of a further party's argument under other words of the same section, whose lines
    that read the same as an earlier party's are left out: 'Truck A: only the points that differ from
    log truck E' (issue 46, item 4: five trucks, each under its own bracket of s. 348.21, weighed,
    without a permit, not to reload: said once; trainer review 7, 09: not 'only what is its own (every
    line not shown reads as argued above for ...)')."""
    said = " (the provision is quoted above)" if quoted else ""
    return f"{cap_first(party)}: only the points that differ from {counted_together(list(firsts))}{said}"


def its_case_above(party: str) -> str:
    """A party argued case by case, named as its case argued above, where a further case of it shows
    only what differs: 'the crane lowboy's case above' (trainer review 15, 12)."""
    return f"{party}'s case above"


def same_reasoning(party: str, first: str) -> str:
    """The heading of a further party's argument where every element and exception holds as for an
    earlier party argued in full above: 'count 3: the same reasoning as for count 1' (review 4, 04:
    'count 3: only what differs from count 1' was followed by nothing that differs)."""
    return f"{cap_first(party)}: the same reasoning as for {first}"


PARTY_HEADING_MAX = 90   # characters of a party's result its heading carries; a longer one, its first clause


def party_heading(name: str, result: str) -> str:
    """The heading of a party's part of an argument about several parties, with its result as the
    table of parties says it: 'the lumber flatbed: no forfeiture may be imposed (s. 348.21(2)(b))'
    (trainer review 11, G7: the first party's part had none). A long result is cut to its first
    clause ('open: whether it violated s. 350.10(1)(g)'); the table says the rest."""
    name = cap_first(name)   # a heading opens with a capital, as the others do (trainer review 13, 03.5)
    if not result:   # its results are several (a row per person liable): the table says them
        return name
    if len(result) > PARTY_HEADING_MAX:
        result = result.split("; ", 1)[0]
    # the result as the table says it: a person's name keeps its capital ('Quinn Adler'), never
    # 'quinn Adler' as each_heading's lower-cased first word of a result would make it
    return f"{name}: {result}"


def each_heading(name: str, word: str) -> str:
    """The heading of one entity's argument in an answer about each entity: 'the second ride: unlawful'."""
    return f"{cap_first(name)}: {word[:1].lower() + word[1:]}"


OPEN_ROWS_INLINE = 6   # more rows left undetermined than this: the argument points to them, listed at the end


def open_rows_at_end(rows) -> bool:
    """Whether a trainee page lists the rows left undetermined at its end (a report's 27 provisions)
    rather than inside the argument, where they would bury it."""
    return len(rows or ()) > OPEN_ROWS_INLINE or _asks(rows)


def _asks(rows) -> bool:
    """The rows are what to ask next, one line per fact (prose.answers.ask_next_lines)."""
    return any(getattr(r, "provisions", None) is not None for r in rows or ())


def open_rows_pointer(rows) -> str:
    """The line the argument keeps in their place: '27 other provisions are left undetermined, ...'
    (the rows of a relation's answer that are not provisions: 'other points', never the tool's 'rows of the answer'); a closing
    '1,500 more undetermined rows' line counts as the rows it stands for."""
    if _asks(rows):
        n = len({c for r in rows for c in getattr(r, "provisions", ())})
        return (f"{n:,} other provisions are left undetermined, because the case does not state the facts they "
                f"turn on. What to ask next is listed near the end of this handout, each fact with the provisions it would decide.")
    n = 0
    for r in rows:
        more = re.match(r"([\d,]+) more undetermined rows?\b", r)
        n += int(more.group(1).replace(",", "")) if more else getattr(r, "rows", 1)
    what = "provisions" if all(r.startswith("s. ") for r in rows) else "points"   # never "rows of the answer" (review 6, 09)
    return (f"{n:,} other {what} are left undetermined, because the case does not state the facts they "
            f"turn on. They are listed near the end of this handout, each with the facts that would decide it.")


def open_rows_end_heading(rows=()) -> str:
    if _asks(rows):
        return "What to ask next: the facts the case does not state, each with the provisions it would decide"
    return "Left undetermined: what would decide each"


def undetermined_heading() -> str:
    """The heading of the rows a relation's answer leaves undetermined, each with what decides it."""
    return "Left undetermined, and what would decide each:"

def quote_parts(q) -> tuple:
    """(citation, words) of a quote beside an element or exception: ('s. 350.02(2)(b)4.a', 'a. The
    snowmobile trail is ...'), the statute's words verbatim; a subdivision the excerpt lacks reads
    ('s. 350.02(2)(b)4.b', 'not in the excerpt (sequence under ... skips from a to c)'), never as
    a quote. Renderers put the words in quotation marks when `q.text` is set."""
    if q.text:
        return cite(q.citation), cut_marked(q.citation, q.text)
    return cite(q.citation), f"not in the excerpt ({q.missing})" if q.missing else "not in the excerpt"


def cut_marked(citation: str, text: str) -> str:
    """A sentence quoted from a longer provision, with '…' where the provision's words go on past it
    or came before it (s. 348.19(3)'s first sentence alone, s. 350.045 without its last: trainer
    review 14, G7); the words as they are when they are the whole provision or not found in it. The
    quote itself (Quote.text, the JSON) keeps the statute's words only."""
    from ..law.index import default_index
    index = default_index()
    if not citation or citation not in index:
        return text
    prov = index.get(citation)
    t, full = " ".join(text.split()), " ".join((prov.text or "").split())
    if not t or t == full or t not in full:
        return text
    at = full.index(t)
    before = re.sub(r"^\([0-9a-z]+\)\s*", "", full[:at].strip()).replace(" ".join((prov.title or "").split()), "").strip()
    after = full[at + len(t):].strip()
    return ("… " if before else "") + text + (" …" if after else "")


def shown_quotes(item) -> list:
    """The quotes a handout shows beside an element or exception: each text once (those quoted above
    are left out)."""
    return [q for q in getattr(item, "quotes", []) or [] if not q.again]


def prepared_from_paper(arg=None) -> str:
    """The source line on paper, where the case file is not at hand (its line numbers are left out):
    the excerpt of the chapter the argument quotes ('the excerpt of Wis. Stat. ch. 350')."""
    chapters = sorted({p.citation.split(".")[0] for p in getattr(arg, "provisions", None) or []
                       if p.citation[:3].isdigit()})
    if not chapters:   # nothing argued in full: the chapter of the provisions checked (review 7, 03)
        chapters = sorted({o.citation.split(".")[0] for o in getattr(arg, "others", None) or []
                           if getattr(o, "citation", "")[:3].isdigit()})
    if len(chapters) == 1:
        return f"Prepared from the excerpt of Wis. Stat. ch. {chapters[0]} quoted below. {statute_text_line(chapters)}"
    return f"Prepared from the excerpts of Wis. Stat. ch. 348 and 350 quoted below. {statute_text_line(('348', '350'))}"


def statute_text_line(chapters) -> str:
    """Which text the handout quotes: 'Statute text as of DATE.' when the law's data gives the date
    of the excerpt (statutes.json text_date), else 'Statute text: the excerpt supplied (date not stated).'"""
    index = default_index()
    dates = sorted({d for d in (index.text_date(c) for c in chapters or ("348", "350")) if d})
    if dates and all(index.text_date(c) for c in chapters or ("348", "350")):
        return ended(f"Statute text as of {' and '.join(dates)}")
    return "Statute text: the excerpt supplied (date not stated)."


def prepared_from() -> str:
    """The handout's source line, in a trainer's words (no program name): the case-file lines the
    argument cites are the lines of the file named after it."""
    return (f"Prepared from the excerpts of Wis. Stat. ch. 348 and 350 quoted below. "
            f"{statute_text_line(('348', '350'))} The case-file lines cited are those of")


def related_heading() -> str:
    """The heading of what the provisions that decide the answer decide besides, on the same case: not
    "The same provision also decides", which stood over findings under other provisions (review 4, 10)."""
    return "Also decided on the same facts"


def implied_line(text: str, source: str) -> str:
    """'Implied: the operator of the cattle trailer stopped and submitted ... (implied by case file
    line 6: a vehicle and load weighed ...).': a fact a stated one implies, said beside the argument."""
    return ended(f"Implied: {text} ({source})")


def raised_heading() -> str:
    """The heading of what the case's facts also raise that the question asked leaves out (Answer.raises,
    answer/caseraises.py; trainer review 15, 06: the livestock allowance under a refusal question)."""
    return "The case also raises"


def related_line(r) -> str:
    """'Under s. 350.101(1)(d): Dale Peters has a single conviction ... (Which convictions ... count?)'.
    A row's verdict word before its sentence ('The fifth vehicle: yes — the operator of the fifth
    vehicle may proceed ...') is left to the sentence, which says it (trainer review 5, 11)."""
    line = f"Under {_related_heading(r['citation'], r['short'])}: {_row_sentences(r['short'], str(r['citation']))}"
    if "same_as" in r:   # the same money as the answer's, under a provision that sends its penalty there
        line = f"{ended(line)} {same_forfeiture_line(str(r['citation']), str(r['same_as']))}"
    return line


def same_forfeiture_line(citation: str, section: str) -> str:
    """'This is the same forfeiture as above (s. 348.25(2)(a) applies the penalties of s. 348.21), not
    an additional one.': a further answer whose amounts are the answer's own, reached because its
    provision applies the penalties of the one asked (trainer review 16, G6: a trainee adds them up)."""
    via = f" ({cite(citation)} applies the penalties of s. {section})" if section else ""
    return f"This is the same forfeiture as above{via}, not an additional one."


_VIOLATED = re.compile(r"\bviolated s\. (\d+\.\d+(?:\s?\([0-9a-z]+\))*(?:\d+)?)")


def _related_heading(citation: str, short: str) -> str:
    """The provisions a further answer's line is under: its question's citation, unless the line
    says others were violated besides or instead of that one ('Under s. 350.05(2): The 11-year-old violated s.
    350.05(1) ...; the 47-year-old violated s. 350.08': trainer review 6, 10), then the provisions
    violated, by section where there are several ('Under ss. 350.05 and 350.08')."""
    violated = list(dict.fromkeys(v.replace(" ", "") for v in _VIOLATED.findall(short)))
    own = citation.replace(" ", "")
    if not violated or violated == [own]:
        return cite(citation)
    if len(violated) == 1:
        return cite(violated[0])
    sections = list(dict.fromkeys(v.split("(", 1)[0] for v in violated))
    if len(sections) == 1:
        return f"s. {sections[0]}"
    return "ss. " + ", ".join(sections[:-1]) + f" and {sections[-1]}"


_ROW_VERDICT = re.compile(r"(?:^|(?<=; ))[^;:]+: (?:yes|no|undetermined|possibly) — ")


# a row's closing citation of the heading's own section ('... under par. (a) alone ... (s. 350.101(1)(a))'
# under 'Under s. 350.101(1)(d)'): the row names its paragraph already (review 6, 04: clutter)
_ROW_CITE = re.compile(r" \(s\. (\d{3}\.\d+)(?:\([0-9A-Za-z]+\))*(?:[0-9a-z.]*)\)(?=;|\.?$)")


def _row_sentences(short: str, citation: str = "") -> str:
    said = _ROW_VERDICT.sub("", short)
    section = citation.split("(", 1)[0]
    said_cut = _ROW_CITE.sub(lambda m: "" if section and m.group(1) == section else m.group(0), said)
    first = said.split(" ", 1)[0]
    said, cut = said_cut, said
    return said[:1].lower() + said[1:] if cut != short and first in ("The", "A", "An", "No") else said


def elements_label(p) -> str:
    """The label over a provision's elements: 'Elements:'; its alternatives, 'It follows if any one of
    these holds:' (plain words, not 'Ways it could follow:': trainer review 16, G1);
    alternatives that each hold (a conclusion on two grounds), 'It follows on each of these grounds:'."""
    if not p.alternatives:
        return "Elements:"
    if p.outcome == "true" and p.elements and all(e.status == "true" for e in p.elements):
        return "It follows on each of these grounds:"
    return "It follows if any one of these is met:"


def readings_heading() -> str:
    """The heading over the readings on a trainee's page: they are the tool's, not a court's."""
    return "Our readings"


def readings_lead() -> str:
    """The line under it: what a reading is, said as ours."""
    return "Where the statute's words leave room, the argument reads them so: our readings, not a court's."


def burden_reading(citation: str, reason: str, element: bool = False) -> str:
    """A presumption's burden as one of our readings: 'Who must raise the exception of s. 348.19(3)
    (the excerpt does not say): the motor-home exception (except that ...) is for the operator
    claiming it to raise.' ('' without a reason). element: the presumption fills an element of what
    is concluded, not an exception ('Who must raise an element of s. 348.21(2)(a) the case does not
    mention ...: the case raises no violation of s. 348.17(2) ...'; trainer review 15, 06)."""
    if not reason:
        return ""
    what = "an element of {} the case does not mention" if element else "the exception of {}"
    return f"Who must raise {what.format(cite(citation))} (the excerpt does not say): {reason[:1].lower()}{reason[1:]}"


def presumed_heading() -> str:
    """The heading over the presumptions on a trainee's page: who must raise an exception is the
    tool's reading of the burden of proof (each rule file declares it), said as ours."""
    return "Assumed, because the case does not raise them (our reading of who must raise each):"


# -- the facts box: every fact the argument uses, and how the case gives it --------------------------
SILENT = "the case is silent: taken as not so"
NONE_LISTED = "the case's facts list none: taken as not so"
_NONE_OF = re.compile(r"the case's facts list (no (?:such )?[a-z ]+): taken as none")


def none_listed(what: str = "") -> str:
    """The source of a fact false because the case lists no entity that could make it so: 'the case
    lists no prior conviction: taken as none' (what: 'no prior conviction', 'no such prior
    conviction'), never 'the case is silent' (the case may say so in its description)."""
    return f"the case's facts list {what}: taken as none" if what else NONE_LISTED


def listed_none(source: str) -> str | None:
    """What a none_listed source says the case lists none of ('no prior conviction'; '' for the
    plain NONE_LISTED), or None for another source."""
    if source == NONE_LISTED:
        return ""
    m = _NONE_OF.fullmatch(source)
    return m.group(1) if m else None
# the mark of each status, led by the one word the reader learns for it (trainer review 12, G2 and
# 04: "assumed" in the box and "presumed" in the argument for one status): "assumed", "taken as
# none", "implied", "not stated"; the lead line says which of those the box uses
FACT_MARKS = MappingProxyType({"stated": "stated", "assumed": "assumed — the case's facts do not mention it", "implied": "implied",
              "closed": "assumed — the case does not state the contrary",
              "none": "taken as none — the case's facts list none",
              "open": "not stated; each possibility is argued below",
              "unknown": "not stated",
              "timing": "assumed", "record": "assumed"})


def facts_box_heading() -> str:
    return "The facts the argument uses"


# the first word of each mark, as the lead line names it
_MARK_WORD = MappingProxyType({"assumed": "assumed", "closed": "assumed", "timing": "assumed",
                               "none": "taken as none", "implied": "implied", "open": "not stated",
                               "unknown": "not stated", "record": "assumed"})


def facts_box_lead(hows=("stated",), scenario: bool = False) -> str:
    """The line under it, in plain words: 'Stated in the case, unless marked assumed or taken as
    none.' (the marks the box uses), or 'Each is stated in the case.' (trainer review 12, G2: not
    'Each is stated in the case file, taken as none because ... or assumed where the law counts to
    this case's conviction, not yet reached'). With a scenario printed above the box and a fact
    assumed or taken as none, it says that the scenario's words are not read: a fact is stated only
    where the case's facts give it (trainer review 16, 08: 'first offence' and 'grain truck' in the
    scenario, 'no prior conviction — taken as none' and 'not ... raw forest products — assumed' in
    the box, each label then untrue of the case as the reader sees it)."""
    used = {_MARK_WORD[h] for h in hows if h in _MARK_WORD}
    marks = [m for m in ("assumed", "taken as none", "implied", "not stated") if m in used]
    if not marks:
        return "Each is stated in the case."
    listed = marks[0] if len(marks) == 1 else ", ".join(marks[:-1]) + " or " + marks[-1]
    unread = f" {SCENARIO_UNREAD}" if scenario and ("assumed" in used or "taken as none" in used) else ""
    return f"Stated in the case, unless marked {listed}.{unread}"


# the scenario is the case's own summary in free words, which the reasoner does not read: what the
# argument takes as none or assumes is of the case's facts, whatever the scenario says of it
SCENARIO_UNREAD = ("The scenario's words above are not read, only the case's facts: one they leave out is "
                   "assumed or taken as none even where the scenario speaks of it.")


MAX_PARTY_FACTS = 6   # one party's stated facts said in its line of the facts box; more: counted


def party_fact_short(text: str, party: str, person: bool = False) -> str:
    """A fact of one party said in that party's line, without its name ('the distance between the
    snowmobile and the roadway is 60 feet', 'it took place at night', for the ride out). A person is
    never 'it': a person's fact keeps the name ('the host: the incident ... out of which the host's
    par. (a) charge arises', never 'its par. (a) charge': trainer review 15, 10)."""
    if not party or party not in text or person and not re.fullmatch(rf"{re.escape(party)} was ((?:not )?\w+ .+)", text):
        return text
    p = re.escape(party)
    role = re.fullmatch(rf"(.+) is {p}", text)
    if role and party not in role.group(1):   # a tie: the party is that role ('the person charged in count 2')
        return role.group(1)
    done = re.fullmatch(rf"{p} was ((?:not )?\w+ .+)", text)
    if done:   # 'Sam Ortiz: found guilty on the bar ride charge'; a person is never 'it' ('the older rider:
        # found guilty on the older rider's checkpoint stop par. (a) charge', never 'it was found guilty on
        # its ...': trainer review 14's case writer)
        return done.group(1)
    out = re.sub(rf"(?<![\w-]){p}'s(?![\w-])", "its", text)
    out = re.sub(rf" (?:during|of|in|for|on|by|from|to|over) {p}(?![\w-])", "", out)
    out = re.sub(rf"^{p}(?![\w-])", "it", out)
    return out if party not in out else text


def party_facts_line(party: str, texts, person: bool = False) -> str:
    """One party's stated facts in one line of the facts box, at most MAX_PARTY_FACTS, then counted:
    'the ride out: the clock time is 15:40; it took place on a highway ...; and 2 more stated facts,
    each given where the argument below uses it' (trainer review 11, G8)."""
    texts = list(texts)
    # one fact more than the limit is said, never counted ('and 1 more, in its argument below':
    # trainer review 14, 12); more are counted in plain words
    keep = len(texts) if len(texts) == MAX_PARTY_FACTS + 1 else MAX_PARTY_FACTS
    shown = [party_fact_short(t, party, person) for t in texts[:keep]]
    more = f"; and {len(texts) - len(shown)} more stated facts, each given where the argument below uses it" \
        if len(texts) > len(shown) else ""
    return f"{party}: {'; '.join(shown)}{more}"


def lines_note(notes) -> str:
    """'case file lines 5, 7 and 9' for the notes ('case file line 5', ...) of the facts one line says."""
    lines = [m.group(1) for n in notes for m in [re.fullmatch(r"case file line (\d+)", n or "")] if m]
    lines = list(dict.fromkeys(lines))
    if not lines:
        return ""
    return f"case file line {lines[0]}" if len(lines) == 1 else f"case file lines {', '.join(lines[:-1])} and {lines[-1]}"


def fact_mark(how: str, what: str = "") -> str:
    """The mark of a fact in the facts box: 'stated', 'assumed — the case is silent', 'implied';
    for a fact no entity the case lists makes so, what it lists none of: 'the case lists no prior
    conviction (taken as none)'."""
    if how == "none" and what:
        return f"taken as none — the case's facts list {what}"
    if how == "timing" and what:   # the count is stated; only this case's conviction date is assumed
        return f"stated; assumed: {what}"
    if how == "record" and what:
        return f"assumed: {what}"
    return FACT_MARKS.get(how, how)


def fact_note(how: str, line: int = 0, citation: str = "", reason: str = "", source: str = "",
              lines: bool = True) -> str:
    """What follows a fact's mark: its case-file line ('case file line 6'); for an assumption, the
    presumption and whose burden it is ('s. 350.045: the operator relying on it must raise it'), or
    'taken as not so'; for an implied fact, the line it follows from and why."""
    if how == "stated":
        return f"case file line {line}" if line else "case file"
    if how == "implied":
        said = source[len("implied by "):] if source.startswith("implied by ") else source
        if not lines:   # a trainee's edition: no case file at hand, so no line of it ('stated: ...')
            said = re.sub(r"^(?:the )?case file(?: line \d+)?", "stated", said)
        return said
    if citation:
        return f"{cite(citation)}: {reason}" if reason else cite(citation)
    if how in ("closed", "none"):   # the mark says it: what the case does not state is taken as not so
        return ""
    return "taken as not so"


def fact_for_others(text: str, others: list) -> str:
    """A fact of the facts box said once for several parties: 'the first vehicle and its load were
    weighed by a traffic officer; the same for the second vehicle, the third vehicle and the fourth
    vehicle'."""
    listed = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
    return f"{text}; the same for {listed}"


def joined_notes(notes: list) -> str:
    """The notes of facts said as one: their case-file lines together ('case file lines 5, 14 and
    23'), else the distinct notes joined."""
    lines = [n[len("case file line "):] for n in notes if n.startswith("case file line ")]
    if lines and len(lines) == len(notes):
        return "case file lines " + (lines[0] if len(lines) == 1 else ", ".join(lines[:-1]) + " and " + lines[-1])
    said = list(dict.fromkeys(n for n in notes if n))
    return "; ".join(said)


def far_presumed(citations: list) -> str:
    """The facts box's line for the exceptions of provisions the handout does not argue, each presumed
    not raised: 'no exception under s. 350.05(3) (2 exceptions), s. 350.07 or s. 350.10(1)(j) (3
    exceptions) was raised (10 in all, of provisions not argued here)'."""
    from ..law.index import statute_order
    counts = Counter(citations)
    said = [cite(c) + (f" ({counts[c]} exceptions)" if counts[c] > 1 else "") for c in statute_order(set(counts))]
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]
    return f"no exception under {listed} was raised ({len(citations)} in all, of provisions not argued here)"


def far_presumed_note() -> str:
    return "each assumed not raised: the party it would benefit must raise it"


def fact_line(text: str, how: str, note: str) -> str:
    """One fact of the box in one line (text, Word): 'the speed ... is 25 mph — stated (case file line 10)'."""
    return f"{text} — {fact_mark(how)}" + (f" ({note})" if note else "")


# -- assumptions a prosecutor would be asked about (trainer review 4): said beside the fact -------
# the words a case may use for a building the statute calls by another word; the longest first
CASE_WORDS = MappingProxyType({"dwelling": ("lake cottage", "farm house", "farmhouse", "cottage", "cabin", "lodge",
                                            "residence", "house")})
# the words that make a figure in a case's description an estimate ('about 25 mph')
APPROXIMATE = ("about", "approximately", "around", "roughly", "some", "an estimated", "estimated at")


def building_note(case_word: str, statute_word: str) -> str:
    """'the farmhouse, taken as a dwelling: our reading'."""
    return f"the {case_word}, taken as a {statute_word}: our reading"


def building_reading(case_word: str, statute_word: str) -> str:
    """The reading of a building the case calls by another word, as 'Our readings' lists it: 'The
    cabin of the case is a dwelling: the case calls the building a cabin, and the statute's word
    is read to include it.'"""
    return (f"The {case_word} of the case is a {statute_word}: the case calls the building a {case_word}, "
            f"and the statute's word is read to include it.")


def approximate_note(said: str, threshold: str = "", margin: str = "") -> str:
    """'the case says about 25 mph, an estimate; the answer would change only at 10 mph, 15 mph
    away, so the estimate does not matter unless it is that far off'."""
    head = f"the case says {said}, an estimate"
    if not threshold:
        return head
    return (f"{head}; the answer would change only at {threshold}, {margin} away, so the estimate does not "
            f"matter unless it is that far off")


INCIDENT = "the incident"   # what a case's month count runs to: the weighing, the refusal, the ride


def incident_of(answer: Any) -> str:
    """What the case's incident is, where the saved question's `incident:` names it by a predicate
    the answer's proof establishes ('the weighing', 'the refusal'); else 'the incident'."""
    named = dict(getattr(getattr(answer, "saved", None), "incident", None) or {})
    proof = getattr(answer, "proof", None)
    if named and proof is not None:
        true = {d.get("pred") for _, d in proof.nodes(data=True) if d.get("status") == "true"}
        for pred, word in named.items():
            if pred in true:
                return str(word)
    return INCIDENT


def entered_within(left: int, incident: str = INCIDENT) -> str:
    """The assumption a count of months to the incident needs where the law counts to this case's
    conviction (trainer review 11, G3): 'this case's conviction is entered within 1 month of the
    incident' (incident: what the case's incident was, where the question's rules tell: 'the refusal')."""
    if left <= 0:   # a prior exactly at the period's end: no whole month is left (review 13, G1: never 'within 0 months')
        return f"this case's conviction is entered before another month passes after {incident}"
    unit = "month" if left == 1 else "months"
    return f"this case's conviction is entered within {left} {unit} of {incident}"


def after_months(n: int) -> str:
    """When a later conviction's change holds: 'after 7 months'; with no whole month left, 'once a
    month has passed' (never 'after 0 months')."""
    return "once a month has passed" if n <= 0 else f"after {n} {'month' if n == 1 else 'months'}"


def to_incident(text: str, counted: str, incident: str = INCIDENT) -> str:
    """A month count's sentence as the case gives it, to the incident: 'the number of months from
    the conviction 11 months earlier to the incident is 11 months' (counted: the law's words for the
    conviction it counts to, 'to the current conviction')."""
    return text.replace(counted, f"to {incident}")


# a month count as the case gives it, bare ('the number of months from the old conviction (original
# judgment ...) to the current conviction is 14 months'), said alone or as one of a line's '; '-joined facts
_GIVEN_COUNT = re.compile(rf"(the number of months from (?:(?!; ).)+?) {PENDING}( is \d+ months?)(?=$|; |,(?: which is)? more than )")


def given_to_incident(text: str, incident: str = INCIDENT) -> str:
    """Each month count the case gives, said as the case gives it, to the incident: a case cannot
    give the months to the current conviction, which is not yet entered (s. 348.21(4): 'within a
    given 12-month period' counts from one conviction to the next), so every count it gives runs to
    the incident, whether it falls within the period or past it: 'the number of months from the old
    conviction to the weighing is 14 months', never '... to the current conviction is 14 months'
    beside '... to the weighing is 3 months' (trainer review 16, 05, G5). A count past the period to
    the incident is past it to the later conviction too, so it needs no assumption; one within it is
    said with its assumption (counted_to_incident): a comparison that finds it within the period
    ('..., which is at most 12 months') is left to that; one that finds it past ('..., more than the
    12 months named in s. 348.21(4)') is said to the incident too."""
    return _GIVEN_COUNT.sub(lambda m: f"{m.group(1)} to {incident}{m.group(2)}", text or "")


def counted_to_incident(text: str, counted: str, condition: str, incident: str = INCIDENT) -> str:
    """The argument's line that compares the count with the period, to the incident and with the
    assumption it needs (as the facts box says it): 'the number of months from the 2023 scale
    refusal ... to the refusal is 4 months, which is at most 12 months (assumed: this case's
    conviction is entered within 8 months of the refusal)'."""
    return f"{to_incident(text, counted, incident)} (assumed: {condition})"


def assumed_sentence(results: list, lefts: list, incident: str = INCIDENT, several: bool = False) -> str:
    """The assumption said with the answer (ask, JSON; results: the answer now, then the later
    answers' changed clauses): 'Assumed: this case's conviction is entered within 8 months of the
    refusal; otherwise $50.00 to $100.00 (s. 348.21(2)(a)).'"""
    if not any(results[1:]):   # the same answer if it comes later: still an assumption, said
        return f"Assumed: {entered_within(lefts[0], incident)}; the answer is the same if it is entered later."
    # a later date that changes nothing ('') is the answer now: a count another count already makes
    # up for (the first of three trucks' 9-month judgment beside its 5-month deposit) is no step
    results = [r or results[0] for r in results]
    if several:   # an answer about several subjects (its rows): each change names its own
        return _assumed_by_subject(results, lefts, incident)
    steps = _steps([otherwise_amount(r) for r in results], lefts)   # the first's words are not said
    said = [f"Assumed: {entered_within(steps[0][0], incident)}"]
    said += [f"{r} if within {n} {'month' if n == 1 else 'months'}" for n, r in steps[1:-1]]
    return "; ".join(said + ([f"otherwise {steps[-1][1]}"] if steps[-1][1] else [])) + "."


def clauses_of(text: str) -> list:
    """A short answer's clauses, one per subject ('the forfeiture ... of t1: ...; the forfeiture ... of t2: ...')."""
    return [c for c in re.split(r"; |\.\s+(?=[A-Z])", text.strip().rstrip(".")) if c]


def _kept_subject(clause: str) -> str:
    """A clause's amount said as a range, its subject kept (several subjects: each change names its
    own): 'the forfeiture ... of t2: $50.00 to $100.00 (s. 348.21(3)(a))'."""
    said = re.sub(r"not less than (\$[\d,.]+) nor more than (\$[\d,.]+)", r"\1 to \2", clause)
    said = re.sub(r"^The ", "the ", said)   # said inside the sentence, not at its start
    return re.sub(r"[;,] (?:each )?(?:to be prosecuted|imposed on) .*$", "", said).rstrip(".")


def later_said(later: str, several: bool) -> str:
    """A later answer's changed clauses as the JSON's "otherwise" and "steps" give them: its range
    alone for one subject ('$128.00 to $278.00 (s. 348.21(3)(b)1)'); each clause with its subject
    for several (the JSON of three trucks gave the first truck's range with no name before the
    second's with its name)."""
    if not several:
        return otherwise_amount(later)
    return "; ".join(_kept_subject(c) for c in clauses_of(later))


def _assumed_by_subject(results: list, lefts: list, incident: str) -> str:
    """The assumption of an answer about several subjects: the date that keeps the answer as it is,
    then each subject's change with the months after which it holds (trainer review 13's case
    writer: one date, several vehicles, each amount under the month it changes at): 'Assumed: this
    case's conviction is entered within 7 months of the weighing; if it is entered later: the
    forfeiture ... of t1: $394.00 to $544.00 (s. 348.21(3)(b)1) after 7 months; the forfeiture ...
    of t2: $50.00 to $100.00 (s. 348.21(3)(a)) after 8 months.'"""
    now = clauses_of(results[0])
    subject = {c.partition(": ")[0]: c for c in now}
    changes = []
    first = None
    for n, later in zip(lefts, results[1:]):
        for c in clauses_of(later):
            head = c.partition(": ")[0]
            if subject.get(head) != c:
                subject[head] = c
                first = n if first is None else first
                changes.append(f"{_kept_subject(c)} {after_months(n)}")
    if first is None:
        return f"Assumed: {entered_within(lefts[0], incident)}; the answer is the same if it is entered later."
    return f"Assumed: {entered_within(first, incident)}; if it is entered later: {'; '.join(changes)}."


def timing_conclusion(conclusion: str, sentence: str) -> str:
    """A conclusion that holds only under the assumption, with what holds otherwise: the
    conclusion, then 'That holds only if ...; otherwise ...'."""
    said = sentence.replace("Assumed: ", "That holds only if ", 1)
    return f"{conclusion.rstrip().rstrip('.')}. {said}"


def otherwise_amount(otherwise: str) -> str:
    """The answer when this case's conviction comes too late, its amount as the table says a range,
    without the subject it repeats: '$128.00 to $278.00 (s. 348.21(3)(b)1)'. A later answer that
    itself turns on a fact keeps its cases, each without the subject: 'if the judgment ... was
    affirmed ..., $388.00 to $588.00 (s. 348.21(3)(b)2); if not, $230.00 to $380.00 (s.
    348.21(3)(b)1)' (the subject was cut with the condition before it: '$388.00 ...; if not, the
    forfeiture ...')."""
    if re.search(r"(?:^|; )(?:If |if not, )", otherwise):
        kept = []
        for c in otherwise.rstrip(".").split("; "):
            if re.match(r"(?:to be prosecuted|imposed on) ", c):
                continue
            head, sep, rest = c.partition(": ")
            if sep:
                cut = head.rfind(", ")
                c = (head[:cut + 2] if cut >= 0 else "") + rest
            kept.append(re.sub(r"not less than (\$[\d,.]+) nor more than (\$[\d,.]+)", r"\1 to \2", c))
        said = "; ".join(kept)
        return (said[:1].lower() + said[1:]).rstrip(".")
    said = otherwise.split(": ", 1)[1] if ": " in otherwise else otherwise[:1].lower() + otherwise[1:]
    said = re.sub(r"not less than (\$[\d,.]+) nor more than (\$[\d,.]+)", r"\1 to \2", said)
    # whom it binds is the answer's own offender, said there: not again in the note
    said = re.sub(r"[;,] (?:to be prosecuted|imposed on) .*$", "", said)
    return said.rstrip(".")


def timing_note(otherwise: str) -> str:
    """What follows the assumed mark: 'otherwise $128.00 to $278.00 (s. 348.21(3)(b)1)'."""
    said = otherwise_amount(otherwise)
    return otherwise_said(said) if said else ""


def _steps(results: list, lefts: list) -> list:
    """(months left, the result within them) for each step, the last the result after them all,
    consecutive equal results said once."""
    steps: list = []
    for left, said in zip([*lefts, None], results):
        if steps and steps[-1][1] == said:
            steps[-1] = (left, said)
        else:
            steps.append((left, said))
    return steps


def on_timing(results: list, lefts: list, incident: str = INCIDENT) -> str:
    """A result that holds only if this case's conviction comes in time, with what holds later (a
    table cell; results: the result now, then with the conviction entered after each of lefts):
    '$230.00 to $430.00 (s. 348.21(3)(b)2) if this case's conviction is entered within 1 month of the
    incident; otherwise $128.00 to $278.00 (s. 348.21(3)(b)1)'."""
    steps = _steps([otherwise_amount(r) if i else r for i, r in enumerate(results)], lefts)
    said = [f"{r} if {entered_within(n, incident)}" if i == 0 else f"{r} if within {n} {'month' if n == 1 else 'months'}"
            for i, (n, r) in enumerate(steps[:-1])]
    return "; ".join(said + ([otherwise_said(steps[-1][1])] if steps[-1][1] else []))


def otherwise_said(result: str) -> str:
    """'otherwise $128.00 to $278.00 (...)'; a result that itself turns on a fact, 'otherwise, if
    ..., $388.00 to $588.00 (...); if not, ...'."""
    return f"otherwise, {result}" if result.startswith("if ") else f"otherwise {result}"


def timing_sentence(results: list, lefts: list, incident: str = INCIDENT) -> str:
    """The same said after a one-party answer (results: the answer now, then the later answers'
    changed clauses): 'That holds only if this case's conviction is entered within 8 months of the
    incident; otherwise $50.00 to $100.00 (s. 348.21(2)(a)).'"""
    steps = _steps([otherwise_amount(r) if i else r for i, r in enumerate(results)], lefts)
    said = [f"That holds only if {entered_within(steps[0][0], incident)}"]
    said += [f"{r} if within {n} {'month' if n == 1 else 'months'}" for n, r in steps[1:-1]]
    return "; ".join(said + ([f"otherwise {steps[-1][1]}"] if steps[-1][1] else [])) + "."


def no_violation_on_reading(citation: str, reading: str, otherwise: str = "") -> str:
    """A results-table row our reading decides (review 6, 09; review 7, 09): the row names the reading
    that would change it, 'no violation of s. 350.02(2)(b)4, unless the missing 4.b adds a condition to
    the trail exception' (otherwise: the other reading's words); with no words for it, ours: 'no
    violation of s. 350.02(2)(b)4 on our reading: the trail exception needs only 4.a and 4.c ...'."""
    if otherwise:
        return f"no violation of {cite(citation)}, unless {otherwise}"
    return f"no violation of {cite(citation)} on our reading: {reading}" if reading \
        else f"no violation of {cite(citation)} on our reading"


def possibly(said: str) -> str:
    """A result one possible world gives, not established: 'possibly $50.00 to $100.00'."""
    return f"possibly {said}"


def otherwise_on_reading(results, reading: str, citation: str, key: str = "") -> str:
    """A results-table row another reading of the law changes (review 7, 11): '$50.00 to $100.00 if the
    court counts the original judgment (s. 348.21(4) 'may')'; results: the row's results under that
    reading; reading: that reading in words (a clause), '' when its rule file gives none; key: the
    statute's word the readings differ on, quoted ('' : 'another reading of s. 348.21(4)')."""
    said = " or ".join(results) if results else "no result"
    if results and all(r.startswith("possibly ") for r in results):
        # that reading leaves the row open: 'open if the owner must also have known ...', never
        # 'Quinn Adler; possibly Quinn Adler if ...' beside the result this reading finds
        said = "open"
    if key and citation:
        where = f"{cite(citation)} '{key}'"
    else:
        where = f"another reading of {cite(citation)}" if citation else "another reading"
    return f"{said} if {reading} ({where})" if reading else f"{said} on {where}"


_CITED = re.compile(r"ss?\. \d+\.\d+[\w()]*")
# what the law says is to be done against a person, as penalty_clause (prose.glosses) says it: 'to be
# prosecuted, where practicable, against the owner of the first vehicle (authority holder) under s.
# 348.20(1)'; under a table whose row names that person, repeated once a row (trainer review 6, 11)
_AGAINST = re.compile(r"(?i)to be [^()]+? against (?P<who>.+) under ss?\. \S+")
# the same of a person another sentence of s. 348.20(1) names: 'to be prosecuted against Nora Brandt (the
# driver's employer, liable along with the authority holder under s. 348.20(1), second sentence)'
_AGAINST_AS = re.compile(r"(?i)to be prosecuted against (?P<who>[^()]+?) \(the [^()]*(?:\([^()]*\)[^()]*)*\)")
TABLE_IS_THE_ANSWER = "As in the table above."
# 'Read otherwise (...), it would be no longer established that the sled owner violated s. 350.09(7); ...'
# is a note on the reading, kept whole: its clause names a party and a provision the party's row cites,
# yet the row gives this reading's result, not the other's (review 15b, 2: the box said the answer
# turns on a reading and went straight to 'No longer open whether ...', the change that matters left out)
_KEPT = ("The case's facts mention no ", "Taken as ", "Unless ", "This answer turns on the reading of ", "The facts that would decide", "Not examined", "Not decided",
         "Not raised by the case", "Undetermined only on provisions the case does not raise", "Read otherwise (")
# the law's lead of a question narrower than the case (a query's `otherwise:`), said of the party it is
# about ('The first vehicle: no other condition ... so s. 348.25 (2) (b) applies instead: the excess
# ...'): the law the table's cell only names, kept though it names a party (trainer review 8, 12)
_KEPT_WITHIN = (" applies instead: ",)
# said of an amount only a provision outside the excerpt gives ('the permit-condition forfeiture for the
# second vehicle is the forfeiture for operating it ... without a permit (s. 348.11), which the excerpt
# does not contain'): what the table's cell only names, kept, said as a plain sentence (trainer review 13)
OUTSIDE_LACKED = "which the excerpt does not contain"


def table_answer(short: str, rows: list) -> str:
    """The answer box of a handout whose table of parties gives each party's result (issue 46, item 4;
    trainer review 6, 11: 'the Answer box repeats the table in prose'): the table is the answer, so the
    box says only what the table cannot. A sentence is left out when each of its clauses ('; ') names
    a party of the table and a provision its row cites too (its result), or when it counts the rows
    ('Of 5 vehicles: 2 no, 3 yes.'); a note (what is taken as none, the reading it turns on, what is
    not examined) and any clause the table does not carry keep the sentence. rows: each row's cells
    (prose.argument.table_cells)."""
    if len(rows) < 2 or not short:
        return short
    cells = [(str(r[0]).lower(), " ".join(str(c) for c in r).lower()) for r in rows if r and r[0]]

    def carried(clause: str) -> bool:
        low = clause.lower()
        against = _AGAINST.fullmatch(clause.strip()) or _AGAINST_AS.fullmatch(clause.strip())
        if against and any(against["who"].lower() in text for _, text in cells):
            return True   # 'to be prosecuted ... against X under s. 348.20(1)': the table's who-is-liable cell says X
        # a citation closing the clause's parenthesis ('(checked under s. 350.101)'): without it
        cited = [c[:-1] if c.endswith(")") and c.count(")") > c.count("(") else c for c in _CITED.findall(clause)]
        # a branch ('If the clock time ... is 07:00 or earlier, ..., X violated s. 350.10(1)(g)') is
        # carried only by a cell that says its result on a condition too (trainer review 14, 09)
        branch = low.startswith("if ") or re.match(r"[^:;]+: if (?!not,)", low) is not None
        return bool(cited) and any(re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", low)
                                   and any(c.lower() in text for c in cited) and (not branch or " if " in text)
                                   for name, text in cells)

    sentences = re.split(r"(?<=[.)])\s+(?=[A-Z])", short.strip())
    kept: list[str] = []
    for s in sentences:
        if not s or re.match(r"Of [\d,]+ [\w ]+: ", s) and not s.startswith(_KEPT):
            continue
        clauses = re.split(r";\s+", s.rstrip("."))
        if OUTSIDE_LACKED in s:   # 'Undetermined: the ... forfeiture for X is ...': the table says it is open
            kept.append(ended(cap_first("; ".join(c.removeprefix("Undetermined: ") for c in clauses
                                                  if OUTSIDE_LACKED in c or not carried(c)))))
            continue
        if _party_row_says(s, cells):   # 'The third vehicle: if ... $2,075.00 ...; if not, no forfeiture ...'
            continue
        if _reading_row_says(s, cells):   # 'Read otherwise (W), ... the fourth vehicle: not less than $67.00 ...'
            continue
        if s.startswith(_KEPT) or any(k in s for k in _KEPT_WITHIN) or not any(carried(c) for c in clauses):
            kept.append(s)
            continue
        head = re.match(r"([A-Z][\w ]*): ", s)
        # a clause the table does not carry, said on its own; the other branch of two ('if not, ...')
        # goes with the branch before it, never left alone after it (trainer review 14, 09)
        dropped = [carried(c) for c in clauses]
        for i, c in enumerate(clauses):
            # its branch: the nearest clause before it that opens one ('If A, ...', '...: if so, ...'),
            # never a clause said within that branch ('to be prosecuted ... against ...')
            opened = [j for j in range(i) if re.match(r"(?i)(?:[^:;]+: )?if (?!not,)", clauses[j]) or ": if so, " in clauses[j]]
            if c.startswith("if not, ") and opened:
                dropped[i] = dropped[opened[-1]]
        rest = [f"{head.group(1)}: {c}" if head and c.startswith("whether ") else c
                for c, gone in zip(clauses, dropped) if not gone]
        if rest:
            kept.append(ended(cap_first("; ".join(rest))))
    kept = _against_once(kept)
    if kept == sentences:
        return short
    return " ".join([TABLE_IS_THE_ANSWER] + kept)


# 'to be prosecuted, where practicable, against the person holding ... (s. 348.20(1)), whom the case
# does not name, for the crane lowboy': the party said after it is the row's, not the sentence's
# ('each to be prosecuted ...', said after several parties' rows, is the same note: trainer review 16, 12)
_FOR_PARTY = re.compile(r"(?i)^(?P<each>each (?:of these )?)?(?P<body>to be [^;]+? against .+?)(?:, for (?:the )?[\w' -]+)?$")


def _against_once(sentences: list) -> list:
    """The sentences with each 'to be prosecuted ... against ...' clause said once: the same role
    under the same sentence of s. 348.20(1) for each party of the table is one note under it (trainer
    review 15, 12: the s. 348.20(1) sentence printed four times in the Answer)."""
    note = f", {PRIORS_NOT_SHOWN}"

    def key_of(m: re.Match) -> str:   # one note, whether or not a party's priors are listed beside it
        return m.group("body").removesuffix(note).lower()

    # the note on the listed priors (glosses.penalty_clause) kept where any party's clause has it
    noted = {key_of(m) for s in sentences for c in re.split(r";\s+", s.rstrip("."))
             if (m := _FOR_PARTY.match(c.strip())) and m.group("body").endswith(note)}
    seen: set = set()
    out = []
    for s in sentences:
        clauses = re.split(r";\s+", s.rstrip("."))
        if not any(_FOR_PARTY.match(c.strip()) for c in clauses):
            out.append(s)
            continue
        rest = []
        for c in clauses:
            m = _FOR_PARTY.match(c.strip())
            key = key_of(m) if m else None
            if key is not None and key in seen:
                continue
            if key is not None and m is not None:
                seen.add(key)
                body = m.group("body").removesuffix(note) + (note if key in noted else "")
                c = (m.group("each") or "") + body
            rest.append(c)
        if rest:
            out.append(ended(cap_first("; ".join(rest))))
    return out


def _reading_row_says(sentence: str, cells: list) -> bool:
    """Whether a reading's 'Read otherwise (W), the forfeiture ... of the fourth vehicle: not less than
    $67.00 nor more than $217.00.' says only what that party's row says, amount and condition in its
    words ('$67.00 to $217.00 if the court counts the original judgment (s. 348.21(4) 'may')'): the
    sentence before it ('This answer turns on the reading of ...') still names the reading, the row
    gives what follows from the other (issue 46, item 4: the other reading's amount said three times,
    in the row, at the line it decides and in the Answer)."""
    m = re.match(r"Read otherwise \(([^()]*(?:\([^()]*\)[^()]*)*)\), (.+)$", sentence.strip(), re.S)
    if m is None:
        return False
    other, then = m.group(1).lower(), m.group(2).lower()
    amounts = list(dict.fromkeys(re.findall(r"\$[\d,]+\.\d\d", then)))
    if not amounts or ";" in then:
        return False
    said = f"{' to '.join(amounts)} if {other}"
    return any(re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", then) and said in text
               for name, text in cells)


def _party_row_says(sentence: str, cells: list) -> bool:
    """Whether a sentence headed by a party of the table ('The third vehicle: if the time ... is before
    09:00 or after 15:00, ... not less than $2,075.00 nor more than $2,225.00 (...); if not, no forfeiture
    ... follows; the case does not state the time ...') says only what that party's row says: each
    amount it gives in the row, 'no forfeiture' only where the row says it, each clause without an
    amount in the row's words (review 14, 12: the third tank's two ways said in the table and again
    in the box)."""
    head = re.match(r"([A-Z][\w ]*): (.+)$", sentence.strip(), re.S)
    if head is None:
        return False
    row = next((text for name, text in cells if name == head.group(1).lower()), None)
    if row is None:
        return False
    for clause in re.split(r";\s+", head.group(2).rstrip(".")):
        low = clause.lower()
        amounts = re.findall(r"\$[\d,]+\.\d\d", clause)
        if amounts:
            if not all(a in row for a in amounts):
                return False
        elif "no forfeiture" in low:
            if "no forfeiture" not in row:
                return False
        elif low.strip() not in row:
            return False
    return True


PENALTY_OUTSIDE = "The penalty for the violation is in "


def penalty_outside(cited: list) -> str:
    """The note under the first provision found violated whose penalty section the excerpt lacks:
    'The penalty for the violation is in s. 350.11, which is not in the excerpt.'"""
    said = cited[0] if len(cited) == 1 else ", ".join(cited[:-1]) + " and " + cited[-1]
    return f"{PENALTY_OUTSIDE}{said}, which {'is' if len(cited) == 1 else 'are'} not in the excerpt."


def outside_excerpt(cited: list) -> str:
    """The note under a quotation that cites provisions the excerpt lacks: 's. 350.11(3)(a)2 and 3,
    cited above, is not in the excerpt.' ('... and s. 348.175, cited above, are not in the excerpt.');
    '' for none."""
    if not cited:
        return ""
    said = cited[0] if len(cited) == 1 else ", ".join(cited[:-1]) + " and " + cited[-1]
    one = len(cited) == 1 and not cited[0].startswith("ss.")   # a run ('ss. 348.15 to 348.17') is plural
    return f"{said}, cited above, {'is' if one else 'are'} not in the excerpt."


# -- an undetermined answer as its branches (explain/cases.py branches; trainer review 10, item 2) ----------
_BOUND = re.compile(r"^(?:(?P<below>below) (?P<b>.+)|(?P<above>above) (?P<a>.+)|between (?P<lo>.+) and (?P<hi>.+)|(?P<at>.+))$")
# (at most, less than, at least, more than) by the value's type: a time is earlier or later, a date before or after
_RANGE_WORDS = MappingProxyType({
    "time": ("{} or earlier", "before {}", "{} or later", "after {}"),
    "date": ("on or before {}", "before {}", "on or after {}", "after {}"),
})
_RANGE_NUMBER = ("{} or less", "less than {}", "{} or more", "more than {}")
# two bounds: (at least, more than, at most, less than)
_BETWEEN = MappingProxyType({
    "time": ("at or after {}", "after {}", "at or before {}", "before {}"),
    "date": ("on or after {}", "after {}", "on or before {}", "before {}"),
})
_BETWEEN_NUMBER = ("at least {}", "more than {}", "at most {}", "less than {}")


def value_range(labels, type_name: str, with_unit=None) -> str:
    """The values of a run of a split's choices of one number, amount, time or date, in order
    (engine/exact/domains.py labels: 'below 150', '150', 'above 150', 'between 10 and 20'), as
    a reader says them: '150 feet or less', 'more than 150 feet', '22:30 or later', 'from 10 to 20
    mph' (with_unit: a number with its unit, prose/whatif.py's, given by the caller). '' when they
    cover every value."""
    first, last = _BOUND.match(labels[0]), _BOUND.match(labels[-1])
    if first is None or last is None:
        return ""
    show = with_unit if with_unit is not None and type_name == "number" else (lambda v: v)
    at_most, less, at_least, more = _RANGE_WORDS.get(type_name, _RANGE_NUMBER)
    low = None if first["below"] else (first["at"], True) if first["at"] else (first["a"] or first["lo"], False)
    high = None if last["above"] else (last["at"], True) if last["at"] else (last["b"] or last["hi"], False)
    if low is not None and low[0] == "any value":
        return ""
    if low is not None and high is not None and low == high:
        return show(low[0])
    if low is not None and high is not None:
        if low[1] and high[1]:
            return f"from {low[0]} to {show(high[0])}"
        from_, above, to, below = _BETWEEN.get(type_name, _BETWEEN_NUMBER)
        return f"{(from_ if low[1] else above).format(low[0])} and {(to if high[1] else below).format(show(high[0]))}"
    if high is not None:
        return (at_most if high[1] else less).format(show(high[0]))
    if low is not None:
        return (at_least if low[1] else more).format(show(low[0]))
    return ""


def value_condition(noun: str, values: str, unit: str | None = None) -> str:
    """'the distance between the snowmobile and ... is 150 feet or less' (the unit said with the
    values, not again in the noun: 'the distance in feet')."""
    if unit:
        noun = noun.replace(f" in {unit.replace('_', ' ')} ", " ", 1)
        noun = without_unit(noun)
    return f"{noun} is {values}"


def without_unit(noun: str) -> str:
    """A value's noun without the unit its input's words close on: the unit the values say, not again
    after the noun ('the speed ..., in miles per hour is more than 10 mph', trainer review 16, 09)."""
    return re.sub(r", in [a-z ]+$", "", noun)


def either_of(words) -> str:
    """Words of a closed set, or entities, one of which a fact takes: 'a or b', 'a, b or c'."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def branch_clause(condition: str, says: str, first: bool = False) -> str:
    """One branch of an undetermined answer: 'if the ride ..., Kelly Weber (the operator) violated s. 350.10(1)(g)
    in the ride'."""
    return f"{'If' if first else 'if'} {condition}, {says}"


def otherwise_clause(says: str) -> str:
    """The other branch of two: 'if not, ...'."""
    return f"if not, {says}"


_NO_PROVISION = re.compile(r"^(?P<subject>.+?) violated no provision (?P<rest>.+)$")


def none_by(says: str, persons: list[str], within: str, named: bool = True) -> str:
    """A branch with no violation, said of the persons the other branch finds liable where the answer
    names the operation ('the ride violated no provision of the ch. 350 excerpt ...' -> 'Kelly
    Weber (the operator) violated no provision of the ch. 350 excerpt ... in the ride'); the answer's
    own words otherwise. named=False: the case's one ride, which the other branch does not name
    ('violated s. 350.10(1)(g); if not, ... violated no provision of ...', no 'in the ride')."""
    m = _NO_PROVISION.match(says)
    if m is None or not persons or not within or m["subject"] != within:
        return says
    return f"{and_list(persons)} violated no provision {m['rest']}" + (f" in {within}" if named else "")


def _within(citation: str, section: str) -> str:
    """'(1)(c)' for 350.10(1)(c) in s. 350.10; '' for a citation outside it or the section itself."""
    return citation[len(section):] if citation.startswith(section + "(") else ""


def _subs(citations: list[str], section: str, join: str = "and") -> str:
    """'sub. (1)(c)' / 'subs. (1)(c) and (1)(g)' within SECTION; a citation outside it in full."""
    inner = [_within(c, section) for c in citations]
    said = inner if all(inner) else [cite(c) for c in citations]
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" {join} " + said[-1]
    return f"{'sub.' if len(said) == 1 else 'subs.'} {listed}" if all(inner) else listed


def exemption_unreached(fact: str, loc: str, exception: str, defeats: list[str], violated: list[str]) -> str:
    """The exemption a stated fact meets said under a violation it does not reach (answer/exemptions.py):
    'Not a defence: the trapline ride took place on land under the management and control of the
    operator's immediate family (case file line 15), but s. 350.10(2) exempts only sub. (1)(c); it does not
    reach sub. (1)(g).' (trainer review 11, 10: a trainee asks whether the family's farm helps)."""
    section = exception.split("(", 1)[0].strip()
    where = source(loc)
    reach = _subs(violated, section, "or")
    return (f"Not a defence: {fact}{f' ({where})' if where else ''}, but {cite(exception)} exempts only "
            f"{_subs(defeats, section)}; it does not reach {reach}.")


def counted_together(parties: list[str]) -> str:
    """'the first and third vehicles' for 'the first vehicle' and 'the third vehicle' (names that count
    one noun); the names listed ('the crane and the lowboy') otherwise."""
    counted = [re.fullmatch(r"the (\w+) (\w+)", p) for p in parties]
    if len(parties) > 1 and all(counted) and len({m.group(2) for m in counted if m}) == 1:
        noun = counted[0].group(2) if counted[0] else ""
        plural = noun[:-1] + "ies" if re.search(r"[^aeiou]y$", noun) else \
            noun + ("es" if re.search(r"(?:s|x|z|ch|sh)$", noun) else "s")
        words = [m.group(1) for m in counted if m]
        return "the " + (", ".join(words[:-1]) + f" and {words[-1]}") + f" {plural}"
    return and_list(parties)

"""Interview questions: what `reasoner interview` asks, in words (the prose layer's one place for
them; apps/interview.py decides what to ask and reads the replies)."""
from __future__ import annotations

import re
from types import MappingProxyType

from ..language.domains import describe
from .cite import cite
from .sentences import article

KINDS = MappingProxyType({"number": "a number", "money": "dollars, e.g. 125.50", "time": "a clock time HH:MM",
         "date": "a date YYYY-MM-DD", "symbol": "a lowercase word", "string": "text"})


# 'SUBJECT did not VERB ...': the one negation of a statement, at its auxiliary verb
_NEGATED = re.compile(r"(?P<subject>.+?) (?P<aux>did|does|do|was|were|is|are|has|have|had) not (?P<rest>.+)")
_NEGATION = re.compile(r"\b(not|no|never|none|nor|neither|without)\b|n't\b", re.IGNORECASE)


def positive_question(sentence: str):
    """'Did the operator of op1 comply with a stop sign ...?' for the statement 'the operator of op1
    did not comply with a stop sign ...' (an @input whose own template is a negative, such as
    failed_to_obey_regulatory_sign): the question asks the positive, and a yes means the input is
    false. None when the sentence is not one plain negation at its auxiliary verb (then it is asked
    as it stands: 'Is it so that ...?')."""
    m = _NEGATED.fullmatch(sentence)
    if m is None or _NEGATION.search(m["subject"]) or _NEGATION.search(m["rest"]):
        return None
    return f"{m['aux'].capitalize()} {m['subject']} {m['rest']}"


def ask_input(sentence: str, type_: str, choices=(), param=None, note: str = "", names=(),
              person: bool = False) -> str:
    """The question and how to answer it, as the terminal asks: 'Did the ride take place at night?
    [y/n/unknown]'; 'What is the distance ...? (a number, at least 0 feet; or unknown)'."""
    return f"{question_text(sentence, type_, note, names, person)} {answer_hint(type_, choices, param)}"


# -- a statement asked as a yes/no question ---------------------------------------------------------------
# 'X is/was/are/were/can ...' -> 'Is/Was ... X ...?'; 'X has been ...' -> 'Has X been ...?'
_AUX = frozenset({"is", "was", "are", "were", "can"})
_PERFECT = frozenset({"has", "have", "had"})
# a verb in the past or the present (third person) -> the auxiliary and its plain form; words that
# also read as a participle inside a subject ('the trail used in', 'the injury suffered in') are not here
_VERBS = MappingProxyType({
    "took": ("Did", "take"), "travelled": ("Did", "travel"), "violated": ("Did", "violate"),
    "failed": ("Did", "fail"), "refused": ("Did", "refuse"), "made": ("Did", "make"),
    "displayed": ("Did", "display"), "stopped": ("Did", "stop"), "submitted": ("Did", "submit"),
    "drove": ("Did", "drive"), "filed": ("Did", "file"), "directed": ("Did", "direct"),
    "required": ("Did", "require"), "permitted": ("Did", "permit"), "reloaded": ("Did", "reload"),
    "unloaded": ("Did", "unload"), "carried": ("Did", "carry"), "asked": ("Did", "ask"),
    "demanded": ("Did", "demand"), "marked": ("Did", "mark"), "rendered": ("Did", "render"),
    "completed": ("Did", "complete"), "paid": ("Did", "pay"),
    "holds": ("Does", "hold"), "displays": ("Does", "display"), "exceeds": ("Does", "exceed"),
    "exceed": ("Do", "exceed"), "limits": ("Does", "limit"), "uses": ("Does", "use"),
    "designates": ("Does", "designate"), "identifies": ("Does", "identify"),
    "purchases": ("Does", "purchase"), "consists": ("Does", "consist"), "meets": ("Does", "meet"),
    "cause": ("Do", "cause"), "lies": ("Does", "lie"), "projects": ("Does", "project"),
})
_RELATIVE = frozenset({"which", "whom", "whose", "where"})
_WORD = re.compile(r"\S+")


def yes_no_question(sentence: str, names=()) -> str | None:
    """The statement as a yes/no question in its own words: 'the snowmobile trail used in the ride
    is separated from the roadway by a head lamp barrier' -> 'Is the snowmobile trail used in the
    ride separated from the roadway by a head lamp barrier?'; 'the ride took place at night' ->
    'Did the ride take place at night?'. names: the entities' names in it (never read as its verb).
    None when its verb is not found (then it is asked 'Is it so that ...?')."""
    masked, kept = sentence, []
    for i, name in enumerate(sorted({n for n in names if n}, key=len, reverse=True)):
        if name in masked:
            token = f"\x00{i}\x00"
            masked = masked.replace(name, token)
            kept.append((token, name))
    words = _WORD.findall(masked)
    skip = 0
    out = None
    for i, w in enumerate(words[1:], 1):
        subject = words[:i]
        low = w.lower()
        verb: tuple[str, list[str]]
        if low in _AUX:
            verb = (low.capitalize(), [])
        elif low in _PERFECT and i + 1 < len(words) and (words[i + 1] == "been" or words[i + 1].endswith(("ed", "en"))):
            verb = (low.capitalize(), [])
        elif low in _VERBS:
            aux, base = _VERBS[low]
            verb = (aux, [base])
        else:
            continue
        if skip < sum(1 for s in subject if s.lower() in _RELATIVE):   # a relative clause's verb
            skip += 1
            continue
        rest = words[i + 1:]
        if verb[1] and len(rest) >= 2 and rest[0] in ("and", "or"):
            second = rest[1].lower().rstrip(",;")
            if second in _VERBS:   # 'failed or refused,' -> 'fail or refuse,'
                rest = [rest[0], _VERBS[second][1] + rest[1][len(second):]] + rest[2:]
        adverb = []
        if len(subject) > 1 and subject[-1].endswith("ly"):    # 'P satisfactorily completed'
            subject, adverb = subject[:-1], [subject[-1]]
        out = " ".join([verb[0], *subject, *adverb, *verb[1], *rest])
        break
    if out is None:
        return None
    for token, name in kept:
        out = out.replace(token, name)
    return out.rstrip(".") + "?"


def question_text(sentence: str, type_: str, note: str = "", names=(), person: bool = False) -> str:
    """The question in words, without the hint of how to answer: 'Is the snowmobile trail used in
    the ride separated from the roadway by a head lamp barrier?' for a boolean input ('Did the
    operator of the ride comply ...?' for a negative statement, positive_question); 'What is the
    distance ...?' or 'Who is the operator of the ride?' for a value."""
    noted = f" (note: {note})" if note else ""
    if type_ == "boolean":
        positive = positive_question(sentence)
        if positive is not None:
            asked = f"{positive}?"     # a question already: 'Did the operator ... comply ...' 
        else:
            asked = yes_no_question(sentence, names) or f"Is it so that {sentence}?"
        return asked[:-1] + noted + "?"
    return f"{'Who' if person else 'What'} is {sentence}{noted}?"


def answer_hint(type_: str, choices=(), param=None) -> str:
    """How to answer, after the question: '[y/n/unknown]', '(a number, at least 0 feet; or unknown)',
    '(one of Taylor Johnson, Dana Ruiz; or unknown)' (choices: the words read, the names)."""
    if type_ == "boolean":
        return "[y/n/unknown]"
    what = KINDS.get(type_)
    if what is None or (type_ == "symbol" and choices):
        what = f"one of {', '.join(choices)}" if choices else f"the name of {article(type_)}"
    elif type_ in ("number", "money") and param is not None:
        if param.low is not None:   # the declared range, with its unit
            what += f", {describe(param).replace('_', ' ')}"    # a unit in words: 'grams per 100 ml'
        elif param.unit:
            what += f" in {param.unit.replace('_', ' ')}"
    return f"({what}; or unknown)"


def reply_words(type_: str, text: str, value, labels=None) -> str:
    """An answer as the review lists it: 'yes', 'no', 'unknown', a name, a number as typed."""
    low = (text or "").strip().lower()
    if value is None:
        return "unknown"
    if type_ == "boolean":
        return "yes" if low in ("y", "yes", "true", "t", "1") else "no"
    return dict(labels or ()).get(str(value), text)


# -- the presumed exceptions, as a checklist ---------------------------------------------------------------
def presumed_lead() -> str:
    return ("The answer presumes that none of these exceptions was raised in the case "
            "(who must raise each is our reading of the burden of proof):")


def presumed_ask() -> str:
    return "Was any of them raised?"


def presumed_review(rows) -> str:
    """The presumption step as a line of the review: 'Was any presumed exception raised (s. 350.045)?'"""
    cited = ", ".join(dict.fromkeys(r["citation"] for r in rows if r.get("citation")))
    return f"Was any presumed exception raised{f' ({cited})' if cited else ''}?"


def presumed_item(sentence: str, citation: str, reason: str, quote: str = "") -> dict:
    """One exception of the checklist: what raising it says (the fact's sentence with the names,
    capitalised), its citation, the statute's own words, and who must raise it."""
    said = sentence[:1].upper() + sentence[1:] if sentence else ""
    return {"text": said, "citation": cite(citation), "quote": clipped_quote(stating_sentence(quote, said)),
            "reason": reason}


_SENTENCE_END = re.compile(r"(?<=[.:;])\s+(?=[A-Z])")
_LABEL = re.compile(r"^(\(\w{1,4}\)|\w{1,4}\.)\s+")
_LETTERS = re.compile(r"[a-z]+")
HEADING_WORDS = 8   # a subdivision's heading ("(2) Snowmobile safety permit or operator's license required.") is short
_COMMON = frozenset("a an and any are as at be by for from he her his if in is it its may no not of on or "
                    "she shall than that the their this to under was were which who with".split())


def stating_sentence(text: str, sentence: str) -> str:
    """The sentence of a provision's text that states the exception `sentence` says in the case's
    words, word for word: of its sentences (a heading that opens a subdivision left out: 'Snowmobile
    safety permit or operator's license required.'), the one sharing most words with it, the first on
    a tie; the text itself when it is one sentence."""
    text = " ".join((text or "").split())
    parts = _SENTENCE_END.split(text)
    if len(parts) < 2:
        return text
    first = _LABEL.sub("", parts[0])
    if len(first.split()) <= HEADING_WORDS and first.endswith("."):
        parts = parts[1:]
    wanted = set(_LETTERS.findall(sentence.lower())) - _COMMON
    best = max(range(len(parts)), key=lambda i: (len(wanted & set(_LETTERS.findall(parts[i].lower()))), -i))
    return parts[best]


def clipped_quote(text: str, most: int = 240) -> str:
    """The statute's words for a checklist: its first sentence, cut at a word with ' …' past `most`
    characters (the whole provision is in the argument and the handout)."""
    text = " ".join((text or "").split())
    first = _SENTENCE_END.split(text, maxsplit=1)[0]
    if len(first) <= most:
        return first + (" …" if len(first) < len(text) else "")
    return first[:most].rsplit(" ", 1)[0] + " …"


def ask_presumed(items) -> str:
    """The presumption step in the terminal: the checklist numbered, each exception in words with its
    citation, the statute's words and the burden, then the question and how to answer."""
    lines = [presumed_lead()]
    for i, d in enumerate(items, 1):
        lines.append(f"  {i}. {d['text']} ({d['citation']})")
        if d.get("quote"):
            lines.append(f"     {d['citation']}: \"{d['quote']}\"")
        if d.get("reason"):
            lines.append(f"     Who must raise it: {d['reason']}")
    return "\n".join(lines) + f"\n{presumed_ask()} [n, or the numbers, e.g. 1,3]"


def presumed_reply_words(items, chosen) -> str:
    """The presumption step's answer as the review lists it."""
    if not chosen:
        return "none was raised"
    return "raised: " + "; ".join(items[n - 1]["text"] for n in chosen)


# -- Back and Review -----------------------------------------------------------------------------------------
def back_note(previous: str) -> str:
    """What the terminal says when an answer is taken back."""
    return f"back to the last question; your answer was {previous!r} (press Enter to keep it)"


def review_lines(rows) -> list:
    """The answers so far, as the terminal's review lists them: rows of (question, answer in words)."""
    if not rows:
        return ["   Your answers: none yet."]
    return ["   Your answers:"] + [f"   {i}. {question} "
                                   f"-- {answer}" for i, (question, answer) in enumerate(rows, 1)]


def checklist_words() -> dict:
    """The words around the web interview's presumption checklist and its buttons."""
    return {"lead": presumed_lead(), "ask": presumed_ask(),
            "how": "Tick each exception that was raised; tick none if none was.",
            "burden": "Who must raise it", "continue": "Continue"}


_COUNT_WORDS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_PLURALS = MappingProxyType({"person": "people", "ride": "rides", "charge": "charges"})


def handout_title(question: str, parties: list[str], noun: str, kind: str = "") -> str:
    """A handout's title: the question in words with the case's parties it asks about, counted from
    the case's entities (never the case file's description, which a trainer found cryptic or wrong:
    'three livestock haulers' over four, trainer review 4). Two parties by name ('Truck A and log
    truck B: what forfeiture range applies ...?'), three or more counted ('Five vehicles: what ...?'),
    one: the question about it ('... the weight violation of the dump truck?', not '... of each
    vehicle?' for one vehicle), none: the question alone."""
    question = " ".join(question.split())
    if len(parties) == 1:
        kinds = "|".join(re.escape(w) for w in {noun, kind.replace("_", " ")} if w)
        return re.sub(rf"\beach (?:\w+ )?(?:{kinds})\b", lambda _m: parties[0], question, count=1) if kinds else question
    if len(parties) < 2 or not question:
        return question
    kinds = "|".join(re.escape(w) for w in {noun, kind.replace("_", " ")} if w)
    if kinds:   # several parties: 'is this snowmobile operation lawful' -> 'is each ride lawful'
        question = asked_of_each(question, kinds, parties)
    if len(parties) == 2:
        lead = f"{parties[0]} and {parties[1]}"
    else:
        many = _PLURALS.get(noun, noun + "s")
        count = _COUNT_WORDS[len(parties)] if len(parties) < len(_COUNT_WORDS) else f"{len(parties):,}"
        lead = f"{count} {many}"
    lead = lead[:1].upper() + lead[1:]
    first = question.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower():   # 'What ...' after a colon: 'what ...'
        question = question[:1].lower() + question[1:]
    return f"{lead}: {question}"


# the words of a name that tell it apart: its figures and times ('the 23:15 ride', 'the 47-year-old')
# and its counting words ('the first rider'); a name repeats its sentence through these
_NAME_COUNTS = frozenset({"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                          "ninth", "tenth", "other"})


def _name_words(name: str) -> set[str]:
    """The words of a name that tell it apart: 'the 47-year-old' -> {'47'}, 'the first rider' ->
    {'first'}."""
    return {w for w in re.findall(r"\d+(?::\d+)?|[a-z]+", name.casefold()) if w[:1].isdigit() or w in _NAME_COUNTS}


def scenario_line(description: str, names=None) -> str:
    """The case file's own description, labelled as what it is beneath the title. A case entity's
    id in it that reads as a code ('the Michigan course k2 took', 'ride_a', 'kid_1') is read as the
    entity's name, as everywhere a trainee reads (trainer review 5, 10: 'k2' printed; review 7: a
    trainee never sees a case id, not even in a key). Where the name says again what the words right
    after the id say ('ride_a (21:40)', 'y1, 11,', 'own1 (47)': review 6, 09 and 10), those words are
    dropped, and an age's label word opening the sentence before it is read after it ('Owner own1
    (47) lent' -> 'The 47-year-old owner lent'): the sentence reads by role, as the handout does."""
    text = " ".join(description.split())
    # only an id that reads as a code ('k2', 'op_1'): an id that is a word ('truck', 'festival')
    # is the description's own word there, never replaced (review 6: 'a the truck')
    codes = {eid: name for eid, name in (names or {}).items()
             if name and name != eid and re.search(r"[\d_]", eid)
             and re.search(rf"(?<![\w.-]){re.escape(eid)}(?![\w-])", text)}
    if not codes:
        return f"Scenario: {text}" if text else ""
    ids = re.compile("|".join(rf"(?<![\w.-]){re.escape(e)}(?![\w-])" for e in sorted(codes, key=len, reverse=True)))
    out, pos = "", 0
    for m in ids.finditer(text):
        if m.start() < pos:
            continue
        out += text[pos:m.start()]
        name = codes[m.group(0)]
        if name.startswith("the ") and out.endswith(" (") and text[m.end():m.end() + 1] == ")" \
                and re.search(rf"(?i)\b(?:the|an?) {re.escape(name[4:])} \($", out):
            out, pos = out[:-2], m.end() + 1   # 'the dealer (p2)': named so by the words before it
            continue
        if out.endswith(" (") and text[m.end():m.end() + 1] == ")" and not name.startswith("the ") \
                and out[:-2].endswith(name):
            out, pos = out[:-2], m.end() + 1   # 'Badger Structure Movers (c1)': named so by the words before it
            continue
        owner = name[:-len(name.split("'s ")[-1]) - 3] if "'s " in name else ""
        bracket = re.search(r" \((?:[a-z]+ )?$", out)
        if owner and bracket and text[m.end():m.end() + 1] == ")" \
                and owner.casefold() in re.split(r"[;:]\s|[.!?]\s+(?=[A-Z])", out)[-1].casefold():
            # "(op_a)" of the 13-year-old's ride, '(driver d1)' of the first vehicle's driver, right
            # after the clause that names whose it is: said already (trainer review 10, 09 and 11)
            out, pos = out[:bracket.start()], m.end() + 1
            pos += out.endswith(".") and text[pos:pos + 1] == "."    # 'at 12:40 a.m. (op_c).'
            continue
        if name.endswith(" " + m.group(0)) and out.casefold().endswith(name[:-len(m.group(0))].casefold()):
            out, pos = out + m.group(0), m.end()   # 'ticket a1', named so after the scenario's own words
            continue
        head = re.search(r"(?:(?<=\s)|(?<=\()|^)(?:(?:[Tt]he|[Aa]n?) )?([A-Za-z-]+) $", out)
        if head and name.startswith("the ") and head.group(1).casefold() == name.rsplit(" ", 1)[-1].casefold():
            # the name's own head noun right before the id ('(driver d1)' of the first vehicle's driver):
            # said once, never '(driver the first vehicle's driver)' (trainer review 13)
            out = out[:head.start()]
            opens = not out.rstrip() or out.rstrip().endswith((".", "!", "?"))
            out += name[:1].upper() + name[1:] if opens else name
            pos = m.end() + len(_said_again(text[m.end():], name))
            continue
        label = re.search(r"(?:^|[.!?:;]\s+)([A-Z][a-z]+) $", out)
        if label and re.fullmatch(r"the \d+-year-old", name) and label.group(1).casefold() not in _NOT_LABELS:
            out = out[:label.start(1)] + f"The {name[4:]} {label.group(1).lower()}"
        else:
            opens = not out.rstrip() or out.rstrip().endswith((".", "!", "?"))
            out += name[:1].upper() + name[1:] if opens else name
        pos = m.end() + len(_said_again(text[m.end():], name))
    return f"Scenario: {out + text[pos:]}"


# words opening a sentence that are no label of the entity named after them ('In op1 ...')
_NOT_LABELS = frozenset({"the", "a", "an", "in", "on", "at", "and", "but", "or", "with", "for", "if", "when",
                         "then", "both", "each", "of", "by", "to", "from", "after", "before", "as", "so", "while"})


def _said_again(after: str, name: str) -> str:
    """The words right after an id that its name says again ('(21:40)' after the 21:40 ride, ', 11'
    after the 11-year-old, '(47)' after the 47-year-old), or ''."""
    figures = {w for w in _name_words(name) if w[:1].isdigit()}
    again = re.match(r"\s+is an? (\d+)-year-old(?![\w-])", after)   # 'p1 is a 13-year-old with ...' (review 10, 09)
    if again and re.fullmatch(r"the \d+-year-old", name) and again.group(1) in figures:
        return again.group(0)
    what = re.match(r"\s*\((?:a|an) ([^()]*)\)", after)
    if what and name.casefold() == f"the {what.group(1).strip()}".casefold():   # 'pur_a (a paper mill)'
        return what.group(0)
    said = re.match(r"\s*\(([^()]*)\)|,\s*([^,;.()]+?)(?=[,;.]|$)", after)
    if not said or not figures:
        return ""
    inside = set(re.findall(r"\d+(?::\d+)?|[a-z]+", (said.group(1) or said.group(2) or "").casefold()))
    return said.group(0) if figures & inside and inside <= figures | {"aged", "age", "at", "years", "year", "old"} else ""


def asked_of_each(question: str, kinds: str, names) -> str:
    """A question about 'this snowmobile operation' asked of several parties asks about each, by the
    kind's everyday noun where every name says it ('the welder's ride', 'the ride on the 45-ft
    trail': 'Is each ride lawful ...?', trainer review 12, 09: 'Is this snowmobile operation lawful'
    over three rides), else by the question's own noun ('is each snowmobile operation lawful')."""
    from ..facts.case import NOUN
    word = next((NOUN[k] for k in (x.replace("\\", "").replace(" ", "_") for x in kinds.split("|")) if k in NOUN), "")
    # the kind's everyday noun ('ride'), where every name says it
    noun = word if word and len(names) > 1 and all(re.search(rf"\b{re.escape(word)}\b", n, re.IGNORECASE)
                                                   for n in names) else ""
    said = (lambda _m: f"each {noun}") if noun else (lambda m: f"each {m.group(1)}")
    return re.sub(rf"\bthis ((?:\w+ )?(?:{kinds}))\b", said, question, count=1)


def asked_of_one(question: str, subject: str, names, called=None) -> str:
    """A saved question about 'each vehicle' asked of a case with one vehicle reads in the singular,
    by its name: 'What forfeiture range applies ... to the weight violation of the dump truck?'
    (review 4, 06: 'of each vehicle?' with one vehicle); unchanged with several, or none."""
    several = [n for n in (called if called is not None else names) if n]   # by name or role
    names = [n for n in names if n]
    if subject and len(several) > 1:   # several: 'Is each ride lawful ...?' (trainer review 12, 09)
        return asked_of_each(question, "|".join(re.escape(w) for w in {subject, subject.replace("_", " ")}), several)
    if not subject or len(names) != 1:
        return question
    # 'each snowmobile operation' too, as the title reads it (handout_title): the heading and the
    # Question line ask one question in one wording (trainer review 5, 01)
    kinds = "|".join(re.escape(w) for w in {subject, subject.replace("_", " ")})
    return re.sub(rf"\beach (?:\w+ )?(?:{kinds})\b", lambda _: names[0], question, count=1)

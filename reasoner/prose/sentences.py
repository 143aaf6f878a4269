"""Sentences of atoms from the vocabulary's templates: positive, negative, as a question.

A template either states something of all its parameters ("{O} violated s. {P}") or is a noun
phrase missing its value parameters ("the distance in feet between {B} and the snowmobile"); the
second kind reads "<noun phrase> is <value>". A value left open (None) reads "some operation"
(or "any operation" in a negative); no placeholder is ever shown.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ..core.values import UNKNOWN, Day, show_value

PRIMITIVE_NOUN = MappingProxyType({"number": "number", "money": "amount", "time": "time", "date": "date",
                  "string": "value", "symbol": "value"})
_CITE_SLOT = re.compile(r"\b(ss?|pars?|subds?)\.\s*\(?\{(\w+)\}\)?")


class Sentence(str):
    """A positive sentence that knows its negative form (`.negative`)."""
    negative: str = ""

    def __new__(cls, text, negative=""):
        obj = super().__new__(cls, text)
        obj.negative = negative
        return obj


def article(noun: str) -> str:
    """'an operation', 'a vehicle' (by the first letter's sound, good enough for the vocabulary)."""
    noun = noun.replace("_", " ")
    word = noun.split(" ", 1)[0].lower()
    vowel = word[:1] in "aeio" or (word[:1] == "u" and not word.startswith(("us", "uni", "use")))
    return f"{'an' if vowel else 'a'} {noun}"


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")


def date_words(value) -> str:
    """A calendar date as a person writes it: '18 January 2025', never '2025-01-18' (trainer review 8, 10)."""
    import datetime
    d = datetime.date.fromordinal(int(value))
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def value_text(value, type_name=None) -> str:
    """A value as a person reads it: money in dollars ($570.00), true/false, exact numbers, a date
    in words ('18 January 2025')."""
    if isinstance(value, Day):
        return date_words(value)
    return show_value(value, type_name)


# a declared unit (`number(feet)`) as a trainee reads it after a value: (plural, singular) and the
# words of a noun phrase that name it, left out once the value carries the unit
UNITS = MappingProxyType({"feet": ("feet", "foot", (", in feet", " in feet")),
         "mph": ("mph", "mph", (", in miles per hour,", ", in miles per hour", " in miles per hour")),
         "pounds": ("lb", "lb", (", in pounds", " in pounds")),
         "years": ("years", "year", (", in years", " in years")),
         "inches": ("inches", "inch", (", in inches", " in inches")),
         "miles": ("miles", "mile", (", in miles", " in miles")),
         "days": ("days", "day", ()), "hours": ("hours", "hour", ()), "months": ("months", "month", ()),
         "dba": ("dBA", "dBA", ()), "cents_per_pound": ("cents a pound", "cent a pound", ()), "pounds_per_square_foot": ("lb per square foot", "lb per square foot",
                                                                ("in pounds per square foot ",))})


def grouped(value) -> str:
    """A number with thousands separators (37,500); other values as show_value gives them."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
        return f"{value:,}"
    text = show_value(value)
    whole, dot, frac = text.partition(".")
    if whole.lstrip("-").isdigit() and len(whole.lstrip("-")) > 3:
        return f"{int(whole):,}" + dot + frac
    return text


def param_value(value, param) -> str:
    """A value of a declared parameter as a trainee reads it: a closed-set word as its phrase from
    the rule file ('a state trunk highway'), a number with its unit and separators ('37,500 lb'),
    money in dollars."""
    if param is None or value is None or value is UNKNOWN:
        return value_text(value, getattr(param, "type", None))
    phrases = getattr(param, "phrases", None) or {}
    if isinstance(value, str) and value in phrases:
        return phrases[value]
    if param.type == "symbol" and isinstance(value, str):
        return value.replace("_", " ")
    if param.type == "number" and not isinstance(value, bool):
        unit = UNITS.get(param.unit or "")
        shown = grouped(value)
        if unit is None:
            return shown
        return f"{shown} {unit[1] if value == 1 else unit[0]}"
    return value_text(value, param.type)


def without_unit(noun: str, param) -> str:
    """The noun phrase without the words naming the unit its value now carries ('the speed of the
    snowmobile in op1, in miles per hour' -> 'the speed of the snowmobile in op1')."""
    unit = UNITS.get(getattr(param, "unit", None) or "")
    if unit is None:
        return noun
    for words in unit[2]:
        if words in noun:
            return noun.replace(words, " " if words.endswith(" ") and not words.startswith(" ") else "", 1) \
                .replace("  ", " ").strip()
    return noun


def _open_noun(type_name, negative, cited=False, anyone=frozenset()) -> str:
    if cited:
        return "any provision" if negative else "some provision"
    if type_name in anyone:   # a kind that is anyone at all, whatever its role: 'against anyone', never
        return "anyone" if negative else "someone"   # 'against any carrier' (trainer review 16, 07)
    noun = PRIMITIVE_NOUN.get(type_name, (type_name or "value").replace("_", " "))
    if noun.endswith(" word") and noun != "word":   # a closed set's name: 'some prior disposition', not '... word'
        noun = noun[:-len(" word")]
    if type_name == "money" and not negative:   # 'forfeits an amount', not 'forfeits some amount'
        return "an amount"
    return f"{'any' if negative else 'some'} {noun}"


def _unstated_noun(type_name, members=None) -> str:
    """A value the case does not state, as a trainee reads it in a sentence: 'an unnamed person'
    (an entity), 'an unstated number' (a value); never the word 'unknown' standing as a name. An
    entity of a kind the case lists none of (members: the case's entities by kind in words, None
    without a case) is the one the sentence is about: 'the head lamp of the snowmobile', never 'of
    an unnamed snowmobile' where the case's one ride has a snowmobile it does not describe (trainer
    review 13, G2 and 07)."""
    if type_name in ("symbol", "string"):   # a word of a closed set reads as a modifier: 'unknown highways'
        return "unknown"
    if type_name in PRIMITIVE_NOUN:
        noun = "unstated " + PRIMITIVE_NOUN[type_name]
    else:
        kind = (type_name or "entity").replace("_", " ")
        if members is not None and type_name and not members.get(kind):
            return f"the {kind}"
        noun = "unnamed " + kind
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def entity_text(value, type_name, labels) -> str:
    """An entity as a person reads it: its `name:` from the case where it has one, else its id."""
    if labels and type_name not in PRIMITIVE_NOUN and isinstance(value, str):
        return labels.get(value, value)
    return value_text(value, type_name)


def fill(template: str, names, types, args, negative=False, labels=None, params=None, members=None,
         anyone=frozenset()) -> str:
    """The template with each {Name} replaced by its value; open values read 'some <kind>'; an
    entity reads as its name where labels (id -> name, the case's `name:`s) has one. params (the
    declared parameters, by position) give a closed-set word its phrase from the rule file and an
    open one the noun of its @domain ('any paragraph', never 'any value'). anyone: the kinds an open
    value of reads 'anyone' / 'someone' (Prose.anyone)."""
    values = dict(zip(names, args))
    kinds = dict(zip(names, types))
    declared = dict(zip(names, params or ()))

    def cited(m):
        name = m.group(2)
        if name in values and values[name] is None:
            return _open_noun(kinds.get(name), negative, cited=True)
        return m.group(0)
    text = _CITE_SLOT.sub(cited, template)
    for name in names:   # the case's one ride: 'the snowmobile', never 'the snowmobile in the ride'
        text = sole_place_dropped(text, name, values[name], kinds.get(name), members)
    opened = set()
    said: list = []
    for name in names:
        v = values[name]
        domain = getattr(declared.get(name), "domain", None)
        if v is None:
            shown = _open_noun(domain if kinds.get(name) == "symbol" and domain else kinds.get(name), negative,
                               anyone=anyone)
            if kinds.get(name) in opened:   # 'the offenses charged in any charge and any other charge'
                shown = shown.replace(" ", " other ", 1)
            opened.add(kinds.get(name))
        elif v is UNKNOWN:   # a possible row: a value the case leaves unstated, in words ('an unnamed person')
            shown = _unstated_noun(kinds.get(name), members)
        else:
            shown = entity_text(v, kinds.get(name), labels)
        if kinds.get(name) == "string" and isinstance(v, str) and labels and v in labels:
            # an entity of the case held in a string slot (municipal_duty_breached(X, P): X is an
            # ordinance or an event) reads by its name, never its id
            shown = labels[v]
        if kinds.get(name) == "symbol" and isinstance(v, str):
            # an entity of the case by its name (offender_role(O, P, X, R): O and X are symbols);
            # a word of a closed set in words, not codes
            phrases = getattr(declared.get(name), "phrases", None) or {}
            shown = labels[v] if labels and v in labels else phrases.get(v) or v.replace("_", " ")
        text = text.replace("{" + name + "}", shown)
        said.append(shown)
    return _one_amount(_any_two(_said_once(text, said), members or {}))


SOLE_PLACE_KINDS = frozenset({"operation"})   # an entity a noun is placed 'in' ('the speed in {O}')


def sole_place_dropped(text: str, name: str, value, kind, members) -> str:
    """TEXT without ' in {name}' where value is the case's one ride ('the speed of the snowmobile',
    never '... in the ride'): the one rule for every sentence made from a template, the what-if's too."""
    if not _sole_operation(value, kind, members):
        return text
    return re.sub(r"(?<=[\w)]) (?:used )?in \{" + re.escape(name) + r"\}", "", text)


def _sole_operation(value, kind, members) -> bool:
    """Whether value is the case's only entity of a kind things are said to be 'in' (its one ride):
    'the snowmobile in the ride' tells nothing apart there (trainer review 14, G1 and change 6)."""
    if kind not in SOLE_PLACE_KINDS or not isinstance(value, str) or value is UNKNOWN or not members:
        return False
    return len(members.get(str(kind).replace("_", " ")) or ()) == 1


def _said_once(text: str, shown: list) -> str:
    """A party named only by its role said once: where a template puts the role after the name ('{C},
    the owner of {V}, commits ...') and the case names the party by that same role ('the owner of the
    first vehicle (authority holder)'), the repeated role goes: 'the owner of the first vehicle
    (authority holder) commits ...', never '..., the owner of the first vehicle, commits ...'."""
    for name in shown:
        base = name.split(" (", 1)[0]
        if base.startswith("the ") and f"{name}, {base}, " in text:
            text = text.replace(f"{name}, {base}, ", f"{name} ")
    return text


_ANY_TWO = re.compile(r"\bany (\w+(?: \w+)?) and any other \1\b")


def _any_two(text: str, members) -> str:
    """Two open values of one kind side by side in a negative: 'any two of count 1, count 2, count 3
    and count 4' where the case names its entities of that kind (members: kind noun -> names), else
    'any two charges' ('any charge and any other charge' told a trainee nothing)."""
    def two(m):
        noun = m.group(1)
        names = list(members.get(noun, ()))
        if len(names) > 2:
            return "any two of " + ", ".join(names[:-1]) + " and " + names[-1]
        if len(names) == 2:
            return f"{names[0]} and {names[1]}"
        return f"any two {noun}s"
    return _ANY_TWO.sub(two, text)


_SAME_BOUNDS = re.compile(r"\b(?:not less than (\$?[\d,.]+) nor more than \1|at least (\$?[\d,.]+) and at most \2)"
                          r"(?![\d,.]*\d)")


def _one_amount(text: str) -> str:
    """A range whose bounds are equal is one amount: 'not less than $50.00 nor more than $50.00' ->
    '$50.00' (the statute's 'a forfeiture of $50')."""
    return _SAME_BOUNDS.sub(lambda m: m.group(1) or m.group(2), text)


_RANGE_TAIL = re.compile(r"^(?P<noun>.+?): not less than \{(?P<low>\w+)\} nor more than \{(?P<high>\w+)\}$")


def _nothing_imposed(decl, names, types, args, labels=None) -> str:
    """A money range of zero to zero, '<the forfeiture for X>: not less than {Min} nor more than
    {Max}', reads as the statute says it: 'no forfeiture for X may be imposed' ('' otherwise)."""
    m = _RANGE_TAIL.match(decl.template)
    if m is None:
        return ""
    values = dict(zip(names, args))
    kinds = dict(zip(names, types))
    low, high = m.group("low"), m.group("high")
    if kinds.get(low) != "money" or values.get(low) != 0 or values.get(high) != 0:
        return ""
    noun = fill(m.group("noun"), names, types, args, labels=labels)
    noun = re.sub(r"^(the|a|an) ", "", noun)
    return f"no {noun} may be imposed"


# The subject a template opens with, when it is plainly one: "{S}" or "the tail lamp of {S}" (a
# noun phrase ending in the entity, no relative clause inside), then its verb.
_SUBJECT = re.compile(r"^(?P<subject>\{\w+\}|the (?:(?!that |who |which |whose )[\w'-]+ ){1,6}(?:of|in|on|for|under) \{\w+\})"
                      r" (?P<verb>[a-z]+)(?P<rest>(?: .*)?)$")
_AUXILIARY = MappingProxyType({"is": "is not", "was": "was not", "are": "are not", "were": "were not", "can": "cannot",
              "may": "may not", "must": "need not", "will": "will not", "does": "does not", "did": "did not",
              "has": "does not have", "had": "did not have"})


_SECOND_VERB = re.compile(r"\b(?:and|or) (?:can|may|must|is|was|are|were|has|had|does|did|will)\b")


_NEGATIVE_INSIDE = re.compile(r"\b(?:not|no|without|but|unless|except|lacks?|never|neither|nor)\b|n't")


def plain_negative(template: str) -> str:
    """The template's negative by putting `not` at its verb, where the sentence is plainly
    "<subject> <auxiliary or present-tense verb> ...": '{S} is equipped with ...' -> '{S} is not
    equipped with ...', 'the tail lamp of {S} displays ...' -> '... does not display ...', '{S} has
    been ...' -> '{S} has not been ...'. '' where it is not that plain (a past tense, a verb the
    rule's words cannot be sure of, a conjunction of verbs): the caller says "it is not the case
    that ..." and a rule file's `@negative` says it better."""
    m = _SUBJECT.match(template)
    if m is None:
        return ""
    subject, verb, rest = m.group("subject"), m.group("verb"), m.group("rest")
    if _SECOND_VERB.search(rest) or _NEGATIVE_INSIDE.search(rest) or re.search(r"[:;]", rest):
        # 'stops ... or can lock', 'was under 12 and not accompanied', 'did not yield': not one verb
        # to negate (it would need "neither ... nor", or say the opposite of a conjunction)
        return ""
    if verb in ("has", "had") and rest.startswith(" been"):
        return f"{subject} {verb} not{rest}"
    if verb in _AUXILIARY:
        return f"{subject} {_AUXILIARY[verb]}{rest}"
    base = _base_form(verb)
    if re.search(r"\b(?:is|are|was|were)\b", rest):
        return ""      # '{C} highways are ...': the word after the subject was not its verb
    return f"{subject} does not {base}{rest}" if base else ""


def _base_form(verb: str) -> str:
    """'displays' -> 'display', 'complies' -> 'comply', 'exceeds' -> 'exceed'; '' for anything but a
    regular present-tense third person."""
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us", "is")) and len(verb) > 3:
        return verb[:-1]
    return ""


MAX_SAID = 100_000     # sentences a Prose keeps (a few MB)
MAX_CASE_PROSE = 4     # the Prose of the last few cases' names a program keeps (prose_for)


class Prose:
    """The sentences of one program's vocabulary."""

    def __init__(self, program, labels=None, members=None, related=None):
        self.preds = program.preds
        # entity id -> ((pred, words, name), ...): in a sentence about the entity, the words name the
        # entity the case relates to it (`@names`, case_related): 'the uncle was found guilty on ...'
        self.related = dict(related or {})
        # kind in words -> the case's names of its entities, in file order; None without a case
        self.members = dict(members) if members is not None else None
        self.negatives = getattr(program, "negatives", {}) or {}
        self.positives = getattr(program, "positives", {}) or {}
        self.labels = dict(labels or {})   # entity id -> its name in the case (case file `name:`)
        # the kinds the rule file describes as 'a person or business ...': any person at all, whatever its
        # role, so an open one reads 'anyone' / 'someone' ('instituted against any carrier' named the
        # rule file's kind, a word the statute never uses: trainer review 16, 07)
        self.anyone = frozenset(kind for kind, d in (getattr(program, "entities", None) or {}).items()
                                if str(getattr(d, "description", "")).lower().startswith("a person or "))
        self._said: dict = {}     # (pred, args) -> its Sentence: a batch phrases the same presumptions case after case

    def positive(self, pred, args):
        """The sentence saying pred(args) holds (a Sentence with its .negative), or None."""
        key = (pred, args)
        try:
            return self._said[key]
        except KeyError:
            pass
        except TypeError:      # an argument that cannot be a key (never in the bundled law): not kept
            return self._positive(pred, args)
        said = self._positive(pred, args)
        if len(self._said) < MAX_SAID:
            self._said[key] = said
        return said

    def decl(self, pred, arity):
        return self.preds.get((pred, arity))

    def _parts(self, decl):
        names = [p.name for p in decl.params]
        types = [p.type for p in decl.params]
        missing = [i for i, n in enumerate(names) if "{" + n + "}" not in decl.template]
        return names, types, missing

    def _positive(self, pred, args):
        said = self._unnamed(pred, args)
        if said is None or not self.related:
            return said
        return Sentence(self.named(pred, args, said), self.named(pred, args, said.negative) if said.negative else said.negative)

    def named(self, pred, args, text: str) -> str:
        """text with the words of each `@names` relation of its arguments replaced by the entity the
        case states for it ('the person charged was found guilty on the tavern ride charge' -> 'the
        uncle was found guilty on ...'); the relation's own sentence is left as it is."""
        return named_in(self.related, pred, args, text)

    def _unnamed(self, pred, args):
        decl = self.decl(pred, len(args))
        if decl is None:
            return None
        names, types, missing = self._parts(decl)
        text = fill(decl.template, names, types, args, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)
        shown = [entity_text(args[i], decl.params[i].type, self.labels) if decl.params[i].type not in PRIMITIVE_NOUN
                 else param_value(args[i], decl.params[i]) for i in missing if args[i] is not None]
        if missing and len(shown) == len(missing):  # a noun phrase and its value(s)
            if len(missing) == 1:
                text = without_unit(text, decl.params[missing[0]])
            values = shown[0] if len(shown) == 1 else " to ".join(shown) if len(shown) == 2 else ", ".join(shown)
            positive = f"{text} is {values}"
            negative = f"{text} is not {values}"
            bare = re.sub(r" \([^()]*\)", "", text)   # 'the owner of V (of its tractor portion, ...)'
            if len(shown) == 1 and values != text and values.startswith(bare + " ("):
                # the entity is named by this very role ('the lessee of the second vehicle (authority
                # holder)'): not 'the lessee of ... is the lessee of ...' (trainer review 5, handout 12)
                positive = f"the case names {values}"
        elif missing:  # a noun phrase with its value open: the phrase itself (a question's subject)
            positive = text
            negative = f"{text} is not known"
        else:
            positive = text
            negative = None
        nothing = _nothing_imposed(decl, names, types, args, self.labels)
        if nothing:   # 'no forfeiture ... may be imposed' (s. 348.21 (2) (b)), not '$0.00'
            positive = nothing
        explicit = self.negatives.get((pred, len(args)))
        opened = tuple(i for i, a in enumerate(args) if a is None)
        for_open = self.negatives.get((pred, len(args), opened)) if opened else None
        pos_open = self.positives.get((pred, len(args), opened)) if opened else None
        if pos_open is not None:   # `@positive p(_, V)`: 'the person charged ... has a prior conviction'
            positive = fill(pos_open[1], list(pos_open[0]), types, args, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)
        if for_open is not None:   # the rule file's own form for these arguments left open (`@negative p(_, V)`)
            negative = fill(for_open[1], list(for_open[0]), types, args, negative=True, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)
            return Sentence(positive, negative)
        if args and args[0] is None:  # "any operation was not lawful" would misplace the negation
            explicit = None
            if missing and len(shown) == len(missing) == 1:  # "semi1 is not the vehicle operated under any permit"
                negative = f"{shown[0]} is not {fill(decl.template, names, types, args, negative=True, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)}"
            elif missing and not shown:   # a noun phrase, its value open too: not "it is not the case that <noun>"
                negative = f"{fill(decl.template, names, types, args, negative=True, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)} is not known"
            elif not missing and decl.template.startswith("{" + names[0] + "}"):
                # the open value is the sentence's subject: "no operation took place at night", not
                # "it is not the case that any operation took place at night"
                rest = fill(decl.template[len(names[0]) + 2:], names, types, args, negative=True, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)
                negative = f"no {PRIMITIVE_NOUN.get(types[0], (types[0] or 'value').replace('_', ' '))}{rest}"
            else:
                negative = None
        if explicit is not None:
            neg_names, neg_template = explicit[0], explicit[1]
            negative = fill(neg_template, list(neg_names), types, args, negative=True, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)
        elif negative is None:
            plain = plain_negative(decl.template)
            negative = fill(plain, names, types, args, negative=True, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone) if plain else \
                f"it is not the case that {fill(decl.template, names, types, args, negative=True, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)}"
        return Sentence(positive, negative)

    def statement(self, pred, args):
        """Like positive, but a noun phrase whose value is open still makes a statement:
        'the fee for some permit is some amount' (for a question with open values)."""
        decl = self.decl(pred, len(args))
        s = self.positive(pred, args)
        if decl is None or s is None:
            return s
        names, types, missing = self._parts(decl)
        opened = tuple(i for i, a in enumerate(args) if a is None)
        if opened and (pred, len(args), opened) in self.positives:   # its own sentence (`@positive p(V, _)`)
            return s
        if missing and all(args[i] is None for i in missing):
            values = " and ".join(_open_noun(types[i], False) for i in missing)
            return Sentence(f"{s} is {values}", f"it is not the case that {s} is {values}")
        return s

    def absent(self, pred, args) -> str:
        """For a value question with nothing derived: '{noun}|{subject}' ('forfeiture|semi1',
        'fee|any permit'), or '|<the template with open values as any ...>' when the template does
        not open with a noun ('{P} forfeits {F} ...'). The answer line is built from it
        (answers.answer_line)."""
        decl = self.decl(pred, len(args))
        if decl is None:
            return ""
        names, types, _ = self._parts(decl)
        head = decl.template.split("{", 1)[0]
        noun = re.sub(r"^(the|a|an) ", "", head.strip())
        noun = re.split(r" (?:for|of|on|under|in|to|by)\b|[:,(]", noun, maxsplit=1)[0].strip()
        # the noun form is for a value question (an amount, a number); a relation's template is a
        # clause ('the operator of {V} may proceed'), never 'no operator follows from the facts'
        valued = any(t in ("money", "number") for t in types)
        if valued and noun and args and f"{{{names[0]}}}" in decl.template:
            subject = entity_text(args[0], types[0], self.labels) if args[0] is not None else \
                _open_noun(types[0], True, anyone=self.anyone)
            return f"{noun}|{subject}"
        return "|" + fill(decl.template, names, types, args, negative=True, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)

    def negative(self, pred, args):
        s = self.positive(pred, args)
        return s.negative if s is not None else None

    def question(self, pred, args) -> str:
        """What the case would have to state: 'whether op1 took place at night' or a noun phrase."""
        decl = self.decl(pred, len(args))
        if decl is None:
            return f"whether {pred}({', '.join('some value' if a is None else str(a) for a in args)}) holds"
        names, types, missing = self._parts(decl)
        if missing:
            return self.named(pred, args, fill(decl.template, names, types, [a if i not in missing else None
                                                                             for i, a in enumerate(args)], labels=self.labels,
                                                                        anyone=self.anyone))
        return self.named(pred, args, f"whether {fill(decl.template, names, types, args, labels=self.labels, params=decl.params, members=self.members, anyone=self.anyone)}")


# entity id -> ((the @names relation, its words, the related entity's name), ...) (case_related)
Related = Mapping[str, tuple[tuple[str, str, str], ...]]


def named_in(related: Related | None, pred: str, args: Sequence[object], text: str) -> str:
    """text (a sentence of pred(args)) with the words of each `@names` relation of one of its
    arguments replaced by the name of the entity the case relates to it (related: case_related);
    the relation's own sentence ('the person charged in count 2 is ...') is left as it is."""
    if not text or not related:
        return text
    for a in args:
        if not isinstance(a, str):
            continue
        for rel, words, name in related.get(a, ()):
            if rel != pred:
                text = re.sub(r"(?<![\w-])" + re.escape(words) + r"(?![\w-])", name.replace("\\", "\\\\"), text)
    return text


def prose_for(program, labels=None, members=None, related=None) -> Prose:
    """One Prose per program object, kept in the program's memo (language/ast.py Memo; before, a
    module-level table that held every program it had seen). With labels (a case's entity names),
    a Prose of its own for those names, kept with the program for the last few cases named
    (MAX_CASE_PROSE): a proof, its argument and the readings check of one question, and the next
    question about the same case, phrase the same sentences."""
    memo = getattr(program, "memo", None)
    if labels or members or related:
        kept = getattr(memo, "case_prose", None)
        if kept is None:
            return Prose(program, labels, members, related)
        key = (tuple(sorted((labels or {}).items(), key=repr)),
               tuple(sorted(((k, tuple(v)) for k, v in (members or {}).items()), key=repr)),
               tuple(sorted((related or {}).items(), key=repr)))
        prose = kept.pop(key, None)
        if prose is None:
            prose = Prose(program, labels, members, related)
            while len(kept) >= MAX_CASE_PROSE:
                kept.pop(next(iter(kept)))   # the least recently used
        kept[key] = prose   # last: the most recently used
        return prose
    if memo is None:                 # a program-like object without a memo: phrased afresh
        return Prose(program)
    if memo.prose is None:
        memo.prose = Prose(program)
    return memo.prose


def case_prose(program, case) -> Prose:
    """The Prose for one case: its entities read by their `name:` (the program's own Prose when the
    case names none)."""
    return prose_for(program, getattr(case, "names", None), kind_members(case), case_related(program, case))


def case_related(program, case) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """{entity id: ((pred, words, name), ...)}: for each `@names p(C, P) "words".` of the program and
    each p(C, P) the case states, the words that name P in a sentence about C, and P's name (its
    `name:`, else its id): the charge's person charged, 'the uncle'."""
    declared = getattr(program, "names_in", None) or {}
    if not declared or case is None:
        return {}
    names = getattr(case, "names", None) or {}
    out: dict[str, list[tuple[str, str, str]]] = {}
    for r in getattr(case, "rows", None) or []:
        named = declared.get((r.pred, len(r.args)))
        if named is None or not r.known or not isinstance(r.args[1], str) or not isinstance(r.args[0], str):
            continue
        out.setdefault(r.args[0], []).append((r.pred, named[1], names.get(r.args[1], r.args[1])))
    return {k: tuple(v) for k, v in out.items()}


def kind_members(case) -> dict:
    """{kind in words: [the names of the case's entities of that kind, in file order]}: a negative
    with two open values of one kind names them ('any two of count 1, count 2 and count 3')."""
    out: dict = {}
    names = getattr(case, "names", None) or {}
    for eid, kind in (getattr(case, "entities", None) or {}).items():
        out.setdefault(str(kind).replace("_", " "), []).append(names.get(eid, eid))
    return out


def unknown_text(value) -> bool:
    return value is UNKNOWN


# the words of a sentence that says its statement does not hold, or may not: a gloss of what holds
# is not said in it
_DENIED = re.compile(r"\b(?:do not show that|does not follow|it is undetermined whether|Undetermined: whether)\b")


def _denied(head: str) -> bool:
    """Whether the sentence `head` ends in (its text since the last full stop) denies or leaves open
    what it goes on to say."""
    return bool(_DENIED.search(re.split(r"(?<=[.])\s+(?=[A-Z])", head)[-1]))


class SaidOnce:
    """Drops a long gloss (the `[[...]]` part of a rule file's template, PredDecl.gloss) where it
    has been said above: called on a document's texts in reading order, the first text that holds
    a gloss keeps it, every later one reads without it ('the weight found for the gravel truck is
    80,900 lb', the long form given once in the facts box). Unlike texts pass through unchanged."""

    def __init__(self, glosses) -> None:
        self.glosses = tuple(sorted({g for g in glosses if g}, key=len, reverse=True))
        self.said: set[str] = set()
        self.kept: set[str] = set()   # the texts that said a gloss in its bare form ('; each for ...'): the
                                      # same text again (the answer line and the argument's short answer) is kept whole

    def __call__(self, text: str) -> str:
        if not self.glosses or not isinstance(text, str):
            return text
        if str(text) in self.kept:
            return text
        out = text
        for g in self.glosses:
            if g not in out:
                # a gloss led by a comma said on its own ('...; each for sentencing and ...', the
                # answer's tail after its list, prose/answers.py _counted_line) is said there
                if g.startswith(", ") and g[2:] in out:
                    if g in self.said:
                        out = out.replace(f"; each {g[2:]}", "")
                    else:
                        self.said.add(g)
                        self.kept.add(str(text))
                continue
            pieces = out.split(g)
            out = pieces[0]
            for piece in pieces[1:]:
                # said at its first occurrence in a sentence that holds it; never where the sentence
                # says it does not hold or is undetermined ('No: the facts stated do not show that any
                # person violated both ...', trainer review 16, 10: the joinder sentence after 'No:')
                if g not in self.said and not _denied(out):
                    out += g
                    self.said.add(g)
                out += piece
        if out == text:
            return text
        if isinstance(text, Sentence):
            return Sentence(out, text.negative)
        return out

    def walk(self, obj):
        """obj with every text in it passed through, in field order; records, dataclasses, lists,
        tuples and dicts are copied where a text in them changes, never changed in place (an
        answer's argument is shared with other outputs)."""
        if isinstance(obj, str):
            return self(obj)
        if isinstance(obj, list):
            new = [self.walk(x) for x in obj]
            return new if any(a is not b for a, b in zip(new, obj)) else obj
        if isinstance(obj, tuple) and not hasattr(obj, "_fields"):
            new_t = tuple(self.walk(x) for x in obj)
            return new_t if any(a is not b for a, b in zip(new_t, obj)) else obj
        if isinstance(obj, dict):
            new_d = {k: self.walk(v) for k, v in obj.items()}
            return new_d if any(new_d[k] is not v for k, v in obj.items()) else obj
        state = getattr(obj, "__dict__", None)
        if state is None or isinstance(obj, type):
            return obj
        changed = {k: w for k, v in state.items() if (w := self.walk(v)) is not v}
        if not changed:
            return obj
        twin = copy.copy(obj)
        twin.__dict__.update(changed)
        return twin

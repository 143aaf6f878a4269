"""Sentences of atoms from the vocabulary's templates: positive, negative, as a question.

A template either states something of all its parameters ("{O} violated s. {P}") or is a noun
phrase missing its value parameters ("the distance in feet between {B} and the snowmobile"); the
second kind reads "<noun phrase> is <value>". A value left open (None) reads "some operation"
(or "any operation" in a negative); no placeholder is ever shown.
"""
from __future__ import annotations

import re

from ..core.values import UNKNOWN, show_value

PRIMITIVE_NOUN = {"number": "number", "money": "amount", "time": "time", "date": "date",
                  "string": "value", "symbol": "value"}
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


def value_text(value, type_name=None) -> str:
    """A value as a person reads it: money in dollars ($570.00), true/false, exact numbers."""
    return show_value(value, type_name)


def _open_noun(type_name, negative, cited=False) -> str:
    if cited:
        return "any provision" if negative else "some provision"
    noun = PRIMITIVE_NOUN.get(type_name, (type_name or "value").replace("_", " "))
    if type_name == "money" and not negative:   # 'forfeits an amount', not 'forfeits some amount'
        return "an amount"
    return f"{'any' if negative else 'some'} {noun}"


def fill(template: str, names, types, args, negative=False) -> str:
    """The template with each {Name} replaced by its value; open values read 'some <kind>'."""
    values = dict(zip(names, args))
    kinds = dict(zip(names, types))

    def cited(m):
        name = m.group(2)
        if name in values and values[name] is None:
            return _open_noun(kinds.get(name), negative, cited=True)
        return m.group(0)
    text = _CITE_SLOT.sub(cited, template)
    for name in names:
        v = values[name]
        shown = _open_noun(kinds.get(name), negative) if v is None else value_text(v, kinds.get(name))
        text = text.replace("{" + name + "}", shown)
    return _one_amount(text)


_SAME_BOUNDS = re.compile(r"\b(?:not less than (\$?[\d,.]+) nor more than \1|at least (\$?[\d,.]+) and at most \2)"
                          r"(?![\d,.]*\d)")


def _one_amount(text: str) -> str:
    """A range whose bounds are equal is one amount: 'not less than $50.00 nor more than $50.00' ->
    '$50.00' (the statute's 'a forfeiture of $50')."""
    return _SAME_BOUNDS.sub(lambda m: m.group(1) or m.group(2), text)


class Prose:
    """The sentences of one program's vocabulary."""

    def __init__(self, program):
        self.preds = program.preds
        self.negatives = getattr(program, "negatives", {}) or {}

    def decl(self, pred, arity):
        return self.preds.get((pred, arity))

    def _parts(self, decl):
        names = [p.name for p in decl.params]
        types = [p.type for p in decl.params]
        missing = [i for i, n in enumerate(names) if "{" + n + "}" not in decl.template]
        return names, types, missing

    def positive(self, pred, args):
        """The sentence saying pred(args) holds (a Sentence with its .negative), or None."""
        decl = self.decl(pred, len(args))
        if decl is None:
            return None
        names, types, missing = self._parts(decl)
        text = fill(decl.template, names, types, args)
        shown = [value_text(args[i], types[i]) for i in missing if args[i] is not None]
        if missing and len(shown) == len(missing):  # a noun phrase and its value(s)
            values = shown[0] if len(shown) == 1 else " to ".join(shown) if len(shown) == 2 else ", ".join(shown)
            positive = f"{text} is {values}"
            negative = f"{text} is not {values}"
        elif missing:  # a noun phrase with its value open: the phrase itself (a question's subject)
            positive = text
            negative = f"{text} is not known"
        else:
            positive = text
            negative = None
        explicit = self.negatives.get((pred, len(args)))
        if args and args[0] is None:  # "any operation was not lawful" would misplace the negation
            explicit = None
            if missing and len(shown) == len(missing) == 1:  # "semi1 is not the vehicle operated under any permit"
                negative = f"{shown[0]} is not {fill(decl.template, names, types, args, negative=True)}"
            elif missing and not shown:   # a noun phrase, its value open too: not "it is not the case that <noun>"
                negative = f"{fill(decl.template, names, types, args, negative=True)} is not known"
            else:
                negative = None
        if explicit is not None:
            neg_names, neg_template = explicit[0], explicit[1]
            negative = fill(neg_template, list(neg_names), types, args, negative=True)
        elif negative is None:
            negative = f"it is not the case that {fill(decl.template, names, types, args, negative=True)}"
        return Sentence(positive, negative)

    def statement(self, pred, args):
        """Like positive, but a noun phrase whose value is open still makes a statement:
        'the fee for some permit is some amount' (for a question with open values)."""
        decl = self.decl(pred, len(args))
        s = self.positive(pred, args)
        if decl is None or s is None:
            return s
        names, types, missing = self._parts(decl)
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
        if noun and args and f"{{{names[0]}}}" in decl.template:
            subject = value_text(args[0], types[0]) if args[0] is not None else _open_noun(types[0], True)
            return f"{noun}|{subject}"
        return "|" + fill(decl.template, names, types, args, negative=True)

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
            return fill(decl.template, names, types, [a if i not in missing else None
                                                      for i, a in enumerate(args)])
        return f"whether {fill(decl.template, names, types, args)}"


_CACHE: dict = {}


def prose_for(program) -> Prose:
    """One Prose per program object."""
    key = id(program)
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not program:
        hit = _CACHE[key] = (program, Prose(program))
    return hit[1]


def unknown_text(value) -> bool:
    return value is UNKNOWN

"""Interview: ask for the unknown inputs that decide an undetermined answer, one at a time.

The questions are the vocabulary sentences of the unknown inputs listed in answer.missing_inputs
(in proof order). After each answer the case is re-evaluated; the interview stops as soon as the
answer is determined, or when nothing is left to ask. No Click here: cli.py does the prompting.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

import yaml

from .api import DEFAULT_ENGINE, answer_case
from .errors import CaseError
from .facts.case import load_case, parse_case
from .prose import prose_for
from .values import parse_number
from .whatif import _template, input_decl

YES = {"y", "yes", "true", "t", "1"}
NO = {"n", "no", "false", "f", "0"}
DONT_KNOW = {"", "u", "unknown", "?", "dont know", "don't know", "skip"}


@dataclass(frozen=True)
class Question:
    entity: str
    attribute: str
    type: str           # "boolean" or the declared value type
    sentence: str       # the vocabulary sentence (statement or noun phrase) for this entity
    choices: tuple = () # entity ids, for a reference to another entity

    @property
    def prompt(self) -> str:
        if self.type == "boolean":
            return f"Is it so that {self.sentence}? [y/n/unknown]"
        what = {"number": "a number", "money": "dollars, e.g. 125.50", "time": "a clock time HH:MM",
                "date": "a date YYYY-MM-DD", "symbol": "a lowercase word", "string": "text"}.get(self.type)
        if what is None:
            what = f"one of {', '.join(self.choices)}" if self.choices else f"the id of a {self.type}"
        return f"What is {self.sentence}? ({what}; or unknown)"

    def as_dict(self) -> dict:
        return {"entity": self.entity, "attribute": self.attribute, "type": self.type, "question": self.prompt}


class Interview:
    def __init__(self, rb, source, atom, saved=None, save_path=None, engine=DEFAULT_ENGINE):
        self.rb, self.atom, self.saved = rb, atom, saved
        self.engine = engine
        self.source = source
        self.case = load_case(source, rb.checked)
        self.data = _raw_data(source)
        self.display = str(save_path) if save_path else (
            f"{source} + interview answers" if not isinstance(source, dict) else "<case> + interview answers")
        self.answer = answer_case(rb, self.case, atom, saved, engine=engine)
        self.asked: set = set()
        self.log: list = []    # [(Question, text typed, value stored or None)]

    @property
    def done(self) -> bool:
        return self.answer.answer != "undetermined" or self.next_question() is None

    def next_question(self):
        prog = self.rb.checked.program
        for m in self.answer.missing_inputs:
            key = (m.get("entity", ""), m.get("attribute", ""))
            if key in self.asked or not key[0]:
                continue
            decl = input_decl(prog, key[1])
            if decl is None:
                continue
            kind = "boolean" if decl.arity == 1 else decl.params[1].type
            choices = ()
            if kind in prog.entities:
                choices = tuple(e for e, k in self.case.entities.items() if k == kind)
            said = prose_for(prog).positive(key[1], (key[0],) if decl.arity == 1 else (key[0], None))
            return Question(key[0], key[1], kind, str(said) if said else _template(decl, key[0]), choices)
        return None

    def reply(self, q: Question, text: str):
        """Record the answer to q (raises CaseError, nothing changed, if it cannot be used)."""
        text = (text or "").strip()
        value = self._value(q, text)
        if value is None:
            self.asked.add((q.entity, q.attribute))
            self.log.append((q, text or "unknown", None))
            return self.answer
        data = copy.deepcopy(self.data)
        entities = data.setdefault("entities", {})
        if not isinstance(entities.get(q.entity), dict):
            raise CaseError(f"entity {q.entity} is not in the case data")
        entities[q.entity][q.attribute] = value
        case = parse_case(dump_yaml(data), self.display, self.rb.checked, Path(self.display).stem)
        self.data, self.case = data, case
        self.asked.add((q.entity, q.attribute))
        self.log.append((q, text, value))
        self.answer = answer_case(self.rb, self.case, self.atom, self.saved, engine=self.engine)
        return self.answer

    def _value(self, q: Question, text: str):
        low = text.lower()
        if low in DONT_KNOW:
            return None
        if q.type == "boolean":
            if low in YES:
                return True
            if low in NO:
                return False
            raise CaseError(f"answer y (yes), n (no) or unknown, not {text!r}")
        if q.type == "number":
            try:
                number = parse_number(text)
            except (ValueError, ArithmeticError):
                raise CaseError(f"expected a number, got {text!r}", hint="for example 30 or 12.5") from None
            return number if isinstance(number, int) else float(text.replace(",", "").replace("_", ""))
        if q.choices and text not in q.choices:
            raise CaseError(f"{text!r} is not a {q.type} in this case", hint=f"one of: {', '.join(q.choices)}")
        return text

    def yaml_text(self) -> str:
        return dump_yaml(self.data)


# -- YAML that keeps numbers, times and dates exactly as written -------------------------------------
class RawScalar(str):
    """A scalar kept as its source text (with its YAML tag), so `23:05` or `010` survive a round trip."""

    def __new__(cls, text, tag):
        obj = super().__new__(cls, text)
        obj.tag = tag
        return obj

    def __reduce__(self):
        return (RawScalar, (str(self), self.tag))

    def __deepcopy__(self, memo):
        return self  # immutable


class _Loader(yaml.SafeLoader):
    pass


class _Dumper(yaml.SafeDumper):
    pass


def _raw(loader, node):
    return RawScalar(node.value, node.tag)


for _tag in ("int", "float", "timestamp"):
    _Loader.add_constructor(f"tag:yaml.org,2002:{_tag}", _raw)
_Dumper.add_representer(RawScalar, lambda dumper, v: dumper.represent_scalar(v.tag, str(v)))


def dump_yaml(data) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                     width=4096)


def _raw_data(source) -> dict:
    if isinstance(source, dict):
        return copy.deepcopy(source)
    return yaml.load(Path(source).read_text(encoding="utf-8"), Loader=_Loader) or {}

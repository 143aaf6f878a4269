"""Interview: ask for the unknown inputs that decide an undetermined answer, one at a time.

The questions are the vocabulary sentences of the unknown inputs listed in answer.missing_inputs
(in proof order). After each answer the case is re-evaluated; the interview stops as soon as the
answer is determined, or when nothing is left to ask. No Click here: cli.py does the prompting.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import copy
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import yaml

from ..answer.answering import Question
from ..core.errors import CaseError
from ..core.settings import current
from ..facts.case import load_case, parse_case, read_case_text
from ..language.domains import describe, example
from ..prose import prose_for
from ..prose.questions import (answer_hint, ask_input, ask_presumed, positive_question, presumed_item,
                               presumed_reply_words, presumed_review, question_text, reply_words)
from ..prose.sentences import case_prose
from ..core.values import quantity_text, read_money, read_quantity, show_number
from .case_edit import EditError, edit_case_text
from ..answer.whatif import entity_template, input_decl

if TYPE_CHECKING:
    from ..answer.answering import Answer, CaseSource
    from ..engine.rulebase import Rulebase
    from ..language.ast import Atom, Param
    from ..law.queries import SavedQuery
    from ..prose.sentences import Prose

YES = frozenset({"y", "yes", "true", "t", "1"})
NO = frozenset({"n", "no", "false", "f", "0"})
DONT_KNOW = frozenset({"", "u", "unknown", "?", "dont know", "don't know", "skip"})


@dataclass(frozen=True)
class Prompt:
    """One question the interview asks: the value of one input of one entity."""
    entity: str
    attribute: str
    type: str           # "boolean" or the declared value type
    sentence: str       # the vocabulary sentence (statement or noun phrase) for this entity
    choices: tuple[str, ...] = () # entity ids, for a reference to another entity
    param: Param | None = field(default=None, compare=False)  # the declared value (range and unit), if any
    note: str = field(default="", compare=False)   # only a provision with a gap in the excerpt reads it
    labels: tuple[tuple[str, str], ...] = field(default=(), compare=False)  # (choice, the words a person reads for it): names, phrases
    names: tuple[str, ...] = field(default=(), compare=False)   # the entities' names in the sentence (never its verb)

    @property
    def shown(self) -> tuple[str, ...]:
        """The choices as a person reads them (an entity by its name, a word by its phrase)."""
        said = dict(self.labels)
        return tuple(said.get(c, c.replace("_", " ")) for c in self.choices)

    @property
    def question(self) -> str:
        """The question in words ('Did the ride take place at night?'), without how to answer it."""
        return question_text(self.sentence, self.type, self.note, self.names, self.type == "person")

    @property
    def hint(self) -> str:
        return answer_hint(self.type, self.shown, self.param)

    @property
    def prompt(self) -> str:
        return ask_input(self.sentence, self.type, self.shown, self.param, self.note, self.names,
                         self.type == "person")

    def reply_words(self, text: str, value: object) -> str:
        """The answer as the review lists it ('yes', a name, '30')."""
        return reply_words(self.type, text, value, self.labels)

    @property
    def inverted(self) -> bool:
        """A boolean input whose statement is a negative, asked positively ('Did X comply ...?'):
        yes stores false (prose.questions.positive_question)."""
        return self.type == "boolean" and positive_question(self.sentence) is not None

    def as_dict(self) -> dict[str, Any]:
        return {"entity": self.entity, "attribute": self.attribute, "type": self.type, "question": self.prompt}


@dataclass(frozen=True)
class PresumedPrompt:
    """One question for all the presumed exceptions an answer relies on (burden of proof): a
    checklist of the exceptions in words, each with its citation and the statute's text."""
    items: tuple[dict[str, Any], ...]    # presumed proof nodes: fact, citation, reason, entity, pred
    rows: tuple[dict[str, Any], ...] = field(default=(), compare=False)   # per item: text, citation, quote, reason (prose.questions.presumed_item)
    type: str = "presumed"

    @property
    def prompt(self) -> str:
        return ask_presumed(self.rows)

    @property
    def question(self) -> str:
        """The step as a line of the review (the checklist itself is `prompt`)."""
        return presumed_review(self.rows)

    def reply_words(self, text: str, value: object) -> str:
        if not value and (text or "").strip().lower() in DONT_KNOW:
            return "unknown"
        chosen = [i for i, d in enumerate(self.items, 1) if value and d["fact"] in cast("list[str]", value)]
        return presumed_reply_words(self.rows, chosen)

    def as_dict(self) -> dict[str, Any]:
        return {"entity": "", "attribute": "", "type": "presumed", "question": self.prompt,
                "presumed": [{"fact": d["fact"], "citation": d["citation"], "reason": d["reason"],
                              "exception": r["text"]} for d, r in zip(self.items, self.rows)]}


class Interview:
    def __init__(self, rb: Rulebase, source: CaseSource, atom: Atom, saved: SavedQuery | None = None,
                 save_path: object = None,
                 on_loaded: Callable[[], object] | None = None) -> None:
        self.rb, self.atom, self.saved = rb, atom, saved
        self.source = source
        self.text: str | None = None      # the case file's text, edited for the answers when saved
        self.changes: list[tuple[str, str, object]] = []   # [(entity, attribute, value)] the answers wrote, in order
        self.answered = 0     # questions that got a usable answer (a value, or `n` to the presumptions)
        if isinstance(source, dict):
            self.case = load_case(source, rb.checked, strict=current().strict)
            self.data: dict[str, Any] = _raw_data(source)
        else:  # read once (the case may be a pipe)
            text = self.text = read_case_text(source)
            self.case = parse_case(text, str(source), rb.checked, Path(str(source)).stem, current().strict)
            self.data = yaml.load(text, Loader=_Loader) or {}
        self.display = str(save_path) if save_path else (
            f"{source} + interview answers" if not isinstance(source, dict) else "<case> + interview answers")
        if on_loaded is not None:   # the case is read: the caller starts its time limit here
            on_loaded()
        self.answer = self._answered()
        self.asked: set[tuple[str, str]] = set()
        self.offered: set[tuple[object, object]] = set()   # (entity, pred) of the presumed exceptions already asked about
        self.log: list[tuple[Prompt | PresumedPrompt, str, object]] = []    # [(Prompt or PresumedPrompt, text typed, value stored or None)]
        self._start = (self.data, self.case, self.answer)   # what Back returns to before replaying

    # the reply method takes the question it was returned with (a Prompt or a PresumedPrompt)
    def step(self) -> tuple[Prompt | PresumedPrompt | None, Callable[[Any, str], Answer] | None]:
        """The next question and the method that reads its reply: the elements first; then, in one
        question, whether a presumed exception was raised; (None, None) when nothing is left."""
        q = self.next_question() if self.answer.answer == "undetermined" else None
        if q is not None:
            return q, self.reply
        presumed = self.presumption_question()
        return (presumed, self.reply_presumed) if presumed is not None else (None, None)

    def back(self) -> str | None:
        """Take back the last answer (Back): the interview as it was before it, every earlier answer
        kept (replayed). Returns the text typed for the answer taken back, or None with none."""
        if not self.log:
            return None
        texts = [text for _, text, _ in self.log]
        self.data, self.case, self.answer = self._start
        self.changes, self.answered = [], 0
        self.asked, self.offered, self.log = set(), set(), []
        for text in texts[:-1]:
            q, reply = self.step()
            if q is None or reply is None:   # (None, None): nothing left
                break
            reply(q, text)
        return texts[-1]

    def review(self) -> list[tuple[str, str]]:
        """The answers so far as the review lists them: [(the question in words, the answer in words)]."""
        return [(q.question, q.reply_words(text, value)) for q, text, value in self.log]

    def _answered(self) -> Answer:
        """The answer about the case as it stands now (answer/answering.py Question), without the
        readings check the interview never shows."""
        return Question.about(self.rb, self.case, self.atom, self.saved).answer(interpretation=False)

    @property
    def done(self) -> bool:
        return self.answer.answer != "undetermined" or self.next_question() is None

    def next_question(self) -> Prompt | None:
        prog = self.rb.checked.program
        for m in self.answer.missing_inputs:
            key: tuple[str, str] = (m.get("entity", ""), m.get("attribute", ""))
            if key in self.asked or not key[0]:
                continue
            decl = input_decl(prog, key[1])
            if decl is None:
                continue
            kind = "boolean" if decl.arity == 1 else decl.params[1].type
            choices: tuple[str, ...] = ()
            labels: tuple[tuple[str, str], ...] = ()
            named = self.names()
            if kind in prog.entities:
                choices = tuple(e for e, k in self.case.entities.items() if k == kind)
                labels = tuple((e, named.get(e, e)) for e in choices)
            elif decl.arity == 2 and decl.params[1].words is not None:
                choices = tuple(sorted(decl.params[1].words, key=lambda w: (w == "other", w)))
                phrases = getattr(decl.params[1], "phrases", None) or {}
                labels = tuple((w, phrases.get(w, w.replace("_", " "))) for w in choices)
            said = self.prose().positive(key[1], (key[0],) if decl.arity == 1 else (key[0], None))
            return Prompt(key[0], key[1], kind, str(said) if said else entity_template(decl, named.get(key[0], key[0])),
                          choices, decl.params[1] if decl.arity == 2 else None, m.get("note", ""),
                          labels, tuple(named.values()))
        return None

    def names(self) -> dict[str, str]:
        """id -> what a person calls each entity: its `name:`, else its role ('the vehicle'), as the
        handouts name them (Case.with_roles)."""
        return dict(self.case.with_roles().names)

    def prose(self) -> Prose:
        """The sentences of the case's vocabulary, its entities named (names, roles)."""
        return case_prose(self.rb.checked.program, self.case.with_roles())

    def presumption_question(self) -> PresumedPrompt | None:
        """After the elements: one question listing the presumed exceptions the answer relies on
        that were not offered yet (burden of proof, facts/presume.py), or None."""
        offered = self.offered
        items: list[dict[str, Any]] = []
        for _, d in sorted(self.answer.proof.nodes(data=True)):
            if d.get("kind") == "presumed" and (d.get("entity"), d.get("pred")) not in offered:
                items.append(d)
        seen: set[str] = set()
        out: list[dict[str, Any]] = []
        for p in self.answer.presumed:          # proof order, one per fact
            for d in items:
                if d.get("fact") == p["fact"] and p["fact"] not in seen:
                    seen.add(p["fact"])
                    out.append(d)
        return PresumedPrompt(tuple(out), tuple(self._exception(d) for d in out)) if out else None

    def _exception(self, d: dict[str, Any]) -> dict[str, Any]:
        """A presumed exception as the checklist reads it: what raising it says, with the entities'
        names (the fact's positive sentence where the presumption is that it is not so, its negative
        where the presumption is that it is), its citation, the statute's words, who must raise it."""
        s = self.prose().positive(d.get("pred", ""), (d.get("entity", ""),))
        if s is not None:
            said = str(s) if str(d.get("fact", "")).startswith("not ") else s.negative
        else:
            said = d.get("sentence", "") if str(d.get("fact", "")).startswith("not ") else d.get("negative", "")
        citation = d.get("citation", "")
        index = getattr(self.rb, "index", None)
        quote = ""
        try:
            if index is not None and citation in index:
                quote = " ".join((index.get(citation).text or "").split())
        except Exception:   # noqa: BLE001 -- the quote is a courtesy: a citation the index cannot read goes without
            quote = ""
        return presumed_item(said or d.get("fact", ""), citation, d.get("reason", ""), quote)

    def reply_presumed(self, q: "PresumedPrompt", text: str) -> Answer:
        """`n` (none raised) or the numbers of the exceptions that were raised (e.g. `1,3`): each
        raised one is stated true (a presumed default value is stated unknown) and the case is
        re-evaluated. Raises CaseError, nothing changed, for anything else."""
        text = (text or "").strip().lower()
        chosen: list[int] = []
        if text not in NO | DONT_KNOW:
            try:
                chosen = sorted({int(t) for t in text.replace(",", " ").split()})
            except ValueError:
                raise CaseError(f"answer n (none was raised) or the numbers of those raised, not {text!r}",
                                hint=f"for example 1 or 1,2 (1 to {len(q.items)})") from None
            if not chosen or chosen[0] < 1 or chosen[-1] > len(q.items):
                raise CaseError(f"choose numbers from 1 to {len(q.items)}")
        for d in q.items:
            self.offered.add((d.get("entity"), d.get("pred")))
        if text not in DONT_KNOW:
            self.answered += 1
        if not chosen:
            self.log.append((q, text or "n", None))
            return self.answer
        data = copy.deepcopy(self.data)
        entities = data.setdefault("entities", {})
        changes: list[tuple[str, str, object]] = []
        for n in chosen:
            d = q.items[n - 1]
            if not isinstance(entities.get(d["entity"]), dict):
                raise CaseError(f"entity {d['entity']} is not in the case data")
            value: bool | str = True if d["fact"].startswith("not ") else "unknown"
            entities[d["entity"]][d["pred"]] = value
            changes.append((d["entity"], d["pred"], value))
        case = parse_case(dump_yaml(data), self.display, self.rb.checked, Path(self.display).stem,
                          current().strict)
        self.data, self.case = data, case
        self.changes += changes
        self.log.append((q, text, [q.items[n - 1]["fact"] for n in chosen]))
        self.answer = self._answered()
        return self.answer

    def reply(self, q: Prompt, text: str) -> Answer:
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
        case = parse_case(dump_yaml(data), self.display, self.rb.checked, Path(self.display).stem,
                          current().strict)
        self.data, self.case = data, case
        self.changes.append((q.entity, q.attribute, value))
        self.answered += 1
        self.asked.add((q.entity, q.attribute))
        self.log.append((q, text, value))
        self.answer = self._answered()
        return self.answer

    def _value(self, q: Prompt, text: str) -> bool | str | None:
        low = text.lower()
        if low in DONT_KNOW:
            return None
        if q.type == "boolean":
            if low in YES:
                return not q.inverted
            if low in NO:
                return q.inverted
            raise CaseError(f"answer y (yes), n (no) or unknown, not {text!r}")
        if q.type == "number":
            try:
                number = read_quantity(text)   # 83.500: the thousands or the decimal, said
            except (ValueError, ArithmeticError) as exc:
                raise CaseError(f"expected a number, got {text!r}",
                                hint=getattr(exc, "hint", "") or f"for example {_sample(q, '30 or 12.5')}") from None
            _in_range(q, Fraction(number), text)
            # kept exact: the decimal text with YAML's int/float tag (never a binary float)
            return RawScalar(quantity_text(Fraction(number)), "tag:yaml.org,2002:" + (
                "int" if isinstance(number, int) else "float"))
        if q.type == "money":
            try:
                dollars = Fraction(read_money(text), 100)   # at most two decimals, as in a case file
            except (ValueError, ArithmeticError) as exc:
                raise CaseError(f"expected an amount in dollars, got {text!r}",
                                hint=getattr(exc, "hint", "") or f"for example {_sample(q, '125.50')}") from None
            _in_range(q, dollars, text)
        if q.choices and text not in q.choices:   # a name or a phrase as shown
            said = {label.casefold(): c for c, label in q.labels}
            said.update({c.replace("_", " ").casefold(): c for c in q.choices})
            text = said.get(" ".join(text.split()).casefold(), text)
        if q.choices and text not in q.choices and q.param is not None and q.param.words is not None:
            import difflib
            close = difflib.get_close_matches(text, q.choices, n=3, cutoff=0.6)
            raise CaseError(f"{text!r} is not a word {q.attribute} can take",
                            hint=f"did you mean: {', '.join(close)}?" if close else f"one of: {', '.join(q.choices)}")
        if q.choices and text not in q.choices:
            raise CaseError(f"{text!r} is not a {q.type} in this case", hint=f"one of: {', '.join(q.choices)}")
        return text

    def yaml_text(self) -> str:
        """The completed case: the case file's own text with the answered values written in
        (comments and every other line kept, apps/case_edit.py); the whole case dumped when it came
        as data. EditError when the text cannot be edited so that it reads as the answers made it."""
        if self.text is None:
            return dump_yaml(self.data)
        edited = edit_case_text(self.text, self.changes, CaseDumper)
        if yaml.safe_load(edited) != yaml.safe_load(dump_yaml(self.data)):
            raise EditError("the case file's text could not be edited in place for the answers "
                            "(an entity written through an alias or a merge key?)")
        return edited

    def dumped_text(self) -> str:
        """The completed case written in full (the case file's comments and layout not kept)."""
        return dump_yaml(self.data)


# -- YAML that keeps numbers, times and dates exactly as written -------------------------------------
class RawScalar(str):
    """A scalar kept as its source text (with its YAML tag), so `23:05` or `010` survive a round trip."""
    tag: str

    def __new__(cls, text: str, tag: str) -> "RawScalar":
        obj = super().__new__(cls, text)
        obj.tag = tag
        return obj

    def __reduce__(self) -> tuple[type[RawScalar], tuple[str, str]]:
        return (RawScalar, (str(self), self.tag))

    def __deepcopy__(self, memo: object) -> RawScalar:
        return self  # immutable


class _Loader(yaml.SafeLoader):
    pass


class CaseDumper(yaml.SafeDumper):
    pass


def _raw(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> RawScalar:
    return RawScalar(node.value, node.tag)


# bool and null too: `country: NO` or `answer: ~` is saved as written, not as false / null
for _tag in ("int", "float", "timestamp", "bool", "null"):
    _Loader.add_constructor(f"tag:yaml.org,2002:{_tag}", _raw)
CaseDumper.add_representer(RawScalar, lambda dumper, v: dumper.represent_scalar(v.tag, str(v)))
# an exact number (the case form's, server/app.py): its decimal text, read back as the same number
CaseDumper.add_representer(Fraction, lambda dumper, v: dumper.represent_scalar(
    "tag:yaml.org,2002:int" if v.denominator == 1 else "tag:yaml.org,2002:float", quantity_text(v)))

# Plain words another YAML reader (1.1 or 1.2) takes for a boolean, null or number: always quoted.
_AMBIGUOUS = re.compile(r"(?i:y|n|yes|no|on|off|true|false|null|~|[-+]?\.?(inf|nan))|[-+]?\.?[0-9].*|[-+.]|")


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "'" if _AMBIGUOUS.fullmatch(value) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


CaseDumper.add_representer(str, _represent_str)


def dump_yaml(data: object) -> str:
    return yaml.dump(data, Dumper=CaseDumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                     width=4096)


def _raw_data(source: CaseSource) -> dict[str, Any]:
    if isinstance(source, dict):
        return copy.deepcopy(source)
    data: dict[str, Any] = yaml.load(Path(source).read_text(encoding="utf-8-sig"), Loader=_Loader) or {}
    return data


def _sample(q: Prompt, fallback: str) -> str:
    """An example answer inside the question's declared range (the fallback when none is declared)."""
    return example(q.param) if q.param is not None and q.param.low is not None else fallback


def _in_range(q: Prompt, amount: Fraction, text: str) -> None:

    """Refuse (CaseError, nothing changed) a number outside the declared range of the question."""
    p = q.param
    if p is None or p.low is None:
        return
    if amount < p.low or (p.high is not None and amount > p.high):
        raise CaseError(f"{text} is out of range: {q.attribute} is {describe(p)}",
                        hint=f"for example {example(p)}")

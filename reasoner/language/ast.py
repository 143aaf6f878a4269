"""The rule language's syntax tree. Plain data; no behaviour beyond small helpers."""
from __future__ import annotations

from typing import Any, Callable

import re
from types import MappingProxyType

from ..core.record import field, record
from ..core.values import show_value

Key = tuple[str, int]   # (predicate name, arity): how a predicate is known everywhere


@record(frozen=True)
class Loc:
    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@record(frozen=True)
class Var:
    name: str

    @property
    def anonymous(self) -> bool:
        return self.name == "_"

    @property
    def generated(self) -> bool:
        """A fresh variable the checker put in place of a `_` (see generated_name)."""
        return generated_name(self.name)

    def __str__(self) -> str:
        return "_" if self.generated else self.name


@record(frozen=True)
class Const:
    value: Any

    def __str__(self) -> str:
        v = self.value
        if isinstance(v, str):
            return v if _is_symbol(v) else quote_string(v)
        return show_value(v)


# A string constant of the rule language: double quotes, with these escapes and no others (an
# unknown escape is an error where it is read, language/parser.py); quote_string writes every
# string so that it reads back as the same string.
ESCAPES = MappingProxyType({'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r"})
_WRITE = MappingProxyType({v: "\\" + k for k, v in ESCAPES.items()})


def quote_string(text: str) -> str:
    """`text` as a double-quoted constant: quote, backslash, line breaks and tabs escaped, any other
    control character as \\uXXXX."""
    out = []
    for ch in text:
        if ch in _WRITE:
            out.append(_WRITE[ch])
        elif ch < " " or "\x7f" <= ch < "\xa0":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def unquote_string(text: str) -> str:
    """The string a double-quoted constant (with its quotes) stands for; ValueError naming an
    unknown escape."""
    out, i, body = [], 0, text[1:-1]
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1:i + 2]
        if nxt in ESCAPES:
            out.append(ESCAPES[nxt])
            i += 2
        elif nxt == "u" and re.fullmatch(r"[0-9A-Fa-f]{4}", body[i + 2:i + 6]):
            out.append(chr(int(body[i + 2:i + 6], 16)))
            i += 6
        else:
            raise ValueError(f"unknown escape \\{nxt} in a string: the escapes are \\\" \\\\ \\n \\t \\r "
                             "and \\uXXXX (write \\\\ for a backslash)")
    return "".join(out)


def _is_symbol(text: str) -> bool:
    return bool(text) and text[0].islower() and all(c.isalnum() or c == "_" for c in text) and text.isascii()


@record(frozen=True)
class BinOp:
    op: str
    left: Any
    right: Any

    def __str__(self) -> str:
        return f"({self.left} {self.op} {self.right})"


@record(frozen=True)
class Call:
    fn: str
    args: tuple

    def __str__(self) -> str:
        return f"{self.fn}({', '.join(map(str, self.args))})"


@record(frozen=True)
class Atom:
    pred: str
    args: tuple
    loc: Loc | None = field(default=None, compare=False)

    @property
    def key(self) -> Key:
        return (self.pred, len(self.args))

    def __str__(self) -> str:
        return f"{self.pred}({', '.join(map(str, self.args))})" if self.args else self.pred


@record(frozen=True)
class Positive:
    atom: Atom

    @property
    def loc(self) -> Loc | None:
        return self.atom.loc

    def __str__(self) -> str:
        return str(self.atom)


@record(frozen=True)
class Negative:
    atom: Atom

    @property
    def loc(self) -> Loc | None:
        return self.atom.loc

    def __str__(self) -> str:
        return f"not {self.atom}"


@record(frozen=True)
class Compare:
    op: str  # = != < <= > >=
    left: Any
    right: Any
    loc: Loc | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"{self.left} {self.op} {self.right}"


@record(frozen=True)
class Assign:
    """`Var = expr`, produced by the orderer when the variable is not yet bound."""
    var: Var
    expr: Any
    loc: Loc | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"{self.var} = {self.expr}"



BodyLiteral = Positive | Negative | Compare | Assign   # one condition of a rule body
Term = Var | Const | BinOp | Call                       # an argument or an expression

# The law's facts that cannot all hold beyond @implies (bounds between amounts, written as rules of
# this predicate): read only by what-if (answer/whatif.py possible), never by an answer, so the exact
# split takes no cut from them (engine/exact/domains.py).
CONFLICT_PRED = "facts_conflict"


def is_conflict_pred(name: str) -> bool:
    """facts_conflict and its kin for other entity kinds (facts_conflict_charge: a par. (c) charge
    against a person the case states is 19 or older, trainer review 13, G4): one predicate a kind,
    since a predicate's argument has one type."""
    return name == CONFLICT_PRED or name.startswith(CONFLICT_PRED + "_")


@record
class Rule:
    head: Atom
    body: list
    loc: Loc
    provision: str | None = None
    readings: list = field(default_factory=list)
    rule_id: str = ""
    helper: bool = False  # generated by the compiler (e.g. projections for `not p(X, _)`)
    alternative: tuple | None = None  # (phrase, reading name) when the rule belongs to a reading group
    sentences: tuple = ()  # `@provision "C" "first words" ...`: the sentences of C the rule encodes
    # `@reading "words at the line" "the reading"`: a reading's short words, said at each comparison
    # of the rule where it is argued ('6,300 lb, which is more than 1,000 lb (our reading: ...)'), and
    # by a what-if resting on it: ((short words, the reading in full), ...)
    said: tuple = ()

    def __str__(self) -> str:
        if not self.body:
            return f"{self.head}."
        return f"{self.head} :- {', '.join(map(str, self.body))}."


@record
class Param:
    name: str
    type: str
    # the declared value space (reasoner/language/domains.py): words of a symbol, range and unit of a
    # number or money, whether a case may list several values
    words: frozenset[str] | None = None   # closed set of a symbol ("other" included when declared)
    domain: str | None = None        # the @domain it names, if any
    low: Any = None               # range (inclusive), in the unit a case file writes
    high: Any = None
    unit: str | None = None
    many: bool = False               # `list of T`: a case file may give a list
    phrases: dict | None = None      # word -> the phrase a trainee reads ("a state trunk highway")


@record
class DomainDecl:
    name: str
    words: tuple
    reason: str          # why `other` is in the set (required then), or a description
    loc: Loc
    phrases: dict = field(default_factory=dict)   # word -> the phrase a trainee reads


@record
class EntityDecl:
    kind: str
    description: str
    loc: Loc


@record
class PredDecl:
    name: str
    params: list
    template: str
    loc: Loc
    is_input: bool
    # the part of the template marked `[[...]]` in the rule file (the marks dropped from template):
    # a long gloss a handout says once and leaves out after ('' when none)
    gloss: str = ""

    @property
    def arity(self) -> int:
        return len(self.params)

    @property
    def key(self) -> Key:
        return (self.name, len(self.params))


@record
class Hole:
    citation: str
    why: str
    loc: Loc
    kind: str = "hole"  # or "not_encoded", or "note" (a note on an encoded provision for `reasoner provisions`)
    # `@hole "CIT" "why" for p, q.`: the predicates that stand in for the missing text (an input only
    # the missing subdivision could fill, the condition under which it would apply); an answer whose
    # undetermined part turns on one of them says the subdivision is not in the excerpt
    preds: tuple = ()


@record
class Presumption:
    """`@presume [not] p(O[, value]) "CITATION" "reason" [override "why"].`: an unstated input of
    the case is taken as false (`not p(O)`), true (`p(O)`) or the stated default value, because
    the statute puts it on the party who benefits (docs/PRESUMPTIONS.md)."""
    pred: str
    arity: int
    value: Any          # False / True for a boolean input; the default value for a valued one
    citation: str
    reason: str
    loc: Loc
    override: str = ""     # why an input that is an element of an offence may be presumed

    @property
    def key(self) -> Key:
        return (self.pred, self.arity)

    def fact(self, entity: str, show: Callable[[Any], str] | None = None) -> str:
        """The presumed fact as an atom, e.g. `not public_utility_function(op1)`."""
        if self.arity == 1:
            return f"{'' if self.value else 'not '}{self.pred}({entity})"
        shown = show(self.value) if show else str(self.value)
        return f"{self.pred}({entity}, {shown})"


@record(frozen=True)
class Literal:
    """One side of an `@implies`: `[not] p(O)` or `[not] p(O, constant)` about one entity."""
    pred: str
    value: Any = None        # the constant of a valued input (None: a true/false input)
    negated: bool = False

    @property
    def arity(self) -> int:
        return 1 if self.value is None else 2

    @property
    def key(self) -> Key:
        return (self.pred, self.arity)

    def text(self, entity: str, show: Callable[[Any], str] | None = None) -> str:
        inner = entity if self.value is None else f"{entity}, {show(self.value) if show else self.value}"
        return f"{'not ' if self.negated else ''}{self.pred}({inner})"


@record
class Implication:
    """`@implies [not] p(O) then [not] q(O) "reason".`: what the facts of one entity cannot both be
    (the statute's words or the physical world): where the first holds the second does, and where
    the second fails so does the first (facts/constraints.py)."""
    first: Literal
    then: Literal
    reason: str
    loc: Loc


@record
class Alternative:
    """One reading of a contested phrase: `@reading PHRASE NAME "reason" { rules }` (the default)
    or `@alternative PHRASE NAME "reason" { rules }`."""
    name: str
    reason: str
    default: bool
    loc: Loc
    heads: tuple = ()       # (name, arity) of the predicates its rules conclude, in order of first rule
    words: str = ""         # the reading in words, for a trainee ("exactly 150 feet away is within 150 feet")


@record
class Phrase:
    """`@phrase NAME "CITATION" "the statute's words".`: a contested phrase with named readings."""
    name: str
    citation: str
    text: str
    loc: Loc
    alternatives: dict = field(default_factory=dict)   # reading name -> Alternative, in file order
    key: str = ""           # the statute's word(s) the readings differ on ("may"), quoted in a row's note

    @property
    def default(self) -> Alternative | None:
        return next((a for a in self.alternatives.values() if a.default), None)


class Memo:
    """What later stages work out once about one Program and keep with it (the prose layer's
    phrasing tables: prose/sentences.py prose_for). Not part of the program: never pickled (the law
    cache stores the program; the memo is remade), never compared."""
    __slots__ = ("prose", "case_prose")

    def __init__(self) -> None:
        self.prose: Any = None
        self.case_prose: dict = {}   # the phrasings of the last few cases' names (prose_for)

    def __reduce__(self) -> tuple:
        return (Memo, ())


@record
class Program:
    rules: list = field(default_factory=list)
    entities: dict = field(default_factory=dict)   # kind -> EntityDecl
    preds: dict = field(default_factory=dict)      # (name, arity) -> PredDecl
    holes: list = field(default_factory=list)
    presumptions: list = field(default_factory=list)  # [Presumption]
    implications: list = field(default_factory=list)  # [Implication] (@implies)
    files: list = field(default_factory=list)
    sources: dict = field(default_factory=dict)    # file -> text (for error excerpts)
    domains: dict = field(default_factory=dict)    # name -> DomainDecl (@domain)
    negatives: dict = field(default_factory=dict)  # (name, arity), or (name, arity, open positions) for a `_` form -> (param names, negative template, loc)
    positives: dict = field(default_factory=dict)  # the same for @positive: how a form with open `_` arguments reads when true
    phrases: dict = field(default_factory=dict)    # name -> Phrase (@phrase, with its readings)
    # (name, 2) -> (param names, words, loc) of `@names p(C, P) "words".`: in a sentence about C, the
    # words name the P the case states for it ('the person charged' -> 'the uncle'; reasoner/prose)
    names_in: dict = field(default_factory=dict)
    kinds: dict = field(default_factory=dict)      # predicate name -> what its negation is, in words (@kind: "merger rule")
    selected: tuple = ()   # the readings chosen instead of the defaults ("phrase.reading"), once selected
    memo: Memo = field(default_factory=Memo, compare=False, repr=False)

    def merge(self, other: "Program") -> None:
        self.rules.extend(other.rules)
        self.holes.extend(other.holes)
        self.presumptions.extend(getattr(other, "presumptions", []))
        self.implications.extend(getattr(other, "implications", []))
        self.files.extend(other.files)
        self.sources.update(other.sources)
        for kind, decl in other.entities.items():
            self.entities.setdefault(kind, decl)
        for key, neg in getattr(other, "negatives", {}).items():
            self.negatives.setdefault(key, neg)
        for key, pos in getattr(other, "positives", {}).items():
            self.positives.setdefault(key, pos)
        for key, named in getattr(other, "names_in", {}).items():
            self.names_in.setdefault(key, named)
        for key, words in getattr(other, "kinds", {}).items():
            self.kinds.setdefault(key, words)
        for key, decl in other.preds.items():
            self.preds.setdefault(key, decl)
        for name, decl in other.domains.items():
            self.domains.setdefault(name, decl)
        for name, phrase in getattr(other, "phrases", {}).items():
            self.phrases.setdefault(name, phrase)


FRESH = "_'"   # prefix of the checker's fresh variables: no rule file can spell a quote in a name


def generated_name(name: str) -> bool:
    """Whether a variable name was made by the checker (a `_` written in the rule), as opposed
    to a variable the rule names, `_X` included."""
    return name.startswith(FRESH)


def term_vars(term: object) -> set[str]:
    """Named variables in a term or expression."""
    if isinstance(term, Var):
        return set() if term.anonymous else {term.name}
    if isinstance(term, BinOp):
        return term_vars(term.left) | term_vars(term.right)
    if isinstance(term, Call):
        out: set[str] = set()
        for a in term.args:
            out |= term_vars(a)
        return out
    return set()


def literal_vars(lit: object) -> set[str]:
    if isinstance(lit, (Positive, Negative)):
        out: set[str] = set()
        for a in lit.atom.args:
            out |= term_vars(a)
        return out
    if isinstance(lit, Compare):
        return term_vars(lit.left) | term_vars(lit.right)
    if isinstance(lit, Assign):
        return {lit.var.name} | term_vars(lit.expr)
    return set()

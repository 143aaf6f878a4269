"""Tokenizer and recursive-descent parser for the rule language (see docs/LANGUAGE.md).

Errors carry file:line:column and the source line with a caret under the spot.
"""
from __future__ import annotations

import bisect
import re
from typing import Any
from types import MappingProxyType
from ..core.record import record

from ..core.errors import RuleError, caret_excerpt
from ..core.values import Day, TimeOfDay, parse_number
from ..core.deadline import check as check_deadline
from .ast import (Alternative, Implication, Literal, Atom, BinOp, BodyLiteral, Call, Compare, Const, DomainDecl, EntityDecl, Hole, Loc,
                  Negative, Param, Phrase, Positive, PredDecl, Presumption, Program, Rule, Term, Var, term_vars,
                  unquote_string)
from . import arith

FUNCTIONS = MappingProxyType({"ceil": 1, "floor": 1, "round": 1, "abs": 1, "min": 2, "max": 2})
COMPARISONS = frozenset({"=", "!=", "<", "<=", ">", ">="})
PRED_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
TYPES = frozenset({"number", "money", "time", "date", "string", "symbol"})
MAX_EXPRESSION = 100  # operators, parentheses and calls in one comparison

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<comment>%[^\n]*)
  | (?P<date>\d{4}-\d{2}-\d{2})
  | (?P<time>\d{1,2}:\d{2})
  | (?P<number>\d[\d_]*(?:\.\d+)?)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<annot>@[a-z_]+)
  | (?P<var>[A-Z_][A-Za-z0-9_]*)
  | (?P<ident>[a-z][A-Za-z0-9_]*)
  | (?P<op>:-|<=|>=|!=|[(),.:<>=+\-*/{}])
  | (?P<bad>.)
""", re.VERBOSE | re.DOTALL)


@record
class Token:
    kind: str
    text: str
    line: int
    col: int


class Parser:
    def __init__(self, text: str, filename: str) -> None:
        self.text = text
        self.file = filename
        self.lines = text.splitlines() or [""]
        self.tokens = self._tokenize()
        self.pos = 0
        self.vars: dict = {}   # one Var object per name in a file (Vars are immutable; the law cache stores each once)

    # -- errors -------------------------------------------------------------------------
    def error(self, message: str, line: int, col: int, hint: str | None = None) -> RuleError:
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return RuleError(message, location=f"{self.file}:{line}:{col}", hint=hint,
                         excerpt=caret_excerpt(src, col))

    def loc(self, tok: Token) -> Loc:
        return Loc(self.file, tok.line, tok.col)

    def var(self, name: str) -> Var:
        v = self.vars.get(name)
        if v is None:
            v = self.vars[name] = Var(name)
        return v

    # -- tokens -------------------------------------------------------------------------
    def _tokenize(self) -> list[Token]:
        text = self.text
        starts = [0] + [m.end() for m in re.finditer("\n", text)]
        tokens: list[Token] = []
        for m in _TOKEN.finditer(text):
            if not len(tokens) & 8191:
                check_deadline()   # reading a rule file is inside the command's time limit
            kind = m.lastgroup or ""   # every alternative of _TOKEN is a named group
            if kind == "ws" or kind == "comment":
                continue
            pos = m.start()
            line = bisect.bisect_right(starts, pos)
            col = pos - starts[line - 1] + 1
            if kind == "bad":
                ch = m.group()
                hint = "strings use double quotes" if ch == "'" else None
                raise self.error(f"unexpected character {ch!r}", line, col, hint)
            tokens.append(Token(kind, m.group(), line, col))
        line = len(starts)
        tokens.append(Token("eof", "", line, len(text) - starts[-1] + 1))
        return tokens

    def peek(self, offset: int = 0) -> Token:
        return self.tokens[min(self.pos + offset, len(self.tokens) - 1)]

    def next(self) -> Token:
        tok = self.peek()
        self.pos += 1
        return tok

    def at(self, text: str, offset: int = 0) -> bool:
        tok = self.peek(offset)
        return tok.kind in ("op", "ident") and tok.text == text

    def expect(self, text: str, what: str | None = None) -> Token:
        tok = self.peek()
        if tok.text != text or tok.kind not in ("op", "ident"):
            found = "end of file" if tok.kind == "eof" else repr(tok.text)
            raise self.error(f"expected {what or repr(text)}, found {found}", tok.line, tok.col,
                             "every statement ends with '.'" if text == "." else None)
        return self.next()

    def string(self, what: str) -> str:
        tok = self.next()
        if tok.kind != "string":
            raise self.error(f"expected {what} as a double-quoted string", tok.line, tok.col)
        return self.unquote(tok)

    def unquote(self, tok: Token) -> str:
        try:
            return unquote_string(tok.text)
        except ValueError as exc:
            raise self.error(str(exc), tok.line, tok.col) from None

    def gloss(self, template: str, tok: Token) -> tuple[str, str]:
        """(the template without its `[[...]]` marks, the marked gloss): one gloss at most, no
        placeholder in it (a handout drops the gloss's own words where it has said them above)."""
        opens, closes = template.count("[["), template.count("]]")
        if not opens and not closes:
            return template, ""
        start, end = template.find("[["), template.find("]]")
        if opens != 1 or closes != 1 or end < start:
            raise self.error("a template marks one gloss at most, as [[...]]", tok.line, tok.col)
        gloss = template[start + 2:end]
        if not gloss.strip() or "{" in gloss:
            raise self.error("a gloss ([[...]]) needs words and no {placeholder}", tok.line, tok.col)
        return template[:start] + gloss + template[end + 2:], gloss

    # -- program ------------------------------------------------------------------------
    def parse(self) -> Program:
        prog = Program(files=[self.file], sources={self.file: self.text})
        provision, readings = None, []
        sentences: tuple = ()
        said: tuple = ()   # the short words of the rule's readings said at its comparisons
        annot_tok: Token | None = None   # the @provision / first @reading of the rule being read
        group = None   # (phrase, Alternative, opening token) inside `@reading NAME ALT "why" { ... }`
        while self.peek().kind != "eof":
            check_deadline()
            tok = self.peek()
            if group is not None and self.at("}"):
                if provision is not None or readings:
                    assert annot_tok is not None   # set with the @provision / @reading
                    raise self.error("@provision/@reading must be followed by a rule", annot_tok.line, annot_tok.col)
                if not group[1].heads:
                    raise self.error(f"reading {group[0].name}.{group[1].name} has no rules", group[2].line,
                                     group[2].col, "put the rules of this reading between { and }")
                self.next()
                group = None
                continue
            if tok.kind == "annot":
                name = tok.text[1:]
                if name == "provision":
                    self.next()
                    if provision is not None:
                        raise self.error("two @provision annotations for one rule", tok.line, tok.col)
                    provision, annot_tok = self.string("a citation"), tok
                    while self.peek().kind == "string":   # the sentences of the provision the rule encodes
                        sentences += (self.string("the first words of a sentence of the provision"),)
                elif name == "reading" and self.peek(1).kind == "string":
                    self.next()
                    first = self.string("the reading")
                    if self.peek().kind == "string":   # "words at the line" "the reading"
                        words = first
                        first = self.string("the reading in full")
                        said += ((words, first),)
                    readings.append(first)
                    annot_tok = annot_tok or tok
                elif name in ("reading", "alternative"):
                    if provision is not None or readings:
                        assert annot_tok is not None   # set with the @provision / @reading
                        raise self.error("@provision/@reading must be followed by a rule",
                                         annot_tok.line, annot_tok.col)
                    if group is not None:
                        raise self.error("a reading group cannot hold another one", tok.line, tok.col,
                                         "close the group with } first")
                    group = self.reading_group(prog)
                elif name in ("entity", "input", "predicate", "hole", "not_encoded", "note", "domain", "presume",
                              "negative", "positive", "phrase", "implies", "names", "kind"):
                    if provision is not None or readings:
                        assert annot_tok is not None   # set with the @provision / @reading
                        raise self.error("@provision/@reading must be followed by a rule",
                                         annot_tok.line, annot_tok.col)
                    if group is not None:
                        raise self.error(f"@{name} inside a reading group", tok.line, tok.col,
                                         "a reading group holds only rules; declare before the group")
                    self.declaration(prog)
                else:
                    raise self.error(f"unknown annotation @{name}", tok.line, tok.col,
                                     "known: @provision @reading @alternative @phrase @entity @input @predicate "
                                     "@hole @not_encoded @note @domain @presume @negative @positive @implies @names @kind")
                continue
            rule = self.rule()
            rule.provision, rule.readings, rule.sentences, rule.said = provision, readings, sentences, said
            if group is not None:
                phrase, alt = group[0], group[1]
                rule.alternative = (phrase.name, alt.name)
                rule.readings = [alternative_reading(phrase, alt)] + readings
                if rule.head.key not in alt.heads:
                    alt.heads = alt.heads + (rule.head.key,)
            prog.rules.append(rule)
            provision, readings, annot_tok, sentences, said = None, [], None, (), ()
        if group is not None:
            raise self.error(f"reading group {group[0].name}.{group[1].name} is not closed", group[2].line,
                             group[2].col, "end the group with }")
        if provision is not None or readings:
            assert annot_tok is not None   # set with the @provision / @reading
            raise self.error("@provision/@reading at end of file with no rule after it",
                             annot_tok.line, annot_tok.col)
        return prog

    def reading_group(self, prog: Program) -> tuple[Phrase, Alternative, Token]:
        """`@reading PHRASE NAME ["words"] "reason" {` (the default) or `@alternative PHRASE NAME
        ["words"] "reason" {`. With two strings the first is the reading in words, as a trainee reads
        it ("a snowmobile exactly 150 feet away is within 150 feet"); the second is why."""
        tok = self.next()
        default = tok.text == "@reading"
        ptok, ntok = self.next(), self.next()
        for t, what in ((ptok, "the phrase's name"), (ntok, "the reading's name")):
            if t.kind != "ident":
                raise self.error(f"expected {what} (a lowercase name) after {tok.text}", t.line, t.col,
                                 f'{tok.text} PHRASE NAME "why this reading" {{ rules }}')
        phrase = prog.phrases.get(ptok.text)
        if phrase is None:
            raise self.error(f"no @phrase {ptok.text} declared before its readings", ptok.line, ptok.col,
                             f'declare it first: @phrase {ptok.text} "CITATION" "the statute\'s words".')
        if ntok.text in phrase.alternatives:
            raise self.error(f"reading {ptok.text}.{ntok.text} given twice", ntok.line, ntok.col)
        if default and phrase.default is not None:
            raise self.error(f"phrase {ptok.text} already has a default reading ({phrase.default.name})",
                             tok.line, tok.col, "other readings of the phrase are @alternative groups")
        reason = self.string("the reason for this reading")
        words = ""
        if self.peek().kind == "string":   # "words" "reason"
            words, reason = reason, self.string("the reason for this reading")
        self.expect("{", "'{' and the rules of this reading")
        alt = Alternative(ntok.text, reason, default, self.loc(tok), words=words)
        phrase.alternatives[ntok.text] = alt
        return phrase, alt, tok

    def declaration(self, prog: Program) -> None:
        tok = self.next()
        name = tok.text[1:]
        loc = self.loc(tok)
        if name == "entity":
            kind_tok = self.next()
            if kind_tok.kind != "ident":
                raise self.error("expected an entity kind (lowercase name)", kind_tok.line, kind_tok.col)
            desc = self.string("a description")
            self.expect(".")
            if kind_tok.text in prog.entities:
                raise self.error(f"entity kind {kind_tok.text} declared twice", kind_tok.line, kind_tok.col)
            prog.entities[kind_tok.text] = EntityDecl(kind_tok.text, desc, self.loc(kind_tok))
        elif name == "kind":
            # `@kind PRED "merger rule".`: what a rule that requires PRED not to hold is, in words,
            # where it is no exception (s. 350.101(1)(d) merges two findings: trainer review 13, G8)
            ptok = self.next()
            if ptok.kind != "ident":
                raise self.error("expected a predicate name", ptok.line, ptok.col)
            words = self.string("what the rule is, in words (\"merger rule\")")
            self.expect(".")
            if ptok.text in prog.kinds:
                raise self.error(f"@kind of {ptok.text} declared twice", ptok.line, ptok.col)
            prog.kinds[ptok.text] = words
        elif name == "negative":
            self.negative(prog)
        elif name == "positive":
            self.negative(prog, positive=True)
        elif name == "names":
            self.names_decl(prog)
        elif name == "phrase":
            ntok = self.next()
            if ntok.kind != "ident":
                raise self.error("expected the phrase's name (lowercase)", ntok.line, ntok.col)
            citation = self.string("the citation of the phrase")
            text = self.string("the statute's words")
            # an optional third string: the statute's word(s) the readings differ on, quoted where a
            # table row says what another reading gives ("may": review 7, 11)
            key = self.string("the word the readings differ on") if self.peek().kind == "string" else ""
            self.expect(".")
            if ntok.text in prog.phrases:
                raise self.error(f"phrase {ntok.text} declared twice", ntok.line, ntok.col)
            prog.phrases[ntok.text] = Phrase(ntok.text, citation, text, self.loc(ntok), key=key)
        elif name in ("input", "predicate"):
            ptok = self.next()
            if ptok.kind != "ident":
                raise self.error("expected a predicate name", ptok.line, ptok.col)
            params = []
            if self.at("("):
                self.next()
                while True:
                    ntok = self.next()
                    if ntok.kind not in ("var", "ident"):
                        raise self.error("expected a parameter name", ntok.line, ntok.col)
                    self.expect(":", "':' and a type")
                    params.append(self.param_type(ntok.text))
                    if self.at(","):
                        self.next()
                        continue
                    self.expect(")", "',' or ')'")
                    break
            ttok = self.peek()
            template = self.string("a sentence template")
            template, gloss = self.gloss(template, ttok)
            self.expect(".")
            decl = PredDecl(ptok.text, params, template, self.loc(ptok), name == "input", gloss)
            if decl.key in prog.preds:
                raise self.error(f"{ptok.text}/{len(params)} declared twice", ptok.line, ptok.col)
            prog.preds[decl.key] = decl
        elif name == "domain":
            ntok = self.next()
            if ntok.kind != "ident":
                raise self.error("expected a domain name (lowercase)", ntok.line, ntok.col)
            words, phrases = self.word_set()
            reason = self.string("the reason `other` is in the set") if self.peek().kind == "string" else ""
            self.expect(".")
            if ntok.text in prog.domains:
                raise self.error(f"domain {ntok.text} declared twice", ntok.line, ntok.col)
            if "other" in words and not reason:
                raise self.error(f"domain {ntok.text} has `other` but no reason", ntok.line, ntok.col,
                                 "say in a string after the set why the statute leaves the set open")
            prog.domains[ntok.text] = DomainDecl(ntok.text, words, reason, self.loc(ntok), phrases)
        elif name == "presume":
            prog.presumptions.append(self.presumption(loc))
        elif name == "implies":
            prog.implications.append(self.implication(loc))
        else:  # hole / not_encoded / note
            citation = self.string("a citation")
            why = self.string("the reason")
            preds = []
            # `for p, q`: the predicates that stand for the missing text; on a @note, the inputs that give
            # a value the law sets outside the excerpt (a maximum weight): no what-if varies them
            if name in ("hole", "note") and self.at("for"):
                self.next()
                while True:
                    ptok = self.next()
                    if ptok.kind != "ident":
                        raise self.error("expected the name of a predicate after `for`", ptok.line, ptok.col)
                    preds.append(ptok.text)
                    if not self.at(","):
                        break
                    self.next()
            self.expect(".")
            prog.holes.append(Hole(citation, why, loc, name, tuple(preds)))

    def word_set(self) -> tuple:
        """`{a, b "the phrase for b", c}`: the closed set of words of a symbol, and the phrase a
        trainee reads for each word that has one ("a state trunk highway" for state_trunk)."""
        self.expect("{", "'{' and the allowed words")
        words, phrases = [], {}
        while True:
            wtok = self.next()
            if wtok.kind != "ident":
                raise self.error("expected a lowercase word", wtok.line, wtok.col)
            if wtok.text in words:
                raise self.error(f"word {wtok.text} listed twice", wtok.line, wtok.col)
            words.append(wtok.text)
            if self.peek().kind == "string":
                phrases[wtok.text] = self.string("the word's phrase")
            if self.at(","):
                self.next()
                continue
            self.expect("}", "',' or '}'")
            return tuple(words), phrases

    def param_type(self, name: str) -> Param:
        """`[list of] TYPE [(unit)] [LOW..[HIGH]]`, TYPE a type, an entity kind, a @domain name
        or `{word, ...}` (see docs/LANGUAGE.md, "Value spaces")."""
        many = False
        if self.at("list") and self.at("of", 1):
            self.next(), self.next()
            many = True
        if self.at("{"):
            tok = self.peek()
            words, phrases = self.word_set()
            if "other" in words:
                raise self.error("`other` needs a reason: declare the set with @domain NAME {...} \"why\"",
                                 tok.line, tok.col)
            param = Param(name, "symbol", words=frozenset(words), phrases=phrases)
        else:
            ttok = self.next()
            if ttok.kind != "ident":
                raise self.error("expected a type", ttok.line, ttok.col,
                                 "types: " + ", ".join(sorted(TYPES)) + ", {word, ...}, or an entity kind")
            param = Param(name, ttok.text)
        param.many = many
        if self.at("(") and self.peek(1).kind == "ident" and self.at(")", 2):
            self.next()
            param.unit = self.next().text
            self.next()
        if self.peek().kind == "number" or (self.at("-") and self.peek(1).kind == "number"):
            param.low = self.signed_number()
            self.expect(".", "'..' and the upper bound")
            self.expect(".", "'..' and the upper bound")
            if self.peek().kind == "number" or self.at("-"):
                param.high = self.signed_number()
        return param

    def signed_number(self) -> Any:
        sign = 1
        if self.at("-"):
            self.next()
            sign = -1
        tok = self.next()
        if tok.kind != "number":
            raise self.error("expected a number", tok.line, tok.col)
        return sign * self.constant(tok)

    def presumption(self, loc: Loc) -> Presumption:
        """`@presume [not] p(O[, value]) "CITATION" "reason" [override "why"].`"""
        negated = False
        if self.at("not") and self.peek(1).kind == "ident":
            self.next()
            negated = True
        atom = self.atom()
        assert atom.loc is not None   # the parser places every atom it reads
        if not atom.args or not isinstance(atom.args[0], Var) or atom.args[0].anonymous:
            raise self.error("a presumption names its entity with a variable, e.g. p(O)",
                             atom.loc.line, atom.loc.col)
        if len(atom.args) == 1:
            value = not negated
        elif len(atom.args) == 2 and isinstance(atom.args[1], Const) and not negated:
            value = atom.args[1].value
        else:
            raise self.error("a presumption is `not p(O)` or `p(O)` for a true/false input, or "
                             "`p(O, value)` (a constant default) for a valued input",
                             atom.loc.line, atom.loc.col)
        citation = self.string("a citation")
        reason = self.string("the reason (one sentence)")
        override = ""
        if self.at("override"):
            self.next()
            override = self.string("why this input may be presumed although it is an element of an offence")
        self.expect(".")
        return Presumption(atom.pred, len(atom.args), value, citation, reason, atom.loc or loc, override)

    def implication(self, loc: Loc) -> Implication:
        """`@implies [not] p(O) then [not] q(O) "reason".` (either side may be `p(O, constant)`)."""
        first, var = self.side()
        tok = self.next()
        if tok.kind != "ident" or tok.text != "then":
            raise self.error("expected `then` between the two sides of @implies", tok.line, tok.col,
                             "@implies on_median(O) then on_highway_right_of_way(O) \"why\".")
        then, other = self.side()
        if other != var:
            raise self.error(f"@implies: both sides must be about the same entity ({var}, not {other})",
                             tok.line, tok.col)
        reason = self.string("the reason (one sentence)")
        self.expect(".")
        return Implication(first, then, reason, loc)

    def side(self) -> tuple:
        """A side of @implies, `[not] p(O)` or `[not] p(O, constant)`: (Literal, the entity's variable name)."""
        negated = False
        if self.at("not") and self.peek(1).kind == "ident":
            self.next()
            negated = True
        atom = self.atom()
        assert atom.loc is not None   # the parser places every atom it reads
        args = atom.args
        if not args or not isinstance(args[0], Var) or args[0].anonymous or len(args) > 2 \
                or (len(args) == 2 and not isinstance(args[1], Const)):
            raise self.error("a side of @implies is `p(O)` or `p(O, constant)`, with the entity as a variable",
                             atom.loc.line, atom.loc.col)
        value = args[1].value if len(args) == 2 else None
        return Literal(atom.pred, value, negated), args[0].name

    def negative(self, prog: Program, positive: bool = False) -> None:
        """`@negative p(X, Y) "sentence".`: how p reads when it is false (reasoner/prose);
        `@positive p(_, V) "sentence".` (positive=True): how it reads when true, for the form with an
        argument left open ("the person charged over {V} has a prior conviction", where
        the declaration's template would read "some prior conviction is ...")."""
        word = "positive" if positive else "negative"
        table = prog.positives if positive else prog.negatives
        ptok = self.next()
        if ptok.kind != "ident":
            raise self.error("expected a predicate name", ptok.line, ptok.col)
        names = []
        if self.at("("):
            self.next()
            while True:
                ntok = self.next()
                if ntok.kind not in ("var", "ident"):
                    raise self.error("expected a parameter name", ntok.line, ntok.col)
                names.append(ntok.text)
                if self.at(","):
                    self.next()
                    continue
                self.expect(")", "',' or ')'")
                break
        template = self.string(f"the {word} sentence template")
        self.expect(".")
        # `_` in place of a parameter: the form for that argument left open, "for no value of it"
        # (`@negative prior_of(_, V) "the person charged over {V} has no prior
        # conviction"`), where the full form would read "any prior conviction is not ...")
        opened = tuple(i for i, n in enumerate(names) if n == "_")
        if positive and not opened:   # the full form's positive is its @input / @predicate sentence
            raise self.error(f"@positive {ptok.text} leaves no argument open", ptok.line, ptok.col,
                             "@positive is for a form with an argument left open (`_`); the declaration's "
                             "sentence already says the full form")
        key = (ptok.text, len(names), opened) if opened else (ptok.text, len(names))
        if key in table:
            shape = f"({', '.join(names)})" if opened else f"/{len(names)}"
            raise self.error(f"@{word} {ptok.text}{shape} given twice", ptok.line, ptok.col)
        table[key] = (tuple(names), template, self.loc(ptok))

    def names_decl(self, prog: Program) -> None:
        """`@names charged_person(C, P) "the person charged".`: in a sentence about C (one of its
        arguments is C), those words name the P the case states for it, by its name: 'the person
        charged was found guilty on the tavern ride charge' reads 'the uncle was found guilty on the
        tavern ride charge' (reasoner/prose). Where the case states no P, the words stay."""
        ptok = self.next()
        if ptok.kind != "ident":
            raise self.error("expected a predicate name", ptok.line, ptok.col)
        self.expect("(", "'('")
        names = []
        while True:
            ntok = self.next()
            if ntok.kind != "var":
                raise self.error("expected a parameter name (a variable)", ntok.line, ntok.col)
            names.append(ntok.text)
            if self.at(","):
                self.next()
                continue
            self.expect(")", "',' or ')'")
            break
        words = self.string("the words that name the related entity")
        self.expect(".")
        if len(names) != 2:
            raise self.error(f"@names {ptok.text} relates two parameters, the entity a sentence is about and "
                             "the one its words name", ptok.line, ptok.col)
        key = (ptok.text, 2)
        if key in prog.names_in:
            raise self.error(f"@names {ptok.text} given twice", ptok.line, ptok.col)
        prog.names_in[key] = (tuple(names), words, self.loc(ptok))

    def rule(self) -> Rule:
        start = self.peek()
        if start.kind != "ident":
            what = "a variable" if start.kind == "var" else repr(start.text)
            raise self.error(f"expected a rule head (a lowercase predicate name), found {what}",
                             start.line, start.col)
        head = self.atom(head=True)
        body = []
        if self.at(":-"):
            self.next()
            while True:
                body.append(self.literal())
                if self.at(","):
                    self.next()
                    continue
                break
        self.expect(".", "',' or '.' after a literal" if body else "':-' or '.'")
        return Rule(head, body, self.loc(start))

    def literal(self) -> BodyLiteral:
        tok = self.peek()
        if tok.kind == "ident" and tok.text == "not" and self.peek(1).kind == "ident":
            self.next()
            return Negative(self.atom())
        if tok.kind == "ident" and tok.text not in FUNCTIONS:
            following = self.peek(1)
            is_cmp = following.kind == "op" and following.text in COMPARISONS
            if not is_cmp:
                return Positive(self.atom())
        self._size = 0  # operators, parentheses and calls in this comparison (see _grow)
        left = self.expr()
        op = self.peek()
        if not (op.kind == "op" and op.text in COMPARISONS):
            raise self.error("expected a comparison (= != < <= > >=)", op.line, op.col)
        self.next()
        right = self.expr()
        return Compare(op.text, left, right, self.loc(tok))

    def atom(self, head: bool = False) -> Atom:
        tok = self.next()
        if not PRED_NAME.match(tok.text) or tok.text.startswith("_pyd"):
            raise self.error(f"invalid predicate name {tok.text!r}", tok.line, tok.col,
                             "predicate names are lowercase letters, digits and _")
        if "__" in tok.text:
            raise self.error(f"predicate names may not contain '__' ({tok.text})", tok.line, tok.col)
        args = []
        if self.at("("):
            self.next()
            while True:
                args.append(self.head_term() if head else self.term())
                if self.at(","):
                    self.next()
                    continue
                self.expect(")", "',' or ')'")
                break
        return Atom(tok.text, tuple(args), self.loc(tok))

    def term(self) -> Var | Const:
        tok = self.peek()
        if tok.kind == "var":
            self.next()
            return self.var(tok.text)
        if tok.kind == "ident":
            self.next()
            if self.at("("):
                raise self.error("nested terms are not supported; use a constant or a variable",
                                 tok.line, tok.col)
            return Const(tok.text)
        if tok.kind == "op" and tok.text == "-" and self.peek(1).kind == "number":
            self.next()
            return Const(-self.constant(self.next()))
        if tok.kind in ("number", "string", "time", "date"):
            return Const(self.constant(self.next()))
        raise self.error(f"expected a variable or a constant, found {tok.text!r}", tok.line, tok.col)

    def head_term(self) -> Term:
        """A head argument: a term, or arithmetic over the body's variables (`p(X + 1) :- q(X).`);
        arithmetic on constants alone is computed here (`result(1 - 2 - 3)` is `result(-4)`)."""
        tok, after = self.peek(), self.peek(1)
        operand = tok.kind in ("var", "number", "time", "date", "string") and tok.text != "_"
        arithmetic = (operand and after.kind == "op" and after.text in ("+", "-", "*", "/")
                      or tok.kind == "op" and tok.text in ("(", "-")
                      or tok.kind == "ident" and tok.text in FUNCTIONS and after.text == "(")
        if not arithmetic:
            return self.term()
        self._size = 0
        expr = self.expr()
        if isinstance(expr, (Var, Const)) or term_vars(expr):
            return expr
        try:
            return Const(arith.evaluate(expr, {}, self.loc(tok)))
        except Exception as exc:  # noqa: BLE001 - division by zero, types: one parse error
            raise self.error(f"cannot compute {expr}: {getattr(exc, 'message', exc)}", tok.line, tok.col,
                             getattr(exc, "hint", None)) from None

    def constant(self, tok: Token) -> Any:
        try:
            if tok.kind == "number":
                return parse_number(tok.text)
            if tok.kind == "time":
                return TimeOfDay.parse(tok.text)
            if tok.kind == "date":
                return Day.parse(tok.text)
        except ValueError as exc:
            raise self.error(str(exc), tok.line, tok.col, getattr(exc, "hint", None) or None) from None
        return self.unquote(tok)

    # -- expressions --------------------------------------------------------------------
    def _grow(self) -> None:
        """Count one operator, parenthesis or call; a comparison may hold MAX_EXPRESSION of them
        (deeper nesting would exhaust Python's recursion in the parser and in evaluation)."""
        self._size = getattr(self, "_size", 0) + 1
        if self._size > MAX_EXPRESSION:
            tok = self.peek()
            raise self.error(f"expression too large: more than {MAX_EXPRESSION} operators, parentheses "
                             "and calls in one comparison", tok.line, tok.col,
                             "split the computation into several rules")

    def expr(self) -> Term:
        left = self.mul()
        while self.peek().kind == "op" and self.peek().text in "+-" and self.peek().text:
            self._grow()
            op = self.next().text
            left = BinOp(op, left, self.mul())
        return left

    def mul(self) -> Term:
        left = self.unary()
        while self.peek().kind == "op" and self.peek().text in ("*", "/"):
            self._grow()
            op = self.next().text
            left = BinOp(op, left, self.unary())
        return left

    def unary(self) -> Term:
        if self.at("-"):
            self._grow()
            self.next()
            return BinOp("-", Const(0), self.unary())
        return self.primary()

    def primary(self) -> Term:
        tok = self.peek()
        if self.at("("):
            self._grow()
            self.next()
            inner = self.expr()
            self.expect(")")
            return inner
        if tok.kind == "var":
            self.next()
            if tok.text == "_":
                raise self.error("'_' cannot be used in arithmetic or comparisons", tok.line, tok.col)
            return self.var(tok.text)
        if tok.kind == "ident" and tok.text in FUNCTIONS and self.at("(", 1):
            self._grow()
            self.next()
            self.next()
            args = [self.expr()]
            while self.at(","):
                self.next()
                args.append(self.expr())
            self.expect(")")
            if len(args) != FUNCTIONS[tok.text]:
                raise self.error(f"{tok.text}() takes {FUNCTIONS[tok.text]} argument(s)", tok.line, tok.col)
            return Call(tok.text, tuple(args))
        if tok.kind == "ident":
            self.next()
            return Const(tok.text)
        if tok.kind in ("number", "string", "time", "date"):
            return Const(self.constant(self.next()))
        raise self.error(f"expected an expression, found {tok.text or 'end of file'!r}", tok.line, tok.col)


def alternative_reading(phrase: Phrase, alt: Alternative) -> str:
    """The reading line every proof step of a rule of this reading shows."""
    kind = "default reading" if alt.default else "alternative reading"
    return f'"{phrase.text}" (s. {phrase.citation}), {kind} {phrase.name}.{alt.name}: {alt.reason}'


def parse_text(text: str, filename: str = "<rules>") -> Program:
    return Parser(text, filename).parse()


def parse_atom(text: str, filename: str = "<query>") -> Atom:
    """Parse a query atom such as `lawful(op1)` (a trailing '.' is allowed)."""
    parser = Parser(text, filename)
    tok = parser.peek()
    if tok.kind != "ident":
        raise parser.error("expected a query atom such as lawful(op1)", tok.line, tok.col)
    atom = parser.atom()
    if parser.at("."):
        parser.next()
    end = parser.peek()
    if end.kind != "eof":
        raise parser.error(f"unexpected {end.text!r} after the query atom", end.line, end.col)
    return atom

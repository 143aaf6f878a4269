"""Query atoms and saved queries (queries/NAME.yaml)."""
from __future__ import annotations

import difflib
import re
import time
from collections.abc import Callable
from typing import Any

from ..core.record import field, record
from pathlib import Path
from types import MappingProxyType

from ..core.errors import QueryError, ReasonerError
from ..core import shelf
from ..language.ast import Atom, Const, Var
from ..language.parser import parse_atom
from ..language.pattern import goal_pattern
from ..core.values import Cents, Day, TimeOfDay, parse_dollars, read_number

# the user's folder, then the copy inside an installed package (setup.py puts the top-level
# queries/ there when building), then the checkout's queries/ (editable installs, tests)
PACKAGE = Path(__file__).parent.parent   # reasoner/
QUERY_DIRS = (Path.cwd() / "queries", PACKAGE / "saved_queries", PACKAGE.parent / "queries")
NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@record
class SavedQuery:
    name: str
    goal: str
    description: str = ""
    count: bool = False
    # the answer line's first word in the law's words ("Unlawful: op1 violated ..."), by answer
    verdicts: dict = field(default_factory=dict)
    # the entity kind the question is about (`subject: operation`): a case with none of that kind is
    # answered not applicable (answer/applicability.py)
    subject: str = ""
    # where this question's "no" is narrower than the case (no permit-condition forfeiture, yet the
    # excess over the permit weight is penalized under s. 348.25 (2) (b)): the saved question that
    # answers the rest, and the law's words leading its answer in the bottom line
    otherwise: dict = field(default_factory=dict)
    # the money variable whose amounts add up, each row a separate offense (`total: Amount`): the
    # bottom line gives each subject's total (records_forfeiture: $1,000 a record)
    total: str = ""
    # a 'which ...?' question answered with none: what the answer says after 'None:' in the law's
    # words ('no provision is shown violated on the facts stated'), never the open template's
    # 'the facts stated do not show that any operation violated any provision' (trainer review 7, 02 and 09)
    none: str = ""
    # what the case's incident was, by a predicate its proof establishes of the subject
    # (`incident: {overweight: the weighing}`): the words a month count to the incident runs to,
    # where the law counts to this case's conviction (answer/timing.py); 'the incident' otherwise
    incident: dict = field(default_factory=dict)
    # every party a subject's facts name gets a line (`parties: {none: not liable, also: ..., lead: ...}`):
    # a party the case names in a role that no row names, argued on the ground that role belongs to
    # ('The temp agency: not liable — ...'); `also:` a goal whose established rows about the other
    # parties are said after `lead:` (the operators, who only accept service of the summons under
    # s. 348.20 (2): trainer review 13, 12)
    parties: dict = field(default_factory=dict)
    # what a row the answer says "no" for is, in the law's words (`not_so: not joined`): a rule that
    # creates no offence (s. 350.101(1)(d)'s joinder) concludes so, never "No violation of" it
    # (trainer review 15, G8)
    not_so: str = ""
    # a subject the answer holds (`held: {query: forfeiture, answer: "true", lead: ...}`: must_reload's
    # "yes", may_proceed's "no"): still overweight, so the saved question `query:` asked about it alone
    # gives its row the penalty and whom it binds, never 'no penalty' beside a truck held 2,300 lb over
    # gross (trainer review 15, 11)
    held: dict = field(default_factory=dict)
    # what a row the answer says "yes" for is, in the law's words, said beside the party the row names
    # (`so: violated both pars. (a) and (b); the charges are joined, a single conviction`): never the
    # bare name of the party, which answers nothing (trainer review 16, 10: 'the skip')
    so: str = ""


def saved_queries() -> dict[str, Path]:
    """name -> file of each saved query, the first folder of QUERY_DIRS holding it first. Listed once
    per state of the folders (kept on the process's shelf under each folder's modification time, which
    a file added, removed or renamed changes; an edited file is read anew by load_saved): a question
    resolves each saved query to find another party's duty (answer/otherwise.py elsewhere_rows), and
    listing the folders each time was a fifth of a warm question."""
    state = []
    now = time.time_ns()
    seen: set[Path] = set()
    for d in QUERY_DIRS:
        if d in seen:   # the checkout's queries/ when run from the checkout: one folder, looked at once
            continue
        seen.add(d)
        try:
            stat = d.stat()
        except OSError:
            continue
        if now - stat.st_mtime_ns < _RACY_NS:   # changed just now: a second change in the same clock
            return dict(_list_saved())          # tick would leave the time as it is (listed, not kept)
        state.append((str(d), stat.st_mtime_ns))
    listed: MappingProxyType[str, Path] = shelf.PROCESS.get(("saved_list", tuple(state)), _list_saved)
    return dict(listed)


_RACY_NS = 2_000_000_000   # a folder changed less than this long ago is listed again each time


def _list_saved() -> MappingProxyType[str, Path]:
    out: dict[str, Path] = {}
    for d in dict.fromkeys(QUERY_DIRS):   # a folder named twice: listed once
        if d.is_dir():
            for f in sorted(d.glob("*.yaml")):
                out.setdefault(f.stem, f)
    return MappingProxyType(out)


def load_saved(name: str, files: dict[str, Path] | None = None) -> SavedQuery:
    """The saved query NAME. files: the listing (saved_queries()) the caller took already, for one
    question that resolves every saved query (answer/otherwise.py elsewhere_rows): the folders are
    looked at once for all of them, each file's own version still checked."""
    if files is None:
        files = saved_queries()
    if name not in files:
        close = difflib.get_close_matches(name, sorted(files), n=3, cutoff=0.5)
        raise QueryError(f"no saved query named {name!r}",
                         hint=(f"did you mean: {', '.join(close)}?" if close else
                               "saved queries: " + ", ".join(sorted(files)) if files else
                               "write an atom such as lawful(op1)"))
    path = files[name]
    try:
        stat = path.stat()
    except OSError:
        return _read_saved(name, path)
    # parsed once per version of the file (a question asked again in a notebook, a batch, the
    # server: the YAML parse was half of a warm question's set-up); a file edited reads anew
    saved: SavedQuery = shelf.PROCESS.get(("saved", str(path), stat.st_mtime_ns, stat.st_size),
                                          lambda: _read_saved(name, path))
    return saved


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _all_words(d: dict) -> bool:
    return all(isinstance(v, str) and v.strip() for v in d.values())


# the keys of a saved query after `verdicts:`: (key, the type of its value when absent or empty,
# whether a value is well formed, the message said where it is not), checked in this order by _read_saved
_KEY_SHAPES: tuple[tuple[str, Callable[[], Any], Callable[[Any], bool], str], ...] = (
    ("subject", str, lambda v: isinstance(v, str) and not (v and not NAME.match(v)),
     "`subject:` names the entity kind the question is about, e.g. subject: operation"),
    ("otherwise", dict, lambda v: isinstance(v, dict)
     and not (v and not {"query", "lead"} <= set(v) <= {"query", "lead", "when"}) and _all_words(v),
     "`otherwise:` gives `query:` (the saved question answering the rest when this "
     "one's answer is no), `lead:` (the law's words before its answer) and, optionally, "
     "`when:` (a predicate its argument must establish for the lead to be true)"),
    ("none", str, _is_str,
     "`none:` is the sentence a 'which ...?' question answered with none says after "
     "'None:', e.g. none: no provision is shown violated on the facts stated"),
    ("incident", dict, lambda v: isinstance(v, dict)
     and all(isinstance(k, str) and NAME.match(k) and isinstance(w, str) and w.strip() for k, w in v.items()),
     "`incident:` maps a predicate the proof establishes of the subject to what the incident "
     "was, e.g. incident: {overweight: the weighing}"),
    ("parties", dict, lambda v: isinstance(v, dict) and set(v) <= {"none", "also", "lead"}
     and not (v and "none" not in v) and ("also" in v) == ("lead" in v) and _all_words(v),
     "`parties:` gives `none:` (the words for a party the case names whom no row names, e.g. "
     "not liable) and, optionally, `also:` (a goal about the other parties) with `lead:` (the "
     "law's words before its answer)"),
    ("not_so", str, _is_str,
     "`not_so:` is what a row the answer says no for is, in the law's words, e.g. "
     "not_so: not joined"),
    ("held", dict, lambda v: isinstance(v, dict) and not (v and set(v) != {"query", "answer", "lead"})
     and all(isinstance(w, (str, bool)) and str(w).strip() for w in v.values())
     and not (v and str(v["answer"]).lower() not in ("true", "false")),
     "`held:` gives `query:` (the saved question giving the penalty of a subject the "
     "answer holds), `answer:` (the answer, true or false, that holds it) and `lead:` (the "
     "law's words before its amount)"),
    ("so", str, _is_str,
     "`so:` is what a row the answer says yes for is, in the law's words, e.g. "
     "so: violated both pars. (a) and (b)"),
)


def _read_saved(name: str, path: Path) -> SavedQuery:
    import yaml
    files = {name: path}
    text = files[name].read_text(encoding="utf-8")
    try:
        # libyaml's parser where it is installed (the same resolver and constructor as safe_load, a
        # tenth of the time: a fresh `ask` reads every saved query); a file it refuses is read again
        # by the pure-Python parser, whose error message is the one given
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    except yaml.YAMLError:
        try:
            data = yaml.safe_load(text) or {}
        except yaml.YAMLError as exc:
            raise QueryError(f"saved query is not valid YAML: {exc}", location=str(files[name])) from None
    if not isinstance(data, dict) or "goal" not in data:
        raise QueryError("a saved query needs `goal:`", location=str(files[name]))
    verdicts = data.get("verdicts") or {}
    if isinstance(verdicts, dict):   # YAML reads the keys true / false as booleans
        verdicts = {str(k).lower(): v for k, v in verdicts.items()}
    if not isinstance(verdicts, dict) or not set(verdicts) <= {"true", "false"} \
            or not all(isinstance(v, str) and v.strip() for v in verdicts.values()):
        raise QueryError("`verdicts:` maps true and/or false to the answer's first word, e.g. "
                         "{true: Lawful, false: Unlawful}", location=str(files[name]))
    got: dict[str, Any] = {}
    for key, empty, ok, message in _KEY_SHAPES:   # in this order: the first key malformed is the one said
        value = data.get(key) or empty()
        if not ok(value):
            raise QueryError(message, location=str(files[name]))
        got[key] = value
    subject, otherwise, none, incident, parties, not_so, held, so = (
        got[k] for k in ("subject", "otherwise", "none", "incident", "parties", "not_so", "held", "so"))
    from .index import default_index
    from .ranges import with_excerpt_ranges
    # '{excerpt 350}' names the chapter's excerpt by the first and last provision it holds
    description = with_excerpt_ranges(default_index(), str(data.get("description", "")))
    return SavedQuery(name, str(data["goal"]), description, bool(data.get("count", False)),
                      {k: v.strip() for k, v in verdicts.items()}, subject,
                      {k: v.strip() for k, v in otherwise.items()}, str(data.get("total") or ""),
                      " ".join(none.split()), {k: " ".join(v.split()) for k, v in incident.items()},
                      {k: " ".join(v.split()) for k, v in parties.items()}, " ".join(not_so.split()),
                      {k: str(v).lower() if k == "answer" else " ".join(str(v).split()) for k, v in held.items()},
                      " ".join(so.split()))


def verdict_words(pred: str) -> dict:
    """{"true": ..., "false": ...}: the answer words the saved query asking about `pred` gives
    (queries/lawful.yaml: Lawful / Unlawful), also for the same question typed as an atom; {} if none.
    Read once per process (kept on the process's shelf, core/shelf.py)."""
    words: dict = shelf.PROCESS.get(("verdict_words", pred), lambda: _read_verdict_words(pred))
    return words


def _saved_field(pred: str, field: str):
    """The first saved query asking about `pred` (or the same question typed as an atom) that gives
    `field` (verdicts, none, not_so): that field's value, or None."""
    listed = saved_queries()
    for name in listed:
        try:
            saved = load_saved(name, listed)
        except QueryError:
            continue
        value = getattr(saved, field)
        if value and re.match(rf"\s*{re.escape(pred)}\s*\(", saved.goal):
            return value
    return None


def _read_verdict_words(pred: str) -> dict:
    return _saved_field(pred, "verdicts") or {}


def none_words(pred: str) -> str:
    """What a 'which ...?' question about `pred` answered with none says after 'None:' (the saved
    query's `none:`), or "" where its query gives none. Read once per process, as verdict_words."""
    said: str = shelf.PROCESS.get(("none_words", pred), lambda: _read_none_words(pred))
    return said


def not_so_words(pred: str) -> str:
    """What a row of a question about `pred` answered no is, in the law's words (the saved query's
    `not_so:`, 'not joined'), or "" where its query gives none. Read once per process, as verdict_words."""
    said: str = shelf.PROCESS.get(("not_so_words", pred), lambda: _read_not_so_words(pred))
    return said


def so_words(pred: str) -> str:
    """What a row of a question about `pred` answered yes is, in the law's words (the saved query's
    `so:`), or "" where its query gives none. Read once per process, as verdict_words."""
    said: str = shelf.PROCESS.get(("so_words", pred), lambda: str(_saved_field(pred, "so") or ""))
    return said


def _read_not_so_words(pred: str) -> str:
    return str(_saved_field(pred, "not_so") or "")


def _read_none_words(pred: str) -> str:
    return str(_saved_field(pred, "none") or "")


def resolve(query: str, files: dict[str, Path] | None = None):
    """(Atom, SavedQuery or None) for an atom text or a saved query name. files: as load_saved's."""
    text = query.strip()
    if NAME.match(text):
        saved = load_saved(text, files)
        # the goal parsed once per text (an Atom is frozen): a question resolves every saved query
        # to find another party's duty (answer/otherwise.py elsewhere_rows)
        goal: Atom = shelf.PROCESS.get(("saved_goal", text, saved.goal),
                                       lambda: parse_atom(saved.goal, f"queries/{text}.yaml"))
        return goal, saved
    try:
        return parse_atom(text), None
    except ReasonerError as exc:
        raise QueryError(exc.message, location="query", hint=_parse_hint(text), excerpt=exc.excerpt) from None


# a statute citation written bare in a query (350.10(1)(g)), outside any quotes
_BARE_CITATION = re.compile(r'(?<![\w"])(\d{3}\.\d+(?:\([0-9A-Za-z]{1,4}\))*(?:\d+[a-z]?)?(?:\.[a-z])?)(?![\w"])')


def _parse_hint(text: str) -> str:
    """The hint for a query that does not parse: quote a bare citation, else the general form."""
    outside = re.sub(r'"(?:[^"\\]|\\.)*"', lambda m: " " * len(m.group(0)), text)
    bare = [m.group(1) for m in _BARE_CITATION.finditer(outside) if "(" in m.group(1) or "." in m.group(1)]
    if bare:
        fixed = text
        for cit in bare:
            fixed = fixed.replace(cit, f'"{cit}"', 1)
        return (f"a statute citation is a string in a query: quote it, e.g. {fixed} "
                "(in the shell, put the whole query in single quotes)")
    return "write an atom such as lawful(op1) or the name of a saved query"


def check_atom(atom: Atom, checked) -> Atom:
    """The atom, checked against the program; amounts of money in it read as dollars (570, 570.00 or
    "$570.00" -> 57000 cents, the unit of every amount inside)."""
    key = atom.key
    if key in checked.derived or key in checked.base:
        return money_in_dollars(atom, checked)
    names = {k[0]: k[1] for k in list(checked.derived) + list(checked.base) if "__" not in k[0]}
    if atom.pred in names:
        raise QueryError(f"{atom.pred} takes {names[atom.pred]} argument(s), the query gives {len(atom.args)}")
    close = difflib.get_close_matches(atom.pred, sorted(names), n=3, cutoff=0.5)
    raise QueryError(f"unknown predicate {atom.pred!r} in the query",
                     hint=(f"did you mean: {', '.join(close)}? " if close else "") + "`reasoner queries --all` lists every relation one can ask")


def pattern(atom: Atom):
    """The goal pattern every engine matches (language/pattern.py): values for constant positions,
    None for a variable, Same(j) where a variable repeats (its values must be equal)."""
    return goal_pattern(atom.args)


def variables(atom: Atom):
    """(position, name) of each named variable, at its first occurrence."""
    out, seen = [], set()
    for i, a in enumerate(atom.args):
        if isinstance(a, Var) and not a.anonymous and a.name not in seen:
            seen.add(a.name)
            out.append((i, a.name))
    return out


def money_in_dollars(atom: Atom, checked) -> Atom:
    """The atom with its constants read by their positions' declared types (typed_constants)."""
    return typed_constants(atom, checked)


_TYPE_WORDS = MappingProxyType({"number": "a number", "money": "an amount of money in dollars", "time": "a clock time",
               "date": "a date"})
_EXAMPLES = MappingProxyType({"number": "30 or 12.5", "money": '570, 570.00 or "$570.00"', "time": "19:40", "date": "2024-01-15"})


def typed_constants(atom: Atom, checked) -> Atom:
    """Constants of a query at number, money, time and date positions read as values of that type:
    `clock_time(op1, "19:40")` is the time 19:40 (it was the text "19:40", answered FALSE where the
    case says 19:40), `age(p1, "35")` the number 35, money typed in dollars as integer cents
    (values.Cents). A constant that is not such a value is a QueryError saying what to write --
    never a silent FALSE."""
    decl = checked.program.preds.get(atom.key)
    if decl is None or not any(p.type in _TYPE_WORDS for p in decl.params):
        return atom
    args = []
    for i, (a, p) in enumerate(zip(atom.args, decl.params)):
        if p.type in _TYPE_WORDS and isinstance(a, Const):
            a = Const(_typed(atom, i, p, a.value))
        args.append(a)
    return Atom(atom.pred, tuple(args), atom.loc)


def _typed(atom, i, p, value):
    where = f"{p.name} of {atom.pred}" if p.name and not p.name.startswith("_") else f"argument {i + 1} of {atom.pred}"
    kind = p.type
    try:
        if isinstance(value, bool):
            raise ValueError(f"{value!r} is not {_TYPE_WORDS[kind]}")
        if kind == "money":
            if isinstance(value, Cents):
                return value
            if isinstance(value, (TimeOfDay, Day)):
                raise ValueError(f"{value} is not an amount of money")
            return parse_dollars(value, exact=True)
        if kind == "number":
            if isinstance(value, str):
                return read_number(value)
            if isinstance(value, (TimeOfDay, Day, Cents)):
                raise ValueError(f"{value} is not a number")
            return value
        if kind == "time":
            if isinstance(value, TimeOfDay):
                return value
            if isinstance(value, str):
                try:
                    return TimeOfDay.parse(value)
                except ValueError as exc:   # the hint: the query's own example (_EXAMPLES)
                    raise ValueError(str(exc)) from None
            raise ValueError(f"{value} is not a clock time HH:MM")
        if kind == "date":
            if isinstance(value, Day):
                return value
            if isinstance(value, str):
                try:
                    return Day.parse(value)
                except ValueError:
                    raise ValueError(f"not a calendar date YYYY-MM-DD: {value!r}") from None
            raise ValueError(f"{value} is not a calendar date YYYY-MM-DD")
    except ValueError as exc:
        raise QueryError(f"{where} is {_TYPE_WORDS[kind]}: {exc}", location="query",
                         hint=getattr(exc, "hint", "") or f"write it as {_EXAMPLES[kind]}") from None
    return value

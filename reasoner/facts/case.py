"""Case files: entity-style attributes and raw tuples, validated against the declared vocabulary.

An attribute left out is UNKNOWN; `false` is known false. Values are exact (no binary floats).
"""
from __future__ import annotations

from collections import Counter

from types import MappingProxyType

import difflib
import re
from fractions import Fraction
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.deadline import check as check_deadline
from ..core.errors import CaseError, InputLimitError
from ..core.fileinput import not_utf8_bytes, refuse_special
from ..core.values import (UNKNOWN, Day, NumberError, TimeOfDay, parse_number, quantity_text, read_money,
                           read_number, read_quantity)
from .constraints import imply
from .loaded import Case
from .presume import apply
from .rows import FactRow
from .valuecheck import check_value, hint_for, list_refused, quoted_scalar_hint
from .yamlsafe import DumperBase, Located, read_yaml
from ..core.gcpause import paused
from ..core.values import show_number
from ..language.citations import DESCRIPTION_HINT, description_conclusions

if TYPE_CHECKING:
    import os
    from ..language.ast import Param, PredDecl
    from ..language.checks import CheckedProgram

    # what a case is read from: a path, or a dict with the case-file structure
    Source = str | os.PathLike[str] | dict[str, Any]

MAX_ENTITIES = 10_000
ENTITY_ID = re.compile(r"^[a-z][a-z0-9_]*$")
TOP_KEYS = ("title", "description", "entities", "facts")
MAX_TITLE = 120
TITLE_TEXT = re.compile(r"^[\w .,'’&()/:;?!$%-]+$")   # words of any script, no brackets or markup
UNKNOWN_WORDS = frozenset({"unknown", "~", "null", ""})
# words a value reads as (unknown, a boolean): an entity with such an id could not be referred to
# (`operator: unknown` is an unknown operator, not the entity unknown), so no id may be one
MAX_NAME = 60
NAME_TEXT = re.compile(r"^[\w .,'’&()/-]+$")   # words of any script, no brackets or markup
VALUE_WORDS = frozenset({"unknown", "null", "none", "true", "false", "yes", "no", "on", "off"})


def load_case(source: Source | Located, checked: CheckedProgram, name: str | None = None,
              strict: bool = False) -> Case:
    """source: a path, a dict with the case-file structure, or a case already read as located YAML
    (then `name` is the file it was read from, for its lines). strict: no presumptions (the
    settings' strict, facts/presume.py)."""
    if isinstance(source, Located):
        filename = name or "<case>"
        with paused():
            return case_from_root(source, filename, checked, Path(filename).stem, strict)
    if isinstance(source, dict):
        text = dump_dict(source)
        filename = name or "<case>"
    else:
        filename = str(source)
        refuse_special(Path(source), CaseError, "case file")
        text = read_case_text(source)
    return parse_case(text, filename, checked, name or Path(filename).stem, strict)


def read_case_text(source: str | os.PathLike[str]) -> str:
    """A case file's text, read once (a FIFO or `<(...)` works), at most 2 MB, a BOM dropped."""
    filename = str(source)
    limit = 2 * 1024 * 1024
    try:
        with open(source, "rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise CaseError("no such case file", location=filename,
                        hint="give the path of a YAML case file, e.g. facts/ch350_night_direction_lawful.yaml") from None
    except IsADirectoryError:
        raise CaseError("is a directory, not a case file", location=filename) from None
    except OSError as exc:
        raise CaseError(f"cannot read the case file: {exc.strerror or exc}", location=filename) from None
    if len(data) > limit:
        raise InputLimitError("case file is larger than 2 MB", location=filename,
                              hint="split the cases into several files")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CaseError(*not_utf8_bytes(data, filename, "case file"), hint="save the file as UTF-8") from None


def parse_case(text: str, filename: str, checked: CheckedProgram, name: str, strict: bool = False) -> Case:
    with paused():  # many small objects, no cycles: collections made loading superlinear
        return case_from_root(read_yaml(text, filename), filename, checked, name, strict)


def case_from_root(root: Located, filename: str, checked: CheckedProgram, name: str, strict: bool = False,
                   collected: list[CaseError] | None = None) -> Case:
    """A case from parsed, located YAML (or nodes built the same way, as bench/fastload does);
    strict: no presumptions (facts/presume.py). collected: a list to add each problem to, reading
    on past it (then the case returned is what could be read), rather than raise the first."""
    if root.tag != "map":
        raise CaseError("a case file is a mapping with `entities:` and/or `facts:`",
                        location=f"{filename}:{root.line}")
    case = Case(name=name, path=filename)

    def problem(exc: CaseError) -> None:
        if collected is None:
            raise exc
        collected.append(exc)
    for key, (kloc, value) in root.value.items():
        if key not in TOP_KEYS:
            problem(CaseError(f"unknown top-level key {key!r}", location=f"{filename}:{kloc.line}",
                              hint=_did_you_mean(key, TOP_KEYS, "top-level keys: title, description, entities, facts")))
    if "title" in root.value:
        tnode = root.value["title"][1]
        text = " ".join(str(tnode.value).split()) if tnode.tag not in ("map", "seq") and tnode.value is not None else ""
        if not text:
            problem(CaseError("`title:` must be one line of words, e.g. title: Forfeiture for five trucks at the scale",
                              location=f"{filename}:{tnode.line}"))
        elif len(text) > MAX_TITLE:
            problem(CaseError(f"`title:` has {len(text):,} characters; at most {MAX_TITLE}",
                              location=f"{filename}:{tnode.line}", hint="a short title; say the rest in `description:`"))
        elif not TITLE_TEXT.match(text):
            problem(CaseError(f"`title:` has characters a title cannot have: {text!r}", location=f"{filename}:{tnode.line}",
                              hint="letters, digits, spaces and . , ' - & ( ) / : ; ? ! $ %"))
        else:
            case.title = text
    if "description" in root.value:
        dnode = root.value["description"][1]
        if dnode.tag in ("map", "seq"):
            problem(CaseError("`description:` must be one line of text", location=f"{filename}:{dnode.line}"))
        else:
            case.description = str(dnode.value or "")
            case.description_loc = f"{filename}:{dnode.line}"
    builder = _Builder(case, checked, filename, collected)
    for key, read in (("entities", builder.entities), ("facts", builder.raw_facts)):
        if key in root.value:
            try:
                read(root.value[key][1])
            except CaseError as exc:   # `entities:` or `facts:` as a whole: not a mapping, too many
                problem(exc)
    case.names.update(first_of_several(case.names))
    check_deadline()   # each step of reading the case is inside the command's time limit
    case.roles = role_names(case.entities, case.names, case.attributes, case.description)
    if collected:
        return case   # not a case to answer: implications and presumptions are not applied
    check_deadline()
    implied = imply(case, checked)
    check_deadline()
    return apply(implied, checked, strict=strict)   # implied facts first: never presumed


def case_problems(source: str | os.PathLike[str], checked: CheckedProgram, strict: bool = False,
                  warnings: list[CaseError] | None = None) -> list[CaseError]:
    """Every problem of a case file (a path), in the order of the file, as CaseErrors: each
    attribute, entity and raw-fact predicate is checked even after one is refused. A problem no
    later check can go past (the file unreadable, not YAML, not a mapping) is the only one.
    warnings: a list to add what is no problem but should be fixed to (description_warnings)."""
    filename = str(source)
    refuse_special(Path(source), CaseError, "case file")
    text = read_case_text(source)
    collected: list[CaseError] = []
    with paused():
        root = read_yaml(text, filename)
        case = case_from_root(root, filename, checked, Path(filename).stem, strict, collected)
    if warnings is not None:
        warnings += description_warnings(case)
    if not collected:
        apply(imply(case, checked), checked, strict=strict)   # two facts that cannot both hold

    def line(exc: CaseError) -> int:
        tail = str(exc.location or "").rsplit(":", 1)[-1]
        return int(tail) if tail.isdigit() else 0
    return sorted(collected, key=line)


def description_warnings(case: Case) -> list[CaseError]:
    """A warning for each conclusion the case's `description:` states that the handout argues (a
    section cited, a violation or lawfulness said, an amount given): the description is printed as
    the handout's Scenario, above the argument, and a scenario gives facts only (trainer review 11)."""
    found = description_conclusions(case.description)
    if not found:
        return []
    said = "; ".join(f"{what} ({words!r})" for what, words in found)
    return [CaseError(f"warning: the description states a conclusion the handout argues: it {said}",
                      location=case.description_loc or case.path, hint=DESCRIPTION_HINT)]


# A kind read by another word where the ordinal reads better with it ('the first ride', not 'the
# first operation': a ch. 350 operation is a ride on a snowmobile).
NOUN = MappingProxyType({"operation": "ride"})

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")

# Where a case has several unnamed entities of a kind, what the case says of each tells them apart
# before an ordinal does: (kind, how): how is (attribute, words) for the entity's own attribute,
# (attribute, "role", words) for the role of the entity its own attribute names, or (other kind,
# attribute of it naming this entity, attribute of the other or "" for its role, words).
# Used for a kind only when it gives each of its unnamed entities a label of its own.
ROLE_BY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("carrier", ("relations",)),     # by what it is to the one vehicle it serves (RELATION_ROLES)
    ("operation", ("snowmobile_used", "role", "the ride of {}")),   # of a snowmobile the case labels ('sled 1')
    ("operation", ("clock_time", "the {} ride")),
    ("person", ("operation", "operator", "", "{rider}")),   # of "racer a's ride": 'racer a'; 'the rider of sled 1'
    ("person", ("age", "the {}-year-old")),
    ("person", ("operation", "operator", "clock_time", "the {} rider")),
    ("charge", ("charge_paragraph", "the par. ({}) charge")),
    ("snowmobile", ("operation", "snowmobile_used", "", "{agent}'s snowmobile")),   # "racer a's snowmobile"
    ("permit", ("permit_vehicle", "role", "{}'s permit")),   # of a vehicle the case labels: "move 1's permit"
    ("carrier", ("vehicle", "authority_holder", "", "{}'s carrier")),
    ("driver", ("vehicle", "vehicle_operator", "", "{}'s driver")),
    ("prior_conviction", ("months_since_prior", "the conviction {} months earlier")),
    ("prior_conviction", ("prior_of", "role", "the earlier conviction listed with {}")),
    ("person", ("operation", "operator", "", "{}r")),    # the rider of 'the first ride': 'the first rider'
    ("person", ("operation", "person_in_control", "", "the person in charge of the snowmobile in {}")),
    ("person", ("operation", "companion", "", "the companion on {}")),
    # a sled's maker, seller or modifier by that role (trainer review 9: a dealer was 'the other person'):
    # of the one snowmobile it is so to, else of all it is so to ('*': 'the seller')
    ("person", ("snowmobile", "seller_of", "", "the seller of {}")),
    ("person", ("snowmobile", "manufacturer_of", "", "the manufacturer of {}")),
    ("person", ("snowmobile", "modifier_of", "", "the modifier of {}")),
    ("person", ("snowmobile", "seller_of", "*", "the seller")),
    ("person", ("snowmobile", "manufacturer_of", "*", "the manufacturer")),
    ("person", ("snowmobile", "modifier_of", "*", "the modifier")),
)

# A party named by what it is to the one entity it serves (a ("relations",) form of ROLE_BY; trainer
# review 5: 'the first carrier' hid that the party was a staffing agency, 'the third carrier' that it
# was a quarry): (other kind, its attribute naming the party, the role that names the party, with {}
# for the other's role, the short word said of it beside another role), the first of its roles
# naming it, the others said in brackets: 'the owner of the first vehicle (authority holder)', 'the
# employer of the first vehicle's driver', 'the lessee of the second vehicle (authority holder)',
# 'the owner of the second vehicle (leasing business)', 'the person directing the third vehicle's
# driver'. A party serving no entity this way is named as before.
RELATION_ROLES: tuple[tuple[str, str, str, str], ...] = (
    ("vehicle", "vehicle_lessee", "the lessee of {}", "lessee"),
    ("vehicle", "vehicle_owner", "the owner of {}", "owner"),
    ("vehicle", "authority_holder", "the authority holder of {}", "authority holder"),
    ("vehicle", "driver_principal", "the employer of {}'s driver", "driver's employer"),
    ("vehicle", "operator_director", "the person directing {}'s driver", "directed the driver"),
)
# its own yes-or-no attributes said in brackets beside its roles
RELATION_FLAGS: tuple[tuple[str, str], ...] = (("leasing_business", "leasing business"),)


def _relation_links(kinds: dict[str, str], attributes: dict[str, dict[str, Any]]) -> dict[str, list[Any]]:
    """Each party -> [(the entity it serves, role words, short word)] of RELATION_ROLES, in one pass."""
    out: dict[str, list[Any]] = {}
    for kind, attr, words, short in RELATION_ROLES:
        for o, k in kinds.items():
            ref = attributes.get(o, {}).get(attr) if k == kind else None
            for target in (ref if isinstance(ref, list) else [ref]):
                if isinstance(target, str):
                    out.setdefault(target, []).append((o, words, short))
    return out


def _relation_role(eid: str, attributes: dict[str, dict[str, Any]], roles: dict[str, str],
                   links: dict[str, list[Any]]) -> str | None:
    """The party's role from RELATION_ROLES, or None where it serves no entity that way: named by
    its first role to the first entity it serves, its other roles in brackets, those to another
    entity with that one's role ('the lessee of the first vehicle (authority holder; owner and
    authority holder of the second vehicle)')."""
    found = [f for f in links.get(eid, []) if roles.get(f[0])]
    if not found:
        return None
    first = found[0][0]
    shorts = [short for o, _, short in found[1:] if o == first]
    shorts += [w for a, w in RELATION_FLAGS if attributes.get(eid, {}).get(a) == "true"]
    others = list(dict.fromkeys(o for o, _, _ in found if o != first))
    also = [f"{' and '.join(short for o2, _, short in found if o2 == o)} of {roles[o]}" for o in others]
    said = "; ".join(x for x in (", ".join(shorts), "; ".join(also)) if x)
    return str(found[0][1].format(roles[first])) + (f" ({said})" if said else "")


# An entity no role of ROLE_BY tells apart, named by the entity it belongs to (trainer review 9: 'the
# sixth record' told a trainee nothing): (kind, its attribute naming that entity, words with {} for
# that entity's role), counted among those of the same one ('the second purchaser's record', 'the
# first purchaser's first record', 'the first purchaser's second record').
ROLE_WITHIN: tuple[tuple[str, str, str], ...] = (
    ("record", "record_purchaser", "{}'s record"),
)


# Several entities of a kind that what the case says of each (ROLE_BY) does not tell all apart, named
# by the entity they belong to and that value, counted only among those alike (review 12, 02: with one
# par. (c) charge named by its paragraph, the others were counted around it, and the 5th charge of the
# file read 'the fourth charge', which a trainer counting the file's charges took for another one):
# (kind, its attribute naming the owner, its attribute giving the value, words with {} for the
# value). The owner is said only where the kind's entities belong to more than one: 'the nephew's par.
# (a) charge', 'the uncle's par. (a) charge', 'the uncle's first par. (b) charge', 'the uncle's second
# par. (b) charge'; of one person's charges, 'the par. (a) charge', 'the first par. (b) charge'.
ROLE_BY_OWNER: tuple[tuple[str, str, str, str], ...] = (
    ("charge", "charged_person", "charge_paragraph", "par. ({}) charge"),
)


# Those of ROLE_BY_OWNER's kinds that arise out of an entity a reader knows them by (trainer review 12,
# 10: 'the uncle's second par. (b) charge' told a trainer nothing of which ride it was, and its what-if
# 'If the paragraph ... charged in the uncle's second par. (b) charge had been par. (a)' contradicted
# its own name): (kind, its attribute naming that entity, words with {} for it). The charge is named by
# its incident, 'the tavern ride charge'; by its value too where that incident has several, 'the
# windrow crash par. (a) charge'; by its owner too where several people are charged for it, 'the
# nephew's ride home par. (a) charge'.
ROLE_BY_SOURCE: tuple[tuple[str, str, str], ...] = (
    ("charge", "charge_incident", "{} charge"),
)


def _by_source(kind: str, ids: list[str], attributes: dict[str, dict[str, Any]], roles: dict[str, str],
               owner_attr: str, value_attr: str, words: str) -> dict[str, str]:
    """id -> its role by the entity it arises out of (ROLE_BY_SOURCE), with its value and its owner
    only where they are needed to tell it apart; {} where one of them names no such entity with a
    role."""
    for of, source_attr, source_words in ROLE_BY_SOURCE:
        if of != kind:
            continue
        keys: dict[str, tuple[str, str, str]] = {}
        for eid in ids:
            a = attributes.get(eid, {})
            source, owner, value = a.get(source_attr), a.get(owner_attr), a.get(value_attr)
            if not (isinstance(source, str) and roles.get(source)):
                return {}
            keys[eid] = (source, owner if isinstance(owner, str) else "", value if isinstance(value, str) else "")
        out: dict[str, str] = {}
        for eid, (source, owner, value) in keys.items():
            mates = [e for e, k in keys.items() if k[0] == source]
            place = roles[source].removeprefix("the ")
            if len({keys[m][1] for m in mates}) > 1:
                if not (owner and roles.get(owner)):
                    return {}
                mates = [m for m in mates if keys[m][1] == owner]
                lead = f"{roles[owner]}'s "
            else:
                lead = "the "
            if len(mates) > 1:
                if not value or value.strip().casefold() == "unknown":
                    return {}
                mates = [m for m in mates if keys[m][2] == value]
                said = f"{place} {words.format(value)}"
            else:
                said = source_words.format(place)
            if len(mates) > 1:
                if len(mates) > len(ORDINALS):
                    return {}
                said = f"{ORDINALS[mates.index(eid)]} {said}"
            out[eid] = lead + said
        return out
    return {}


def _by_owner(kind: str, ids: list[str], attributes: dict[str, dict[str, Any]], roles: dict[str, str]) -> dict[str, str]:
    """id -> its role by the entity it arises out of (_by_source), else by its owner and value
    (ROLE_BY_OWNER), counted among those alike; {} where one of them names no owner with a role, or
    leaves the value unstated or unknown."""
    for of, owner_attr, value_attr, words in ROLE_BY_OWNER:
        if of != kind:
            continue
        sourced = _by_source(kind, ids, attributes, roles, owner_attr, value_attr, words)
        if sourced:
            return sourced
        keys: dict[str, tuple[str, str]] = {}
        for eid in ids:
            owner, value = attributes.get(eid, {}).get(owner_attr), attributes.get(eid, {}).get(value_attr)
            if not (isinstance(owner, str) and roles.get(owner) and isinstance(value, str) and value
                    and value.strip().casefold() != "unknown"):
                return {}
            keys[eid] = (owner, value)
        several = len({o for o, _ in keys.values()}) > 1
        out: dict[str, str] = {}
        for eid, key in keys.items():
            mates = [e for e, k in keys.items() if k == key]
            if len(mates) > len(ORDINALS):
                return {}
            counted = f"{ORDINALS[mates.index(eid)]} " if len(mates) > 1 else ""
            said = f"{counted}{words.format(key[1])}"
            out[eid] = f"{roles[key[0]]}'s {said}" if several else f"the {said}"
        return out
    return {}


def _within(kind: str, ids: list[str], attributes: dict[str, dict[str, Any]], roles: dict[str, str]) -> dict[str, str]:
    """id -> its role by the entity it belongs to (ROLE_WITHIN), counted among those of that one
    where it has several; {} where one of them names no entity with a role."""
    for of, attr, words in ROLE_WITHIN:
        if of != kind:
            continue
        owners = {eid: attributes.get(eid, {}).get(attr) for eid in ids}
        if not all(isinstance(o, str) and roles.get(o) for o in owners.values()):
            return {}
        out: dict[str, str] = {}
        for eid, o in owners.items():
            mates = [e for e, m in owners.items() if m == o]
            said = words.format(roles[str(o)])
            if len(mates) > 1:
                at = mates.index(eid)
                if at >= len(ORDINALS):
                    return {}
                said = said.replace("'s ", f"'s {ORDINALS[at]} ", 1)
            out[eid] = said
        return out
    return {}


# The one unnamed entity of its kind, by what the case says of it before its bare kind does ('the
# ride', 'the 11-year-old', 'the rider' rather than 'the operation', 'the person'): the same forms as
# ROLE_BY, an empty attribute for a role that needs no value. A prior conviction is named by its
# timing ('the conviction 14 months earlier'), never counted ('the first prior conviction' read as
# two priors to a trainer, review 4).
ROLE_OF_ONE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("operation", ("snowmobile_used", "role", "the ride of {}")),
    ("operation", ("", "the ride")),
    ("person", ("operation", "operator", "", "{rider}")),
    ("person", ("age", "the {}-year-old")),
    ("person", ("operation", "operator", "", "the rider")),
    ("prior_conviction", ("months_since_prior", "the conviction {} months earlier")),
    ("prior_conviction", ("", "the earlier conviction")),
    ("driver", ("vehicle", "vehicle_operator", "", "{}'s driver")),
    ("snowmobile", ("operation", "snowmobile_used", "", "{agent}'s snowmobile")),
    ("permit", ("permit_vehicle", "role", "{}'s permit")),
)


# A role read otherwise where another attribute's value says what the entity is: (kind, attribute,
# value, the role's words, the words read instead). A $50 citation under s. 348.21 (2) (b) is no
# prior conviction (violations under that paragraph "shall not be considered as violations or prior
# convictions under par. (a) or sub. (3) to (3r)"): it was read 'the conviction 6 months earlier'
# (trainer review 5, 11).
ROLE_BY_VALUE: tuple[tuple[str, str, str, str, str], ...] = (
    ("prior_conviction", "prior_under", "s2b", "the conviction ", "the s. 348.21(2)(b) citation "),
    # a dismissed charge is no conviction (trainer review 7, 11: 'log prior B' was a (3g) charge dismissed)
    ("prior_conviction", "prior_disposition", "dismissed", "the conviction ", "the charge dismissed "),
    # nor an acquittal (trainer review 16, 12: 'the conviction 5 months earlier: ended in an acquittal')
    ("prior_conviction", "prior_disposition", "acquitted", "the conviction ", "the charge acquitted "),
)
ROLE_BY_VALUE_AFTER = MappingProxyType({"s2b": " (not a prior conviction)", "dismissed": " (not a conviction)",
                                        "acquitted": " (not a conviction)"})


def by_value(eid: str, kind: str, role: str, attributes: dict[str, dict[str, Any]]) -> str:
    """The role as ROLE_BY_VALUE reads it for this entity ('the s. 348.21(2)(b) citation 6 months
    earlier (not a prior conviction)'), or the role as it is."""
    for k, attr, value, words, instead in ROLE_BY_VALUE:
        if k == kind and attributes.get(eid, {}).get(attr) == value and role.startswith(words):
            return instead + role[len(words):] + ROLE_BY_VALUE_AFTER.get(value, "")
    return role


def _back_links(how: tuple[str, ...], kinds: dict[str, str], attributes: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """For a (other kind, attribute, ...) form: each entity -> the entities of the other kind whose
    attribute names it, built once per form (one pass: a case of 5,000 rides and 5,000 persons is
    read in linear time, not by scanning every entity for each)."""
    out: dict[str, list[str]] = {}
    if len(how) != 4:
        return out
    other_kind, link = how[0], how[1]
    for o, k in kinds.items():
        if k != other_kind:
            continue
        ref = attributes.get(o, {}).get(link)
        for target in (ref if isinstance(ref, list) else [ref]):
            if isinstance(target, str):
                out.setdefault(target, []).append(o)
    return out


def _role_of(eid: str, how: tuple[str, ...], kinds: dict[str, str], attributes: dict[str, dict[str, Any]],
             roles: dict[str, str], back: dict[str, list[Any]] | None = None) -> str | None:
    """The role `how` (a ROLE_BY form) gives an entity, or None where the case does not say.
    back: _back_links of the form (built here when not given)."""
    value: Any
    if how == ("relations",):
        return _relation_role(eid, attributes, roles, back if back is not None else _relation_links(kinds, attributes))
    if len(how) == 2 and not how[0]:    # a role of its own ('the ride')
        value = "-"
    elif len(how) == 2:
        value = attributes.get(eid, {}).get(how[0])
    elif len(how) == 3:     # (own attribute naming another entity, "role", words): by that one's role
        ref = attributes.get(eid, {}).get(how[0])
        value = roles.get(ref) if isinstance(ref, str) else None
    else:
        attr = how[2]
        others = list(dict.fromkeys((back if back is not None else _back_links(how, kinds, attributes)).get(eid, [])))
        value = ("-" if others else None) if attr == "*" else None if len(others) != 1 else (
            attributes.get(others[0], {}).get(attr) if attr else roles.get(others[0]))
    if isinstance(value, str) and value.strip().casefold() == "unknown":
        return None    # a value the case leaves open tells no one apart ('the unknown-year-old', review 9, 09)
    if not isinstance(value, str) or not value or (how[-1] == "{}r" and not (value.startswith("the ") and value.endswith(" ride"))):
        return None    # '{}r' makes a rider only of a ride's role ('the first ride'), never of a name
    if how[-1] == "{rider}":    # only of a labelled ride ("racer a's ride", 'the ride of sled 1')
        return rider_of(value) if agent_of(value) or value.startswith("the ride of ") else None
    if how[-1].startswith("{agent}"):    # of an agent's ride only ("racer a's ride": "racer a's snowmobile")
        agent = agent_of(value)
        return how[-1].replace("{agent}", agent) if agent else None
    if how[-1] in ("the ride of {}", "{}'s permit") and (value.startswith("the ") or value.startswith("snowmobile ")):
        return None    # only of a snowmobile the case labels ('sled 1'), never of 'the first snowmobile'
    words = how[-1].format(value)
    return words.replace(" 1 months ", " 1 month ") if words.endswith(" earlier") else words


def _told_apart(kind: str, ids: list[str], kinds: dict[str, str], attributes: dict[str, dict[str, Any]],
                roles: dict[str, str], table: tuple[tuple[str, tuple[str, ...]], ...] = ROLE_BY,
                each: bool = False) -> dict[str, str] | None:
    """id -> a role from what the case says of each (ROLE_BY), or None when no way tells them all
    apart. each: where no one way tells them all apart, each entity by the first way that gives it a
    role no other of the kind gets that way ('the 11-year-old', 'the person in charge of the
    snowmobile in the first ride'), the rest left out."""
    ways = [how for of, how in table if of == kind]
    # a time two rides of the case share names neither, even where one is named otherwise ('the 21:30
    # ride' of two rides back at 21:30: trainer review 11, G5)
    times = Counter(str(a.get("clock_time")) for o, a in attributes.items() if kinds.get(o) == "operation")
    backs: dict[tuple[str, ...], dict[str, list[Any]]] = {
        how: _relation_links(kinds, attributes) if how == ("relations",) else _back_links(how, kinds, attributes)
        for how in ways if len(how) in (1, 4)}
    def role_of(eid: str, how: tuple[str, ...]) -> str | None:
        said = _role_of(eid, how, kinds, attributes, roles, backs.get(how))
        shared = "clock_time" in how and said and any(times[t] > 1 for t in re.findall(r"\b\d{1,2}:\d{2}\b", said))
        return None if shared else said
    for how in ways:
        got = {eid: role_of(eid, how) for eid in ids}
        if all(got.values()) and len(set(got.values())) == len(ids):
            return {eid: r for eid, r in got.items() if r}
    if not each:
        return None
    out: dict[str, str] = {}
    taken: set[str] = set()
    for how in ways:
        got = {eid: role_of(eid, how) for eid in ids}
        said = Counter(got.values())
        for eid, role in got.items():
            if eid not in out and role and said[role] == 1 and role not in taken:
                out[eid] = role
                taken.add(role)
    return out


# An id made of words names its entity where the case gives it no `name:` ('grain_truck': 'the grain
# truck', 'lowboy': 'the lowboy', 'rider_2': 'rider 2'), a case's own noun before a role word. An id
# reads as words when each of its parts (split at '_') is a word of letters only, at least 3 of them
# and one a vowel (not an abbreviation such as 'trk'), or a number, at least one part is a word, and
# its words are not just its kind ('vehicle_1', 'the_operation'). Ids such as 'v1', 'op1', 'pm2'
# (letters run into digits), 'ride_a' (a one-letter part) are codes: their entity reads by its role.
# A leading 'the' is dropped and said again; an id ending in a number (or a number word) is a label
# read as it stands, with no 'the': 'cattle truck 1', like 'operation 11', not 'the cattle truck 1'.
ID_WORD = re.compile(r"^[a-z]{3,}$")
# a date in an id ('crash_feb10', 'ride_jan20'): the incident reads by it, so that its name follows
# the calendar, never the file's order (trainer review 13, 10: 'the first incident' was Feb. 10,
# 'the second' Jan. 20)
MONTH_ABBR = MappingProxyType({"jan": "Jan.", "feb": "Feb.", "mar": "March", "apr": "April", "may": "May",
                               "jun": "June", "jul": "July", "aug": "Aug.", "sep": "Sept.", "oct": "Oct.",
                               "nov": "Nov.", "dec": "Dec."})
ID_DATE = re.compile(r"^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)([0-9]{1,2})$")
ID_NUMBER = re.compile(r"^[0-9]+$")
ID_LETTER = re.compile(r"^[a-z]$")
NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})
# short words an id may join its words with ('angler_in_truck': 'the angler in truck'), never alone
ID_LINKS = frozenset({"in", "on", "of", "at", "by", "to"})
# a compass word after its noun reads before it ('shanty_east': 'the east shanty', not 'the shanty east')
COMPASS = frozenset({"north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest"})
# a person's relation to another person, as an id's last word ('bride_cousin', 'groom_aunt'): that
# person's, 'the bride's cousin', never 'the bride cousin', a kind of cousin (review 15's case writer)
KIN_WORDS = frozenset({"aunt", "uncle", "cousin", "sister", "brother", "father", "mother", "son", "daughter",
                       "nephew", "niece", "wife", "husband", "grandfather", "grandmother", "grandson",
                       "granddaughter", "stepson", "stepdaughter", "friend", "fiance", "fiancee"})
# ... and only after a word naming a person ('bride_cousin'), never after a describing word
# ('younger_sister': the younger sister, not "the younger's sister", who would be the older girl) or a
# thing ('mailbox_guest': the guest of the mailbox crash, not "the mailbox's guest": trainer review 15, G1)
PERSON_NOUNS = frozenset({"bride", "groom", "host", "hostess", "owner", "farmer", "neighbour", "neighbor", "rider",
                          "driver", "operator", "landowner", "dealer", "teacher", "coach", "captain", "chief",
                          "warden", "deputy", "carrier", "guide", "employer", "manager", "groomer", "uncle", "aunt",
                          "father", "mother", "brother", "sister", "cousin", "son", "daughter", "wife", "husband",
                          "friend", "boss", "officer", "trapper", "tenant", "renter", "logger", "trucker", "hauler",
                          "widow", "pastor", "doctor", "nurse", "sheriff", "mayor", "clerk", "judge", "resident"})
# a day's name the id writes without its apostrophe ('new_years_ride': "the New Year's ride")
DAY_NAMES = MappingProxyType({"new years": "New Year's", "new years eve": "New Year's Eve",
                              "valentines": "Valentine's", "mothers day": "Mother's Day",
                              "fathers day": "Father's Day", "presidents day": "Presidents' Day"})


# a word that describes rather than names ('sled_loud', 'truck_red', 'trailer_heavy'): read before its
# noun. Common describing words of size, sound, speed, age, load and colour, and words with an
# adjective's ending ('-ous', '-ful', '-less', '-ive', '-ish')
ADJECTIVES = frozenset({
    "loud", "quiet", "fast", "slow", "old", "new", "big", "small", "large", "little", "long", "short",
    "wide", "narrow", "tall", "low", "high", "heavy", "light", "empty", "full", "loaded", "laden", "young",
    "red", "blue", "green", "black", "white", "yellow", "grey", "gray", "brown", "orange", "silver", "dark",
    "rented", "borrowed", "leased", "stolen", "used", "spare", "broken", "damaged", "modified", "noisy",
    "tandem"})


# a word naming the part of a vehicle a scale weighed or the limit it was over ('tree_semi_tandem',
# 'tree_semi_gross'): the vehicle reads by its own words, 'the tree semi', never by its axle group
# ('the tandem tree semi', 'the tree semi gross': trainer review 15, G1 and 11); two that then read the
# same are counted in the file's order ('the first tree semi', 'the second tree semi': role_names)
WEIGHED_PARTS = frozenset({"tandem", "tridem", "gross", "axle", "axles", "steer", "drive", "rear", "front",
                           "overweight", "overload", "excess"})
VEHICLE_KINDS = frozenset({"vehicle", "truck", "trailer", "combination"})


# two words an id joins with '_' that English writes with a hyphen ('owner_operator': 'the
# owner-operator', never 'the owner operator': trainer review 13, G2 and 12)
HYPHENATED = frozenset({("owner", "operator"), ("owner", "driver"), ("tractor", "trailer"), ("semi", "trailer"),
                        ("in", "law")})   # 'brother in law' -> 'brother-in-law' (with the pair below)
_IN_LAW = re.compile(r"\b(brother|sister|father|mother|son|daughter|parents?|children) in-law\b")


def _hyphenated(said: str) -> str:
    """'owner operator' -> 'owner-operator' for each pair of HYPHENATED in the words; 'brother in law'
    -> 'brother-in-law' (trainer review 15, G1)."""
    words = said.split(" ")
    out = [words[0]] if words else []
    for w in words[1:]:
        if (out[-1].rsplit("-", 1)[-1], w) in HYPHENATED:
            out[-1] = f"{out[-1]}-{w}"
        else:
            out.append(w)
    return _IN_LAW.sub(lambda m: f"{m.group(1)}-in-law", " ".join(out))


def _adjective(word: str) -> bool:
    return word in ADJECTIVES or (len(word) >= 6 and word.endswith(("ous", "ful", "less", "ive", "ish"))
                                  and not word.endswith(("motive", "olish")))


def id_name(eid: str, kind: str) -> str | None:
    """What an id made of words reads as ('grain_truck': 'the grain truck'), or None for an id that
    is a code ('v1', 'op1', 'vehicle_2', 'ride_a') or a label of the file ('rider_2', 'truck_a',
    'kid_1', 'log_prior_a': trainer review 7, a trainee never sees a case id, not even as 'kid 1'):
    see ID_WORD above. Its entity reads by its role ('the 11-year-old', 'the first ride')."""
    if kind == "prior_conviction":
        return None   # a prior reads by its timing ('the conviction 11 months earlier', 'the charge
                      # dismissed 6 months earlier'), never by the file's id ('the feed prior log',
                      # 'the gravel dismissed': trainer review 8, 11)
    parts = eid.split("_")
    if parts and parts[0] == "the":
        parts = parts[1:]
    dated = [i for i, w in enumerate(parts) if ID_DATE.match(w)]
    if len(dated) == 1 and len(parts) > 1:   # 'crash_feb10': 'the Feb. 10 crash', its date as the case gives it
        m = ID_DATE.match(parts[dated[0]])
        assert m is not None
        rest = id_name("_".join(parts[:dated[0]] + parts[dated[0] + 1:]), kind)
        if rest and rest.startswith("the "):
            return f"the {MONTH_ABBR[m[1]]} {int(m[2])} {rest[4:]}"
    if len(parts) > 1 and (ID_LETTER.match(parts[-1]) or ID_NUMBER.match(parts[-1]) or parts[-1] in NUMBER_WORDS):
        return None   # a label of the file ('kid_1', 'owner_1', 'ride_a', 'log_prior_a'): a trainee never
                      # sees a case id, even with its underscore dropped (trainer review 7, 09 to 11)
    if len(parts) > 1 and parts[-1] in kind.split("_")[:-1]:
        return None   # a word of its kind after a clipped noun ('grain_prior' of a prior_conviction:
                      # 'the grain prior'): its role reads ('the conviction 7 months earlier')
    while kind in VEHICLE_KINDS and len(parts) > 1 and parts[-1] in WEIGHED_PARTS:
        parts = parts[:-1]   # 'tree_semi_tandem': the tree semi, not its axle group (WEIGHED_PARTS)
    letter = False
    words = [w for w in parts if ID_WORD.match(w)]
    if not words or any(not ID_WORD.match(w) and not ID_NUMBER.match(w) and w not in ID_LINKS for w in parts) \
            or any(not re.search(r"[aeiouy]", w) for w in words) or parts[0] in ID_LINKS or parts[-1] in ID_LINKS:
        return None
    bare = " ".join(w for w in parts if not ID_NUMBER.match(w) and w not in NUMBER_WORDS)
    kind_words = (kind.replace("_", " "), NOUN.get(kind, ""))
    if not bare or bare in kind_words or (" " not in bare and bare in kind.split("_")):
        return None   # just its kind, perhaps numbered, or a word of it ('prior_c' of a prior_conviction):
                      # its role reads better ('the first vehicle', 'the conviction 8 months earlier')
    if letter:
        return f"{' '.join(parts)} {eid[-1].upper()}"
    if len(parts) > 1 and parts[-1] in COMPASS and not ID_NUMBER.match(parts[-2]):
        parts = [parts[-1], *parts[:-1]]
    trailing = 0   # 'sled_loud': 'the loud sled', never 'the sled loud' (trainer review 13)
    while trailing < len(parts) - 1 and _adjective(parts[-1 - trailing]):
        trailing += 1
    if trailing and not ID_NUMBER.match(parts[-1 - trailing]) and parts[-1 - trailing] not in ID_LINKS:
        parts = [*parts[-trailing:], *parts[:-trailing]]
    said = _hyphenated(" ".join(parts))
    for plain, day in sorted(DAY_NAMES.items(), key=lambda kv: -len(kv[0])):
        said = re.sub(rf"\b{plain}\b", day, said)
    label = ID_NUMBER.match(parts[-1]) or parts[-1] in NUMBER_WORDS
    return said if label else f"the {said}"


def first_of_several(names: dict[str, str]) -> dict[str, str]:
    """{id: 'the first ride'} for a `name:` 'the ride' where other names of the case count the same
    noun ('the second ride', 'the third ride'): 'the ride' beside 'the second ride' left a trainee
    asking which ride (trainer review 4). Names that count nothing, or that another name already
    reads as 'the first ...', are left as they are."""
    taken = {n.casefold() for n in names.values()}
    out = {}
    for eid, name in names.items():
        if not name.startswith("the ") or len(name.split()) < 2:
            continue
        noun = name[4:]
        counted = any(f"the {o} {noun}".casefold() in taken for o in ORDINALS[1:])
        if counted and f"the first {noun}".casefold() not in taken:
            out[eid] = f"the first {noun}"
    return out


# A label an id ends in ('truck_a', 'sled1', 'move1', 'race_a'): its words (letters, at least 3) and
# the label (one letter or a number), with or without '_' before a number.
ID_LABELLED = re.compile(r"^((?:[a-z]{3,}_)*[a-z]{3,})(?:_([a-z])|_?([0-9]+))$")


def id_label(eid: str, description: str) -> str | None:
    """A label id ('truck_a', 'log_truck_e', 'sled1', 'move1') as the case's own description writes
    it in words ('truck A', 'log truck E', 'sled 1', 'move 1'), where it does (the writer's name for
    it, which the scenario prints: the handout says it the same way throughout, trainer review 8);
    the description's word may be the id's word with up to two letters more ('race_a' of 'racer a',
    'sled_2' of 'sleds 2'). None where the description does not, or uses the id itself ('ride_a
    (21:40)': a code, read by role, trainer review 7, 09)."""
    m = ID_LABELLED.match(eid)
    if not m or not description:
        return None
    words = m.group(1).split("_")
    label = m.group(2) or m.group(3)
    head = "".join(re.escape(w) + r"\s+" for w in words[:-1])
    last, said_label = re.escape(words[-1]), f"(?i:{re.escape(label)})"
    pattern = rf"(?<![\w-])({head}{last}[a-z]{{0,2}})\s+({said_label})(?![\w-])"
    # a letter label as the description writes it ('truck A', 'racer a'); a number label after a word
    # that may open a sentence ('Sled 1 has ...', 'Move 1 crossed ...')
    found = re.search(pattern, description, re.IGNORECASE if m.group(3) else 0)
    if not found:
        return None
    said = found.group(1)
    said = said if said.isupper() or not said[:1].isupper() or said[1:].isupper() else said.lower()
    return f"{' '.join(said.split())} {found.group(2)}"


# An agent word ('racer a', 'rider 2') labels a person: an operation whose id the description writes
# so is that person's ride ("racer a's ride"), its unnamed operator the person ('racer a').
AGENT_WORD = re.compile(r"^\w+(?:er|or)s? \S+$")


def agent_ride(label: str, kind: str) -> str:
    """An operation's label as the ride of the agent it names ("racer a's ride"), else the label."""
    return f"{label}'s ride" if kind == "operation" and AGENT_WORD.match(label) else label


def agent_of(ride: str) -> str | None:
    """The agent a labelled ride is of ("racer a's ride": 'racer a'), else None (a `name:` such as
    "Pat's ride" says whose ride, never who rode it)."""
    agent = ride[: -len("'s ride")] if ride.endswith("'s ride") else ""
    return agent if AGENT_WORD.match(agent) else None


def rider_of(ride: str) -> str | None:
    """The rider of a ride by the ride's role: "racer a's ride" -> 'racer a', 'the ride of sled 1' ->
    'the rider of sled 1', 'the first ride' -> 'the first rider'; None for any other name."""
    if ride.endswith("'s ride"):
        return agent_of(ride)
    if ride.startswith("the ride of "):
        return "the rider of " + ride[len("the ride of "):]
    if ride.startswith("the ") and ride.endswith(" ride"):
        return ride + "r"
    return None


def _labelled(eid: str, kind: str, description: str) -> str | None:
    label = id_label(eid, description) or described_as(eid, description)
    return agent_ride(label, kind) if label else None


# the nouns a scenario puts before a code id as its label ('ticket a1', 'rig r2'): the entity is
# called so, as the scenario the trainee reads calls it
LABEL_NOUNS = ("ticket", "record", "sled", "snowmobile", "truck", "rig", "vehicle", "permit", "move", "haul",
               "tractor", "trailer", "tanker", "count", "charge")


def described_as(eid: str, description: str) -> str | None:
    """A code id ('pur_a', 'a1') as the description says what it is: 'pur_a (a paper mill)' -> 'the
    paper mill'; 'ticket a1' -> 'ticket a1' (trainer review 9, 11: the purchasers were 'the first
    purchaser' and the tickets 'the first record', which the scenario never says). None where it does
    not say so."""
    if not description or not re.search(r"[\d_]", eid):
        return None
    ident = rf"{re.escape(eid)}(?![\w-])"
    said = re.search(r"(?<![\w.-])" + ident + r"\s*\((?:a|an) ([a-z][a-z' -]*?)\)", description)
    if said and len(said.group(1).split()) <= 4:
        return f"the {said.group(1).strip()}"
    # 'the dealer (p2)', 'a customer (p1)': the words before the id in brackets (trainer review 9)
    said = re.search(r"(?<![\w-])(?:[Tt]he|[Aa]n?) ([a-z][a-z-]*(?: [a-z][a-z-]*){0,2}) \(" + ident + r"\)", description)
    if said:
        return f"the {said.group(1)}"
    # 'the Prairie Grain Cooperative (c1)', 'Badger Structure Movers (c1)': its proper name, two
    # words or more, as the scenario writes it (trainer review 10, 11 and 12: 'the carrier')
    said = re.search(r"(?<![\w-])((?:the )?[A-Z][\w&'-]*(?: (?:of|and|&|[A-Z][\w&'-]*)){1,4}) \(" + ident + r"\)",
                     description)
    if said and said.group(1).split()[-1][:1].isupper():
        return said.group(1)
    noun = re.search(rf"(?<![\w-])({'|'.join(LABEL_NOUNS)})\s+{ident}", description, re.IGNORECASE)
    return f"{noun.group(1).lower()} {eid}" if noun else None


def role_names(entities: dict[str, str], names: dict[str, str],
               attributes: dict[str, dict[str, Any]] | None = None, description: str = "") -> dict[str, str]:
    """id -> what a reader calls an entity the case gives no `name:` (_role_names), a ride of several
    named by its rider where that tells it apart (_by_rider: 'the 13-year-old's ride', never 'the
    right-of-way trail' or 'the operator of the lake', trainer review 10, 09 and 10); the entities
    named through a ride ('the person in charge of the snowmobile in ...') are named again after it."""
    attributes = attributes or {}
    first = _role_names(entities, names, attributes, description)
    rides = _by_rider(entities, names, first, attributes, description)
    if not rides:
        # a person's role from another's id first ('the groom's aunt'), so that her sled reads by it
        return _possessive_as_described(entities, names, _of_other_id(entities, names, _rides_by_word(
            entities, names, _sleds_by_rider(entities, names, _of_other_id(entities, names, first), attributes),
            attributes)), description)
    again = _role_names(entities, {**names, **rides}, attributes, description)
    riders = {str(attributes.get(eid, {}).get("operator")) for eid in rides}
    return _possessive_as_described(entities, names, _of_other_id(entities, names, _rides_by_word(
        entities, names, _sleds_by_rider(entities, names, _of_other_id(entities, names, {
            eid: rides.get(eid) or (first[eid] if eid in riders else again[eid])
            for eid in entities if eid in rides or eid in again}), attributes), attributes)), description)


def _possessive_as_described(entities: dict[str, str], names: dict[str, str], roles: dict[str, str],
                             description: str) -> dict[str, str]:
    """The roles, an entity read from an id of three words or more whose first word the description
    writes as the owner of the rest ('family_second_sled' where the description says "the family's
    second sled") read as the description does: 'the family's second sled', never 'the family second
    sled', a name built from an id (trainer review 16, G3 and 09)."""
    out = dict(roles)
    if not description:
        return out
    for eid, kind in entities.items():
        words = eid.split("_")
        if eid in names or len(words) < 3 or roles.get(eid) != id_name(eid, kind):
            continue
        said = f"{words[0]}'s {' '.join(words[1:])}"
        if not re.search(rf"(?<![\w-]){re.escape(said)}(?![\w-])", description.replace("\u2019", "'"), re.IGNORECASE):
            continue
        said = f"the {said}"
        if said.casefold() not in {n.casefold() for n in (*names.values(), *out.values())}:
            out[eid] = said
    return out


def _of_other_id(entities: dict[str, str], names: dict[str, str], roles: dict[str, str]) -> dict[str, str]:
    """The roles, an entity whose id is another entity's id and one word more, and which reads by
    its id ('semi_driver' beside the vehicle 'semi': 'the semi driver'), read as that entity's: 'the
    semi's driver' (trainer review 13, G2 and 12: 'the semi driver' read as a kind of driver)."""
    out = dict(roles)
    for eid, kind in entities.items():
        other, _, word = eid.rpartition("_")
        if eid in names or not other or other == eid or not ID_WORD.match(word) \
                or roles.get(eid) != id_name(eid, kind):
            continue
        if other not in entities and word in KIN_WORDS and other in PERSON_NOUNS \
                and entities.get(eid) == "person" and not any(o.endswith("_" + other) for o in entities if o != eid):
            said = f"the {other}'s {word}"   # 'bride_cousin': the bride's cousin (the bride not a party)
            if said.casefold() not in {n.casefold() for n in (*names.values(), *out.values())}:
                out[eid] = said
            continue
        if other not in entities:
            # a clipped word of one other entity's id ('carrier_sister' beside 'paper_carrier'): that
            # entity's, by the word the file uses ('the carrier's sister', never 'the carrier sister',
            # a kind of sister: trainer review 14's case writer)
            clipped = [o for o in entities if o != eid and o.endswith("_" + other) and "_" not in other]
            if len(clipped) != 1 or not ID_WORD.match(other) or other in RIDE_WORDS \
                    or roles.get(clipped[0]) != id_name(clipped[0], entities[clipped[0]]):
                continue
            said = f"the {other}'s {word}"
            if said.casefold() not in {n.casefold() for n in (*names.values(), *out.values())}:
                out[eid] = said
            continue
        who = names.get(other) or roles.get(other)
        if not who or who.endswith("s") or not who.startswith("the ") and " " in who and not who[:1].isupper():
            continue
        said = f"{who}'s {word}"
        if said.casefold() not in {n.casefold() for n in (*names.values(), *out.values())}:
            out[eid] = said
    return out


def _rides_by_word(entities: dict[str, str], names: dict[str, str], roles: dict[str, str],
                   attributes: dict[str, dict[str, Any]]) -> dict[str, str]:
    """The roles, a ride whose id is a word of its one operator's id and a ride word ('carrier_ride' of
    'paper_carrier', 'sister_ride' of 'carrier_sister') read as that person's ride ('the carrier's
    ride', 'the sister's ride'), never 'the carrier ride' or 'the sister ride', a kind of ride
    (trainer review 14's case writer; 'sled_father', review 13, G2)."""
    out = dict(roles)
    for eid, kind in entities.items():
        own = id_name(eid, kind) if kind == "operation" and eid not in names else None
        if not own or roles.get(eid) != own:
            continue
        words = eid.split("_")
        rider = attributes.get(eid, {}).get("operator")
        if len(words) != 2 or words[-1] not in RIDE_WORDS or not isinstance(rider, str) \
                or words[0] not in rider.split("_") or words[0] in RIDE_WORDS:
            continue
        said = f"the {words[0]}'s {words[-1]}"
        whole = roles.get(rider) or ""
        if rider.split("_")[0] == words[0] and rider not in names and whole == id_name(rider, entities.get(rider, "")) \
                and whole.startswith("the ") and not whole.endswith("s"):
            # the first word of its operator's id ('probationary_ride' of 'probationary_firefighter'):
            # the operator's whole role, "the probationary firefighter's ride", never "the probationary's ride"
            said = f"{whole}'s {words[-1]}"
        if said.casefold() not in {n.casefold() for n in (*names.values(), *out.values())}:
            out[eid] = said
    return out


def _sleds_by_rider(entities: dict[str, str], names: dict[str, str], roles: dict[str, str],
                    attributes: dict[str, dict[str, Any]]) -> dict[str, str]:
    """The roles, a snowmobile whose id names it by a clipped word of its one rider's id
    ('older_sled' of 'older_rider', 'late_sled' of 'late_rider', 'trapper_sled' of 'trapper') read as
    that rider's ('the older rider's sled', 'the trapper's sled'), never 'the older sled' or 'the
    late sled', which say something of the sled the case never says (trainer review 11, G5)."""
    out = dict(roles)
    for eid, kind in entities.items():
        own = id_name(eid, kind) if kind == "snowmobile" and eid not in names else None
        if not own or roles.get(eid) != own:
            continue
        riders = {attributes.get(o, {}).get("operator") for o, k in entities.items()
                  if k == "operation" and attributes.get(o, {}).get("snowmobile_used") == eid}
        rider = next(iter(riders)) if len(riders) == 1 else None
        who = (names.get(rider) or roles.get(rider)) if isinstance(rider, str) else None
        words, own_words = eid.split("_"), set(str(rider).split("_"))
        if not who or len(words) < 2:
            continue
        if set(words[:-1]) <= own_words:     # 'older_sled' of 'older_rider': the kind word last
            noun = words[-1]
        elif set(words[1:]) <= own_words:    # 'sled_father' of 'father': the kind word first, read as
            noun = words[0]                  # 'the father's sled', never 'the sled father' (a person, to a
        else:                                # trainee: trainer review 13, G2 and 09)
            continue
        said = f"{who}'s {noun}"
        if said.casefold() not in {n.casefold() for n in (*names.values(), *out.values())}:
            out[eid] = said
    return out


# a ride's label that is the case writer's own name for the ride, kept ('the night ride', 'ride A',
# "racer a's ride"): it ends in a ride word; a place the description puts before its id ('the lake
# (op1)', 'the right-of-way trail (op_a)') names where it went, not the ride
RIDE_WORDS = ("ride", "run", "trip", "race")


def _by_rider(entities: dict[str, str], names: dict[str, str], roles: dict[str, str],
              attributes: dict[str, dict[str, Any]], description: str) -> dict[str, str]:
    """id -> "{rider}'s ride" for each unnamed ride of a case with several rides, where each such
    ride's operator rides it alone of the case's rides and is named apart from it (a `name:`, 'the
    13-year-old', 'the resort owner'; never 'the 23:15 rider', who is named by the ride); {} where
    one is not (the rides keep their roles, all alike). A ride whose label is the writer's own word
    for a ride ('the night ride', 'ride A') keeps it."""
    rides = [eid for eid, kind in entities.items() if kind == "operation"]
    if len(rides) < 2:
        return {}
    operators = {eid: attributes.get(eid, {}).get("operator") for eid in rides}
    count = Counter(o for o in operators.values() if isinstance(o, str))
    out: dict[str, str] = {}
    # every name a reader already has, kept as a set as rides are named (not rebuilt per ride: a
    # JSONL line of 5,000 rides took a minute)
    known = {n.casefold() for n in (*names.values(), *roles.values())}
    for n_ride, eid in enumerate(rides):
        if n_ride % 256 == 255:
            check_deadline()
        rider, label = operators[eid], roles.get(eid)
        if eid in names or not label:
            continue
        counted = re.fullmatch(rf"the (?:[\d:]+ |(?:{'|'.join(ORDINALS)}|other) )?ride", label)
        own = id_name(eid, "operation")
        # an id that goes on after its ride word ('ride_back_berm': 'the ride back berm', 'ride_out') is
        # the file's shorthand, not a name (trainer review 11, G5): the ride reads by its rider
        shorthand = bool(own) and label == own and re.match(rf"the (?:{'|'.join(RIDE_WORDS)}) \w", own) is not None
        if (own and not shorthand) or id_label(eid, description) or label.startswith("the ride of ") \
                or label.split()[-1] in RIDE_WORDS and not counted and not shorthand:
            continue    # the writer's own word for it ('the night ride', 'ride A', 'the ride of sled 1')
        who = (names.get(rider) or roles.get(rider)) if isinstance(rider, str) else None
        said = f"{who}'s ride" if who else ""
        if who and count[str(rider)] > 1:
            # a rider of several rides: each of them by its time where that tells them apart ('the older
            # rider's ride at 21:30'), else the rides keep their roles
            times = [attributes.get(o, {}).get("clock_time") for o in rides if operators[o] == rider]
            at = attributes.get(eid, {}).get("clock_time")
            if not isinstance(at, str) or not at or times.count(at) != 1 or at.strip().casefold() == "unknown":
                return {}
            said = f"{who}'s ride at {at}"
        # a rider the file names by its own id ('older_rider': 'the older rider') is named apart from
        # the ride; one named by the ride ('the 23:15 rider') is not
        by_ride = not (rider in names or who == id_name(str(rider), entities.get(str(rider), "")))
        if not who or by_ride and "rider" in who or label.casefold() in who.casefold() or " in the " in who \
                or re.fullmatch(rf"the (?:{'|'.join(ORDINALS)}|other) \w+|\w+ \w+ \d+", who) \
                or said.casefold() in known:
            return {}   # a rider named by the ride ('the 23:15 rider'), or only counted ('the other
                        # person': "the other person's ride" says nothing), or of several rides: the rides
                        # keep their roles, all of them ('the 11-year-old's ride' beside 'the 07:10 ride' mixed two ways)
        out[eid] = said
        known.add(said.casefold())
    return out


def _role_names(entities: dict[str, str], names: dict[str, str],
                attributes: dict[str, dict[str, Any]] | None = None, description: str = "") -> dict[str, str]:
    """id -> what a reader calls an entity the case gives no `name:`: its id where that is made of
    words (id_name: 'the grain truck', 'rider 2'; not where two such ids, or an id and a name, would
    read the same), else its kind as a role that reads in a sentence, 'the permit', 'the person'; where the case has several of a kind, by what the case
    says of each where that tells them apart (ROLE_BY: 'the 06:30 ride', 'the 11-year-old', 'the
    06:30 rider', 'the first vehicle's carrier'; the one of its kind ROLE_OF_ONE: 'the ride', 'the
    rider'), else with its ordinal in file order, 'the first
    operation', 'the second operation' (past the tenth, 'operation 11'). A role that a `name:`
    already reads as is numbered instead ('operation 2')."""
    attributes = attributes or {}
    by_kind: dict[str, list[str]] = {}
    for eid, kind in entities.items():
        by_kind.setdefault(kind, []).append(eid)
    taken = {n.casefold() for n in names.values()}
    # an id made of words names its entity (id_name), unless two would read the same, or as a name
    said = {eid: id_name(eid, kind) or _labelled(eid, kind, description) for eid, kind in entities.items() if eid not in names}
    reads = Counter(w.casefold() for w in said.values() if w)
    out: dict[str, str] = {eid: w for eid, w in said.items()
                           if w and reads[w.casefold()] == 1 and w.casefold() not in taken}
    # vehicles whose ids read the same once their axle group is dropped ('tree_semi_tandem',
    # 'tree_semi_gross'): counted in the file's order, 'the first tree semi', 'the second tree semi'
    for w in {w for w in said.values() if w and reads[w.casefold()] > 1 and w.startswith("the ")}:
        same = [eid for eid, x in said.items() if x == w]
        counted = [f"the {ORDINALS[i]} {w[4:]}" for i in range(len(same))] if len(same) <= len(ORDINALS) else []
        if counted and all(entities[e] in VEHICLE_KINDS for e in same) \
                and any(e.rsplit("_", 1)[-1] in WEIGHED_PARTS for e in same) \
                and not {c.casefold() for c in counted} & (taken | {x.casefold() for x in said.values() if x}):
            out.update(zip(same, counted))
    taken |= {w.casefold() for w in out.values()}
    # a kind told apart through another kind's role ('the first vehicle's carrier') after that kind
    # (a kind named by its owner and a value, after all others: 'the uncle's par. (a) charge')
    order = sorted(by_kind, key=lambda k: (any(of == k for of, *_ in ROLE_BY_OWNER),
                                           any(of == k and (len(how) == 4 and not how[2] or len(how) in (1, 3))
                                               for of, how in ROLE_BY + ROLE_OF_ONE)
                                           or any(of == k for of, _, _ in ROLE_WITHIN), k == "person"))
    for kind in order:
        check_deadline()
        ids = _by_date(by_kind[kind], attributes)
        noun = NOUN.get(kind, kind.replace("_", " "))
        many = len(ids) > 1
        unnamed = [eid for eid in ids if eid not in names and eid not in out]
        apart = _told_apart(kind, unnamed, entities, attributes, {**out, **names},
                            ROLE_BY if many else ROLE_OF_ONE, each=True) if unnamed else None
        # those no role tells apart: by the entity each belongs to ('the second purchaser's record'),
        # else an ordinal among themselves ('the first person'; the one left, 'the other person')
        rest = [eid for eid in unnamed if not (apart and eid in apart)]
        if rest and many:   # by owner and value, all of them, before some are counted around the others
            owned = _by_owner(kind, unnamed, attributes, {**out, **names})
            if owned and not {r.casefold() for r in owned.values()} & taken:
                apart, rest = owned, []
        if rest and many and not apart:
            apart = _within(kind, rest, attributes, {**out, **names}) or apart
            rest = [eid for eid in unnamed if not (apart and eid in apart)]
        place = {eid: at for at, eid in enumerate(rest)}
        for i, eid in enumerate(ids):
            if eid in names or eid in out:
                continue
            partly = bool(apart) and eid in rest    # some of the kind have roles: count the rest
            at = place[eid] if partly else i
            letter: list[str] = []   # never the id's own letter ('carrier A'): no case id reaches a trainee
            counted = ([f"the other {noun}"] if partly and len(rest) == 1 else [f"the {ORDINALS[at]} {noun}"]) \
                if max(at, len(ids) - 1) < len(ORDINALS) else []
            tries = ([apart[eid]] if apart and eid in apart else []) + letter + (
                counted if many else [f"the {noun}"]) + [f"{noun} {i + 1}", f"{noun} {eid}"]
            role = next((t for t in tries if t.casefold() not in taken), f"{noun} {eid}")
            taken.add(role.casefold())
            out[eid] = role
    return {eid: by_value(eid, entities[eid], out[eid], attributes) for eid in entities if eid in out}


_ISO_DATE = re.compile(r"^\d{4}-\d\d-\d\d$")


def _by_date(ids: list[str], attributes: dict[str, dict[str, Any]]) -> list[str]:
    """The entities of a kind in the order of the dates the case gives them (operation_date), where
    one date attribute gives each of them its date: 'the first ride' is the earliest, never the first
    in the file (trainer review 13, 10); else in file order."""
    if len(ids) < 2:
        return ids
    keys = [{a for a, v in (attributes.get(eid) or {}).items() if _ISO_DATE.match(str(v))} for eid in ids]
    shared = sorted(set.intersection(*keys)) if all(keys) else []
    if not shared:
        return ids
    return sorted(ids, key=lambda eid: str(attributes[eid][shared[0]]))   # stable: same date, file order


def role_apart_from(case: "Case", eid: str, attr: str) -> str | None:
    """The role an unnamed entity gets when ATTR of it is left out, where its role reads that
    attribute's value ('the 14-year-old', whose age a what-if changes, is 'the third rider': "If the
    age of the 14-year-old had been 16" contradicted itself, trainer review 6, 10); None for an
    entity with a `name:`, or when leaving ATTR out gives it the same role."""
    if eid not in case.roles:
        return None
    explicit = {e: n for e, n in case.names.items() if e not in case.roles}
    attributes = {e: ({k: v for k, v in a.items() if k != attr} if e == eid else a) for e, a in case.attributes.items()}
    role = role_names(case.entities, explicit, attributes, case.description).get(eid)
    kind = case.entities.get(eid, "")
    noun = NOUN.get(kind, kind.replace("_", " "))
    # a bare count or label of its kind ('ride A', 'the first ride') is a name the handout uses
    # nowhere else: only a role through another entity ('the third rider') reads better
    if not role or role == case.roles[eid] or re.fullmatch(rf"(?:the \w+ )?{re.escape(noun)}(?: \w+)?", role):
        return None
    return role


def _a(kind: str) -> str:
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def _did_you_mean(word: str, candidates: Iterable[str], fallback: str | None = None) -> str | None:
    import difflib   # only for an error's did-you-mean
    close = difflib.get_close_matches(word, sorted(candidates), n=3, cutoff=0.5)
    return f"did you mean: {', '.join(close)}?" if close else fallback


class _Builder:
    def __init__(self, case: Case, checked: CheckedProgram, filename: str,
                 collected: list[CaseError] | None = None) -> None:
        self.case, self.checked, self.file = case, checked, filename
        self.prog = checked.program
        # None: the first problem is raised; a list: each problem (an attribute, an entity's id or
        # type, a raw-fact predicate) is added to it and the reading goes on (`reasoner check`)
        self.collected = collected
        self.refused: set[str] = set()   # collecting: the ids of the entities refused (id or type)

    def attributes_of(self, kind: str) -> dict[str, PredDecl]:
        """name -> declaration of the inputs an entity of this kind can state (once per kind)."""
        cache = self.checked.analysis.case_attributes
        attrs: dict[str, PredDecl] | None = cache.get(kind)
        if attrs is None:
            attrs = cache[kind] = {decl.name: decl for key, decl in self.prog.preds.items()
                                   if decl.is_input and decl.params and decl.params[0].type == kind
                                   and decl.arity <= 2}
        return attrs

    @staticmethod
    def misplaced(attr: str, kind: str, owners: list[str]) -> str:
        """`at_night` is an attribute of an operation, not of a person: move it under the operation."""
        owner = " or ".join(_a(k) for k in owners)
        under = " or ".join(f"the {k}" for k in owners)
        return f"`{attr}` is an attribute of {owner}, not of {_a(kind)}: move it under {under}"

    def owner_hint(self, owners: list[str], kinds: dict[str, str]) -> str:
        ids = [eid for eid, k in kinds.items() if k in owners]
        if ids:
            return f"{owners[0] if len(owners) == 1 else 'such'} entities in this case: {', '.join(ids[:5])}"
        return f"the case has no {' or '.join(owners)} yet: add one under `entities:` with `type: {owners[0]}`"

    def where(self, located: Located) -> str:
        return f"{self.file}:{located.line}"

    def entities(self, node: Located) -> None:
        if node.tag != "map":
            raise CaseError("`entities:` must map entity ids to their attributes", location=self.where(node))
        if len(node.value) > MAX_ENTITIES:
            raise InputLimitError(f"more than {MAX_ENTITIES} entities", location=self.where(node))
        kinds: dict[str, str] = {}
        for eid, (kloc, body) in node.value.items():
            try:
                if not ENTITY_ID.match(eid):
                    raise CaseError(f"entity id {eid!r} must be a lowercase name (letters, digits, _)",
                                    location=self.where(kloc), hint="for example op1, driver_a")
                if eid in VALUE_WORDS:
                    raise CaseError(f"entity id {eid!r} is a word values are read as ({eid} would read as "
                                    f"{'unknown' if eid in UNKNOWN_WORDS | {'none'} else 'a boolean'} wherever "
                                    "the entity is referred to)", location=self.where(kloc),
                                    hint=f"rename it, e.g. {eid}_1")
                if body.tag != "map" or "type" not in body.value:
                    raise CaseError(f"entity {eid} needs a `type:`", location=self.where(kloc),
                                    hint="kinds: " + ", ".join(sorted(self.prog.entities)) if self.prog.entities else None)
                tnode = body.value["type"][1]
                kind = str(tnode.value) if tnode.tag not in ("map", "seq") else "(a list or mapping)"
                if kind not in self.prog.entities:
                    raise CaseError(f"unknown entity type {kind!r} for {eid}", location=self.where(tnode),
                                    hint=_did_you_mean(kind, self.prog.entities,
                                                       "kinds: " + ", ".join(sorted(self.prog.entities))))
            except CaseError as exc:
                if self.collected is None:
                    raise
                self.collected.append(exc)
                self.refused.add(eid)
                continue
            kinds[eid] = kind
        self.case.entities = dict(kinds)
        for n, (eid, (kloc, body)) in enumerate(node.value.items()):
            if not n & 255:
                check_deadline()   # reading the case is inside the command's time limit
            if eid in kinds:   # all of them, unless collecting (a refused id or type: left out)
                self.entity(eid, kinds[eid], body, kinds)

    def entity(self, eid: str, kind: str, body: Located, kinds: dict[str, str]) -> None:
        case = self.case
        rows = case.rows
        file = self.file
        rows.append(FactRow(kind, (eid,), True, f"{file}:{body.line}", "type"))
        attrs = self.attributes_of(kind)
        shown_of: dict[str, str | list[str]] = {}
        case.attributes[eid] = shown_of
        attr_locs = case.attr_locs
        stated: set[str] = set()
        for attr, (aloc, value) in body.value.items():
            try:
                if attr == "type":
                    continue
                if attr == "name":   # what a reader calls the entity; no fact of the law
                    case.names[eid] = self.entity_name(eid, value)
                    attr_locs[(eid, "name")] = f"{file}:{aloc.line}"
                    continue
                decl = attrs.get(attr)
                if decl is None:
                    owners = [k for k in sorted(self.prog.entities) if k != kind and attr in self.attributes_of(k)]
                    if owners:   # an attribute of another kind of entity, written under this one
                        raise CaseError(self.misplaced(attr, kind, owners), location=self.where(aloc),
                                        hint=self.owner_hint(owners, kinds))
                    raise CaseError(f"unknown attribute {attr!r} for {eid} ({_a(kind)})", location=self.where(aloc),
                                    hint=_did_you_mean(attr, attrs, f"attributes of a {kind}: " + ", ".join(sorted(attrs))))
                stated.add(attr)
                attr_locs[(eid, attr)] = f"{file}:{aloc.line}"
                params = decl.params
                unary = len(params) == 1
                if value.tag == "seq":
                    values = value.value
                    if unary:
                        raise CaseError(f"{attr} is true or false, not a list", location=self.where(value))
                    if not values:
                        raise CaseError(f"{attr}: an empty list states nothing; leave the attribute out instead",
                                        location=self.where(value))
                    if not params[1].many:
                        raise list_refused(attr, params[1], self.where(value))
                else:
                    values = (value,)
                shown: list[str] = []
                for item in values:
                    if item.tag in ("map", "seq"):
                        raise CaseError(f"{attr} must be a single value", location=self.where(item))
                    where = f"{file}:{item.line}"
                    if unary:
                        truth = self.boolean(attr, item)
                        if truth is None:
                            rows.append(FactRow(attr, (eid,), False, where, attr))
                            shown.append("unknown")
                        elif truth:
                            rows.append(FactRow(attr, (eid,), True, where, attr))
                            shown.append("true")
                        else:
                            shown.append("false")
                        continue
                    param = params[1]
                    converted = self.value(attr, param.type, item, kinds, param)
                    if converted is UNKNOWN:
                        rows.append(FactRow(attr, (eid, UNKNOWN), False, where, attr))
                        shown.append("unknown")
                    else:
                        rows.append(FactRow(attr, (eid, converted), True, where, attr))
                        shown.append(item.raw if item.raw is not None else str(converted))
                shown_of[attr] = shown[0] if len(shown) == 1 else shown
            except CaseError as exc:
                if self.collected is None:
                    raise
                self.collected.append(exc)
        for attr, unary in self.unstated_order(kind):
            if attr not in stated:
                rows.append(FactRow(attr, (eid,) if unary else (eid, UNKNOWN), False, "", attr))

    def entity_name(self, eid: str, item: Located) -> str:
        """The `name:` of an entity: one line of plain words, at most MAX_NAME characters."""
        if item.tag in ("map", "seq") or not isinstance(item.value, str) or not item.value.strip():
            raise CaseError(f"name of {eid} must be words, e.g. name: Dana Ruiz", location=self.where(item),
                            hint="quote it if it looks like a number or a date: name: \"1999 Polaris\"")
        text = " ".join(item.value.split())
        if len(text) > MAX_NAME:
            raise CaseError(f"name of {eid} has {len(text):,} characters; at most {MAX_NAME}",
                            location=self.where(item), hint="a short name a trainee reads: Dana Ruiz, the grain semi")
        if not NAME_TEXT.match(text):
            raise CaseError(f"name of {eid} has characters a name cannot have: {text!r}", location=self.where(item),
                            hint="letters, digits, spaces and . , ' - & ( ) /")
        return text

    def unstated_order(self, kind: str) -> list[tuple[str, bool]]:
        """[(attribute, is it unary)] of a kind's attributes in name order (once per kind): the
        rows an entity gets, as unknown, for the attributes it leaves out."""
        cache = self.checked.analysis.case_unstated
        order: list[tuple[str, bool]] | None = cache.get(kind)
        if order is None:
            order = cache[kind] = [(attr, decl.arity == 1) for attr, decl in sorted(self.attributes_of(kind).items())]
        return order

    def boolean(self, attr: str, item: Located) -> bool | None:
        raw = (item.raw or "").strip().lower()
        if item.tag == "bool" and raw in ("true", "yes", "on"):
            return True
        if item.tag == "bool" and raw in ("false", "no", "off"):
            return False
        if raw in UNKNOWN_WORDS and item.tag != "str" or raw == "unknown":
            return None
        raise CaseError(f"{attr} must be true or false (or unknown), not {item.raw!r}",
                        location=self.where(item), hint=quoted_scalar_hint("boolean", item)
                        or "leave the attribute out if it is not known")

    def value(self, attr: str, ptype: str, item: Located, kinds: dict[str, str], param: Param | None = None) -> Any:
        raw = (item.raw or "").strip()
        if raw.lower() in UNKNOWN_WORDS and item.tag != "str" or raw.lower() == "unknown":
            return UNKNOWN
        try:
            if ptype == "number":
                if item.tag not in ("int", "float"):
                    if any(ch.isdigit() for ch in raw):
                        read_number(raw)   # a comma, a fraction, other digits: said as such
                    raise ValueError(f"expected a number, got {raw!r}")
                number = read_quantity(raw)
                check_value(attr, param, number, raw, self.where(item))
                return number
            if ptype == "money":
                cents = read_money(raw)
                check_value(attr, param, cents, raw, self.where(item))
                return cents
            if ptype == "time":
                return TimeOfDay.parse(raw)
            if ptype == "date":
                return Day.parse(raw)
            if ptype == "symbol":
                if not ENTITY_ID.match(raw):
                    raise ValueError(f"expected a lowercase word, got {raw!r}")
                check_value(attr, param, raw, raw, self.where(item))
                return raw
            if ptype == "string":
                return raw
            # a reference to an entity of kind ptype
            if raw not in kinds and raw in self.refused:
                return raw   # collecting: the entity itself was refused, a problem reported already
            if raw not in kinds:
                raise ValueError(f"no entity {raw!r} in this case"
                                 + (f" (entities: {', '.join(sorted(kinds))})" if kinds else ""))
            if kinds[raw] != ptype:
                raise ValueError(f"{raw} is a {kinds[raw]}, not a {ptype}")
            return raw
        except (ValueError, ArithmeticError) as exc:
            msg = str(exc)
            if "Invalid literal for Fraction" in msg or "invalid literal" in msg:
                msg = f"expected a {ptype}, got {raw!r}"
            raise CaseError(f"{attr}: {msg}", location=self.where(item),
                            hint=getattr(exc, "hint", "") or quoted_scalar_hint(ptype, item)
                            or hint_for(attr, param, ptype)) from None

    def raw_facts(self, node: Located) -> None:
        if node.tag != "map":
            raise CaseError("`facts:` must map predicate names to lists of tuples", location=self.where(node))
        for pred, (ploc, rows) in node.value.items():
            try:
                if not ENTITY_ID.match(pred) or "__" in pred:
                    raise CaseError(f"invalid predicate name {pred!r}", location=self.where(ploc))
                self.refuse_law_predicate(pred, ploc)
                self.refuse_unread(pred, ploc)
                if rows.tag != "seq":
                    raise CaseError(f"facts for {pred} must be a list of tuples, e.g. [[a, b], [b, c]]",
                                    location=self.where(rows))
                decl = self.prog.preds.get
                arity = None
                for row in rows.value:
                    items = row.value if row.tag == "seq" else [row]
                    if any(i.tag in ("map", "seq") for i in items):
                        raise CaseError(f"a fact of {pred} holds plain values only", location=self.where(row))
                    if arity is None:
                        arity = len(items)
                    elif arity != len(items):
                        raise CaseError(f"facts of {pred} have {len(items)} values here but {arity} before",
                                        location=self.where(row))
                    d = decl((pred, len(items)))
                    values: list[object] = []
                    for i, item in enumerate(items):
                        if d is not None:
                            values.append(self.value(pred, d.params[i].type, item, self.case.entities or {},
                                                     d.params[i]))
                        else:
                            values.append(_plain(item, self.where(item)))
                    if any(v is UNKNOWN for v in values):
                        raise CaseError(f"raw facts of {pred} cannot be unknown; leave the fact out",
                                        location=self.where(row))
                    self.case.rows.append(FactRow(pred, tuple(values), True, self.where(row), pred))
            except CaseError as exc:
                if self.collected is None:
                    raise
                self.collected.append(exc)

    def refuse_unread(self, pred: str, ploc: Located) -> None:
        """A raw fact of a predicate the program neither reads, concludes nor declares would be
        dropped in silence: `public_utility_functon: [[op1]]` left the 350.045 presumption in
        force and `check` reported 0 problems. An error with a did-you-mean. (`run`
        declares the case's raw predicates to its program, which prints them with its model.)"""
        known: set[str] | None = self.checked.__dict__.get("_raw_fact_known")
        if known is None:
            known = {name for name, _ in self.prog.preds} | set(self.prog.entities)
            known |= {name for (name, _), kind in self.checked.base.items() if kind == "fact"}
            for rule in self.checked.rules:
                known.add(rule.head.pred)
                known.update(lit.atom.pred for lit in rule.body if hasattr(lit, "atom"))
            known = {k for k in known if "__" not in k}
            self.checked.__dict__["_raw_fact_known"] = known
        if pred in known:
            return
        close = difflib.get_close_matches(pred, sorted(known), n=3, cutoff=0.6)
        hint = f"did you mean: {', '.join(close)}?" if close else "the facts of a predicate no rule reads change nothing"
        decl = next((d for (n, _), d in self.prog.preds.items() if close and n == close[0]), None)
        if decl is not None and decl.is_input and decl.params and decl.params[0].type in self.prog.entities:
            kind = decl.params[0].type
            hint += f" ({close[0]} is an attribute of {'an' if kind[:1] in 'aeiou' else 'a'} {kind}: write it under the entity)"
        raise CaseError(f"`facts:` states {pred}, which no rule reads (the facts would change nothing)",
                        location=self.where(ploc), hint=hint)

    def refuse_law_predicate(self, pred: str, ploc: Located) -> None:
        """Raw facts are for predicates the rules neither conclude nor take as entity attributes:
        a derived predicate, an entity kind or an attribute stated here would bypass the law."""
        reserved: dict[str, tuple[str, PredDecl | None]] | None = self.checked.analysis.raw_fact_reserved
        if reserved is None:
            reserved = {}
            for (name, arity), rules in self.checked.derived.items():
                if any(rule.body for rule in rules):
                    reserved.setdefault(name, ("derived", None))
                elif (name, arity) in self.prog.preds and not self.prog.preds[(name, arity)].is_input:
                    # a list the law declares (`@predicate single_beam_type` with `single_beam_type(single).`):
                    # a case's row would extend the statute's list (and was read at the wrong type: a
                    # symbol became 0, found by the raw-facts fuzz). Undeclared facts of a program stay open.
                    reserved.setdefault(name, ("listed", None))
            for kind in self.prog.entities:
                reserved[kind] = ("kind", None)
            for (name, arity), decl in self.prog.preds.items():
                if decl.is_input and decl.params and decl.params[0].type in self.prog.entities and arity <= 2:
                    reserved.setdefault(name, ("input", decl))
            self.checked.analysis.raw_fact_reserved = reserved
        what, decl = reserved.get(pred, (None, None))
        if what == "derived":
            raise CaseError(f"`facts:` cannot state {pred}: it is a derived predicate, concluded by the rules",
                            location=self.where(ploc),
                            hint=f"state the facts the rules for {pred} rest on (attributes under `entities:`), "
                                 f"not the conclusion")
        if what == "listed":
            raise CaseError(f"`facts:` cannot state {pred}: the law itself lists its values",
                            location=self.where(ploc),
                            hint=f"a case states the facts of its entities; the list of {pred} is part of the "
                                 f"rules (see `reasoner vocab` for what a case can state)")
        if what == "kind":
            raise CaseError(f"`facts:` cannot state {pred}: it is an entity kind",
                            location=self.where(ploc),
                            hint=f"declare the entity under `entities:` with `type: {pred}`")
        if what == "input" and decl is not None:   # an input's entry holds its declaration
            kind = decl.params[0].type
            example = f"{pred}: true" if decl.arity == 1 else f"{pred}: VALUE"
            raise CaseError(f"`facts:` cannot state {pred}: it is an attribute of a {kind}",
                            location=self.where(ploc),
                            hint=f"write it under the {kind} in `entities:`, e.g. `{example}`")


def _plain(item: Located, where: str | None = None) -> object:
    raw = item.raw or ""
    if item.tag in ("int", "float"):
        try:
            return read_number(raw)
        except NumberError as exc:
            raise CaseError(exc.message, location=where, hint=exc.hint) from None
    if item.tag == "bool":
        return raw.lower() in ("true", "yes", "on")
    return raw


def dump_dict(data: dict[str, Any]) -> str:
    """A case given as a dict goes through the same YAML reader; exact numbers stay exact."""
    import datetime
    from decimal import Decimal

    import yaml


    # libyaml's emitter when PyYAML has it (the same text; a JSONL case of 10,000 entities took
    # 2.8 s to write with the pure-Python one, 0.8 s with libyaml's, and neither can stop at the limit)
    class Dumper(DumperBase):
        pass

    def exact(dumper: yaml.representer.SafeRepresenter, value: Fraction | Decimal) -> yaml.ScalarNode:
        text = quantity_text(value) if isinstance(value, Fraction) else format(value, "f")
        tag = "tag:yaml.org,2002:float" if "/" not in text else "tag:yaml.org,2002:str"
        return dumper.represent_scalar(tag, text)
    Dumper.add_representer(Fraction, exact)
    Dumper.add_representer(Decimal, exact)
    Dumper.add_representer(TimeOfDay, lambda d, v: d.represent_scalar("tag:yaml.org,2002:str", str(v)))
    Dumper.add_representer(Day, lambda d, v: d.represent_scalar("tag:yaml.org,2002:str", str(v)))
    Dumper.add_representer(datetime.date, lambda d, v: d.represent_scalar("tag:yaml.org,2002:str", v.isoformat()))
    # a datetime.time as the case file writes a clock time (HH:MM); with seconds or a zone it is
    # written in full and the reader refuses it, saying the form
    Dumper.add_representer(datetime.time, lambda d, v: d.represent_scalar(
        "tag:yaml.org,2002:str", v.isoformat("minutes") if not (v.second or v.microsecond or v.tzinfo)
        else v.isoformat()))

    _refuse_unwritable(data)

    def dump(part: object) -> str:
        return yaml.dump(part, Dumper=Dumper, sort_keys=False, allow_unicode=True)

    try:
        entities = data.get("entities") if isinstance(data, dict) else None
        if not isinstance(entities, dict) or len(entities) <= DUMP_SLICE:
            return dump(data)
        # a big case is written a slice of entities at a time, the time limit checked between
        # slices (one yaml.dump of 10,000 entities ran 1 s past a 2 s limit unchecked): the slices'
        # text indented under `entities:` is the same mapping
        out: list[str] = []
        for key, value in data.items():
            if key != "entities":
                out.append(dump({key: value}))
                continue
            out.append("entities:\n")
            names = list(entities)
            for start in range(0, len(names), DUMP_SLICE):
                check_deadline()
                text = dump({n: entities[n] for n in names[start:start + DUMP_SLICE]})
                out.append("".join("  " + line if line.strip() else line
                                   for line in text.splitlines(keepends=True)))
        return "".join(out)
    except yaml.YAMLError as exc:
        raise CaseError(f"the case cannot be written as YAML: {exc}", location="<case>") from None


def _refuse_unwritable(data: object) -> None:
    """A CaseError naming the place (entities.op1.speed_mph) of what a case dict holds that YAML
    cannot carry to the reader: nesting deeper than the reader takes (walked without recursion, so
    a dict 100,000 deep is refused, not a RecursionError), an int of more digits than a number
    has (10**5000 cannot even be written out), a text with a lone surrogate (not a character)."""
    from ..core.values import MAX_DIGITS
    from .yamlsafe import MAX_DEPTH
    todo: list[tuple[object, tuple[str, ...], int]] = [(data, (), 1)]
    while todo:
        value, path, depth = todo.pop()
        where = ".".join(path) or "the case"
        if isinstance(value, dict):
            if depth > MAX_DEPTH + 1:
                raise CaseError(f"{where}: nesting deeper than {MAX_DEPTH} levels", location="<case>",
                                hint="a case is entities with attributes: a few levels")
            for key, item in value.items():
                _refuse_text(key, where, "a key")
                todo.append((item, path + (_shown_key(key),), depth + 1))
        elif isinstance(value, (list, tuple)):
            if depth > MAX_DEPTH + 1:
                raise CaseError(f"{where}: nesting deeper than {MAX_DEPTH} levels", location="<case>",
                                hint="a case is entities with attributes: a few levels")
            todo.extend((item, path + (f"[{i}]",), depth + 1) for i, item in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool):
            # 10**MAX_DIGITS has MAX_DIGITS + 1 digits and about 3.33 bits a digit
            if value.bit_length() > 4 * MAX_DIGITS or len(str(abs(value))) > MAX_DIGITS:
                raise CaseError(f"{where}: number out of range (at most {MAX_DIGITS} digits)",
                                location="<case>", hint="give the number as the law measures it")
        else:
            _refuse_text(value, where, "the text")


def _shown_key(key: object) -> str:
    from ..core.visible import visible
    text = key if isinstance(key, str) else repr(key)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return visible(text if len(text) <= 40 else text[:40] + "…", field=True)


def _refuse_text(value: object, where: str, what: str) -> None:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise CaseError(f"{where}: {what} holds U+{ord(value[exc.start]):04X}, a lone surrogate, which is "
                            "not a character", location="<case>",
                            hint="decode the text properly (or remove the character)") from None


DUMP_SLICE = 500   # entities of a case given as a dict written to YAML between two deadline checks

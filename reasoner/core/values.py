"""Exact values used by rules and cases: integers, fractions, clock times, dates, money, unknown."""
from __future__ import annotations

import math

import datetime
import decimal
import re
from fractions import Fraction
from typing import Any, TypeVar
from types import MappingProxyType

_V = TypeVar("_V")


class FormError(ValueError):
    """A text that is not of the form its value needs, with what to write (`hint`)."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


TIME_FORM = "write the time as HH:MM with the digits 0-9, from 00:00 to 23:59 (e.g. 07:00 or 23:05)"
DATE_FORM = "write the date as YYYY-MM-DD with the digits 0-9 (e.g. 2024-01-15)"
_CLOCK = re.compile(r"(\d{2}):(\d{2})", re.ASCII)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


class TimeOfDay(int):
    """Minutes after midnight, printed HH:MM. An int inside (the engines order and split on it), but
    a value of its own kind in the rule language: compared only with a time (value_kind)."""

    def __new__(cls, minutes: int) -> "TimeOfDay":
        if not 0 <= int(minutes) < 24 * 60:
            raise ValueError("time of day out of range")
        return super().__new__(cls, minutes)

    @classmethod
    def parse(cls, text: str) -> "TimeOfDay":
        """HH:MM, ASCII digits, 00:00 to 23:59; anything else a ValueError with the form."""
        shown = str(text).strip()
        m = _CLOCK.fullmatch(shown)
        if m is None or int(m.group(1)) > 23 or int(m.group(2)) > 59:
            raise FormError(f"not a clock time HH:MM: {shown[:40]!r}", TIME_FORM)
        return cls(int(m.group(1)) * 60 + int(m.group(2)))

    def __str__(self) -> str:
        return f"{int(self) // 60:02d}:{int(self) % 60:02d}"

    __repr__ = __str__


class Day(int):
    """A calendar date as its proleptic ordinal, printed ISO. An int inside, but a value of its own
    kind in the rule language: compared only with a date, never added to (value_kind)."""

    @classmethod
    def parse(cls, text: str) -> "Day":
        """YYYY-MM-DD, ASCII digits, a real calendar date; anything else (20240115, 2024-W03-1, other
        digits) a ValueError saying what was wrong and the form to write."""
        if isinstance(text, datetime.date) and not isinstance(text, datetime.datetime):
            return cls(text.toordinal())
        shown = str(text).strip()
        if _ISO_DATE.fullmatch(shown) is None:
            raise FormError(f"not a calendar date YYYY-MM-DD: {shown[:40]!r}", DATE_FORM)
        try:
            return cls(datetime.date.fromisoformat(shown).toordinal())
        except ValueError as exc:   # "day is out of range for month": say which date
            raise FormError(f"not a calendar date YYYY-MM-DD: {shown!r} ({exc})", DATE_FORM) from None

    def __str__(self) -> str:
        return datetime.date.fromordinal(int(self)).isoformat()

    __repr__ = __str__


class _Unknown:
    """The value of an input that the case file does not state."""

    _instance: "_Unknown | None" = None

    def __new__(cls) -> "_Unknown":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "unknown"

    __str__ = __repr__

    def __reduce__(self) -> tuple:
        return (_Unknown, ())


UNKNOWN = _Unknown()


def value_kind(value: object) -> str:
    """The kind of a value as the rule language sees it: "date", "time", "number" (money is a
    number of cents), "boolean" or "text". A date and a time are ints inside, but never numbers:
    `D < 1972` compared the date's day number with 1972 (docs/LANGUAGE.md, Types)."""
    if isinstance(value, Day):
        return "date"
    if isinstance(value, TimeOfDay):
        return "time"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, Fraction)):
        return "number"
    return "text"


def kind_phrase(kind: str, value: object = None) -> str:
    """'the date 2024-01-31', 'a time', 'the number 5' (for messages)."""
    if value is None:
        return ("an " if kind[0] in "aeiou" else "a ") + kind
    shown = show_number(value) if kind == "number" else str(value)
    return f"the {kind} {shown if kind != 'text' else repr(shown)}"


# what to write instead, for a date or a time met where it does not fit (checks and evaluation say
# the same): a date literal, a clock time; the language has no durations, so a span of days is a
# number of its own (as s. 348.195 counts days after a record is generated, and s. 348.21 (4) months)
KIND_HINTS = MappingProxyType({
    "date": "compare a date with a date: write a date literal, as in D < 1972-01-01",
    "time": "compare a time with a time: write a clock time, as in T > 22:00",
})
ARITH_HINTS = MappingProxyType({
    "date": "the rule language has no date arithmetic or durations: compare with a date literal (D > "
            "2024-02-01), or give the span as a number input of its own (number(days), as s. 348.195 "
            "counts the days after a record was generated)",
    "time": "the rule language has no time arithmetic: compare with a clock time (T > 22:00), or give "
            "the span as a number input of its own (number(hours))",
})


MAX_DIGITS = 100  # digits of an exact number, written out or stood for by an exponent (1e99, not 1e100)

# One reader for every number a person writes (case files, CSV, JSONL, fact directories, interview
# answers, query constants, rule constants); docs/NUMBERS.md states the rules. It was
# `.replace(",", "")` in each reader: "40,5" read as 405 and "$5,00" as $500.00.
COMMA_HINT = "write 40.5; a comma is read only as a thousands separator (1,000 or $84,001.50)"
_MANTISSA = re.compile(r"(\d[\d,_]*)?(?:\.(\d*))?", re.ASCII)
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+|\d{1,3}(?:_\d{3})+", re.ASCII)
_EXPONENT = re.compile(r"[-+]?\d+", re.ASCII)


class NumberError(FormError):
    """A text that is not a number under the one rule (docs/NUMBERS.md), with what to write."""


def read_number(text: str, money: bool = False) -> int | Fraction:
    """An exact number (int when whole, else Fraction) from text a person wrote.

    Digits 0-9 only; an optional sign; a decimal point; an exponent (4E1, 2.5e-3: the number it
    stands for has at most MAX_DIGITS digits written out); a thousands separator (`,` or `_`, one kind in a number) only where it groups
    exactly three digits of the whole part (1,000, 12,345,678); no leading zero before a digit
    (017); no fraction (1/4); money may start with `$` after the sign. Anything else is a
    NumberError saying what to write."""
    if not isinstance(text, str):
        raise NumberError(f"not a number: {text!r}")
    s = text.strip()
    if s.isascii() and s.isdigit() and len(s) <= MAX_DIGITS and (s[0] != "0" or len(s) == 1):
        return int(s)   # the common case: a plain whole number
    shown = s if len(s) <= 40 else s[:40] + "..."
    if not s:
        raise NumberError("an empty number", "write a number such as 40 or 40.5")
    if any(ch.isdigit() and not ch.isascii() for ch in s):
        raise NumberError(f"{shown!r} has digits other than 0-9", "write the number with the digits 0-9")
    body = s[1:] if s[0] in "+-" else s
    negative = s[0] == "-"
    if money and body.startswith("$"):
        body = body[1:]
    if "/" in body:
        raise NumberError(f"{shown!r} is a fraction, which is not read as a number",
                          "write it as a decimal: 1/4 as 0.25")
    mantissa, e, exponent = body, "", ""
    for mark in ("e", "E"):
        if mark in body:
            mantissa, e, exponent = body.partition(mark)
            break
    m = _MANTISSA.fullmatch(mantissa)
    whole, frac = (m.group(1) or "", m.group(2)) if m else ("", None)
    if m is None or not (whole or frac) or e and not _EXPONENT.fullmatch(exponent):
        if "," in body:
            raise NumberError(f"{shown!r}: a comma here does not separate thousands",
                              _comma_hint(body, money and "$" in s))
        raise NumberError(f"not a number: {shown!r}")   # the caller's hint says what fits there
    if ("," in whole or "_" in whole) and not _GROUPED.fullmatch(whole):
        if "," in whole:
            raise NumberError(f"{shown!r}: a comma here does not separate thousands",
                              _comma_hint(body, money and "$" in s))
        raise NumberError(f"{shown!r}: an underscore here does not separate thousands",
                          "write the digits without it, or group them in threes: 1_000")
    digits = whole.replace(",", "").replace("_", "")
    if len(digits) > 1 and digits[0] == "0":
        raise NumberError(f"{shown!r} starts with a zero", f"write {digits.lstrip('0') or '0'} "
                          "(a leading zero is not read: 017 is not 17 in every program)")
    exp = exponent.lstrip("+-")
    if len(digits) + len(frac or "") > MAX_DIGITS or len(exp) > 4 or exp and int(exp) > MAX_DIGITS:
        raise NumberError(f"number out of range (at most {MAX_DIGITS} digits, written out or by an "
                          "exponent)", "write the value out in full, with fewer digits")
    value = Fraction(int(digits or "0"))
    if frac:
        value += Fraction(int(frac), 10 ** len(frac))
    if exponent:
        value *= Fraction(10) ** int(exponent)
        plain = show_number(abs(value))
        written = sum(ch.isdigit() for ch in plain)
        if written > MAX_DIGITS:   # 1e100 is 1 and 100 zeros: a 101-digit literal is refused
            raise NumberError(f"{shown!r} stands for a number of {written} digits; at most {MAX_DIGITS}",
                              "write the value out in full, with fewer digits")
    if negative:
        value = -value
    return int(value) if value.denominator == 1 else value


def _comma_hint(body: str, dollar: bool = False) -> str:
    """The comma hint, with the reading the writer may have meant: 5,01 -> write 5.01; $1,0000 (a
    separator misplaced: four digits after it) -> write $10,000 or $1.00."""
    sign = "$" if dollar else ""
    body = body.lstrip("$")
    head, _, tail = body.partition(",")
    if body.count(",") == 1 and "." not in body and len(body) <= 40 and len(tail) <= 2:
        return COMMA_HINT.replace("40.5", sign + body.replace(",", "."), 1)
    if body.count(",") == 1 and "." not in body and len(body) <= 40 and head.isdigit() and tail.isdigit():
        grouped = f"{int(head + tail):,}"
        point = f"{head}.{tail}"
        if dollar:   # money has cents: the decimal reading only where the digits past them are zeros
            point = f"{head}.{tail[:2]}" if not tail[2:].strip("0") else ""
        return (f"write {sign}{grouped}" + (f" or {sign}{point}" if point else "")
                + "; a comma is read only as a thousands separator, every three digits")
    # no one reading ("4,0,0", "1,000,5"): the example is an example, not this number's reading
    return COMMA_HINT.replace("write 40.5", "write the number with a decimal point, as in 40.5", 1)


def _decimals(text: str) -> str | None:
    """The digits written after the decimal point ("83.500" -> "500"), None with no point or with an
    exponent (2.5e3: the value decides)."""
    s = text.strip()
    if "e" in s.lower() or "." not in s:
        return None
    return s.partition(".")[2]


def _thousands_reading(text: str) -> str | None:
    """'83,500' for '83.500': the number a point would stand for where it separates thousands (a
    point, then exactly three digits, after one to three digits)."""
    s = text.strip().lstrip("+-").lstrip("$")
    head, dot, tail = s.partition(".")
    if dot and head.isdigit() and head.isascii() and 1 <= len(head) <= 3 and head[0] != "0" \
            and len(tail) == 3 and tail.isdigit() and tail.isascii():
        return f"{int(head + tail):,}"
    return None


def read_quantity(text: str) -> int | Fraction:
    """read_number for a value a case, a batch or a fact directory gives a declared `number`: a point
    followed by exactly three digits after one to three digits (83.500, 1.000) is refused, since a
    point separates thousands in many countries: 83.500 lb was read as 83.5 lb with no word. Both
    readings are offered; other decimals (150000.5, 0.125, 1.25) are read as written."""
    value = read_number(text)
    shown = text.strip()
    thousands = _thousands_reading(shown)
    if thousands is None:
        return value
    decimal = show_number(value)
    if _thousands_reading(decimal):   # 12.345 itself: the decimal is written with a fourth place
        decimal += "0"
    raise FormError(f"{shown!r}: a point followed by three digits may separate thousands ({thousands}) or "
                    f"be a decimal point ({decimal})",
                    f"write {thousands} (or {thousands.replace(',', '')}) if it separates thousands, or {decimal} "
                    "if it is a decimal point")


def quantity_text(value: "int | Fraction") -> str:
    """The exact decimal text of a number that read_quantity reads back as the same number: 12.345
    is written 12.3450 (12.345 reads two ways, see read_quantity)."""
    text = show_number(value)
    return text + "0" if isinstance(value, Fraction) and _thousands_reading(text) else text


def read_money(text: str) -> int:
    """Integer cents from dollars a person wrote: read_number(money=True), at most two decimals
    written (84.500 is refused like 84.501: it may be 84,500 written with a point)."""
    dollars = Fraction(read_number(text, money=True))
    places = _decimals(text)
    cents = dollars * 100
    if cents.denominator != 1 or places is not None and len(places) > 2:
        shown = text.strip()
        thousands = _thousands_reading(shown)
        hint = "write the amount in dollars and cents, as in 125.50"
        if thousands:
            hint = (f"write {thousands} if the point separates thousands, or "
                    f"{show_money(int(cents)) if cents.denominator == 1 else 'the amount to the cent'}")
        raise FormError(f"money has at most two decimals (cents): {shown!r}", hint)
    return int(cents)


def parse_number(text: str) -> int | Fraction:
    """An exact number from decimal text (read_number: the one rule for every reader)."""
    return read_number(text)


def normalize_number(value: _V) -> _V | int:
    """A whole Fraction as an int; any other value as it is."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value.numerator)
    return value


def show_number(value: object) -> str:
    """Exact decimal text for ints and terminating fractions, else a/b."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        den = value.denominator
        for p in (2, 5):
            while den % p == 0:
                den //= p
        if den == 1:
            sign = "-" if value < 0 else ""
            v = abs(value)
            whole = v.numerator // v.denominator
            frac = v - whole
            digits = ""
            while frac:
                frac *= 10
                d = frac.numerator // frac.denominator
                digits += str(d)
                frac -= d
            return f"{sign}{whole}.{digits}"
        return f"{value.numerator}/{value.denominator}"
    return str(value)


class Cents(int):
    """An amount of money typed by a person (a query), kept as integer cents like every amount inside;
    it prints in dollars (570.00), so that a query shown back never reads as a cents figure."""

    def __str__(self) -> str:
        return f"{int(self) // 100}.{int(self) % 100:02d}" if self >= 0 else f"-{Cents(-int(self))}"

    __repr__ = __str__


def parse_dollars(value: object, exact: bool = False) -> "Cents | Fraction":
    """570, 570.00, "570.00", "$570.00", "$1,000" -> Cents (ValueError for fractions of a cent).
    exact=True (a query's constant): a fraction of a cent is kept as exact cents (a Fraction), so that
    an amount a user's rules computed ("$225.03, rounded half up from $225.025") can be asked back."""
    if isinstance(value, str):
        if not value.strip():
            raise NumberError("an empty amount", 'write an amount such as 570, 570.00 or "$570.00"')
        value = Fraction(read_number(value, money=True))
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ValueError(f"not an amount of money: {value!r}")
    cents = Fraction(value) * 100
    if cents.denominator != 1 and exact:
        return cents
    if cents.denominator != 1:
        raise ValueError(f"money has at most two decimals (cents): {show_number(Fraction(value))}")
    return Cents(int(cents))


def round_cents(cents: int | Fraction) -> int:
    """Exact cents rounded to whole cents, half up (toward more money): the one rounding of an
    amount with a fraction of a cent, in text and in JSON (render/jsonout.py money_data)."""
    cents = Fraction(cents)
    return math.floor(cents + Fraction(1, 2)) if cents.denominator != 1 else int(cents)


def _dollars(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}${abs(cents) // 100:,}.{abs(cents) % 100:02d}"


def money_dollars(cents: "int | Fraction") -> decimal.Decimal:
    """Integer (or exact) cents as the Python face gives money: Decimal dollars, two places at least
    (22500 -> Decimal('225.00')); an amount with a fraction of a cent exactly when its decimal ends
    (Fraction(45005, 2) -> Decimal('225.025')), else to 28 significant digits. Never rounded to the
    cent: the text and JSON round (show_money, render/jsonout.py money_data); Python keeps the amount."""
    cents = Fraction(cents)
    whole = decimal.Context(prec=max(28, len(str(abs(cents.numerator))) + 2))
    dollars = decimal.Decimal(cents.numerator).scaleb(-2, context=whole)   # exact: 22500 -> 225.00
    if cents.denominator == 1:
        return dollars
    with decimal.localcontext(decimal.Context(prec=28)):
        return dollars / cents.denominator


def python_value(value: Any, type_name: str | None = None) -> Any:
    """A value of an answer as the Python API hands it out (docs/API.md): money (integer or exact
    cents inside the engine) as Decimal dollars, an unknown value as None, anything else as it is."""
    if isinstance(value, _Unknown):
        return None
    if type_name == "money" and isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return money_dollars(value)
    return value


def show_money(cents: "int | Fraction | _Unknown") -> str:
    """Integer (or exact) cents as dollars with cents: $1,000.18; an amount with a fraction of a
    cent rounded, the exact amount beside it: $225.03 (rounded half up from $225.025)."""
    if isinstance(cents, _Unknown):   # UNKNOWN, the one instance
        return "unknown"
    cents = Fraction(cents)
    if cents.denominator == 1:
        return _dollars(int(cents))
    text = show_number(abs(cents) / 100)                      # 225.025, exact
    head, dot, tail = text.partition(".")
    exact = f"{'-' if cents < 0 else ''}${int(head):,}{dot}{tail}" if head.isdigit() else f"${text}"
    return f"{_dollars(round_cents(cents))} (rounded half up from {exact})"


def show_value(value: Any, type_name: str | None = None) -> str:
    if value is UNKNOWN:
        return "unknown"
    if type_name == "money":
        return show_money(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return show_number(value)

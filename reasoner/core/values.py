"""Exact values used by rules and cases: integers, fractions, clock times, dates, money, unknown."""
from __future__ import annotations

import math

import datetime
import re
from fractions import Fraction


class TimeOfDay(int):
    """Minutes after midnight; compares as an int, prints as HH:MM."""

    def __new__(cls, minutes):
        if not 0 <= int(minutes) < 24 * 60:
            raise ValueError("time of day out of range")
        return super().__new__(cls, minutes)

    @classmethod
    def parse(cls, text: str) -> "TimeOfDay":
        hours, _, minutes = text.strip().partition(":")
        if not (hours.isdigit() and minutes.isdigit() and len(minutes) == 2 and len(hours) <= 2):
            raise ValueError(f"not a clock time HH:MM: {text!r}")
        h, m = int(hours), int(minutes)
        if h > 23 or m > 59:
            raise ValueError(f"not a clock time HH:MM: {text!r}")
        return cls(h * 60 + m)

    def __str__(self):
        return f"{int(self) // 60:02d}:{int(self) % 60:02d}"

    __repr__ = __str__


class Day(int):
    """A calendar date as its proleptic ordinal; compares as an int, prints ISO."""

    @classmethod
    def parse(cls, text) -> "Day":
        if isinstance(text, datetime.date):
            return cls(text.toordinal())
        return cls(datetime.date.fromisoformat(str(text).strip()).toordinal())

    def __str__(self):
        return datetime.date.fromordinal(int(self)).isoformat()

    __repr__ = __str__


class _Unknown:
    """The value of an input that the case file does not state."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self):
        return "unknown"

    __str__ = __repr__

    def __reduce__(self):
        return (_Unknown, ())


UNKNOWN = _Unknown()


MAX_DIGITS = 100  # digits of an exact number, and the largest exponent (1e100)

# One reader for every number a person writes (case files, CSV, JSONL, fact directories, interview
# answers, query constants, rule constants); docs/NUMBERS.md states the rules. It was
# `.replace(",", "")` in each reader: "40,5" read as 405 and "$5,00" as $500.00 (issue 25).
COMMA_HINT = "write 40.5; a comma is read only as a thousands separator (1,000 or $84,001.50)"
_MANTISSA = re.compile(r"(\d[\d,_]*)?(?:\.(\d*))?", re.ASCII)
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+|\d{1,3}(?:_\d{3})+", re.ASCII)
_EXPONENT = re.compile(r"[-+]?\d+", re.ASCII)


class NumberError(ValueError):
    """A text that is not a number under the one rule (docs/NUMBERS.md), with what to write."""

    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint


def read_number(text, money: bool = False):
    """An exact number (int when whole, else Fraction) from text a person wrote.

    Digits 0-9 only; an optional sign; a decimal point; an exponent (4E1, 2.5e-3: at most
    MAX_DIGITS); a thousands separator (`,` or `_`, one kind in a number) only where it groups
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
            raise NumberError(f"{shown!r}: a comma here does not separate thousands", _comma_hint(body))
        raise NumberError(f"not a number: {shown!r}")   # the caller's hint says what fits there
    if ("," in whole or "_" in whole) and not _GROUPED.fullmatch(whole):
        if "," in whole:
            raise NumberError(f"{shown!r}: a comma here does not separate thousands", _comma_hint(body))
        raise NumberError(f"{shown!r}: an underscore here does not separate thousands",
                          "write the digits without it, or group them in threes: 1_000")
    digits = whole.replace(",", "").replace("_", "")
    if len(digits) > 1 and digits[0] == "0":
        raise NumberError(f"{shown!r} starts with a zero", f"write {digits.lstrip('0') or '0'} "
                          "(a leading zero is not read: 017 is not 17 in every program)")
    exp = exponent.lstrip("+-")
    if len(digits) + len(frac or "") > MAX_DIGITS or len(exp) > 4 or exp and int(exp) > MAX_DIGITS:
        raise NumberError(f"number out of range (at most {MAX_DIGITS} digits and exponents up to "
                          f"{MAX_DIGITS})", "write the value out in full, with fewer digits")
    value = Fraction(int(digits or "0"))
    if frac:
        value += Fraction(int(frac), 10 ** len(frac))
    if exponent:
        value *= Fraction(10) ** int(exponent)
    if negative:
        value = -value
    return int(value) if value.denominator == 1 else value


def _comma_hint(body: str) -> str:
    """The comma hint, with the reading the writer may have meant (5,01 -> write 5.01)."""
    if body.count(",") == 1 and "." not in body and len(body) <= 40:
        return COMMA_HINT.replace("40.5", body.replace(",", "."), 1)
    # no one reading ("4,0,0", "1,000,5"): the example is an example, not this number's reading
    return COMMA_HINT.replace("write 40.5", "write the number with a decimal point, as in 40.5", 1)


def parse_number(text: str):
    """An exact number from decimal text (read_number: the one rule for every reader)."""
    return read_number(text)


def normalize_number(value):
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value.numerator)
    return value


def show_number(value) -> str:
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

    def __str__(self):
        return f"{int(self) // 100}.{int(self) % 100:02d}" if self >= 0 else f"-{Cents(-int(self))}"

    __repr__ = __str__


def parse_dollars(value, exact: bool = False) -> "Cents":
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


def round_cents(cents) -> int:
    """Exact cents rounded to whole cents, half up (toward more money): the one rounding of an
    amount with a fraction of a cent, in text and in JSON (render/jsonout.py money_data)."""
    cents = Fraction(cents)
    return math.floor(cents + Fraction(1, 2)) if cents.denominator != 1 else int(cents)


def _dollars(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}${abs(cents) // 100:,}.{abs(cents) % 100:02d}"


def show_money(cents) -> str:
    """Integer (or exact) cents as dollars with cents: $1,000.18; an amount with a fraction of a
    cent rounded, the exact amount beside it: $225.03 (rounded half up from $225.025)."""
    if cents is UNKNOWN:
        return "unknown"
    cents = Fraction(cents)
    if cents.denominator == 1:
        return _dollars(int(cents))
    text = show_number(abs(cents) / 100)                      # 225.025, exact
    head, dot, tail = text.partition(".")
    exact = f"{'-' if cents < 0 else ''}${int(head):,}{dot}{tail}" if head.isdigit() else f"${text}"
    return f"{_dollars(round_cents(cents))} (rounded half up from {exact})"


def show_value(value, type_name: str | None = None) -> str:
    if value is UNKNOWN:
        return "unknown"
    if type_name == "money":
        return show_money(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return show_number(value)

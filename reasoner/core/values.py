"""Exact values used by rules and cases: integers, fractions, clock times, dates, money, unknown."""
from __future__ import annotations

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
_DECIMAL = re.compile(r"\s*[-+]?(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?\s*")


def parse_number(text: str):
    """An exact number from decimal text: int when whole, else Fraction.

    More than MAX_DIGITS digits, or an exponent beyond +-MAX_DIGITS, is a ValueError: computing
    1e+999999999 exactly takes minutes, and integers of over 4,300 digits cannot be printed."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)   # the common case: a plain whole number
    text = text.replace(",", "").replace("_", "")
    m = _DECIMAL.fullmatch(text)
    if m is not None:
        exponent = (m.group(3) or "0").lstrip("+-")
        if len(m.group(1)) + len(m.group(2) or "") > MAX_DIGITS or len(exponent) > 4 \
                or int(exponent) > MAX_DIGITS:
            raise ValueError(f"number out of range (at most {MAX_DIGITS} digits and exponents up to "
                             f"{MAX_DIGITS})")
    value = Fraction(text)
    return int(value) if value.denominator == 1 else value


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


def parse_dollars(value) -> "Cents":
    """570, 570.00, "570.00", "$570.00", "$1,000" -> Cents (ValueError for fractions of a cent)."""
    if isinstance(value, str):
        text = value.strip().replace("$", "", 1).replace(",", "")
        if not text:
            raise ValueError("an empty amount")
        value = Fraction(parse_number(text))
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ValueError(f"not an amount of money: {value!r}")
    cents = Fraction(value) * 100
    if cents.denominator != 1:
        raise ValueError(f"money has at most two decimals (cents): {show_number(Fraction(value))}")
    return Cents(int(cents))


def show_money(cents) -> str:
    """Integer (or exact) cents as dollars with cents: $1,000.18."""
    if cents is UNKNOWN:
        return "unknown"
    cents = Fraction(cents)
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    whole_cents = cents.numerator // cents.denominator
    rest = cents - whole_cents
    text = f"{sign}${whole_cents // 100:,}.{whole_cents % 100:02d}"
    if rest:
        text += f" (+{show_number(rest)} cent)"
    return text


def show_value(value, type_name: str | None = None) -> str:
    if value is UNKNOWN:
        return "unknown"
    if type_name == "money":
        return show_money(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return show_number(value)

"""Assumptions a prosecutor would be asked about, said on the handout (trainer review 4, change 5):
s. 348.20(1)'s 'where practicable', the 12-month window between convictions, building words and
approximate figures, what 'knowingly' in s. 350.08 reaches, s. 350.101(1)(d)'s single conviction, and
a load already brought within limits under s. 348.19(2)."""
from functools import lru_cache
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def _md(case: str, query: str, tmp: str = "/tmp") -> str:
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "h.md"
        result = CliRunner().invoke(main, ["export", str(ROOT / "facts" / case), query, "--to", "md", "-o", str(out)])
        assert result.exit_code in (0, 1, 2), result.output
        return " ".join(out.read_text(encoding="utf-8").split())


def test_the_person_prosecuted_under_348_20_is_to_be_prosecuted_where_practicable():
    md = _md("ch348_gravel_truck_repeat_offense.yaml", "forfeiture")
    assert "imposed on Jo Keller (the person to be prosecuted, where practicable, under s. 348.20(1))" in md
    assert "the person prosecuted under s. 348.20(1)" not in md
    leased = _md("ch348_leased_tractor_prosecution.yaml", "prosecute")
    assert "is to be instituted, where practicable, against Fresh Produce Co." in leased
    assert "assumed practicable here" in leased
    assert "is not a case question" not in leased and "always named" not in leased
    assert "against Rent-a-Rig" not in leased

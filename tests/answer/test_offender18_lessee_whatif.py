"""The what-if that makes the authority holder a leasing business says whom the prosecution is then
instituted against (trainer review 16, 07, item 1): s. 348.20(1), last sentence, "This section shall
not apply to ... corporations whose principal business is leasing, for compensation, vehicles ..., but
such prosecutions shall be instituted against the lessee of the vehicle". facts/ch348_grain_semi_first_offense.yaml
names no lessee: the lessee, whom the case does not name."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SEMI = ROOT / "facts" / "ch348_grain_semi_first_offense.yaml"


def test_leasing_whatif_names_the_lessee(tmp_path):
    out = tmp_path / "semi.md"
    subprocess.run([sys.executable, "-m", "reasoner", "--timeout", "600", "export", str(SEMI), "prosecute",
                    "--to", "md", "-o", str(out)], check=True, cwd=ROOT, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    md = re.sub(r"\s+", " ", out.read_text())
    whatif = md.split("## What if?", 1)[1].split("## ", 1)[0]
    assert ("If the principal business of Prairie Grain LLC had been leasing vehicles, including trailers and "
            "semitrailers, for compensation (the case states the opposite), it would be established that the "
            "prosecution for the overweight violation of the grain semi is not to be instituted against Prairie "
            "Grain LLC; instead, the prosecution for the overweight violation of the grain semi is to be instituted "
            "against the lessee of the grain semi, whom the case does not name.") in whatif
    assert "unnamed carrier" not in whatif and "any carrier" not in whatif
    # the other items are the whole answer's, with no lessee
    assert whatif.count("lessee") == 1

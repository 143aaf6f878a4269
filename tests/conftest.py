import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture
def program(tmp_path):
    """Build a Rulebase from rule text (written to a temp .dl file)."""
    from reasoner.engine.rulebase import program_rulebase

    def make(text, name="prog.dl", fact_preds=()):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return program_rulebase([path], fact_preds=fact_preds)
    return make


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """The tests never write into the user's cache folder (reasoner/cache.py)."""
    import os
    old = os.environ.get("REASONER_CACHE_DIR")
    os.environ["REASONER_CACHE_DIR"] = str(tmp_path_factory.mktemp("reasoner-cache"))
    yield
    if old is None:
        os.environ.pop("REASONER_CACHE_DIR", None)
    else:
        os.environ["REASONER_CACHE_DIR"] = old


TIMED_MODULES = {"test_limits", "test_fuzz_limits", "test_time_limit"}


@pytest.fixture(autouse=True)
def _quiet_collector(request):
    """Tests that time a command against its limit start from a collected, frozen heap: late in a
    long run the heap holds every earlier test's leftovers, and a full collection over it could
    land inside a timed command (CI once spent more than a 1 s limit where the work takes ms)."""
    if request.module.__name__.rsplit(".", 1)[-1] not in TIMED_MODULES:
        yield
        return
    import gc
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()

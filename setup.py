"""Packaging hook: the saved queries live in the top-level queries/ folder (where users look for
them) and are copied into the built package as reasoner/saved_queries/, so that an installed reasoner
finds them from any folder (reasoner/queries.py); the example cases of facts/ are copied as
reasoner/examples/ (`reasoner examples DIR`, apps/examples.py), one copy in git. Everything else is
in setup.cfg."""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithQueries(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "reasoner" / "saved_queries"
        self.mkpath(str(target))
        for f in sorted((HERE / "queries").glob("*.yaml")):
            self.copy_file(str(f), str(target / f.name))
        examples = Path(self.build_lib) / "reasoner" / "examples"
        self.mkpath(str(examples))
        for f in sorted((HERE / "facts").glob("*.yaml")):
            self.copy_file(str(f), str(examples / f.name))


setup(cmdclass={"build_py": BuildWithQueries})

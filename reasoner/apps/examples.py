"""`reasoner examples DIR`: the bundled example cases (the top-level facts/ folder, shipped in the
package as reasoner/examples/ by setup.py) copied into a folder, so that the README's commands on
facts/... work after a plain `pip install`."""
from __future__ import annotations

from pathlib import Path

from ..core.atomic import OutputError, write_all_atomic
from ..core.errors import ReasonerError

PACKAGE = Path(__file__).resolve().parent.parent
# the installed package's copy first; in a source checkout (an editable install), facts/ itself
EXAMPLE_DIRS = (PACKAGE / "examples", PACKAGE.parent / "facts")


def example_files() -> list[Path]:
    """The example case files, by name."""
    for folder in EXAMPLE_DIRS:
        files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        if files:
            return files
    raise ReasonerError("the example cases are not installed with this copy of reasoner",
                        hint="reinstall it (pip install --force-reinstall reasoner)")


def copy_examples(dest: str | Path, force: bool = False, wait: float = 10.0) -> tuple[list[Path], list[Path]]:
    """Copy the example cases into dest (made if missing): (written, already there and the same).
    A file of the same name with other content is not replaced unless force; then nothing is
    written (OutputError naming them), so the folder is never left half-copied."""
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise OutputError("is not a folder", location=str(dest), hint="give a folder to copy the example cases into")
    files = [(dest / f.name, f.read_bytes()) for f in example_files()]
    same = [p for p, data in files if p.is_file() and p.read_bytes() == data]
    other = [p for p, data in files if p.exists() and p not in same]
    if other and not force:
        shown = ", ".join(p.name for p in other[:5]) + (f" and {len(other) - 5} more" if len(other) > 5 else "")
        raise OutputError(f"{len(other)} file(s) there have other content: {shown}; nothing was copied",
                          location=str(dest), hint="give another folder, or --force to replace them")
    todo = [(p, data) for p, data in files if p not in same]
    if todo:
        try:
            dest.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"cannot make the folder: {exc.strerror or exc}", location=str(dest),
                              hint="check the path and its permissions") from None
        write_all_atomic(todo, wait=wait)
    return [p for p, _ in todo], same

"""Print-ready PDF of an HTML handout or pack, printed by headless Chromium.

Why Chromium: it is the engine tools/handout_pages.py and the browser tests already count pages
with (a PDF has the pages those checks promise), CI installs it already, and it needs no Python
package. The page size, the margins and the footer (the case's name, 'Page N of M') are CSS
@page rules with margin boxes, which Chromium prints since version 131. The dates Chromium writes
into the file are replaced by a fixed one, so the same HTML gives the same bytes.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..core.errors import ReasonerError
from ..prose.pack import PAPERS, page_footer, page_words

FIXED_DATE = b"D:20000101000000+00'00'"   # same length as Chromium's, so offsets stay right


class PrintError(ReasonerError):
    """The PDF cannot be printed (no Chromium, or it failed)."""


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise PrintError("PDF output needs Chromium, which is not installed", location="chromium",
                     hint="install it (Debian: apt-get install -y chromium) or export to html or docx")


def _css_string(text: str) -> str:
    """text as a CSS string: every character but an ASCII letter or digit written as a six-digit
    hex escape (\\00003c), so that no `<`, `/`, quote, backslash or line break of a case's text
    can end the string, the rule or the <style> element it stands in."""
    return '"' + "".join(ch if ch.isascii() and ch.isalnum() else f"\\{ord(ch):06x}" for ch in text) + '"'


# The printed page may load nothing beyond itself: no file, no frame, no script, no request. The
# handouts are self-contained (inline CSS, inline SVG, images as data: URIs).
PAGE_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; "
               "frame-src 'none'; child-src 'none'; script-src 'none'; connect-src 'none'; "
               "form-action 'none'; base-uri 'none'")
# Chromium with every request sent to a proxy that is not there (loopback too: `<-loopback>` removes
# Chromium's own exception for it), and no background traffic of its own. Scripts are stopped by the
# policy (script-src 'none'): `--blink-settings=scriptEnabled=false` makes Chromium 156 print no file.
CONFINED = ("--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", "--disable-extensions", "--disable-default-apps")


def _confined(html: str, style: str) -> str:
    """The page with the Content-Security-Policy as the first element of <head> and `style` last in it."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{PAGE_POLICY}">'
    head = re.search(r"<head(?:\s[^>]*)?>", html, re.IGNORECASE)
    if head is not None:
        html = html[:head.end()] + meta + html[head.end():]
    else:
        html = f"<head>{meta}</head>" + html
    return html.replace("</head>", style + "</head>", 1)


MARGIN = "8mm 10mm 11mm 10mm"
TIGHTER_MARGIN = "7mm 7mm 10mm 7mm"   # a quarter inch at the sides: what a printer still prints


def page_css(paper: str, footer: str, margin: str = MARGIN) -> str:
    """The @page rule: size, margins and the footer."""
    if paper not in PAPERS:
        raise ValueError(f"paper is one of {PAPERS}")
    before, of = page_words()
    small = "font: 9pt 'DejaVu Sans', Arial, sans-serif; color: #57606a;"
    return (f"@page {{ size: {paper}; margin: {margin}; "
            f"@bottom-left {{ content: {_css_string(page_footer(footer))}; {small} }} "
            f"@bottom-right {{ content: {_css_string(before)} counter(page) {_css_string(of)} counter(pages); {small} }} }}"
            " @media print { details > * { display: block; } details > summary { list-style: none; } }")


def print_pdf(html: str, paper: str = "letter", footer: str = "", timeout: int = 180,
              margin: str = MARGIN) -> bytes:
    """The PDF of `html` (a self-contained page) as Chromium prints it, with page_css added last."""
    browser = chromium()
    page = _confined(html, f"<style>{page_css(paper, footer, margin)}</style>")
    with tempfile.TemporaryDirectory() as tmp:
        src, pdf = Path(tmp) / "page.html", Path(tmp) / "page.pdf"
        src.write_text(page, encoding="utf-8")
        try:
            done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                                   *CONFINED, f"--user-data-dir={Path(tmp) / 'profile'}", f"--print-to-pdf={pdf}",
                                   src.as_uri()], capture_output=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise PrintError(f"Chromium did not print the PDF within {timeout} s", location=browser,
                             hint="try again, or export to html and print it from a browser") from None
        data = pdf.read_bytes() if pdf.is_file() else b""
        if done.returncode != 0 or not data.startswith(b"%PDF-"):
            err = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no message"]
            what = f"exit status {done.returncode}" if done.returncode != 0 else (
                "its file is not a PDF" if data else "it wrote no file")
            raise PrintError(f"Chromium did not print the PDF ({what}: {err[0][:200]})", location=browser,
                             hint="export to html and print it from a browser")
    return re.sub(rb"D:\d{14}[+\-Z][0-9']*", FIXED_DATE, data)


# The same handout set closer: lines packed tighter and the side margins a quarter inch, the type
# the same size. A handout that would
# run onto a page with only its last few lines (trainer review 14, 08: three lines on page 2) is
# printed so, when that saves a page.
TIGHTER = "@media print { body { line-height: 1.0; } }"


def print_pdf_fitted(html: str, paper: str = "letter", footer: str = "") -> bytes:
    """print_pdf, then, for more than one page, the same page with TIGHTER added: that one where it
    prints on fewer pages (no page left with only a few lines), the first otherwise."""
    first = print_pdf(html, paper, footer)
    if page_count(first) < 2:
        return first
    tight = print_pdf(html.replace("</head>", f"<style>{TIGHTER}</style></head>", 1), paper, footer,
                      margin=TIGHTER_MARGIN)
    return tight if page_count(tight) < page_count(first) else first


def anchor_pages(data: bytes) -> dict:
    """{anchor id: page number (1-based)} of the named destinations Chromium writes for the
    elements a link points to (pypdf: the `pdf` extra)."""
    import io
    try:
        from pypdf import PdfReader
    except ImportError:
        raise PrintError("the pack's contents page needs pypdf to find each part's page, which is not installed",
                         hint="pip install pypdf (in a checkout: pip install -e .[pdf]), or write the pack as html or docx") from None
    reader = PdfReader(io.BytesIO(data))
    # a destination on no page of the document has no number (pypdf: None): the contents leave it blank
    return {str(name).lstrip("/"): page + 1 for name, dest in reader.named_destinations.items()
            if (page := reader.get_destination_page_number(dest)) is not None}


def print_pdf_paged(render, paper: str = "letter", footer: str = "") -> bytes:
    """A PDF whose contents page gives each part's page: render(pages) is the HTML with the page
    numbers `pages` ({anchor: page}, empty the first time); printed once to find them, then again."""
    first = print_pdf(render({}), paper, footer)
    pages = anchor_pages(first)
    return print_pdf(render(pages), paper, footer) if pages else first


def page_count(data: bytes) -> int:
    """The number of pages of a PDF Chromium printed (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", data))

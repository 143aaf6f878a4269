"""The prose layer: every sentence a person reads comes from here.

Sentences are built from the `@input`/`@predicate` templates of the rule files and, for atoms shown
false, from their `@negative` templates (the automatic "it is not the case that ..." only where a
predicate has none). Renderers (reasoner/render/*) lay these sentences out; they do not phrase.

- sentences.py  positive/negative sentences of atoms, questions, articles, values (money in dollars)
- glosses.py    a proof node's sentence for its status, comparisons and computations as sentences
- answers.py    the answer line in the law's words, missing facts grouped, provisions considered
- cite.py       citations in the statute's style and the link to the official text
"""
from .sentences import Prose, Sentence, article, prose_for, value_text  # noqa: F401
from .glosses import gloss, step_text  # noqa: F401
from .answers import answer_line, considered, missing_groups  # noqa: F401
from .cite import cite, statute_url  # noqa: F401

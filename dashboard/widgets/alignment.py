"""Alignments: hard links from attention, downloads, gold scores, eflomal, confidence."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from dashboard import figures, views
from dashboard.state import session
from dashboard.views import numbers
from dashboard.views.formulas import CONFIDENCE_FORMULAS
from dashboard.views.markdown_text import literal
from dashboard.widgets.charts import Drawn, chart
from nmt_core.analysis.alignment import (
    DEFAULT_THRESHOLD,
    HARD_ALIGNMENT_METHODS,
    Alignment,
    format_pharaoh,
)
from nmt_core.analysis.eflomal import PRIORS_COMMAND as EFLOMAL_PRIORS_COMMAND
from nmt_core.translate import AttentionView


def hard_alignment_choice() -> tuple[str, float]:
    """The Alignments page's choice of how soft attention becomes links: (method, threshold)."""
    method = st.radio(
        "Hard alignment",
        HARD_ALIGNMENT_METHODS,
        key="align_method",
        help="Yes/no links between tokens, read off the soft attention weights.",
    )
    # the default goes in through session state: the value is kept across pages (state/inputs.py)
    session.ALIGN_THRESHOLD.setdefault(DEFAULT_THRESHOLD)
    threshold = st.slider(
        "Threshold",
        0.05,
        1.0,
        step=0.05,
        key="align_threshold",
        disabled=method != "threshold",
        help="Used by the threshold method only.",
    )
    st.caption(
        "argmax: each target token links to its most attended source token. "
        "argmax-null: the same, but a target token that attends to the end of the sentence "
        "(</s>) more than to any word gets no link, as a word with nothing to translate. "
        "threshold: every pair with at least this weight."
    )
    return method, threshold


def alignment_downloads(links: Alignment, view: AttentionView, rows: list[dict]) -> None:
    """CSV, JSON and Pharaoh downloads of one sentence's hard alignment."""
    pharaoh = format_pharaoh(links)
    document = {
        "source": list(view.source_tokens),
        "target": list(view.target_tokens),
        "pharaoh": pharaoh,
        "links": rows,
    }
    csv, js, ph = st.columns(3)
    table = pd.DataFrame(
        rows, columns=["source_index", "source_token", "target_index", "target_token", "weight"]
    )
    csv.download_button(
        "⬇ CSV", table.to_csv(index=False), "alignment.csv", "text/csv", key="align_csv"
    )
    js.download_button(
        "⬇ JSON",
        json.dumps(document, ensure_ascii=False, indent=2),
        "alignment.json",
        "application/json",
        key="align_json",
    )
    ph.download_button(
        "⬇ Pharaoh", pharaoh + "\n", "alignment.txt", "text/plain", key="align_pharaoh"
    )


def gold_scores(links: Alignment, view: AttentionView) -> None:
    """Upload or paste a gold Pharaoh line for ``view``'s sentence and show precision, recall
    and AER of ``links``; a file or line that does not fit gets one message saying why."""
    upload = st.file_uploader(
        "Gold alignment, Pharaoh format: source-target word indices from 0 "
        "(0-1 = sure link, 0?1 = possible link)",
        key="gold",
    )
    typed = st.text_input("… or paste it here", key="gold_text", placeholder="0-0 1-2 2?1")
    name = upload.name if upload else "the pasted line"
    try:
        text = views.uploaded_text(upload.getvalue(), upload.name) if upload else typed
    except ValueError as error:
        st.error(literal(str(error)))
        return
    if not text.strip():
        return
    try:
        sure, possible = views.gold_for_sentence(text, name, view)
    except ValueError as error:
        st.error("That gold alignment does not fit this sentence:")
        st.code(str(error), language=None)
        return
    found = numbers.gold_alignment_scores(links, sure, possible)
    scores = found.every_word
    precision, recall, aer, later = st.columns(4)
    precision.metric("Precision |A∩P| / |A|", f"{scores.precision:.2f}")
    recall.metric("Recall |A∩S| / |S|", f"{scores.recall:.2f}")
    aer.metric("AER (0 is perfect)", f"{scores.aer:.2f}")
    later.metric("AER after the first word", f"{found.after_the_first_word.aer:.2f}")
    st.caption(
        "A = the links shown above, S = the gold sure links, P = the sure and possible gold "
        "links. AER = 1 − (|A∩S| + |A∩P|) / (|A| + |S|), the alignment error rate of Och & Ney "
        "(2003). The first target word is also left out once: the first decoder step has no "
        "previous word to look from, only the sentence's summary, so an additive model often "
        "links it to the wrong source word while its later steps align well."
    )


def eflomal_comparison(
    view: AttentionView, links: Alignment, reference: Alignment | None, drawn: Drawn
) -> None:
    """eflomal's links ``reference`` over ``view``'s attention (words, no </s>) beside the
    attention's own ``links``, with how far they agree; says how to build eflomal's priors when
    there are none (``reference`` None); ``drawn``: the model whose attention ``view`` is."""
    if reference is None:
        st.info(
            "eflomal needs priors built from this model's training pairs, once per machine "
            "(about a minute; eflomal installs itself into your cache first if needed, and "
            f"nothing goes into the repository): `{EFLOMAL_PRIORS_COMMAND}`"
        )
        return
    chart(
        figures.attention_heatmap(
            view.matrix,
            view.source_tokens,
            view.target_tokens,
            links=links,
            reference_links=reference,
            title="Attention links (×) and eflomal's links (○); × in ○ = both",
            presentation=drawn.settings.presentation,
        ),
        "align_eflomal_heatmap",
        drawn,
    )
    counts = numbers.link_agreement(links, reference)
    shared, only_attention, only_eflomal = st.columns(3)
    shared.metric("Links both draw", f"{counts.both}")
    only_attention.metric("Only attention", f"{counts.only_first}")
    only_eflomal.metric("Only eflomal", f"{counts.only_second}")
    st.caption(
        f"Agreement |A∩E| / |A∪E| = {counts.jaccard:.2f} (1 = the same links). eflomal is a "
        "statistical aligner (Östling & Tiedemann 2016) that learnt from the same training "
        "pairs: where attention and eflomal differ, attention is not acting as an alignment "
        "(or eflomal errs: aligning our gold test set one sentence at a time like this, its "
        "alignment error rate was 0.23; `bench/alignment.py` scores attention there too)."
    )


def confidence(view: AttentionView) -> None:
    """The attention confidence measures: their formulas, then this sentence's values."""
    for formula in CONFIDENCE_FORMULAS:
        st.latex(formula)
    named = numbers.confidence_values(view.matrix)
    for column, (name, value) in zip(st.columns(4), named, strict=True):
        column.metric(name, f"{value:.3f}")
    st.caption(
        "t = output token (T rows), j = source token (S columns), as on the other pages. Every "
        "term is ≤ 0 and 0 is the most confident. CDP (coverage deviation penalty) falls when a "
        "source token gets a total attention far from 1: ignored, or attended many times. "
        "AP out (absentmindedness) is minus the mean entropy of each output token's attention: "
        "near 0 when each output token looks at one source token. AP in does the same for each "
        "source token's attention over the output. Very negative totals mark translations worth "
        "checking."
    )

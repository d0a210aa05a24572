"""The model's results for a page, or one message saying why there are none."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from dashboard import views
from dashboard.views import comparison
from dashboard.views.markdown_text import literal
from dashboard.views.settings import NothingToTranslate, Settings
from nmt_core.checkpoint import CheckpointError, CheckpointInfo
from nmt_core.learning.probes import ProbeError, ProbeLog
from nmt_core.translate import Translation

# How a page's model work is handed to these widgets: ``state.caches.translation``, called as
# (model, device, text, beam_size, reference).
Translator = Callable[[CheckpointInfo, str, str, int, str | None], Translation]
NO_ATTENTION = (
    "This model has no attention: the decoder reads one fixed summary of the whole sentence "
    "at every step, so there is no attention matrix. The page Why attention shows that vector:"
)


def no_attention_note() -> None:
    """Why a model without attention has no heatmap, with a link to the page that shows why."""
    st.info(NO_ATTENTION)
    st.page_link("app_pages/why.py", label="Why attention", icon=":material/help:")


def translated(
    model: CheckpointInfo, chosen: Settings, translate: Translator, reference: str | None = None
) -> Translation | None:
    """``model``'s translation of the sentence at the sidebar's beam (greedy with a ``reference``,
    which is force-decoded), by ``translate``; None, with a hint, when there is nothing to
    translate. A checkpoint that fails to load stops the page with its error message."""
    text, beam_size = chosen.sentence, 1 if reference is not None else chosen.beam_size
    try:
        return translate(model, chosen.device, text, beam_size, reference)
    except NothingToTranslate as error:
        prompt = views.sentence_prompt(model.direction)
        if not text.strip():
            st.info(f"{prompt}, or pick one of the examples.")
        else:
            st.info(f"{literal(str(error).capitalize())}. {prompt}.")
        return None
    except (CheckpointError, OSError) as error:
        st.error(f"Could not load the checkpoint {literal(model.name)}:")
        st.code(str(error), language=None)
        st.stop()


def current(chosen: Settings, translate: Translator) -> Translation:
    """The chosen model's translation of the sentence, by ``translate``; stops the page when
    there is none."""
    result = translated(chosen.model, chosen, translate)
    if result is None:
        st.stop()
    if result.truncated:
        st.warning("The sentence is too long for the model: only its beginning was translated.")
    return result


def forced(
    model: CheckpointInfo, chosen: Settings, translate: Translator, reference: str
) -> Translation | None:
    """The sentence with ``reference`` force-decoded by ``model`` (see ``.reference``); None
    when there is none."""
    result = translated(model, chosen, translate, reference)
    return result if result is not None and result.reference is not None else None


def paired(
    a: CheckpointInfo, b: CheckpointInfo, chosen: Settings, translate: Translator
) -> comparison.Pairing | None:
    """Models A and B compared cell by cell by the rule of ``comparison.pairing``."""
    first, second = translated(a, chosen, translate), translated(b, chosen, translate)
    if first is None or second is None:
        return None

    def force_both(reference: str) -> tuple[Translation | None, Translation | None]:
        return forced(a, chosen, translate, reference), forced(b, chosen, translate, reference)

    return comparison.pairing(first, second, chosen.word_level, force_both)


def probe_log_or_stop(
    model: CheckpointInfo, read: Callable[[CheckpointInfo], ProbeLog | None]
) -> ProbeLog | None:
    """The model's probe record, by ``read`` (``state.caches.probe_log``; None without one); a
    damaged one stops the page, named."""
    try:
        return read(model)
    except ProbeError as error:
        st.error(literal(str(error)))
        st.stop()

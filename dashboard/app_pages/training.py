"""Attention across training: the probe sentences' attention, recorded while the model learnt."""

import streamlit as st

from dashboard import figures, widgets
from dashboard.state import caches, session
from dashboard.views.markdown_text import literal
from nmt_core.learning.probes import training_curve

chosen = session.settings()
st.header("Attention across training")
st.write(
    "While this model trained, a few fixed probe sentences were force-decoded with their "
    "reference translations every few hundred updates. Move the slider to watch the attention "
    "turn from a blur into an alignment, and the probes' alignment error rate (AER) fall."
)
log = widgets.probe_log_or_stop(chosen.model, caches.probe_log)
if not chosen.model.attends:
    widgets.no_attention_note()
    st.stop()
if log is None or not log.evaluations:
    st.info(
        f"{literal(chosen.model.name)} was trained without probe recording. Train with "
        "`python -m nmt_core train ... --probes probes.tsv` (a TSV of sentence pairs, and "
        "optionally `probes.pharaoh` beside it with gold links) to record one."
    )
    st.stop()

sources = [probe.source for probe in log.sentences]
sentence = st.selectbox(
    "Probe sentence", range(len(sources)), format_func=lambda k: sources[k], key="training_probe"
)
steps = log.steps
if session.TRAINING_STEP.get() not in steps:
    session.TRAINING_STEP.set(steps[-1])
if len(steps) > 1:
    st.select_slider("Training step (updates)", steps, key="training_step")
step = session.TRAINING_STEP.value()
k = steps.index(step)
evaluation, probe = log.evaluations[k], log.sentences[sentence]
view = log.view(k, sentence, word_level=chosen.word_level)
curve = training_curve(log)
left, right = widgets.side_by_side(2, chosen.presentation, [3, 2])
with left:
    st.code(evaluation.hypotheses[sentence] or "(empty translation)", language=None,
            wrap_lines=True)  # fmt: skip
    st.caption(
        f"The model's own translation at step {step:,}; the reference it is "
        f"force-fed below: “{literal(probe.reference)}”."
    )
    widgets.chart(
        figures.attention_heatmap(
            view.matrix,
            view.source_tokens,
            view.target_tokens,
            title=f"Attention at step {step:,}",
            links=probe.gold[0] if probe.gold and chosen.word_level else (),  # words only
            presentation=chosen.presentation,
        ),
        "training_heatmap",
        widgets.Drawn((chosen.model,), chosen, sentence=probe.source),  # a probe sentence
    )
    if probe.gold and chosen.word_level:
        st.caption("× marks the sure gold links a person drew for this sentence.")
series = {"entropy": curve.entropy, "dev BLEU": curve.dev_bleu}
if curve.aer is not None:
    series = {"probe AER": curve.aer, **series}
with right:
    widgets.chart(
        figures.training_curves(
            steps,
            series,
            current=step,
            title="While training",
            presentation=chosen.presentation,
            fine_tuned_at=log.fine_tuned_at,
        ),
        "training_curves",
        widgets.Drawn.sidebar(chosen),
    )
    st.caption(
        "Probe AER: alignment error rate of the probes' argmax links against their gold links "
        "(all probe sentences; lower is better). Entropy: how spread out the attention rows "
        "are, in nats (lower = sharper). Dev BLEU: measured at evaluations only."
    )
    if log.fine_tuned_at is not None:
        st.caption(
            f"A fine-tuned model (the dashed line): the steps up to {log.fine_tuned_at:,} are "
            f"the model it started from; the steps after {log.fine_tuned_at:,} are its "
            f"fine-tuning, counted on from there (its own step 250 shows as "
            f"{log.fine_tuned_at + 250:,})."
        )

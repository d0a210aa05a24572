"""Attention Lab: see how an RNN encoder–decoder attends while it translates.

Run from the repository root:  streamlit run dashboard/app.py
Checkpoints are read from $ATTENTION_LAB_CHECKPOINTS (default: checkpoints/).

This entry script holds what every page shares: the navigation, the sidebar settings, the
sentence box and the shareable URL (?s=sentence&model=name&step=t&beam=k&tokens=words&
presentation=1: see state/inputs.py).
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `streamlit run` puts dashboard/ on the path, not the repo root
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from dashboard import presentation as presentation_mode  # noqa: E402
from dashboard import views  # noqa: E402
from dashboard.navigation import PAGES, VOTE  # noqa: E402
from dashboard.state import caches, inputs, session  # noqa: E402
from dashboard.state.link_values import flag  # noqa: E402
from dashboard.views.examples import default_sentence, example_for, examples  # noqa: E402
from dashboard.views.markdown_text import literal, quoted  # noqa: E402
from dashboard.views.settings import Settings  # noqa: E402
from nmt_core.checkpoint import ROOT_VARIABLE, checkpoints_root, default_checkpoint  # noqa: E402
from nmt_core.network.device import resolve_device  # noqa: E402
from nmt_core.serving.workers import WorkNotDone  # noqa: E402
from nmt_core.text.data import language_names  # noqa: E402

HOW_TO_TRAIN = """\
# every option, with its default
python -m nmt_core train --help
# the five shipped German->English models (additive, general, dot, none, additive-luong)
bash checkpoints/recipes/train_all.sh
# copy a finished run's chosen weights (written by `python -m nmt_core average`) here,
# where the dashboard looks for them
python -m nmt_core export --checkpoint runs/additive/averaged --output checkpoints/de-en-additive
"""

# 0. A phone that opened a class vote's join link (/?class=CODE) gets the vote alone: no
# sidebar, no sentence box, no model, and no other value of its link is read (the teacher's
# authority is in the teacher's session, never in a link).
if inputs.is_class_link(st.query_params):
    st.set_page_config(page_title="Class vote · Attention Lab", page_icon="👁️", layout="centered")
    vote = st.Page(VOTE.script, title=VOTE.title, icon=VOTE.icon, url_path=VOTE.url_path)
    st.navigation([vote], position="hidden").run()
    st.stop()

# A link that opens presentation mode (a class's projector) opens with the sidebar collapsed,
# so that the page gets the projector's whole 1024 px; the teacher opens it with the arrow.
# Decided once a tab: the mode's toggle puts presentation=1 in the URL too, and Streamlit
# collapses the sidebar whenever this setting changes, which would shut it on the next click.
projector = session.OPENED_ON_PROJECTOR.setdefault(
    flag(st.query_params.get("presentation", "")) is True
)
st.set_page_config(
    page_title="Attention Lab",
    page_icon="👁️",
    layout="wide",
    initial_sidebar_state="collapsed" if projector else "auto",
)
page = st.navigation(
    [
        st.Page(
            p.script,
            title=p.title,
            icon=p.icon,
            url_path=p.url_path or None,
            default=not p.url_path,
        )
        for p in PAGES
    ]
)

# 1. Without a checkpoint there is nothing to show but how to make one.
root = checkpoints_root()
scan = caches.checkpoints(root)
infos = scan.infos
if scan.problems:  # a broken folder is named, not silently left out of the list
    st.sidebar.warning(f"Skipped {len(scan.problems)} folder(s) that are not usable checkpoints:")
    st.sidebar.code("\n".join(scan.problems), language=None, wrap_lines=True)
for warning in scan.warnings:  # usable, but a choice was made that the teacher should know
    st.sidebar.warning(literal(warning))
if not infos:
    st.title("Attention Lab")
    st.warning("No trained model was found in this folder:")
    st.code(str(root), language=None)
    st.write(f"Train one (or point the environment variable {ROOT_VARIABLE} elsewhere):")
    st.code(HOW_TO_TRAIN, language="bash")
    st.stop()

# 2. First load: a shared link brings its sentence, model, step and settings (see state/inputs.py);
# the model it names (else the default one of the direction it names, else the default)
# says which direction opens.
if not session.SENTENCE.exists():
    asked, ignored = inputs.from_link(st.query_params, [i.name for i in infos])
    session.LINK_IGNORED.set(ignored)
    if asked is not None:
        session.MODEL.set(asked)
        session.ASKED_MODEL.set(asked)
    wanted = [i for i in infos if i.direction == session.DIRECTION.get()]  # a link's direction
    opening = next((i for i in infos if i.name == asked), default_checkpoint(wanted or infos))
    session.DIRECTION.set(opening.direction)
    session.SENTENCE_DIRECTION.set(opening.direction)
    session.SENTENCE.setdefault(default_sentence(opening.direction))


def switch_direction(direction: str) -> None:
    """Another direction: its models, and its sentence (the one last typed there, else its first
    example), since a German sentence means nothing to an English→German model."""
    session.SENTENCE_IN.key(session.SENTENCE_DIRECTION.value()).set(session.SENTENCE.value())
    session.SENTENCE.set(session.SENTENCE_IN.key(direction).get(default_sentence(direction)))
    session.SENTENCE_DIRECTION.set(direction)
    session.EXAMPLE.set("…")


# 3. Sidebar: which model, how to decode, how to show it.
with st.sidebar:
    direction = st.selectbox(
        "Direction",
        sorted({i.direction for i in infos}),
        key="direction",
        format_func=views.direction_label,
    )
    if session.SENTENCE_DIRECTION.value() != direction:
        switch_direction(direction)
    models = tuple(i for i in infos if i.direction == direction)
    by_name = {i.name: i for i in models}
    if session.MODEL.get() not in by_name:
        session.MODEL.set(default_checkpoint(models).name)
    unknown = session.ASKED_MODEL.pop()  # said once, on the run that opened the link
    model = st.selectbox(
        "Model (attention scorer)",
        list(by_name),
        key="model",
        help=views.models_help(models),  # names escaped there
    )  # the name alone fits the sidebar (D11: a full label was cut); what it is, below it
    st.caption(literal(views.model_summary(by_name[model])))
    beam_size = st.slider("Beam size (1 = greedy search)", 1, inputs.MAX_BEAM, key="beam")
    level = st.radio(
        "Tokens",
        list(inputs.LEVELS.values()),
        key="level",
        horizontal=True,
        help="words: a source word's weight is the sum of its pieces' weights, an output word's "
        "row that of its first piece (the step that chose the word). Step through and Lesson "
        "always show pieces.",
    )
    force_cpu = st.checkbox("Force CPU", key="force_cpu")
    device = "cpu" if force_cpu else resolve_device("auto").type
    st.caption(f"Models run on: {device}")
    presentation = st.toggle(
        "Presentation mode",
        key="presentation",
        help="Larger type and a colour scale that stays readable on a projector, on every page.",
    )
if presentation:
    presentation_mode.style_page()
sentence = session.sentence()  # the one read of the sentence box: pages get it in the settings
session.SETTINGS.set(
    Settings(by_name[model], models, device, beam_size, level == "words", presentation, sentence)
)


# 4. The sentence, shared by every page, and the direction's examples. The open Examples list
# is as wide as its box (a fifth of a 1024-px screen beside the sidebar), which cut every entry
# mid-sentence: it gets 34 rem (the page's width at most; Streamlit moves it left to stay on the
# screen), and an entry longer still ends in "…".
EXAMPLES_LIST_STYLE = """<style>
[data-testid="stSelectboxVirtualDropdown"]:has([role="listbox"][aria-label="Examples"]) {
  min-width: min(34rem, calc(100vw - 1rem));
}
[data-testid="stSelectboxVirtualDropdown"] [aria-label="Examples"] [role="presentation"] {
  width: 100% !important;
}
[data-testid="stSelectboxVirtualDropdown"] [aria-label="Examples"] [role="option"] > div {
  display: block; text-overflow: ellipsis;  /* a flex box's text never ends in an ellipsis */
}
</style>"""
bank = examples(direction)


def use_example() -> None:
    if (chosen := session.EXAMPLE.value()) in bank:
        session.SENTENCE.set(bank[chosen].source)
    session.EXAMPLE.set("…")


left, right = st.columns([3, 2])  # wide enough to tell the examples apart at 1024 px
typed = left.text_input(f"{language_names(direction)[0]} sentence", key="sentence")
right.selectbox("Examples", ["…", *bank], key="example", on_change=use_example)
st.html(EXAMPLES_LIST_STYLE)
shown = example_for(typed, direction)
if shown is not None:  # the bank's own reference, and what to point out
    kind = "where attention fails" if shown.fails else shown.shows
    st.caption(f"Example ({kind}). Our reference: “{shown.reference}” {shown.look_at}")
if len(typed) > views.MAX_CHARS:
    st.warning(f"The sentence is longer than {views.MAX_CHARS} characters: only its start is used.")
if unknown not in (None, model):
    st.warning(
        f"The link asks for the model {quoted(unknown)}, which this server does not have: "
        f"showing {literal(views.model_label(by_name[model]))} instead."
    )
if ignored := session.LINK_IGNORED.pop():  # said once, on the run that opened the link
    st.warning(
        f"The link's {', '.join(map(quoted, ignored))} could not be used "
        f"({inputs.LINK_VALUES}): left at their defaults."
    )
st.query_params.from_dict(inputs.link(sentence, model))
inputs.restore(sentence)
if page.url_path != "step":
    session.PLAYING.set(False)  # leaving Step through stops its animation where it is

with caches.page_turns().turn():  # a class's sessions queue here rather than crowd the CPU
    try:
        page.run()
    except WorkNotDone as error:  # a worker overran or died: the page says so and goes on
        st.warning(literal(str(error)))
    finally:  # st.stop() and reruns end a page by raising: keep its inputs all the same
        inputs.remember()

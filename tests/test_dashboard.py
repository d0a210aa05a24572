"""The Streamlit app, run headless through AppTest against checkpoints built once per test run.

The checkpoints root holds the trained toy model (additive attention, reverses "Ka Mo Ti ."),
plus two untrained models that share its tokenizer: a Luong "general" model and one without
attention. Untrained weights are enough to exercise comparisons and the fixed context vector.
"""

import datetime
import html
import json
import math
import re
import shutil
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from conftest import BROKEN_CHECKPOINTS, broken_checkpoint, shown, tick_words, untrained
from streamlit.testing.v1 import AppTest

from dashboard import figures, widgets
from dashboard.views.examples import BANKS
from nmt_core.__main__ import main
from nmt_core.analysis.alignment import (
    alignment_agreement,
    alignment_error_rate,
    hard_alignment,
    parse_pharaoh,
)
from nmt_core.checkpoint import (
    SHIPPED_ROOT,
    default_checkpoint,
    list_checkpoints,
    load_checkpoint,
    save_checkpoint,
)
from nmt_core.measures.evaluation import jensen_shannon
from nmt_core.measures.step_arithmetic import vector_norm
from nmt_core.measures.temperature import entropy_bits
from nmt_core.network.model import build_model
from nmt_core.text.tokenization import word_groups
from nmt_core.translate import MAX_SOURCE_PIECES, translate

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")
SENTENCE, REVERSED = "Ka Mo Ti Tu .", "Tu Ti Mo Ka ."
BY_LENGTH = [
    {"low": 0, "high": 5, "count": 3, "bleu": 40.0, "chrf": 50.0},
    {"low": 5, "high": 1000, "count": 2, "bleu": 20.0, "chrf": 30.0},
]
SHIPPED = list_checkpoints(SHIPPED_ROOT)


@pytest.fixture(scope="module")
def root(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("checkpoints")
    assert (
        main(
            ["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")]
        )
        == 0
    )
    untrained(root, root / "toy-additive", "general", "luong", BY_LENGTH)
    untrained(root, root / "toy-additive", "none", "bahdanau", BY_LENGTH)
    return root


@pytest.fixture
def app(root: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app on the toy checkpoints, opened by a link that carries the toy sentence (one run
    of the app, not a run and then another for the typed sentence)."""
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["s"] = SENTENCE
    at.run()
    assert not at.exception and at.text_input(key="sentence").value == SENTENCE
    return at


def figure(at: AppTest, key: str) -> dict:
    """The JSON spec of the Plotly chart drawn with ``key``."""
    charts = {chart.proto.id: chart for chart in at.get("plotly_chart")}
    matches = [chart for element_id, chart in charts.items() if element_id.endswith(f"-{key}")]
    assert len(matches) == 1, f"no single chart with key {key!r} among {list(charts)}"
    return json.loads(matches[0].proto.spec)


def heatmap(spec: dict) -> tuple[np.ndarray, list[str], list[str]]:
    """(z, column labels, row labels) of the heatmap in a figure spec."""
    (trace,) = [t for t in spec["data"] if t["type"] == "heatmap"]
    layout = spec["layout"]
    return (
        np.array(trace["z"]),
        tick_words(layout["xaxis"]["ticktext"]),
        tick_words(layout["yaxis"]["ticktext"]),
    )


def word_of_piece(pieces: list[str], index: int) -> int:
    """Which word (0-based) the piece at ``index`` belongs to."""
    return next(w for w, group in enumerate(word_groups(pieces)) if index in group)


def go_to(at: AppTest, page: str) -> AppTest:
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, at.exception
    return at


def test_translate_page_shows_the_translation_and_its_heatmap(app):
    assert [code.value for code in app.code] == [REVERSED]
    z, sources, targets = heatmap(figure(app, "heatmap"))
    assert z.shape == (len(targets), len(sources))
    np.testing.assert_allclose(z.sum(axis=1), 1.0, atol=1e-5)
    assert sources[-1] == targets[-1] == "&lt;/s&gt;"
    # the reversal model looks at the mirrored source word (of 4 before '.') at the first steps
    for step in (0, 1):
        looked_at = word_of_piece(sources, int(z[step].argmax()))
        assert looked_at == 3 - word_of_piece(targets, step), (step, sources, targets)
    assert app.query_params["s"] == SENTENCE and app.query_params["model"] == "toy-additive"
    downloads = [button.proto.id for button in app.get("download_button")]
    assert any(element_id.endswith("-heatmap_html") for element_id in downloads)


def test_word_level_merges_pieces_into_words(app):
    app.sidebar.radio(key="level").set_value("words").run()
    z, sources, targets = heatmap(figure(app, "heatmap"))
    assert sources == ["Ka", "Mo", "Ti", "Tu", ".", "&lt;/s&gt;"]
    assert targets == ["Tu", "Ti", "Mo", "Ka", ".", "&lt;/s&gt;"]
    np.testing.assert_allclose(z.sum(axis=1), 1.0, atol=1e-5)
    assert z[0].argmax() == 3  # "Tu" comes from the fourth source word


def test_switching_the_scorer(app):
    app.sidebar.selectbox(key="model").set_value("toy-general").run()
    assert not app.exception
    assert "toy-general: Luong multiplicative (general)" in shown(app.caption[0].value)
    z, sources, targets = heatmap(figure(app, "heatmap"))
    assert z.shape == (len(targets), len(sources))
    app.sidebar.selectbox(key="model").set_value("toy-none").run()
    assert not app.exception and not app.get("plotly_chart")
    assert "no attention" in app.info[0].value


def test_presentation_mode_and_device(app):
    # the sidebar: the model's summary under its name, then where it runs
    assert app.sidebar.caption[1].value == "Models run on: " + (
        "cuda" if torch.cuda.is_available() else "cpu"
    )
    app.sidebar.checkbox(key="force_cpu").check().run()
    assert app.sidebar.caption[1].value == "Models run on: cpu"
    app.sidebar.toggle(key="presentation").set_value(True).run()
    spec = figure(app, "heatmap")
    assert spec["layout"]["font"]["size"] == 20
    assert spec["data"][0]["colorscale"] == figures.PROJECTOR_SCALE  # colours, never a name


def test_empty_input_gives_a_hint_not_an_error(app):
    for text in ["", "   ", "\u200b"]:
        app.text_input(key="sentence").input(text).run()
        assert not app.exception and not app.error
        assert app.info and not app.get("plotly_chart")


def test_html_in_the_input_stays_text(app):
    app.text_input(key="sentence").input("<script>alert(1)</script>").run()
    assert not app.exception
    assert app.code[0].value  # translated like any text
    assert not any(element.proto.allow_html for element in app.markdown)
    _, sources, _ = heatmap(figure(app, "heatmap"))
    assert "<" not in "".join(sources) and "&lt;" in "".join(sources)


def test_long_input_is_cut_with_a_warning(app):
    app.text_input(key="sentence").input("Ka Mo " * 100).run()
    assert not app.exception
    assert "longer than 500 characters" in app.warning[0].value
    assert app.query_params["s"] == ("Ka Mo " * 100)[:500]


def test_input_over_the_models_piece_limit_is_translated_in_part_with_a_warning(app, root):
    text = "Q " * 240  # under 500 characters, but each unknown letter is a piece of its own
    pieces = len(load_checkpoint(root / "toy-additive").tokenizer.encode(text))
    assert len(text) <= 500 and pieces > MAX_SOURCE_PIECES
    app.text_input(key="sentence").input(text).run()
    assert not app.exception
    assert "too long for the model" in app.warning[0].value
    _, sources, _ = heatmap(figure(app, "heatmap"))
    assert len(sources) == MAX_SOURCE_PIECES + 1  # and </s>


def test_examples_fill_the_sentence_and_show_our_reference(app):
    separable = next(e for e in BANKS["de-en"] if e.shows == "separable verb")
    app.selectbox(key="example").set_value(separable.label).run()
    assert app.text_input(key="sentence").value == separable.source
    assert not app.exception and app.code[0].value
    note = next(c.value for c in app.caption if c.value.startswith("Example ("))
    assert separable.reference in note and separable.look_at in note
    failing = next(e for e in BANKS["de-en"] if e.fails)
    app.selectbox(key="example").set_value(failing.label).run()
    assert "Example (where attention fails)" in " ".join(c.value for c in app.caption)
    app.text_input(key="sentence").input("Ka Mo.").run()  # a sentence of one's own: no note
    assert not any(c.value.startswith("Example (") for c in app.caption)


def test_no_checkpoints_tells_how_to_train_one(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    assert "No trained model" in at.warning[0].value
    commands = "\n".join(code.value for code in at.code)
    assert "python -m nmt_core train --help" in commands and "train_all.sh" in commands


@pytest.mark.parametrize("kind", list(BROKEN_CHECKPOINTS))
def test_each_broken_checkpoint_gets_one_message_naming_it(root, tmp_path, monkeypatch, kind):
    folder = broken_checkpoint(root / "toy-additive", tmp_path / "toy-additive", kind)
    shutil.copytree(root / "toy-general", tmp_path / "toy-general")  # a good one beside it
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    if kind == "garbled config":  # not listed: the sidebar says which folder and why
        assert "not usable checkpoints" in at.sidebar.warning[0].value
        assert str(folder / "config.json") in at.sidebar.code[0].value
        assert at.sidebar.selectbox(key="model").value == "toy-general"
        return
    assert f"Could not load the checkpoint {folder.name}" in shown(at.error[0].value)
    message = at.code[-1].value
    assert BROKEN_CHECKPOINTS[kind] in message and str(folder) in message
    at.sidebar.selectbox(key="model").set_value("toy-general").run()  # the good one still works
    assert not at.error and not at.exception


def test_work_a_worker_could_not_finish_is_one_message_and_the_session_goes_on(root, monkeypatch):
    # a worker killed under a student's request once left a raw traceback on the page
    from dashboard.state import caches
    from nmt_core.serving.workers import WorkNotDone

    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60).run()
    done = caches._model_work

    def lost(*args, **kwargs):
        raise WorkNotDone("The worker doing this stopped and a new one took its place: try again.")

    monkeypatch.setattr(caches, "_model_work", lost)
    at.text_input(key="sentence").input("Ka Ti Mo .").run()
    assert not at.exception
    assert [shown(w.value) for w in at.warning] == [
        "The worker doing this stopped and a new one took its place: try again."
    ]
    monkeypatch.setattr(caches, "_model_work", done)
    at.text_input(key="sentence").input("Ka Ti Mo Tu .").run()  # the next request is translated
    assert not at.exception and not at.warning
    assert at.get("plotly_chart")


def test_shared_link_restores_sentence_model_and_step(root, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(s="Ka Ti .", model="toy-general", step="2")
    at.run()
    assert at.text_input(key="sentence").value == "Ka Ti ."
    assert at.sidebar.selectbox(key="model").value == "toy-general"
    go_to(at, "step")
    assert at.slider(key="step").value == 2


def test_an_exported_figure_says_what_it_shows(app):
    app.sidebar.slider(key="beam").set_value(2).run()
    chosen = app.session_state["settings"]
    notes = widgets.export_notes(widgets.Drawn((chosen.model,), chosen))
    assert notes[0] == f"Sentence: {SENTENCE}" and notes[1].startswith("Model: toy-additive: ")
    assert "beam size 2" in notes[2] and "subword pieces" in notes[2]
    assert notes[3].endswith(datetime.date.today().isoformat())
    a, b = chosen.models[:2]
    notes = widgets.export_notes(widgets.Drawn((a, b), chosen, lettered=True))
    assert notes[1].startswith(f"Model A: {a.name}: ") and notes[2].startswith(f"Model B: {b.name}")


def camera_name(at: AppTest, key: str) -> str:
    """The name the toolbar's camera saves the chart drawn with ``key`` under."""
    charts = [c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")]
    assert len(charts) == 1, f"no single chart with key {key!r}"
    return json.loads(charts[0].proto.config)["toImageButtonOptions"]["filename"]


def test_each_export_names_the_model_its_chart_draws_not_the_sidebars(app):
    """The sidebar on the model without attention: Compare's A and B charts are named for A and
    B, each heatmap of every model for its own; Why attention's fixed context for the model
    without attention, though the sidebar shows another."""
    app.sidebar.selectbox(key="model").set_value("toy-none").run()
    go_to(app, "compare")
    app.toggle(key="compare_all").set_value(True).run()
    for key in ("compare_pair", "compare_difference", "compare_entropy", "compare_js"):
        assert camera_name(app, key).endswith("_Ka-Mo-Ti-Tu_A-toy-additive-vs-B-toy-general")
    for k, name in enumerate(["toy-additive", "toy-general"]):  # toy-none: no heatmap
        assert camera_name(app, f"compare_heatmap_{k}").endswith(f"_Ka-Mo-Ti-Tu_{name}")
    app.sidebar.selectbox(key="model").set_value("toy-additive").run()
    go_to(app, "why")
    for name in ("toy-none", "toy-additive"):
        assert camera_name(app, f"why_contexts_{name}").endswith(f"_Ka-Mo-Ti-Tu_{name}")
    assert camera_name(app, "why_length").endswith("_toy-general-vs-toy-none")  # their cards


def test_a_link_reproduces_the_view_and_names_an_unknown_model(root, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(s=SENTENCE, step="3", beam="4", tokens="words", presentation="1")
    at.run()
    assert at.sidebar.slider(key="beam").value == 4
    assert at.sidebar.radio(key="level").value == "words"
    assert at.sidebar.toggle(key="presentation").value is True
    go_to(at, "lesson")
    assert at.slider(key="lesson_step").value == 3  # the lesson opens at the link's step too
    link = {k: at.query_params[k] for k in ("s", "step", "beam", "tokens", "presentation")}
    assert link == {"s": SENTENCE, "step": "3", "beam": "4", "tokens": "words", "presentation": "1"}
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(s=SENTENCE, model="toy-luong-xl")
    at.run()
    assert "“toy-luong-xl”, which this server does not have" in shown(at.warning[0].value)
    assert at.sidebar.selectbox(key="model").value == "toy-additive"  # and says what it shows


def controls(at: AppTest) -> dict[str, object]:
    """Every input widget's key and value, the sidebar's too."""
    kinds = ("selectbox", "slider", "select_slider", "radio", "toggle", "checkbox", "text_input")
    return {widget.key: widget.value for kind in kinds for widget in getattr(at, kind)}


@pytest.mark.parametrize(
    "page, choose",
    [
        ("compare", {"compare_a": "toy-general"}),  # B then becomes toy-additive
        ("step", {"step": 2, "step_temperature_slider": 0.5}),
        ("lesson", {"lesson_step": 3, "lesson_temperature_slider": 20.0}),
    ],
)
def test_a_copied_link_reopens_the_page_with_every_control_as_it_was(app, root, page, choose):
    """Compare's models A and B and the what-if temperature too: the page's URL, opened in a
    fresh session, shows what the page showed."""
    at = go_to(app, page)
    at.sidebar.slider(key="beam").set_value(2).run()
    for key, value in choose.items():
        widgets = [
            w for kind in ("selectbox", "slider", "select_slider") for w in getattr(at, kind)
        ]
        next(w for w in widgets if w.key == key).set_value(value).run()
    assert not at.exception, at.exception
    shown_before = controls(at)
    assert {key: shown_before[key] for key in choose} == choose
    fresh = AppTest.from_file(APP, default_timeout=60)
    fresh.switch_page(f"app_pages/{page}.py")
    fresh.query_params.update(at.query_params)
    fresh.run()
    assert not fresh.exception and not fresh.warning, (fresh.exception, fresh.warning)
    assert controls(fresh) == shown_before


@pytest.mark.skipif(not SHIPPED, reason=f"no shipped checkpoints in {SHIPPED_ROOT} yet")
def test_a_links_direction_opens_that_directions_default_and_an_unknown_key_is_named(
    monkeypatch,
):
    """``direction=en-de`` without a model opens English→German's default on the link's
    English sentence (it was ignored: the German model read it as German); a key the app
    reads nowhere is named, not silently dropped; a model in the link outranks a direction."""
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(SHIPPED_ROOT))
    english = "My sister is reading a book in the garden."
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(s=english, direction="en-de", lang="de")
    at.run()
    assert not at.exception
    assert at.sidebar.selectbox(key="direction").value == "en-de"
    default = default_checkpoint([i for i in SHIPPED if i.direction == "en-de"]).name
    assert at.sidebar.selectbox(key="model").value == default
    assert at.text_input(key="sentence").value == english
    (warning,) = at.warning
    assert "“lang=de” could not be used" in shown(warning.value)
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(s="Der Hund schläft.", direction="en-de", model="de-en-dot")
    at.run()
    assert at.sidebar.selectbox(key="direction").value == "de-en" and not at.warning


def test_a_link_with_settings_it_cannot_use_names_them_and_keeps_the_rest(root, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(s=SENTENCE, beam="20", tokens="word", step="0", presentation="1")
    at.run()
    assert not at.exception
    (warning,) = at.warning
    assert "“step=0”, “beam=20”, “tokens=word” could not be used" in shown(warning.value)
    assert at.sidebar.slider(key="beam").value == 1  # the defaults, and the usable rest kept
    assert at.sidebar.radio(key="level").value == "subword pieces"
    assert at.sidebar.toggle(key="presentation").value is True
    assert at.text_input(key="sentence").value == SENTENCE
    at.sidebar.slider(key="beam").set_value(2).run()
    assert not at.warning  # said once


@pytest.fixture(scope="module")
def two_directions(root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy checkpoints, and beside them one labelled English→German (``en-toy-dot``)."""
    both = tmp_path_factory.mktemp("both") / "checkpoints"
    shutil.copytree(root, both)
    trained = load_checkpoint(root / "toy-additive")
    torch.manual_seed(0)
    model = build_model(replace(trained.config, scorer="dot", decoder="luong")).eval()
    meta = {"name": "en-toy-dot", "direction": "en-de"}
    save_checkpoint(both / "en-toy-dot", model, trained.tokenizer, meta)
    return both


def test_the_direction_switch_changes_models_labels_and_examples_together(
    two_directions, monkeypatch
):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(two_directions))
    at = AppTest.from_file(APP, default_timeout=60).run()
    direction = at.sidebar.selectbox(key="direction")
    assert direction.value == "de-en" and direction.options == ["German → English",
                                                                "English → German"]  # fmt: skip
    assert at.text_input(key="sentence").label == "German sentence"
    at.text_input(key="sentence").input(SENTENCE).run()
    direction.set_value("en-de").run()
    assert not at.exception
    assert at.sidebar.selectbox(key="model").options == ["en-toy-dot"]
    assert "Luong multiplicative (dot)" in shown(at.sidebar.caption[0].value)
    assert at.text_input(key="sentence").label == "English sentence"
    english = BANKS["en-de"]
    assert at.text_input(key="sentence").value == english[0].source  # not the German one
    assert at.selectbox(key="example").options == ["…", *(e.label for e in english)]
    go_to(at, "alignments")
    assert at.text_input(key="reference").label == "Reference translation (German)"
    at.text_input(key="sentence").input("").run()
    assert "Type an English sentence above" in at.info[0].value
    at.sidebar.selectbox(key="direction").set_value("de-en").run()  # back: what was typed there
    assert at.text_input(key="sentence").value == SENTENCE
    assert at.sidebar.selectbox(key="model").value == "toy-additive"
    assert at.selectbox(key="example").options[1] == BANKS["de-en"][0].label


def test_a_link_to_an_english_model_opens_its_direction(two_directions, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(two_directions))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(model="en-toy-dot")
    at.run()
    assert not at.exception and not at.warning
    assert at.sidebar.selectbox(key="direction").value == "en-de"
    assert at.sidebar.selectbox(key="model").value == "en-toy-dot"
    assert at.text_input(key="sentence").value == BANKS["en-de"][0].source


def test_page_inputs_outlive_a_page_change_and_belong_to_their_sentence(app):
    app.sidebar.radio(key="level").set_value("words").run()
    go_to(app, "alignments")
    app.text_input(key="reference").input(REVERSED).run()
    app.radio(key="align_method").set_value("threshold").run()
    app.text_input(key="gold_text").input("0-3 1-2").run()
    go_to(app, "compare")
    names = app.selectbox(key="compare_a").options
    app.selectbox(key="compare_a").set_value(names[1]).run()
    go_to(app, "step")
    app.slider(key="step").set_value(3).run()
    go_to(app, "lesson")
    app.slider(key="lesson_step").set_value(2).run()
    go_to(app, "translate")
    go_to(app, "alignments")
    assert not app.warning  # no "default value but also set via Session State" notice
    assert app.text_input(key="reference").value == REVERSED
    assert app.radio(key="align_method").value == "threshold"
    assert app.text_input(key="gold_text").value == "0-3 1-2"
    go_to(app, "compare")
    assert app.selectbox(key="compare_a").value == names[1]
    go_to(app, "step")
    assert app.slider(key="step").value == 3
    go_to(app, "lesson")
    assert app.slider(key="lesson_step").value == 2
    # another sentence: its reference, gold and steps start afresh, the choices of method stay
    app.text_input(key="sentence").input("Ke Ku .").run()
    go_to(app, "alignments")
    assert (
        app.text_input(key="reference").value == "" and app.text_input(key="gold_text").value == ""
    )
    assert app.radio(key="align_method").value == "threshold"
    go_to(app, "step")
    assert app.slider(key="step").value == 1


def test_leaving_step_through_while_playing_stops_where_it_was(app):
    go_to(app, "step")
    app.slider(key="step").set_value(2).run()
    app.session_state["playing"] = True  # Play was clicked; the page sleeps before step 3
    go_to(app, "translate")  # the student leaves for another page
    assert not app.session_state["playing"]
    go_to(app, "step")  # and comes back: still at step 2, not played on to the end
    assert app.slider(key="step").value == 2 and not app.session_state["playing"]
    assert app.button(key="step_play").label == "▶ Play"


def test_step_through_moves_the_highlight_and_fills_the_formulas(app):
    go_to(app, "step")
    z, sources, targets = heatmap(figure(app, "step_heatmap"))
    app.slider(key="step").set_value(3).run()
    (frame,) = figure(app, "step_heatmap")["layout"]["shapes"]
    assert (frame["y0"], frame["y1"]) == (1.5, 2.5)  # row 3, counting from 1
    assert "Weights α₃,ⱼ" in figure(app, "step_alpha")["layout"]["title"]["text"]  # subscripts
    alpha = np.array(figure(app, "step_alpha")["data"][0]["y"])
    np.testing.assert_allclose(alpha, z[2], atol=1e-6)  # row 3 of the heatmap
    scores = np.array(figure(app, "step_scores")["data"][0]["y"])
    np.testing.assert_allclose(np.exp(scores) / np.exp(scores).sum(), alpha, atol=1e-5)
    topk = figure(app, "step_topk")["data"][0]
    assert len(topk["x"]) == 5 and topk["x"] == sorted(topk["x"], reverse=True)
    latex = [element.value for element in app.latex]
    assert any(r"\tanh" in line and "s_{t-1}" in line for line in latex)  # additive, Bahdanau
    assert any("(e_{3,1}" in line for line in latex)
    app.button(key="step_forward").click().run()
    assert app.slider(key="step").value == 4
    app.button(key="step_prev").click().run()
    app.button(key="step_prev").click().run()
    assert app.slider(key="step").value == 2
    # play from the second-to-last step: it advances once, then stops at the end
    app.slider(key="step").set_value(len(targets) - 1).run()
    app.button(key="step_play").click().run()
    assert not app.exception and app.slider(key="step").value == len(targets)
    assert app.button(key="step_play").label == "▶ Play"


def test_compare_puts_two_models_on_the_same_source_and_target(app, root):
    go_to(app, "compare")
    # A beside B: one figure, two heatmaps on the same tokens, a formula under each
    pair = figure(app, "compare_pair")
    assert [t["type"] for t in pair["data"]] == ["heatmap", "heatmap"]
    assert pair["data"][0]["y"] == pair["data"][1]["y"] and len(app.latex) >= 2
    assert any("scorer and the decoder differ" in c.value for c in app.caption)
    app.toggle(key="compare_all").set_value(True).run()  # every model, on request
    first, second = (
        heatmap(figure(app, "compare_heatmap_0")),
        heatmap(figure(app, "compare_heatmap_1")),
    )
    assert first[1] == second[1]  # the same source pieces
    for k, (z, sources, targets) in enumerate((first, second)):
        assert z.shape == (len(targets), len(sources))
        assert figure(app, f"compare_heatmap_{k}")["data"][0]["zmax"] == 1.0
    assert any("no attention matrix" in info.value.lower() for info in app.info)
    links = app.get("page_link")  # the note links to the page that explains it
    assert [link.proto.label for link in links] == ["Why attention"]
    # the untrained model writes something else: both are force-decoded on A's translation
    assert first[2] != second[2]
    assert any("force-decoded" in caption.value for caption in app.caption)
    difference, sources, targets = heatmap(figure(app, "compare_difference"))
    assert difference.shape == first[0].shape and targets == first[2]
    entropy = figure(app, "compare_entropy")["data"]
    assert [line["name"] for line in entropy] == ["A: toy-additive", "B: toy-general"]
    # The page's numbers are those of nmt_core on both models force-decoded on A's output.
    additive, general = (load_checkpoint(root / name) for name in ("toy-additive", "toy-general"))
    output = translate(additive, SENTENCE).hypothesis
    forced = [translate(m, SENTENCE, reference=output).reference for m in (additive, general)]
    a, b = (hypothesis.attention for hypothesis in forced)
    np.testing.assert_allclose(difference, a - b, atol=1e-5)
    js = figure(app, "compare_js")["data"][0]["y"]
    np.testing.assert_allclose(js, jensen_shannon(a, b), atol=1e-5)
    agreement = alignment_agreement(hard_alignment(a), hard_alignment(b))
    assert app.metric[0].value == f"{agreement:.2f}"
    # the panels line up: one height for every heatmap, whatever each model wrote
    heights = {figure(app, f"compare_heatmap_{k}")["layout"]["height"] for k in (0, 1)}
    assert len(heights) == 1
    # A and B keep one colour each across the page: the difference map's blue and red, which
    # its title names (A's entropy was once drawn red right under "blue = A")
    assert "blue = A" in figure(app, "compare_difference")["layout"]["title"]["text"]
    assert [line["line"]["color"] for line in entropy] == [
        figures.MODEL_A_COLOUR,
        figures.MODEL_B_COLOUR,
    ]
    scale = figure(app, "compare_difference")["data"][0]["colorscale"]
    assert (scale[-2][1], scale[1][1]) == (figures.MODEL_A_COLOUR, figures.MODEL_B_COLOUR)
    app.selectbox(key="compare_a").set_value("toy-general").run()
    swapped = figure(app, "compare_entropy")["data"]
    assert [line["name"] for line in swapped] == ["A: toy-general", "B: toy-additive"]
    assert swapped[0]["line"]["color"] == figures.MODEL_A_COLOUR


def test_a_replaced_checkpoint_folder_is_never_served_from_the_cache(root, tmp_path, monkeypatch):
    shutil.copytree(root / "toy-general", tmp_path / "toy-x")  # untrained: not the reversal
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))

    def output() -> str:
        at = AppTest.from_file(APP, default_timeout=60).run()
        at.text_input(key="sentence").input(SENTENCE).run()
        assert not at.exception
        return at.code[0].value

    assert output() != REVERSED
    shutil.rmtree(tmp_path / "toy-x")
    time.sleep(0.01)  # a new modification time even on a coarse clock
    shutil.copytree(root / "toy-additive", tmp_path / "toy-x")
    (tmp_path / "toy-x" / "config.json").touch()
    assert output() == REVERSED


def test_compare_needs_two_models_with_attention(root, tmp_path, monkeypatch):
    for name in ("toy-additive", "toy-none"):  # one with attention, one without
        shutil.copytree(root / name, tmp_path / name)
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.text_input(key="sentence").input(SENTENCE).run()
    go_to(at, "compare")
    assert "need two models with attention" in at.info[-1].value
    assert not any(c.proto.id.endswith("-compare_difference") for c in at.get("plotly_chart"))


def test_compare_models_with_the_same_output_directly(toy_checkpoint, tmp_path, monkeypatch):
    for name in ("toy-one", "toy-two"):  # the same weights twice: the same output
        main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(tmp_path / name)])
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.text_input(key="sentence").input(SENTENCE).run()
    go_to(at, "compare")
    assert any("wrote the same tokens" in caption.value for caption in at.caption)
    difference, _, targets = heatmap(figure(at, "compare_difference"))
    assert targets == tick_words(figure(at, "compare_pair")["layout"]["yaxis"]["ticktext"])
    np.testing.assert_allclose(difference, 0.0, atol=1e-6)
    np.testing.assert_allclose(figure(at, "compare_js")["data"][0]["y"], 0.0, atol=1e-6)
    assert at.metric[0].value == "1.00"


def test_alignments_from_a_forced_reference(app):
    app.sidebar.radio(key="level").set_value("words").run()
    go_to(app, "alignments")
    app.text_input(key="reference").input(REVERSED).run()
    assert not app.exception
    z, sources, targets = heatmap(figure(app, "align_heatmap"))
    assert targets == ["Tu", "Ti", "Mo", "Ka", ".", "&lt;/s&gt;"]
    table = app.dataframe[0].value
    assert len(table) == 5  # argmax: one link per target word, </s> left out
    assert list(table["target_token"]) == ["Tu", "Ti", "Mo", "Ka", "."]
    assert list(table["source_index"])[:4] == [3, 2, 1, 0]  # the reversal, found by attention
    links = [t for t in figure(app, "align_links")["data"] if t["name"] == "link"]
    assert len(links) == len(table)
    # a gold alignment pasted in: the scores shown are those of the table's links
    gold = "0-3 1-2 2-1 3-0 4-4"
    app.text_input(key="gold_text").input(gold).run()
    predicted = frozenset(zip(table["source_index"], table["target_index"], strict=True))
    expected = alignment_error_rate([predicted], *[[links] for links in parse_pharaoh(gold)])
    metrics = {metric.label: float(metric.value) for metric in app.metric}
    assert metrics["AER (0 is perfect)"] == pytest.approx(expected.aer, abs=0.005)
    assert metrics["Precision |A∩P| / |A|"] == pytest.approx(expected.precision, abs=0.005)
    assert all(metrics[name] <= 0 for name in ("CDP", "AP out", "AP in", "Total"))
    for wrong, why in (
        ("0-x", "'2?3' / '2p3' (possibly linked)"),
        ("0-3 9-9", "9-9 is out of range"),
    ):
        app.text_input(key="gold_text").input(wrong).run()
        assert "does not fit this sentence" in app.error[0].value and why in app.code[-1].value
        assert not app.metric or "AER (0 is perfect)" not in [m.label for m in app.metric]


def test_threshold_alignment_keeps_the_strong_links(app):
    go_to(app, "alignments")
    app.radio(key="align_method").set_value("threshold").run()
    app.slider(key="align_threshold").set_value(0.4).run()
    z, _, _ = heatmap(figure(app, "align_heatmap"))
    strong = int((z[:-1, :-1] >= 0.4).sum())  # without the </s> row and column
    assert len(app.dataframe[0].value) == strong


def test_gold_alignments_are_scored_on_words_only(app):
    """Gold alignments and `nmt_core align` count words: subword indices would score nonsense."""
    go_to(app, "alignments")  # the sidebar's default: subword pieces
    assert "gold_text" not in [widget.key for widget in app.text_input]
    assert any("*words* to score" in info.value for info in app.info)
    app.sidebar.radio(key="level").set_value("words").run()
    assert "gold_text" in [widget.key for widget in app.text_input]


def candidate_box(at: AppTest):
    (box,) = [box for box in at.selectbox if box.label == "Candidate"]
    return box


def test_beam_page_lists_candidates_and_shows_the_chosen_one(app):
    go_to(app, "beam")
    assert "Greedy search" in app.info[0].value
    app.button(key="use_beam").click().run()  # one click out of the greedy dead end
    assert app.sidebar.slider(key="beam").value == 5 and len(app.dataframe[0].value) == 5
    app.sidebar.slider(key="beam").set_value(3).run()
    table = app.dataframe[0].value
    assert len(table) == 3 and table["translation"][0] == REVERSED
    assert list(table["score"]) == sorted(table["score"], reverse=True)
    candidate_box(app).set_value(2).run()
    spec = figure(app, "beam_heatmap")
    assert "candidate 2" in spec["layout"]["title"]["text"]
    z, sources, targets = heatmap(spec)
    assert z.shape == (len(targets), len(sources)) and len(targets) == table["pieces"][1]
    log_probs = figure(app, "beam_log_probs")["data"][0]["y"]
    assert sum(log_probs) == pytest.approx(table["log_prob"][1], abs=1e-3)
    # another sentence: the box offers its candidates, from the first, not the last one's
    app.text_input(key="sentence").input("Ke Ku .").run()
    first = app.dataframe[0].value["translation"][0]
    assert candidate_box(app).value == 1 and candidate_box(app).options[0] == f"1. {first}"


def test_why_page_contrasts_one_context_with_many(app):
    go_to(app, "why")
    fixed, *_ = heatmap(figure(app, "why_contexts_toy-none"))
    moving, *_ = heatmap(figure(app, "why_contexts_toy-additive"))
    np.testing.assert_allclose(fixed, np.broadcast_to(fixed[0], fixed.shape), atol=1e-6)
    assert not np.allclose(moving, moving[0])
    lines = figure(app, "why_length")["data"]
    assert {line["name"] for line in lines} == {"toy-general", "toy-none"}  # those with by_length
    assert all(list(line["y"]) == [b["bleu"] for b in BY_LENGTH] for line in lines)


def test_lesson_page_walks_through_the_formulas(app, root):
    go_to(app, "lesson")
    app.slider(key="lesson_step").set_value(2).run()
    latex = "\n".join(element.value for element in app.latex)
    for part in (r"\overrightarrow{h}_j", r"\tanh", r"\exp(e_{t,j})", "c_t =", "(e_{2,1}"):
        assert part in latex
    alpha = figure(app, "lesson_alpha")["data"][0]["y"]
    attention = translate(load_checkpoint(root / "toy-additive", device="auto"), SENTENCE).attention
    np.testing.assert_allclose(alpha, attention[1], atol=1e-6)  # step 2's row
    assert r"\tilde{h}_{t-1}" not in latex  # Bahdanau: attend from s_{t-1}, then update
    app.sidebar.selectbox(key="model").set_value("toy-general").run()
    latex = "\n".join(element.value for element in app.latex)
    assert r"s_t = f\left(s_{t-1},\ [\,y_{t-1} ; \tilde{h}_{t-1}\,]\right)" in latex  # feeding
    assert r"e_{t,j} = s_t^\top W_a\, h_j" in latex  # from the state just computed
    app.sidebar.selectbox(key="model").set_value("toy-none").run()
    assert not app.exception
    latex = "\n".join(element.value for element in app.latex)
    assert r"\overleftarrow{h}_1" in latex and "g(y_{t-1}, s_t, c)" in latex


@pytest.mark.slow  # loads every shipped model
@pytest.mark.skipif(not SHIPPED, reason=f"no shipped checkpoints in {SHIPPED_ROOT} yet")
def test_every_shipped_checkpoint_translates_the_examples(monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(SHIPPED_ROOT))
    at = AppTest.from_file(APP, default_timeout=120).run()
    for info in SHIPPED:
        at.sidebar.selectbox(key="direction").set_value(info.direction).run()
        at.sidebar.selectbox(key="model").set_value(info.name).run()
        bank = BANKS[info.direction]
        for example in (bank[0].label, bank[-1].label):  # a short one and the longest
            at.selectbox(key="example").set_value(example).run()
            assert not at.exception, (info.name, example)
            assert at.code[0].value.strip(), (info.name, example)
            if info.scorer != "none":
                z, sources, targets = heatmap(figure(at, "heatmap"))
                assert z.shape == (len(targets), len(sources))


# --- the Lesson's teaching moments -----------------------------------------------------------


def lesson(app: AppTest, step: int) -> AppTest:
    app.switch_page("app_pages/lesson.py").run()
    app.slider(key="lesson_step").set_value(step).run()
    assert not app.exception
    return app


def test_the_lesson_animates_one_step_with_this_models_numbers(app, root):
    at = lesson(app, 2)
    spec = figure(at, "lesson_animation")
    result = translate(load_checkpoint(root / "toy-additive", device="auto"), SENTENCE)
    source, hyp = result.source_pieces, result.best
    frames = spec["frames"]
    assert len(frames) == len(source) + 3  # scores, softmax, one frame per h_j, next piece
    bars = [frame["data"][0]["y"] for frame in frames]
    np.testing.assert_allclose(bars[0], hyp.scores[1], atol=1e-5)
    np.testing.assert_allclose(bars[1], hyp.attention[1], atol=1e-5)
    # the bottom row of the annotation grid (its cells' colours, row by row) ends as c_t, the
    # context the decoder received
    dims = len(spec["data"][2]["x"]) // (len(source) + 1)
    first, last = (
        np.reshape(f["data"][2]["marker"]["color"], (-1, dims)) for f in (frames[0], frames[-1])
    )
    np.testing.assert_allclose(last[-1], hyp.contexts[1][:dims], atol=1e-5)
    assert first[-1].tolist() == [0.0] * dims  # c_t starts empty
    assert frames[-1]["data"][1]["x"] == pytest.approx(hyp.topk_probs[1].tolist(), abs=1e-6)


def test_guess_first_hides_the_weights_until_a_word_is_clicked(app):
    at = lesson(app, 1)
    at.toggle(key="lesson_predict").set_value(True).run()
    assert not at.get("plotly_chart") and not at.latex  # nothing gives the answer away
    words = [shown(word) for word in at.button_group(key="quiz_guess").options]
    assert words == ["Ka", "Mo", "Ti", "Tu", "."]
    result = translate(load_checkpoint(at_root(at)), SENTENCE)
    best = int(np.argmax(result.word_attention()[0][:-1]))  # the reversal: "Tu" (or its neighbour)
    wrong = (best + 1) % len(words)
    at.button_group(key="quiz_guess").set_value(wrong).run()
    assert f"Your guess was **{words[wrong]}**" in shown(at.info[0].value)
    assert f"looks most at **{words[best]}**" in shown(at.info[0].value)
    assert figure(at, "lesson_animation")["frames"]  # revealed: the animation and formulas
    at.slider(key="lesson_step").set_value(2).run()  # another step: a new question
    assert not at.get("plotly_chart")
    assert at.button_group(key="quiz_guess").value is None


def test_the_lesson_walks_the_steps_with_previous_and_next(app):
    at = lesson(app, 1)
    assert at.button(key="lesson_prev").disabled  # nothing before the first step
    at.button(key="lesson_next").click().run()
    assert at.slider(key="lesson_step").value == 2
    at.button(key="lesson_next").click().run()
    at.button(key="lesson_prev").click().run()
    assert at.slider(key="lesson_step").value == 2 and not at.exception
    last = len(translate(load_checkpoint(at_root(at)), SENTENCE).best.target_pieces)
    at.slider(key="lesson_step").set_value(last).run()
    assert at.button(key="lesson_next").disabled  # nothing after the last


def test_on_a_projector_only_the_teachers_reveal_shows_the_answer(app):
    at = lesson(app, 1)
    at.sidebar.toggle(key="presentation").set_value(True).run()
    assert at.toggle(key="lesson_predict").value is True  # presentation mode asks first
    at.button_group(key="quiz_guess").set_value(0).run()
    assert not at.get("plotly_chart") and not at.success and not at.info  # still hidden
    at.button(key="quiz_reveal").click().run()
    assert (at.success or at.info) and figure(at, "lesson_animation")["frames"]


def at_root(at: AppTest) -> Path:
    """The checkpoint folder of the model the app shows."""
    import os

    return Path(os.environ["ATTENTION_LAB_CHECKPOINTS"]) / at.sidebar.selectbox(key="model").value


def deferred_downloads(monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple]:
    """file name -> (the callable that makes it, mime) of each download button built on click,
    recorded as the app registers them."""
    from streamlit.runtime.media_file_manager import MediaFileManager

    made: dict[str, tuple] = {}
    register = MediaFileManager.add_deferred

    def record(self, data_callable, mimetype, coordinates, file_name=None, **kwargs):
        made[file_name] = (data_callable, mimetype)
        return register(self, data_callable, mimetype, coordinates, file_name, **kwargs)

    monkeypatch.setattr(MediaFileManager, "add_deferred", record)
    return made


def test_the_lesson_exports_itself_as_one_html_file_also_on_a_projector(app, monkeypatch):
    """The "Export this lesson" button saves every step of the sentence (heatmap, formulas,
    numbers) as one HTML page; offered in presentation mode too, before the class's guess."""
    made = deferred_downloads(monkeypatch)
    at = lesson(app, 2)
    (button,) = [b for b in at.get("download_button") if b.proto.id.endswith("-lesson_export")]
    assert button.proto.label == "⬇ Export this lesson"
    make, mime = made["attention-lab_lesson_Ka-Mo-Ti-Tu_toy-additive.html"]
    page = make()
    steps = len(translate(load_checkpoint(at_root(at)), SENTENCE).target_pieces)
    assert mime == "text/html" and page.startswith("<!DOCTYPE html>")
    assert page.count('<section class="step">') == steps and "Ka Mo Ti Tu ." in page
    at.sidebar.toggle(key="presentation").set_value(True).run()  # the guess comes first now
    assert at.toggle(key="lesson_predict").value is True and not at.get("plotly_chart")
    assert any(b.proto.id.endswith("-lesson_export") for b in at.get("download_button"))
    projected = made["attention-lab_lesson_Ka-Mo-Ti-Tu_toy-additive.html"][0]()
    sizes = re.findall(r'"tickfont":\{"size":(\d+)', projected)
    assert sizes and max(map(int, sizes)) == 20  # the projector's type, as on the page


def test_a_guess_and_its_reveal_survive_a_visit_to_another_page(app):
    at = lesson(app, 1)
    at.toggle(key="lesson_predict").set_value(True).run()
    at.button_group(key="quiz_guess").set_value(1).run()
    at.switch_page("app_pages/step.py").run()
    at.switch_page("app_pages/lesson.py").run()
    assert at.toggle(key="lesson_predict").value is True
    assert at.button_group(key="quiz_guess").value == 1
    assert at.info or at.success  # still revealed


def test_the_app_opens_on_the_model_marked_default(root, tmp_path, monkeypatch):
    marked = tmp_path / "checkpoints"
    shutil.copytree(root, marked)
    config = marked / "toy-general" / "config.json"
    data = json.loads(config.read_text())
    data["meta"]["default"] = True
    config.write_text(json.dumps(data))
    for folder, expected in ((root, "toy-additive"), (marked, "toy-general")):
        monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(folder))
        at = AppTest.from_file(APP, default_timeout=60).run()
        assert at.sidebar.selectbox(key="model").value == expected


# --- attention across training ----------------------------------------------------------------


@pytest.fixture(scope="module")
def probed_root(toy_corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny additive model trained with two probe sentences and their gold links, recorded
    every 50 updates and at the evaluations (100, 200), exported as the only checkpoint."""
    from conftest import toy_configs

    from nmt_core.learning.training import train

    folder = tmp_path_factory.mktemp("probed")
    (folder / "probes.tsv").write_text("Ka Mo Ti .\tTi Mo Ka .\nTu Ka Te .\tTe Ka Tu .\n")
    (folder / "probes.pharaoh").write_text("0-2 1-1 2-0 3-3\n0-2 1-1 2-0 3-3\n")
    cfg, model = toy_configs(folder / "run", toy_corpus, scorer="additive")
    probes = str(folder / "probes.tsv")
    train(replace(cfg, probes=probes, probe_every=50, max_steps=200, eval_every=100), model)
    root = folder / "checkpoints"
    main(["export", "--checkpoint", str(folder / "run" / "best"), "--output", str(root / "toy")])
    return root


@pytest.mark.training
def test_across_training_shows_a_probes_attention_at_each_recorded_step(probed_root, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(probed_root))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("app_pages/training.py").run()
    assert not at.exception
    assert at.select_slider(key="training_step").value == 200  # opens on the last record
    assert list(at.select_slider(key="training_step").options) == ["50", "100", "150", "200"]
    curves = figure(at, "training_curves")
    names = [trace["name"] for trace in curves["data"]]
    assert names == ["probe AER", "entropy", "dev BLEU"]
    assert curves["data"][2]["x"] == [100, 200]  # dev BLEU exists at evaluations only
    assert curves["layout"]["shapes"][0]["x0"] == 200
    late = figure(at, "training_heatmap")["data"][0]["z"]
    at.select_slider(key="training_step").set_value(50).run()
    early = figure(at, "training_heatmap")["data"][0]["z"]
    assert early != late and figure(at, "training_curves")["layout"]["shapes"][0]["x0"] == 50
    at.selectbox(key="training_probe").set_value(1).run()
    caption = next(shown(c.value) for c in at.caption if "force-fed" in c.value)
    assert "Te Ka Tu ." in caption  # the reference of the second probe
    assert not [c for c in at.caption if "fine-tuned" in c.value]  # trained from scratch


@pytest.mark.training
def test_across_training_says_where_a_fine_tuned_models_fine_tuning_began(
    probed_root, monkeypatch, tmp_path
):
    from nmt_core.learning.probes import PROBES, continued, read_probes, write_probes

    root = tmp_path / "checkpoints"
    shutil.copytree(probed_root / "toy", root / "toy")
    log = read_probes(root / "toy" / PROBES)
    assert log.fine_tuned_at is None
    write_probes(root / "toy" / PROBES, continued(log, log, 200))  # as its export writes it
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("app_pages/training.py").run()
    assert not at.exception
    assert list(at.select_slider(key="training_step").options)[3:5] == ["200", "250"]
    said = [c.value for c in at.caption if "fine-tuned" in c.value]
    assert len(said) == 1 and "steps after 200 are its fine-tuning" in said[0]
    assert "its own step 250 shows as 450" in said[0]


def test_across_training_says_how_to_record_when_a_model_has_no_probes(app):
    app.switch_page("app_pages/training.py").run()
    assert not app.exception
    assert "trained without probe recording" in app.info[0].value
    assert "--probes" in app.info[0].value


# --- what if? ---------------------------------------------------------------------------------


def test_what_if_decodes_on_from_a_changed_step_only_when_asked(app, root):
    app.switch_page("app_pages/step.py").run()
    app.slider(key="step").set_value(2).run()
    assert "nothing is computed until you ask" in " ".join(c.value for c in app.caption)
    greedy = translate(load_checkpoint(root / "toy-additive"), SENTENCE)
    piece = app.selectbox(key="whatif_piece").options[0]
    app.radio(key="whatif_edit").set_value("another piece here")
    app.selectbox(key="whatif_piece").set_value(piece)
    next(b for b in app.button if b.label == "Decode from step 2").click().run()
    assert not app.exception
    before_after = next(m.value for m in app.markdown if m.value.startswith("**Before:**"))
    assert f"**Before:** {greedy.hypothesis}" in shown(before_after)
    assert "The output changes from step 2 on" in " ".join(c.value for c in app.caption)
    rows = tick_words(figure(app, "whatif_heatmap")["layout"]["yaxis"]["ticktext"])
    assert rows[0] == greedy.target_pieces[0] and rows[1] == piece.replace("<", "&lt;")
    app.radio(key="whatif_edit").set_value("uniform attention")
    next(b for b in app.button if b.label == "Decode from step 2").click().run()
    spec = figure(app, "whatif_heatmap")
    row = spec["data"][0]["z"][1]
    assert row == pytest.approx([1 / len(row)] * len(row))  # α_2 made uniform
    app.slider(key="step").set_value(3).run()  # another step: the answer belongs to step 2
    assert "nothing is computed until you ask" in " ".join(c.value for c in app.caption)


# --- attention beside attribution ---------------------------------------------------------------


def test_attributions_stand_beside_attention_only_when_asked(app, root):
    from nmt_core.analysis.attribution import attribute, relevance

    app.switch_page("app_pages/step.py").run()
    app.slider(key="step").set_value(2).run()
    assert "Nothing is computed until you ask" in " ".join(c.value for c in app.caption)
    app.radio(key="attribution_method").set_value("leave_one_out")
    app.button(key="attribution_go").click().run()
    assert not app.exception
    checkpoint = load_checkpoint(root / "toy-additive")
    greedy = translate(checkpoint, SENTENCE)
    attention, relevant = figure(app, "attribution_bars")["data"]
    assert attention["name"] == "attention α2" and relevant["name"] == "relevance"
    np.testing.assert_allclose(attention["y"], greedy.attention[1], atol=1e-6)
    expected = relevance(attribute(checkpoint, greedy, "leave_one_out"))[1]
    np.testing.assert_allclose(relevant["y"], expected, atol=1e-5)
    summary = next(m.value for m in app.markdown if m.value.startswith("Here, leave one out"))
    assert f"of {len(greedy.target_pieces)} steps**" in summary
    app.slider(key="step").set_value(3).run()  # the answer holds for the whole sentence
    assert figure(app, "attribution_bars")["data"][0]["name"] == "attention α3"
    app.sidebar.selectbox(key="model").set_value("toy-none").run()  # another translation
    assert "Nothing is computed until you ask" in " ".join(c.value for c in app.caption)
    app.button(key="attribution_go").click().run()
    assert not app.exception
    (only,) = figure(app, "attribution_bars")["data"]  # no attention to compare with
    assert only["name"].startswith("relevance") and sum(only["y"]) == pytest.approx(1)


# --- attention beside a statistical aligner ----------------------------------------------------


@pytest.mark.slow
def test_eflomal_links_are_drawn_over_the_attention_once_its_priors_exist(
    app, root, tmp_path, monkeypatch, eflomal_installed
):
    from nmt_core.analysis import eflomal
    from nmt_core.checkpoint import read_config
    from nmt_core.network.config import TrainConfig

    monkeypatch.setattr(eflomal, "PRIORS_DIR", tmp_path)  # never the user's own priors
    app.sidebar.radio(key="level").set_value("words").run()
    go_to(app, "alignments")
    app.text_input(key="reference").input(REVERSED).run()
    app.toggle(key="align_eflomal").set_value(True).run()
    assert "python -m nmt_core eflomal-priors" in " ".join(i.value for i in app.info)
    meta = read_config(root / "toy-additive")[1]
    eflomal.build_priors(TrainConfig.from_dict(meta["train_config"]))
    app.run()
    assert not app.exception
    spec = figure(app, "align_eflomal_heatmap")
    cross, ring = (t for t in spec["data"] if t["type"] == "scatter")
    assert ring["marker"]["symbol"] == "circle-open"
    drawn = set(zip(ring["x"], ring["y"], strict=True))
    assert drawn >= {(3, 0), (2, 1), (1, 2), (0, 3)}  # eflomal finds the mirror too
    crosses = set(zip(cross["x"], cross["y"], strict=True))
    metrics = {m.label: m.value for m in app.metric}
    assert int(metrics["Links both draw"]) == len(drawn & crosses)


# --- the beam as a tree ------------------------------------------------------------------------


def test_the_beam_page_draws_the_search_tree_with_the_best_path_and_its_last_step(app, root):
    from nmt_core.analysis.beamtree import beam_tree

    app.sidebar.slider(key="beam").set_value(3).run()
    app.switch_page("app_pages/beam.py").run()
    assert not app.get("plotly_chart") or "beam_tree" not in str(app.get("plotly_chart"))
    app.toggle(key="beam_tree_on").set_value(True).run()
    assert not app.exception
    tree = beam_tree(load_checkpoint(root / "toy-additive", device="auto"), SENTENCE, 3)
    spec = figure(app, "beam_tree")
    markers = [t for t in spec["data"] if t.get("mode") == "markers+text"]
    assert sum(len(t["customdata"]) for t in markers) == len(tree.nodes)  # every node drawn
    by_status = {t["name"]: len(t["customdata"]) for t in markers}
    assert by_status["pruned"] == sum(n.status == "pruned" for n in tree.nodes)
    best_line = spec["data"][1]
    assert len([x for x in best_line["x"] if x is not None]) == 2 * len(tree.best)
    # nothing clicked yet: the best hypothesis' last node is shown, with its step's attention
    assert " ".join(tree.prefix(tree.best[-1])) in " ".join(shown(c.value) for c in app.caption)
    np.testing.assert_allclose(
        figure(app, "beam_tree_alpha")["data"][0]["y"], tree.nodes[tree.best[-1]].attention,
        atol=1e-6,
    )  # fmt: skip


# --- The Lesson's guided tour and the temperature what-if -------------------------------------


def tour_step(at: AppTest) -> tuple[str, str]:
    """The tour panel's title line and its text (Markdown, its inline LaTeX as written)."""
    markdown = [element.value for element in at.markdown]
    (k,) = [k for k, value in enumerate(markdown) if value.startswith("**Tour ")]
    return markdown[k], markdown[k + 1]


def the_whole_tour(at: AppTest) -> list[tuple[str, str]]:
    """Every step from the current one to the last, clicking Next."""
    steps = [tour_step(at)]
    while at.button(key="tour_next_button").label == "Next ▶":
        at.button(key="tour_next_button").click().run()
        assert not at.exception, at.exception
        steps.append(tour_step(at))
    return steps


def test_the_tour_walks_from_the_pieces_to_the_next_word_with_this_sentences_numbers(app, root):
    at = go_to(app, "lesson")
    at.slider(key="lesson_step").set_value(2).run()
    at.button(key="tour_start_button").click().run()
    assert tour_step(at)[0] == "**Tour 1 of 12: The encoder reads the sentence**"  # 8–12
    assert at.button(key="tour_back_button").disabled and at.query_params["tour"] == "1"
    steps = the_whole_tour(at)
    assert 8 <= len(steps) <= 12 and at.query_params["tour"] == str(len(steps))
    markdown = "\n".join(body for _, body in steps)
    text = shown(markdown)  # as a reader sees it
    result = translate(load_checkpoint(root / "toy-additive"), SENTENCE)
    hyp, source = result.best, result.source_pieces
    alpha, scores, context = hyp.attention[1], hyp.scores[1], hyp.contexts[1]
    j = int(np.argmax(alpha))
    written = hyp.target_pieces[1]
    probability = hyp.topk_probs[1][list(hyp.topk_pieces[1]).index(written)]
    for number in (
        f"S = {len(source)} pieces",
        f"“{source[j]}”",  # the most attended piece
        "row 2 of the attention matrix",
        f"entropy {entropy_bits(alpha):.2f} bits",
        f"‖c2‖ = {vector_norm(context):.2f}",
        f"{context[0]:.2f}, {context[1]:.2f}, {context[2]:.2f}",
        f"writes “{written}” with probability {probability:.2f}",
        "toy-general",  # the comparison
        "toy-none has no attention",
    ):
        assert number in text, number
    for latex in (  # as written in the Markdown, for KaTeX
        r"e_{t,j} = v_a^\top \tanh",  # this model's scorer, from the scorer table
        f"e_{{2,{j + 1}}} = {scores[j]:.2f}",  # its top score, for the top piece
        rf"\alpha_{{2,{j + 1}}} = {alpha[j]:.2f}",
    ):
        assert latex in markdown, latex
    assert [link.proto.page for link in at.get("page_link")] == ["why"]  # the last step
    at.button(key="tour_back_button").click().run()  # Back: the comparison's link
    assert [link.proto.page for link in at.get("page_link")] == ["compare"]
    at.button(key="tour_next_button").click().run()
    at.button(key="tour_next_button").click().run()  # "Done": the tour ends
    assert at.button(key="tour_start_button").label == "Take the tour"
    assert "tour" not in at.query_params and not at.exception


def test_a_link_opens_the_tour_at_its_step_and_keeps_it_in_bounds(root, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    for asked, opened in (("3", 3), ("99", 12)):
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params.update(s=SENTENCE, step="2", tour=asked, presentation="1")
        at.switch_page("app_pages/lesson.py").run()
        assert not at.exception and not at.warning
        assert tour_step(at)[0].startswith(f"**Tour {opened} of 12:")
        assert at.query_params["tour"] == str(opened)
        assert not at.get("button_group")  # the tour asks no guess first, even on a projector
    at.button(key="tour_next_button").click().run()  # the last step's "Done"
    assert "tour" not in at.query_params
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(s=SENTENCE, tour="0")
    at.run()
    assert "“tour=0” could not be used" in shown(at.warning[0].value)


def test_the_tour_of_a_model_without_attention_says_so(app):
    at = go_to(app, "lesson")
    at.sidebar.selectbox(key="model").set_value("toy-none").run()
    at.button(key="tour_start_button").click().run()
    steps = the_whole_tour(at)
    assert [title for title, _ in steps][2] == "**Tour 3 of 5: No attention here**"
    text = shown("\n".join(body for _, body in steps))
    assert "toy-none has no attention: no scores, no weights" in text
    assert "toy-additive has attention" in text  # where to go to see it


# --- Temperature: α = softmax(e / T), a what-if beside the model's own α ---------------------


def temperature_bars(at: AppTest, key: str) -> tuple[np.ndarray, np.ndarray]:
    """(the model's α, the what-if α) as the temperature chart draws them."""
    model, tempered = figure(at, key)["data"]
    assert html.unescape(model["name"]) == "model's α (T = 1)"
    return np.array(model["y"]), np.array(tempered["y"])


@pytest.mark.parametrize(
    "page, key", [("step", "step_temperature"), ("lesson", "lesson_temperature")]
)
def test_temperature_recomputes_the_row_and_leaves_the_models_numbers(app, root, page, key):
    at = go_to(app, page)
    at.slider(key="step" if page == "step" else "lesson_step").set_value(2).run()
    result = translate(load_checkpoint(root / "toy-additive"), SENTENCE)
    alpha, scores = result.attention[1], result.scores[1]
    assert at.select_slider(key=f"{key}_slider").value == 1.0  # the model's own, at first
    model, tempered = temperature_bars(at, key)
    np.testing.assert_allclose(tempered, alpha, atol=1e-6)
    np.testing.assert_allclose(model, alpha, atol=1e-6)
    latex = [element.value for element in at.latex]  # the worked numbers
    at.select_slider(key=f"{key}_slider").set_value(0.01).run()
    model, tempered = temperature_bars(at, key)
    expected = np.zeros(len(alpha))
    expected[int(np.argmax(scores))] = 1.0
    np.testing.assert_allclose(tempered, expected, atol=1e-3)  # the argmax alignment
    np.testing.assert_allclose(model, alpha, atol=1e-6)  # the model's α stays beside it
    assert [element.value for element in at.latex] == latex  # still the model's own numbers
    line = next(m.value for m in at.markdown if m.value.startswith("**What if**"))
    assert f"(the model's own α, T = 1: {entropy_bits(alpha):.2f} bits)" in line
    assert f"entropy **{entropy_bits(tempered):.2f} bits**" in line
    at.select_slider(key=f"{key}_slider").set_value(100.0).run()
    _, tempered = temperature_bars(at, key)
    np.testing.assert_allclose(tempered, 1 / len(alpha), atol=0.05)  # nearly uniform
    caption = " ".join(c.value for c in at.caption)
    assert f"{math.log2(len(alpha)):.2f} bits: the same on all {len(alpha)}" in caption


def test_the_temperature_outlives_a_page_change_and_a_new_sentence(app):
    at = go_to(app, "step")
    at.select_slider(key="step_temperature_slider").set_value(0.5).run()
    go_to(at, "lesson")  # one T for both pages
    assert at.select_slider(key="lesson_temperature_slider").value == 0.5
    at.text_input(key="sentence").input("Ka Ti .").run()
    assert at.select_slider(key="lesson_temperature_slider").value == 0.5
    at.select_slider(key="lesson_temperature_slider").set_value(2.0).run()
    go_to(at, "step")
    assert at.select_slider(key="step_temperature_slider").value == 2.0
    at.sidebar.selectbox(key="model").set_value("toy-none").run()
    assert not at.exception and not at.get("select_slider")  # no scores: no temperature

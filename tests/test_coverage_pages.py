"""Coverage and one followed word on the pages: Translate's bars under the heatmap's columns and
the line naming the words possibly left out, Step through's coverage so far, one source word
followed step by step on both, and Beam search's coverage penalty what-if, each choice in the
page's link. The views on hand-built results; the pages through AppTest on the toy
checkpoints, every number checked against nmt_core's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from conftest import TOY_WORDS, shown, tick_words, untrained
from streamlit.testing.v1 import AppTest

from dashboard import figures
from dashboard.figures.coverage import COLUMNS
from dashboard.views import coverage as views_coverage
from dashboard.views.markdown_text import literal
from dashboard.views.tour import tour_steps
from nmt_core.__main__ import main
from nmt_core.analysis import coverage
from nmt_core.checkpoint import list_checkpoints, load_checkpoint
from nmt_core.translate import Hypothesis, Translation, translate

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")
SENTENCE = "Ka Mo Ti Tu ."

# --- The views, on a hand-built translation --------------------------------------------------

# words: Ich, habe, Park, ".", "</s>"; "habe" and "Park" of two pieces each
SOURCE = ("▁Ich", "▁ha", "be", "▁Pa", "rk", "▁.", "</s>")
# Each row one output step; the columns sum to: Ich .90, ha .85, be .18, Pa .10, rk .05,
# "." .92, </s> 1.00. So "Park" (0.15) is under 0.25 and "be" is, but not its word "habe".
ATTENTION = np.array(
    [
        [0.85, 0.02, 0.03, 0.02, 0.01, 0.02, 0.05],
        [0.02, 0.80, 0.10, 0.03, 0.01, 0.02, 0.02],
        [0.02, 0.02, 0.03, 0.03, 0.02, 0.85, 0.03],
        [0.01, 0.01, 0.02, 0.02, 0.01, 0.03, 0.90],
    ]
)


def hypothesis(attention: np.ndarray | None = ATTENTION, target=("▁I", "▁have", "▁.", "</s>")):
    steps = len(target)
    return Hypothesis(
        target_pieces=target,
        text=" ".join(target[:-1]),
        score=-1.0,
        log_probs=np.full(steps, -0.5),
        attention=attention,
        scores=None if attention is None else attention.copy(),
        contexts=np.zeros((steps, 4)),
        topk_pieces=tuple(("▁I",) for _ in target),
        topk_probs=np.full((steps, 1), 0.5),
    )


def translation(*hypotheses: Hypothesis, source=SOURCE) -> Translation:
    return Translation("Ich habe Park .", source, hypotheses or (hypothesis(),), None, False)


def test_the_red_bars_are_the_words_the_line_names_and_at_the_piece_level_each_of_their_pieces():
    """ "be" alone got 0.18, under the line, but "habe" was read through "ha": only "Park", the
    word the line names, is red; at the piece level both of its pieces, and no other."""
    result = translation()
    words = views_coverage.coverage_bars(result, word_level=True)
    assert words.tokens == ("Ich", "habe", "Park", ".", "</s>")
    np.testing.assert_allclose(words.values, [0.90, 1.03, 0.15, 0.92, 1.00])
    assert words.marked == (2,) and words.complete and words.threshold == 0.25
    pieces = views_coverage.coverage_bars(result, word_level=False)
    assert pieces.tokens == SOURCE and pieces.marked == (3, 4)
    np.testing.assert_allclose(pieces.values, ATTENTION.sum(axis=0))
    line = views_coverage.left_out_line(result)
    assert shown(line) == "Nothing looked at **Park** (0.15): it may be missing."
    assert "red" in views_coverage.bars_caption(pieces, False).lower()  # the marks' colour
    assert figures.HIGHLIGHT == "#d62728"  # red: what the caption says the marked bars are


def test_the_coverage_so_far_marks_nothing_before_the_last_step_and_keeps_its_top():
    result = translation()
    tops = set()
    for t in range(1, 5):
        bars = views_coverage.coverage_bars(result, word_level=False, steps=t)
        np.testing.assert_allclose(bars.values, ATTENTION[:t].sum(axis=0))
        assert bars.complete == (t == 4) and bars.marked == (() if t < 4 else (3, 4))
        tops.add(bars.top)
        caption = views_coverage.bars_caption(bars, False)
        assert ("so far" in caption) == (t < 4)
    assert tops == {1.0}  # the axis of every step: the most any piece gets, at least 1
    assert "steps 1–2" in views_coverage.bars_caption(
        views_coverage.coverage_bars(result, word_level=True, steps=2), True
    )


def test_the_line_shows_markup_in_a_word_literally_and_says_when_every_word_was_looked_at():
    source = ("▁**Park**", "▁[x](http://e.example)", "▁<b>y</b>", "</s>")
    weights = np.array([[0.1, 0.0, 0.0, 0.9], [0.0, 0.1, 0.0, 0.9]])
    result = translation(hypothesis(weights, ("▁a", "</s>")), source=source)
    line = views_coverage.left_out_line(result)
    for word in ("**Park**", "[x](http://e.example)", "<b>y</b>"):
        assert f"**{literal(word)}**" in line, word
    assert "http://" not in line and "<b>" not in line and "[x]" not in line
    assert line.endswith(": they may be missing.")
    assert ", " in line and " or " in line  # "A, B or C"
    covered = translation(hypothesis(np.eye(7)[[0, 1, 3, 6]] * 0.5 + np.eye(7)[[2, 4, 5, 6]] * 0.5))
    assert views_coverage.left_out_line(covered).startswith("Every word was looked at")
    assert views_coverage.left_out_line(translation(hypothesis(None))) == ""
    assert views_coverage.coverage_bars(translation(hypothesis(None)), word_level=True) is None


def test_one_followed_token_is_a_column_of_each_views_matrix():
    result = translation()
    view = result.attention_view(word_level=True)
    assert views_coverage.follow_options(view) == ["1: Ich", "2: habe", "3: Park", "4: .",
                                                   "5: </s>"]  # fmt: skip
    followed = views_coverage.followed({"A": view, "B": result.attention_view()}, 1)
    np.testing.assert_allclose(followed["A"], view.matrix[:, 1])
    np.testing.assert_allclose(followed["B"], ATTENTION[:, 1])
    assert views_coverage.followed_title(view, 2) == "Attention to “Park” at each output step"


def test_a_click_in_a_tokens_column_follows_that_token_and_a_click_elsewhere_nothing():
    """A coverage chart's click (Streamlit's selection points): the column's ``x`` is its
    token's 0-based index; a heatmap cell's point has no whole x in range, and follows
    nothing."""
    clicked = views_coverage.clicked_token
    assert clicked([{"x": 2, "y": 1.15, "curve_number": 1}], 5) == 3
    assert clicked([{"x": 2.0}], 5) == 3
    assert clicked([{"x": "▁Pa", "y": "▁I"}, {"x": 0}], 5) == 1  # the first in a column
    for points in ([], [{"x": 5}], [{"x": -1}], [{"x": 1.5}], [{"y": 1}], [{"x": None}]):
        assert clicked(points, 5) is None, points


def test_the_same_output_with_and_without_the_penalty_is_said_in_one_line():
    plain = translation()
    other = translation(hypothesis(target=("▁I", "▁have", "▁the", "</s>")))
    assert views_coverage.same_output_line(plain, other, 0.2) is None
    assert "still picks the same translation" in views_coverage.same_output_line(plain, plain, 0.2)
    assert views_coverage.same_output_line(plain, plain, 0.0).startswith("β = 0 is no penalty")


# --- The pages, through AppTest on the toy checkpoints ----------------------------------------


@pytest.fixture(scope="module")
def root(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The trained toy model, an untrained Luong one and one without attention."""
    root = tmp_path_factory.mktemp("coverage-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    untrained(root, root / "toy-additive", "general", "luong")
    untrained(root, root / "toy-additive", "none", "bahdanau")
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


def model(root: Path, name: str = "toy-additive"):
    return load_checkpoint(root / name)


def figure(at: AppTest, key: str) -> dict:
    charts = [c for c in at.get("plotly_chart") if c.proto.id.endswith(f"-{key}")]
    assert len(charts) == 1, f"no single chart {key!r}"
    return json.loads(charts[0].proto.spec)


def drawn(at: AppTest) -> set[str]:
    return {c.proto.id.rsplit("-", 1)[-1] for c in at.get("plotly_chart")}


def bars_of(spec: dict) -> dict:
    """The coverage bars (not the see-through columns that take the clicks)."""
    (bars,) = [t for t in spec["data"] if t["type"] == "bar" and t.get("name") != COLUMNS]
    return bars


def go_to(at: AppTest, page: str) -> AppTest:
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, at.exception
    return at


def markdown(at: AppTest) -> str:
    return "\n".join(shown(m.value) for m in at.markdown)


def test_translate_draws_each_columns_coverage_under_it_and_names_what_was_left_out(
    app, root, monkeypatch
):
    result = translate(model(root), SENTENCE)
    spec = figure(app, "heatmap")
    bars, columns = bars_of(spec), tick_words(spec["layout"]["xaxis"]["ticktext"])
    assert bars["yaxis"] == "y2" and bars["x"] == list(range(len(columns)))
    expected = coverage.source_coverage(result, word_level=False)
    np.testing.assert_allclose(bars["y"], [c.coverage for c in expected], atol=1e-5)
    assert "Every word was looked at" in markdown(app)
    app.sidebar.radio(key="level").set_value("words").run()
    spec = figure(app, "heatmap")
    assert tick_words(spec["layout"]["xaxis"]["ticktext"]) == ["Ka", "Mo", "Ti", "Tu", ".",
                                                               "&lt;/s&gt;"]  # fmt: skip
    words = coverage.word_coverage(result)
    np.testing.assert_allclose(bars_of(spec)["y"], [w.coverage for w in words], atol=1e-5)
    # a threshold above some words' coverage: those words are named, and their bars red
    letters = sorted(w.coverage for w in words if w.has_letters)
    threshold = (letters[1] + letters[2]) / 2
    monkeypatch.setattr(coverage, "LEFT_OUT_BELOW", threshold)
    app.run()
    under = [w for w in words if w.has_letters and w.coverage < threshold]
    assert len(under) == 2
    named = " or ".join(f"**{w.word}** ({w.coverage:.2f})" for w in under)
    assert f"Nothing looked at {named}: they may be missing." in markdown(app)
    colours = bars_of(figure(app, "heatmap"))["marker"]["color"]
    assert [k for k, c in enumerate(colours) if c == figures.HIGHLIGHT] == [w.index for w in under]


def test_step_through_fills_the_coverage_up_step_by_step_on_one_scale(app, root):
    result = translate(model(root), SENTENCE)
    steps = len(result.target_pieces)
    at = go_to(app, "step")
    ranges = []
    for t in range(1, steps + 1):
        at.slider(key="step").set_value(t).run()
        spec = figure(at, "step_coverage")
        np.testing.assert_allclose(
            bars_of(spec)["y"], result.attention[:t].sum(axis=0), atol=1e-5
        )  # the sum of rows 1..t of the heatmap above it
        assert f"after step {t}" in spec["layout"]["title"]["text"]
        ranges.append(spec["layout"]["yaxis"]["range"])
        assert ("Every word was looked at" in markdown(at)) == (t == steps)
    assert all(r == ranges[0] for r in ranges)


def test_one_word_followed_on_translate_is_followed_on_step_through_and_in_the_link(app, root):
    result = translate(model(root), SENTENCE)
    assert "translate_follow" not in drawn(app)  # nothing pinned yet
    app.selectbox(key="translate_follow_box").set_value(2).run()
    spec = figure(app, "translate_follow")
    (line,) = spec["data"]
    np.testing.assert_allclose(line["y"], result.attention[:, 1], atol=1e-5)
    assert result.source_pieces[1] in spec["layout"]["title"]["text"]
    assert app.query_params["follow"] == "2"
    at = go_to(app, "step")
    assert at.selectbox(key="step_follow_box").value == 2
    at.slider(key="step").set_value(3).run()
    spec = figure(at, "step_follow")
    np.testing.assert_allclose(spec["data"][0]["y"], result.attention[:, 1], atol=1e-5)
    (current,) = spec["layout"]["shapes"]
    assert current["x0"] == current["x1"] == 2 and at.query_params["follow"] == "2"
    # at the word level Step through's steps stay pieces: a word's weight is its pieces' sum
    at.sidebar.radio(key="level").set_value("words").run()
    spec = figure(at, "step_follow")
    view = coverage.attention_by_step(result, word_level=True)
    np.testing.assert_allclose(spec["data"][0]["y"], view.matrix[:, 1], atol=1e-5)
    assert tick_words(spec["layout"]["xaxis"]["ticktext"]) == [
        t.replace("</s>", "&lt;/s&gt;") for t in result.target_pieces
    ]
    at.text_input(key="sentence").input("Ke Ku .").run()  # another sentence: nothing pinned
    assert at.selectbox(key="step_follow_box").value is None and "follow" not in at.query_params
    assert "step_follow" not in drawn(at)


def controls(at: AppTest) -> dict[str, object]:
    kinds = ("selectbox", "slider", "select_slider", "radio", "toggle", "checkbox", "text_input")
    return {widget.key: widget.value for kind in kinds for widget in getattr(at, kind)}


@pytest.mark.parametrize(
    "page, choose",
    [
        ("translate", {"translate_follow_box": 3}),
        ("step", {"step": 2, "step_follow_box": 4}),
        ("beam", {"coverage_beta": 0.5}),
    ],
)
def test_a_copied_link_reopens_the_followed_word_and_the_coverage_penalty(app, page, choose):
    at = go_to(app, page)
    at.sidebar.slider(key="beam").set_value(2).run()
    for key, value in choose.items():
        boxes = [w for kind in ("selectbox", "slider") for w in getattr(at, kind)]
        next(w for w in boxes if w.key == key).set_value(value).run()
    assert not at.exception, at.exception
    before = controls(at)
    assert {key: before[key] for key in choose} == choose
    fresh = AppTest.from_file(APP, default_timeout=60)
    fresh.switch_page(f"app_pages/{page}.py")
    fresh.query_params.update(at.query_params)
    fresh.run()
    assert not fresh.exception and not fresh.warning, (fresh.exception, fresh.warning)
    assert controls(fresh) == before


def test_the_penalty_and_the_followed_word_outlive_a_page_change(app):
    at = go_to(app, "beam")
    at.sidebar.slider(key="beam").set_value(3).run()
    at.slider(key="coverage_beta").set_value(0.45).run()
    go_to(at, "translate")
    at.selectbox(key="translate_follow_box").set_value(3).run()
    go_to(at, "beam")
    assert at.slider(key="coverage_beta").value == 0.45 and at.query_params["beta"] == "0.45"
    go_to(at, "translate")
    assert at.selectbox(key="translate_follow_box").value == 3


def test_a_link_with_a_follow_or_beta_it_cannot_use_names_them(root, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(s=SENTENCE, beam="2", follow="0", beta="0.33")
    at.switch_page("app_pages/beam.py").run()
    assert not at.exception
    assert "“follow=0”, “beta=0.33” could not be used" in shown(at.warning[0].value)
    assert at.slider(key="coverage_beta").value == 0.2  # the default
    assert "beta" not in at.query_params  # left out at its default


def test_a_links_beta_is_a_stop_of_its_slider_and_its_follow_a_position():
    from dashboard.state import inputs

    beta, follow = (inputs.link_settings(())[key].read for key in ("beta", "follow"))
    assert [beta(t) for t in ("0", "-0", "0.2", "0.35", "1", "2e-1")] == [0, 0, 0.2, 0.35, 1, 0.2]
    assert str(beta("-0")) == "0.0"  # never "-0" in a link
    for wrong in ("0.33", "1.05", "-0.05", "nan", "inf", "½", "0,5", ""):
        assert beta(wrong) is None, wrong
    assert [follow(t) for t in ("1", "12", "0", "-1", "²", "x")] == [1, 12, None, None, None, None]


def penalty_changes(checkpoint, beam: int, beta: float) -> str:
    """A toy sentence whose best translation the coverage penalty ``beta`` changes."""
    rng = random.Random(0)
    for _ in range(200):
        sentence = " ".join(rng.choice(TOY_WORDS) for _ in range(rng.randint(3, 9))) + " ."
        plain = translate(checkpoint, sentence, beam)
        penalised = translate(checkpoint, sentence, beam, coverage_penalty=beta)
        if plain.target_pieces != penalised.target_pieces:
            return sentence
    raise AssertionError("the penalty changes no toy sentence's translation")


def test_the_coverage_penalty_shows_both_searches_side_by_side_or_says_they_agree(app, root):
    at = go_to(app, "beam")
    at.sidebar.slider(key="beam").set_value(3).run()
    assert at.slider(key="coverage_beta").value == 0.2 and "beta" not in at.query_params
    # the trained toy model reverses the sentence whatever beta: one line says so
    assert "still picks the same translation" in at.info[0].value
    assert not {"beam_plain", "beam_penalised"} & drawn(at)
    at.slider(key="coverage_beta").set_value(0.0).run()
    assert at.info[0].value.startswith("β = 0 is no penalty")
    # an untrained model on a sentence whose translation the penalty changes: both, side by side
    general = model(root, "toy-general")
    sentence = penalty_changes(general, 3, 1.0)
    at.slider(key="coverage_beta").set_value(1.0).run()
    at.sidebar.selectbox(key="model").set_value("toy-general").run()
    at.text_input(key="sentence").input(sentence).run()
    assert not at.exception and at.query_params["beta"] == "1"
    plain = translate(general, sentence, 3)
    penalised = translate(general, sentence, 3, coverage_penalty=1.0)
    codes = [code.value for code in at.code]
    empty = "(empty translation)"
    assert codes[-2:] == [plain.hypothesis or empty, penalised.hypothesis or empty]
    assert {"beam_plain", "beam_penalised"} <= drawn(at)
    z = np.array(
        next(t for t in figure(at, "beam_penalised")["data"] if t["type"] == "heatmap")["z"]
    )
    np.testing.assert_allclose(z, penalised.attention, atol=1e-5)
    lines = [m for m in markdown(at).splitlines() if m.startswith(("Nothing looked", "Every word"))]
    assert lines == [
        views_coverage.left_out_line(plain).replace("\\", ""),
        views_coverage.left_out_line(penalised).replace("\\", ""),
    ]
    assert "**With β = 1**" in [m.value for m in at.markdown]
    # the model without attention: one line, no slider
    at.sidebar.selectbox(key="model").set_value("toy-none").run()
    assert any("no coverage to penalise" in info.value for info in at.info)
    assert not [s for s in at.slider if s.key == "coverage_beta"]


def test_the_model_without_attention_gets_no_coverage_and_nothing_to_follow(app):
    app.sidebar.selectbox(key="model").set_value("toy-none").run()
    assert not app.get("plotly_chart") and "no attention" in app.info[0].value
    assert not [box for box in app.selectbox if box.key == "translate_follow_box"]
    at = go_to(app, "step")
    assert not {"step_coverage", "step_follow"} & drawn(at)
    assert not [box for box in at.selectbox if box.key == "step_follow_box"]


def test_the_tours_row_of_the_matrix_says_what_a_column_adds_up_to(root):
    result = translate(model(root), SENTENCE)
    infos = {info.name: info for info in list_checkpoints(root)}
    annotations = np.zeros((len(result.source_pieces), 4))
    steps = tour_steps(result, 1, infos["toy-additive"], list(infos.values()), annotations)
    (row,) = [s for s in steps if s.target == "tour_heatmap"]
    best = int(result.attention[1].argmax())
    total = coverage.source_coverage(result, word_level=False)[best].coverage
    assert f"coverage: {total:.2f} for" in shown(row.text)
    assert "missing from the translation" in row.text


def test_compare_follows_one_word_in_a_and_in_b_in_their_colours(app):
    """Compare's A and B over the same tokens: one line each, the column of its own panel of
    the pair's heatmap, in the colours A and B have on the page; the word is in the link."""
    at = go_to(app, "compare")
    assert "compare_follow" not in drawn(at)  # nothing pinned yet
    at.selectbox(key="compare_follow_box").set_value(2).run()
    a, b = at.selectbox(key="compare_a").value, at.selectbox(key="compare_b").value
    spec = figure(at, "compare_follow")
    heatmaps = [t for t in figure(at, "compare_pair")["data"] if t["type"] == "heatmap"]
    assert [line["name"] for line in spec["data"]] == [f"A: {a}", f"B: {b}"]
    for line, heatmap in zip(spec["data"], heatmaps, strict=True):
        np.testing.assert_allclose(line["y"], np.array(heatmap["z"])[:, 1], atol=1e-6)
    assert [line["line"]["color"] for line in spec["data"]] == [
        figures.MODEL_A_COLOUR,
        figures.MODEL_B_COLOUR,
    ]
    assert spec["layout"]["showlegend"] and at.query_params["follow"] == "2"
    assert go_to(at, "translate").selectbox(key="translate_follow_box").value == 2

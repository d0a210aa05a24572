"""The dashboard's figure builders: pure functions from arrays and tokens to Plotly figures."""

import re

import numpy as np
import plotly.graph_objects as go
import pytest

from dashboard import figures
from nmt_core.analysis.querykey import QueryKeyMap
from nmt_core.measures.step_arithmetic import weighted_sum

SOURCE = ["▁Der", "▁Hund", ".", "</s>"]
TARGET = ["▁The", "▁dog", ".", "</s>"]


def attention(rows: int, cols: int, seed: int = 0) -> np.ndarray:
    """Random (rows, cols) attention whose rows sum to 1."""
    weights = np.random.default_rng(seed).random((rows, cols))
    return weights / weights.sum(axis=1, keepdims=True)


def heatmap_trace(fig: go.Figure) -> go.Heatmap:
    (trace,) = [t for t in fig.data if t.type == "heatmap"]
    return trace


def validated(fig: go.Figure) -> go.Figure:
    """``fig`` built again with Plotly's validation of every property (builders skip it)."""
    return go.Figure(fig.to_dict())


def tiny_query_key_map(centred: bool = False) -> QueryKeyMap:
    """Two queries and three keys of one sentence, whose text has markup in it."""
    pairs = np.array([(q, k) for q in range(2) for k in range(3)])
    energies = np.arange(6.0)
    return QueryKeyMap(
        scorer="additive" if centred else "dot",
        sentences=("Der <b>Hund</b> bellt.",),
        queries=np.array([[1.0, 0.0], [0.0, 1.0]]),
        keys=np.array([[1.0, 1.0], [-1.0, 0.5], [0.0, -1.0]]),
        query_sentence=np.zeros(2, dtype=int),
        query_step=np.arange(2),
        query_piece=("▁The", "</s>"),
        key_sentence=np.zeros(3, dtype=int),
        key_position=np.arange(3),
        key_piece=("▁Der", "<b>", "</s>"),
        key_step=np.array([0, 0, 1]),
        pairs=pairs,
        energies=energies,
        implied=energies,
        rho=1.0,
        rho_within=1.0,
        kept=1.0,
        centred=centred,
    )


EVERY_BUILDER = {
    "attention": lambda big: figures.attention_heatmap(
        attention(4, 4),
        SOURCE,
        TARGET,
        title="t",
        highlight_row=1,
        links={(0, 0)},
        presentation=big,
    ),
    "attention with coverage": lambda big: figures.attention_with_coverage(
        attention(4, 4),
        SOURCE,
        TARGET,
        np.array([1.0, 0.1, 1.2, 1.7]),
        threshold=0.25,
        marked={1},
        title="t",
        presentation=big,
        fit_screen=big,
    ),
    "coverage": lambda big: figures.coverage_chart(
        np.array([1.0, 0.1, 0.0, 0.3]),
        SOURCE,
        threshold=0.25,
        marked={1},
        top=2.5,
        title="t",
        presentation=big,
    ),
    "followed word": lambda big: figures.followed_word(
        {"A": np.full(4, 0.2), "B": np.full(4, 0.6)},
        TARGET,
        title="t",
        current=1,
        presentation=big,
        colours={"A": figures.MODEL_A_COLOUR},
    ),
    "difference": lambda big: figures.difference_heatmap(
        attention(4, 4), attention(4, 4, seed=1), SOURCE, TARGET, presentation=big
    ),
    "context": lambda big: figures.context_heatmap(np.ones((4, 6)), TARGET, presentation=big),
    "bar": lambda big: figures.bar_chart(
        np.ones(4) / 4,
        SOURCE,
        title="t",
        y_title="y",
        highlight=1,
        y_range=(0, 1),
        presentation=big,
    ),
    "weights": lambda big: figures.weights_chart(np.ones(4) / 4, SOURCE, presentation=big),
    "paired bars": lambda big: figures.paired_bars(
        {"α": np.ones(4) / 4, "relevance": np.ones(4) / 4}, SOURCE, title="t", presentation=big
    ),
    "votes": lambda big: figures.votes_chart([0, 3, 1, 0], SOURCE, presentation=big),
    "topk": lambda big: figures.topk_chart(
        ["▁a", "▁b"], np.ones(2) / 2, chosen="▁a", presentation=big
    ),
    "lines": lambda big: figures.step_lines({"A": np.zeros(4)}, tokens=TARGET, presentation=big),
    "lines without tokens": lambda big: figures.step_lines({"A": np.zeros(4)}, presentation=big),
    "links": lambda big: figures.alignment_links({(0, 1)}, SOURCE, TARGET, presentation=big),
    "animation": lambda big: figures.step_animation(
        np.arange(4.0),
        np.ones(4) / 4,
        weighted_sum(np.ones(4) / 4, np.ones((4, 40))),
        np.ones((4, 40)),
        SOURCE,
        ["▁The", "▁a"],
        np.array([0.9, 0.1]),
        chosen="▁The",
        step=1,
        presentation=big,
    ),
    "training": lambda big: figures.training_curves(
        [100, 200, 300],
        {"AER": [0.5, 0.4, 0.3], "BLEU": [None, 2.0, 4.0]},
        current=200,
        presentation=big,
        fine_tuned_at=200,
    ),
    "tree": lambda big: figures.beam_tree(
        {0: (0, 0.5), 1: (1, 0.0), 2: (1, 1.0)},
        {1: 0, 2: 0},
        {0: "<s>", 1: "▁a", 2: "</s>"},
        {0: "kept", 1: "pruned", 2: "ended"},
        [2],
        presentation=big,
    ),
    "bleu": lambda big: figures.bleu_by_length(
        {"a": [{"low": 0, "high": 5, "count": 1, "bleu": 1.0}]}, presentation=big
    ),
    "query-key map": lambda big: figures.query_key_map(
        tiny_query_key_map(), title="t", presentation=big
    ),
}


@pytest.mark.parametrize("big", [False, True], ids=["normal", "presentation"])
@pytest.mark.parametrize("name", list(EVERY_BUILDER))
def test_every_builder_makes_a_valid_plotly_figure(name, big):
    """Builders hand Plotly their specs unvalidated (for speed): Plotly checks them here."""
    fig = EVERY_BUILDER[name](big)
    again = validated(fig)  # raises on an unknown property or a wrong value
    assert again.to_dict()["data"] and again.layout.template.layout.plot_bgcolor == "white"
    assert again.layout.height == fig.layout.height


def test_heatmap_is_target_by_source_with_token_labels():
    matrix = attention(4, 4)
    fig = figures.attention_heatmap(matrix, SOURCE, TARGET, title="t")
    trace = heatmap_trace(fig)
    z = np.array(trace.z)
    assert z.shape == (len(TARGET), len(SOURCE))
    np.testing.assert_allclose(z.sum(axis=1), 1.0)
    np.testing.assert_allclose(z, matrix)
    # labels are escaped for Plotly, which would otherwise read "</s>" as a closing tag, and
    # the word-start mark is drawn small (D11: at full size it ran into the next label); the
    # labels side by side have a space either side ("▁park▁yesterday" ran together)
    small, space = '<span style="font-size:60%">▁</span>', "\u00a0"
    columns = [f"{small}Der", f"{small}Hund", ".", "&lt;/s&gt;"]
    assert list(fig.layout.xaxis.ticktext) == [f"{space}{label}{space}" for label in columns]
    assert list(fig.layout.yaxis.ticktext) == [f"{small}The", f"{small}dog", ".", "&lt;/s&gt;"]
    assert fig.layout.xaxis.autotickangles == (0, 90)  # upright when crowded, never slanted
    assert len(fig.layout.xaxis.tickvals) == z.shape[1] and len(fig.layout.yaxis.tickvals) == 4
    assert fig.layout.yaxis.autorange == "reversed"  # first target token on top
    # hover shows both tokens and the weight
    assert np.array(trace.customdata).shape == (4, 4, 2)
    assert list(trace.customdata[1][2]) == ["▁dog", "."]
    assert "%{z" in trace.hovertemplate


def test_a_long_sentences_column_labels_fit_their_columns():
    """D11: upright labels are a line of type high; 34 columns over a projector chart's least
    width get smaller type, a short sentence keeps the page's size, rows keep theirs."""
    pieces = [f"▁w{k}" for k in range(34)]
    long = figures.attention_heatmap(attention(34, 34), pieces, pieces, presentation=True)
    short = figures.attention_heatmap(attention(4, 4), SOURCE, TARGET, presentation=True)
    column = figures.layout.LEAST_PLOT_WIDTH[True] / 34
    assert long.layout.xaxis.tickfont.size * 1.2 <= column < 20 * 1.2
    assert short.layout.xaxis.tickfont.size == 20 == long.layout.yaxis.tickfont.size


def test_repeated_tokens_keep_their_own_rows_and_columns():
    tokens = ["▁a", "▁a", "▁a"]
    fig = figures.attention_heatmap(attention(3, 3), tokens, tokens)
    assert list(heatmap_trace(fig).x) == [0, 1, 2] and list(heatmap_trace(fig).y) == [0, 1, 2]


def test_heatmaps_share_one_colour_scale():
    small = figures.attention_heatmap(attention(2, 3) * 0.5, SOURCE[:3], TARGET[:2])
    large = figures.attention_heatmap(attention(4, 4), SOURCE, TARGET)
    for fig in (small, large):
        assert (heatmap_trace(fig).zmin, heatmap_trace(fig).zmax) == (0.0, 1.0)
    assert heatmap_trace(small).colorscale == heatmap_trace(large).colorscale


def test_presentation_mode_uses_big_fonts_and_a_projector_scale():
    normal = figures.attention_heatmap(attention(4, 4), SOURCE, TARGET)
    shown = figures.attention_heatmap(attention(4, 4), SOURCE, TARGET, presentation=True)
    assert shown.layout.font.size > normal.layout.font.size
    assert [list(c) for c in heatmap_trace(shown).colorscale] == figures.PROJECTOR_SCALE
    assert [list(c) for c in heatmap_trace(normal).colorscale] == figures.ATTENTION_SCALE
    # explicit colour lists, never a scale's name (plotly.js reads some names the other way):
    # their direction is checked on Chromium's pixels in tests/test_colours_in_the_browser.py
    for scale in (figures.ATTENTION_SCALE, figures.PROJECTOR_SCALE, figures.DIFFERENCE_SCALE):
        assert isinstance(scale, list) and scale[0][0] == 0 and scale[-1][0] == 1


@pytest.mark.parametrize("shape", [(3, 4), (4, 3), (4,)])
def test_labels_that_do_not_fit_the_matrix_are_an_error(shape):
    with pytest.raises(ValueError, match="shape"):
        figures.attention_heatmap(np.ones(shape), SOURCE, TARGET)


def test_highlighted_step_is_framed():
    fig = figures.attention_heatmap(attention(4, 4), SOURCE, TARGET, highlight_row=2)
    (frame,) = fig.layout.shapes
    assert (frame.y0, frame.y1) == (1.5, 2.5)
    assert (frame.x0, frame.x1) == (-0.5, 3.5)
    with pytest.raises(ValueError, match="highlight_row"):
        figures.attention_heatmap(attention(4, 4), SOURCE, TARGET, highlight_row=4)


def test_hard_links_are_marked_on_the_heatmap():
    fig = figures.attention_heatmap(attention(4, 4), SOURCE, TARGET, links={(0, 0), (2, 1)})
    (marks,) = [t for t in fig.data if t.type == "scatter"]
    assert list(zip(marks.x, marks.y, strict=True)) == [(0, 0), (2, 1)]


def test_difference_heatmap_has_the_shape_of_its_inputs_and_a_fixed_scale():
    a, b = attention(4, 4, seed=1), attention(4, 4, seed=2)
    fig = figures.difference_heatmap(a, b, SOURCE, TARGET)
    trace = heatmap_trace(fig)
    np.testing.assert_allclose(np.array(trace.z), a - b)
    assert (trace.zmin, trace.zmax) == (-1.0, 1.0)
    with pytest.raises(ValueError, match="matrix B"):
        figures.difference_heatmap(a, attention(3, 4), SOURCE, TARGET)


def test_link_figure_draws_one_line_per_link():
    links = {(0, 1), (1, 0), (2, 2), (2, 3)}
    matrix = attention(4, 4)
    fig = figures.alignment_links(links, SOURCE, TARGET, matrix)
    lines = [t for t in fig.data if t.name == "link"]
    assert len(lines) == len(links)
    assert all(list(t.x) == [0, 1] for t in lines)  # source on the left, target on the right
    (source,) = [t for t in fig.data if t.name == "source"]
    (target,) = [t for t in fig.data if t.name == "target"]
    assert list(source.text) == ["▁Der", "▁Hund", ".", "&lt;/s&gt;"] and len(target.text) == 4
    # the line for link (source 1, target 0) starts at source token 1 and ends at target token 0
    line = next(t for t in lines if "▁Hund → ▁The" in t.hovertemplate)
    assert (line.y[0], line.y[1]) == (source.y[1], target.y[0])
    assert line.line.width == pytest.approx(1 + 5 * matrix[0, 1])
    assert not [t for t in figures.alignment_links(set(), SOURCE, TARGET).data if t.name == "link"]
    with pytest.raises(ValueError, match="out of range"):
        figures.alignment_links({(4, 0)}, SOURCE, TARGET)


def test_bar_and_topk_charts_check_their_labels():
    bars = figures.bar_chart(np.array([0.1, 0.2, 0.3, 0.4]), SOURCE, highlight=3, y_range=(0, 1))
    assert list(bars.data[0].y) == [0.1, 0.2, 0.3, 0.4]
    assert bars.data[0].marker.color[3] == figures.HIGHLIGHT
    assert bars.data[0].marker.color[0] != figures.HIGHLIGHT
    with pytest.raises(ValueError):
        figures.bar_chart(np.ones(3), SOURCE)
    paired = figures.paired_bars({"α": np.array([0.1, 0.2, 0.3, 0.4]), "r": np.ones(4) / 4}, SOURCE)
    assert [t.marker.color for t in paired.data] == list(figures.PAIRED_COLOURS.values())
    assert list(paired.data[0].y) == [0.1, 0.2, 0.3, 0.4] and paired.layout.barmode == "group"
    with pytest.raises(ValueError, match="r: 3 values"):
        figures.paired_bars({"α": np.ones(4), "r": np.ones(3)}, SOURCE)
    weights = figures.weights_chart(np.array([0.1, 0.6, 0.2, 0.1]), SOURCE)
    assert weights.data[0].marker.color[1] == figures.HIGHLIGHT  # the most attended piece
    assert list(weights.layout.yaxis.range) == [0, 1]
    topk = figures.topk_chart(["▁The", "▁A"], np.array([0.7, 0.2]), chosen="▁A")
    assert list(topk.data[0].x) == [0.7, 0.2] and topk.data[0].marker.color[1] == figures.HIGHLIGHT
    assert list(topk.layout.xaxis.range) == [0, 1]
    votes = figures.topk_chart(["▁The", "▁A"], np.array([7.5, -2.0]), value_title="Score",
                               value_range=None)  # fmt: skip
    assert votes.layout.xaxis.range is None and votes.layout.xaxis.title.text == "Score"
    with pytest.raises(ValueError):
        figures.topk_chart(["▁The"], np.array([0.7, 0.2]))


def test_step_lines_one_trace_per_series():
    fig = figures.step_lines({"A": np.zeros(4), "B": np.ones(4)}, tokens=TARGET)
    assert [t.name for t in fig.data] == ["A", "B"]
    with pytest.raises(ValueError, match="steps"):
        figures.step_lines({"A": np.zeros(3)}, tokens=TARGET)


def test_context_heatmap_is_steps_by_dimensions():
    contexts = np.tile(np.arange(6.0) - 3, (4, 1))  # the no-attention model: identical rows
    trace = heatmap_trace(figures.context_heatmap(contexts, TARGET))
    assert np.array(trace.z).shape == (4, 6)
    assert trace.zmin == -trace.zmax == -3.0  # symmetric around 0
    with pytest.raises(ValueError):
        figures.context_heatmap(contexts, TARGET[:3])


def test_the_context_vectors_dimensions_are_numbered_in_the_pages_type():
    """512 columns cut the type of their labels to 8 px, and the dimensions' few numbers
    were drawn in it on a projector: they take the page's type, as the rows do."""
    for big, size in ((False, 13), (True, 20)):
        fig = figures.context_heatmap(np.ones((4, 512)), TARGET, presentation=big)
        assert fig.layout.xaxis.tickmode == "auto"  # a few numbers, not a label per column
        assert fig.layout.xaxis.tickfont.size == size == fig.layout.yaxis.tickfont.size


def test_long_upright_labels_leave_the_axis_title_its_room():
    """Beam search's axis title was cut ("log probabili"): upright labels of long pieces took
    their length from a chart of fixed height, and the plot left was shorter than its axis
    title. The chart grows by its labels' band: measured with the widest type a class's
    browser may use (CHARACTER_WIDTH), the plot stays taller than the title."""
    pieces = ["▁Die", "▁vor", "liegende", "▁Schwangerschaft", "▁war", "▁eine", "▁Heraus",
              "forderung", "▁für", "▁die", "▁pharmazeutische", "▁Firma", ".", "</s>"]  # fmt: skip
    width = figures.layout.CHARACTER_WIDTH
    for big in (False, True):
        fig = figures.step_lines(
            {"candidate 1": np.zeros(len(pieces))},
            tokens=pieces,
            title="log p of each piece",
            y_title="log probability",
            presentation=big,
        )
        layout = fig.layout
        labels = max(map(len, pieces)) * width * layout.xaxis.tickfont.size  # upright
        title = 1.3 * layout.title.font.size + layout.title.pad.b  # one line
        plot = layout.height - layout.margin.t - layout.margin.b - title - labels
        assert plot >= len("log probability") * width * layout.font.size, (big, plot)


def test_the_training_curves_mark_where_fine_tuning_began():
    """A dashed line at the step fine-tuning began, down every stacked chart, labelled;
    none for a model trained from scratch."""
    steps, series = [250, 500, 750, 1000], {"AER": [0.5, 0.4, 0.3, 0.3], "BLEU": [1, 2, 3, 4]}
    fig = figures.training_curves(steps, series, current=500, fine_tuned_at=750)
    (line,) = [shape for shape in fig.layout.shapes if shape.name == "fine-tuning begins"]
    lowest = fig.layout.yaxis2.domain[0]  # the lines stop there: the step axis's labels below
    assert (line.x0, line.x1, line.y0, line.y1, line.yref) == (750, 750, lowest, 1, "paper")
    assert lowest > 0 and all(shape.y0 == lowest for shape in fig.layout.shapes)
    assert line.line.dash == "dash" and line.line.color != figures.HIGHLIGHT  # not the current
    (label,) = fig.layout.annotations
    assert "fine-tuning" in label.text and label.x == 750 and label.xref == "x"
    plain = figures.training_curves(steps, series, current=500)
    assert [shape.name for shape in plain.layout.shapes] == ["current step"]
    assert not plain.layout.annotations


def test_bleu_by_length_one_line_per_model():
    buckets = [
        {"low": 0, "high": 5, "count": 10, "bleu": 30.0, "chrf": 50.0},
        {"low": 30, "high": 1000, "count": 3, "bleu": 10.0, "chrf": 40.0},
    ]
    fig = figures.bleu_by_length({"additive": buckets, "none": buckets[:1]})
    assert [t.name for t in fig.data] == ["additive", "none"]
    assert list(fig.data[0].x) == ["0–4<br>n=10", "30+<br>n=3"]
    assert list(fig.data[0].y) == [30.0, 10.0]
    # the hover names the bucket in words and the count in sentences, not the tick's "n="
    assert [list(c) for c in fig.data[0].customdata] == [["0–4", 10], ["30+", 3]]
    assert fig.data[0].hovertemplate.startswith("%{customdata[0]} words: BLEU")


def test_standalone_html_inlines_plotly_js():
    fig = figures.attention_heatmap(attention(4, 4), SOURCE, TARGET, title="<b>x</b>")
    page = figures.to_html(fig)
    assert "<html>" in page[:100] and not re.search(r"<script[^>]*src=", page)
    assert len(page) > 1_000_000  # plotly.js itself is inside, so it opens offline
    assert fig.layout.title.text == "&lt;b&gt;x&lt;/b&gt;"  # the title is text, not markup
    assert "<b>x</b>" not in page
    noted = figures.to_html(fig, ["Sentence: <i>Der Hund</i>", "Model: dot"])
    assert "<p>Sentence: &lt;i&gt;Der Hund&lt;/i&gt;</p>" in noted and "<p>Model: dot</p>" in noted


def test_the_step_animation_plays_scores_softmax_each_weighted_annotation_and_the_next_piece():
    values = np.random.default_rng(0).normal(size=(4, 40))
    weights = np.array([0.1, 0.6, 0.2, 0.1])
    terms = weighted_sum(weights, values)
    sums = terms.partial_sums
    fig = validated(
        figures.step_animation(
            np.array([1.0, 3.0, 2.0, 1.0]), weights, terms, values, SOURCE, ["▁The", "▁a"],
            np.array([0.9, 0.1]), chosen="▁The", step=2,
        )
    )  # fmt: skip
    names = [frame.name for frame in fig.frames]
    assert names[0].startswith("1 · the scores e₂,ⱼ") and names[1].startswith("2 · softmax")
    assert names[2:6] == [f"3 · c₂ += α₂,{j} · h{j}  (α = {w:.2f})" for j, w in
                          zip("₁₂₃₄", weights, strict=True)]  # fmt: skip
    assert names[-1] == "4 · c₂ is complete; the decoder writes ▁The"
    dims = figures.ANIMATION_DIMENSIONS
    grids = [grid_of(frame.data[2], dims) for frame in fig.frames]
    assert grids[0].shape == (5, dims)  # four annotations and the context row
    np.testing.assert_allclose(grids[3][:2], weights[:2, None] * values[:2, :dims])  # faded
    np.testing.assert_allclose(grids[3][2:4], values[2:4, :dims])  # not yet added
    np.testing.assert_allclose(grids[3][4], sums[1, :dims])
    np.testing.assert_allclose(grids[-1][4], sums[-1, :dims])
    # the slider and the play button drive the frames in the browser
    assert [list(step.args[0]) for step in fig.layout.sliders[0].steps] == [[n] for n in names]
    play = fig.layout.updatemenus[0]
    assert play.buttons[0].label == "▶ Play"
    # D8: no transition (a heatmap cannot tween: the grid went blank at every frame), and Play
    # above the chart, not under its 700 px
    assert play.buttons[0].args[1]["transition"]["duration"] == 0
    assert play.y >= 1 and play.yanchor == "bottom"
    with pytest.raises(ValueError, match="terms"):
        figures.step_animation(weights, weights, weighted_sum(weights, values[:, :3]), values,
                               SOURCE, ["▁a"], np.ones(1),
                               chosen="▁a", step=1)  # fmt: skip


def grid_of(cells: go.Bar, dims: int) -> np.ndarray:
    """The step animation's grid of annotations as (rows, dims) numbers: its cells' colours."""
    return np.reshape(np.asarray(cells.marker.color, dtype=float), (-1, dims))


def long_step_animation(presentation: bool) -> go.Figure:
    """A step over long source pieces, which stand upright under the bars."""
    pieces = ["▁Schwesterchen", "▁Hausaufgaben", "▁gemacht", "▁Morgen"] * 3
    values = np.random.default_rng(1).normal(size=(len(pieces), 64))
    weights = np.full(len(pieces), 1 / len(pieces))
    return figures.step_animation(
        np.arange(len(pieces), dtype=float), weights, weighted_sum(weights, values), values,
        pieces, ["▁The", "▁a"], np.array([0.9, 0.1]), chosen="▁The", step=12,
        presentation=presentation,
    )  # fmt: skip


@pytest.mark.parametrize("big", [False, True], ids=["normal", "presentation"])
def test_every_frame_of_the_step_animation_replaces_every_cell_of_the_grid(big):
    """While playing, the grid of annotations went blank at every frame change: Plotly paints a
    heatmap as an image, a new one each frame, and the browser shows nothing until it has
    decoded it. The grid is now cells drawn as shapes (a bar each), and every frame carries the
    three traces, the grid with a colour for each of its cells on one fixed scale."""
    fig = validated(long_step_animation(big))
    cells = fig.data[2]
    assert [t.type for t in fig.data] == ["bar", "bar", "bar"]  # no heatmap, no image
    rows, dims = 13, figures.ANIMATION_DIMENSIONS  # twelve pieces and c_t
    assert len(cells.x) == len(cells.y) == len(cells.base) == rows * dims and cells.width == 1
    for frame in fig.frames:
        assert list(frame.traces) == [0, 1, 2]
        assert [t.type for t in frame.data] == [t.type for t in fig.data]
        assert len(frame.data[0].y) == 12 and len(frame.data[1].x) == 2
        grid = frame.data[2].marker
        assert grid_of(frame.data[2], dims).shape == (rows, dims)
        assert (grid.cmin, grid.cmax, grid.colorscale) == (
            cells.marker.cmin, cells.marker.cmax, cells.marker.colorscale)  # fmt: skip


@pytest.mark.parametrize("big", [False, True], ids=["normal", "presentation"])
def test_the_step_animations_grid_has_a_colour_bar_and_leaves_room_for_the_labels(big):
    """The source pieces, upright under the bars, ran into the grid below them, and nothing said
    what the grid's colours mean. The gap between the bars and the grid now holds the longest
    label (at the widest fonts, as every upright axis is sized), and a colour bar stands beside
    the grid, as long as it: red below 0, white at 0, blue above."""
    fig = validated(long_step_animation(big))
    layout = fig.layout
    plot = layout.height - layout.margin.t - layout.margin.b - 20  # its area's height, in px
    gap = (layout.yaxis.domain[0] - layout.yaxis3.domain[1]) * plot
    size = layout.xaxis.tickfont.size
    assert gap >= len("▁Schwesterchen") * 0.62 * size + 10
    marker = fig.data[2].marker
    assert marker.showscale and marker.colorbar.title.text
    assert marker.colorbar.len == pytest.approx(layout.yaxis3.domain[1])
    assert (marker.colorbar.y, marker.colorbar.yanchor) == (0, "bottom")  # beside the grid
    assert marker.colorscale[0][1] == figures.FADE_SCALE[0][1] and marker.cmin == -marker.cmax


def test_the_step_animation_writes_subscripts_as_the_dashboard_does():
    """Its labels wrote "c_3", "e_3,j", "h_j" in plain text; the dashboard's other charts write
    subscripts in Unicode ("α₆,ⱼ"), and so does the animation now: c₁₂, e₁₂,ⱼ, α₁₂,₃, hⱼ."""
    fig = long_step_animation(True)
    texts = [fig.layout.title.text, fig.layout.xaxis3.title.text, *fig.layout.yaxis3.ticktext,
             *(frame.name for frame in fig.frames)]  # fmt: skip
    plain = [text for text in texts if re.search(r"[a-zα]_[\w{]", text)]
    assert not plain, plain
    assert "c₁₂" in fig.layout.title.text and fig.layout.yaxis3.ticktext[-1] == "= c₁₂"
    assert fig.layout.xaxis3.title.text.endswith("each hⱼ")
    assert fig.frames[4].name.startswith("3 · c₁₂ += α₁₂,₃ · h₃")
    assert figures.subscript("t-1") == "ₜ₋₁"


def test_every_model_gets_its_own_line_colour_and_the_shipped_ones_their_scorers():
    shipped = [("de-en-additive", "additive"), ("de-en-dot", "dot"), ("de-en-none", "none")]
    colours = figures.model_colours(shipped)
    assert colours == {n: figures.SCORER_COLOURS[s] for n, s in shipped}
    # a second additive model (another decoder) and a scorer not in the table: spare colours
    more = [*shipped, ("de-en-additive-bahdanau", "additive"), ("mine", "bilinear")]
    colours = figures.model_colours(more)
    assert len(set(colours.values())) == len(more)
    assert colours["de-en-additive"] == figures.SCORER_COLOURS["additive"]
    assert colours["mine"] != figures.SCORER_COLOURS["none"]  # grey means no attention
    many = figures.model_colours([(f"m{i}", "additive") for i in range(12)])
    assert len(many) == 12  # more models than colours: the spares repeat, nothing fails


def test_pair_heatmaps_put_a_beside_b_on_the_same_tokens_and_scale():
    a, b = attention(4, 4, seed=1), attention(4, 4, seed=2)
    fig = figures.pair_heatmaps(a, b, SOURCE, TARGET, names=("m-a", "m-b"))
    first, second = fig.data
    assert (first.xaxis, second.xaxis, first.yaxis, second.yaxis) == ("x", "x2", "y", "y")
    np.testing.assert_allclose(np.array(first.z), a)
    np.testing.assert_allclose(np.array(second.z), b)
    assert (first.zmin, first.zmax, second.zmin, second.zmax) == (0.0, 1.0, 0.0, 1.0)
    assert first.showscale and not second.showscale  # one colour bar for both
    assert fig.layout.xaxis.domain[1] <= fig.layout.xaxis2.domain[0]  # A left of B
    # hovering a cell of either panel: its row in both panels, one box with A's and B's weight
    assert (fig.layout.hovermode, fig.layout.hoversubplots) == ("y unified", "axis")
    assert fig.layout.xaxis2.matches == "x"
    assert "A m-a" in first.hovertemplate and "B m-b" in second.hovertemplate
    with pytest.raises(ValueError, match="matrix B"):
        figures.pair_heatmaps(a, attention(3, 4), SOURCE, TARGET, names=("m-a", "m-b"))


def test_the_pairs_colour_bar_sits_below_its_upright_labels():
    """Compare: long source pieces drawn upright ran into the colour bar under A and B (seen at
    1024x768 on the shipped models). The bar sits on the figure's bottom edge, and the bottom
    margin holds the longest label, at the widest fonts, and the bar."""
    pieces = ["▁Schwesterchen", "▁Hausaufgaben", "▁gemacht"] * 4
    fig = figures.pair_heatmaps(
        attention(4, 12), attention(4, 12, 1), pieces, TARGET, names=("a", "b"), presentation=True
    )
    bar = fig.data[0].colorbar
    assert (bar.yref, bar.y, bar.yanchor) == ("container", 0.0, "bottom")
    size = fig.layout.xaxis.tickfont.size
    assert fig.layout.margin.b >= len("▁Schwesterchen") * 0.62 * size + 60
    short = figures.pair_heatmaps(attention(4, 4), attention(4, 4, 1), SOURCE, TARGET,
                                  names=("a", "b"), presentation=True)  # fmt: skip
    assert short.layout.margin.b < fig.layout.margin.b  # side by side labels: one line


def test_the_toolbar_runs_down_the_right_edge_never_over_a_title():
    """D9: Plotly's toolbar, shown on hover, covered the chart titles along the top."""
    shown = [
        figures.attention_heatmap(attention(4, 4), SOURCE, TARGET, title="A long title " * 4),
        figures.bar_chart([0.5, 0.5], ["a", "b"], title="t"),
        figures.difference_heatmap(attention(4, 4), attention(4, 4, 1), SOURCE, TARGET),
    ]
    assert all(fig.layout.modebar.orientation == "v" for fig in shown)


def test_no_beam_tree_label_runs_into_the_next_steps_nodes():
    """Each step starts after the longest label of the step before."""
    places = {0: (0, 1.0), 1: (1, 0.0), 2: (1, 2.0), 3: (2, 0.0), 4: (2, 2.0)}
    labels = {0: "<s>", 1: "▁tomorrow", 2: "▁a", 3: "▁the", 4: "</s>"}
    fig = figures.beam_tree(
        places, {1: 0, 2: 0, 3: 1, 4: 2}, labels, dict.fromkeys(labels, "kept"), [1, 3]
    )
    (kept,) = [trace for trace in fig.data if trace.name == "kept"]
    x_of = dict(zip(kept.customdata, kept.x, strict=True))
    for node, (step, _) in places.items():
        later = [x_of[n] for n, (s, _) in places.items() if s == step + 1]
        assert all(x_of[node] + len(labels[node]) < x for x in later), (node, labels[node])
    assert list(fig.layout.xaxis.ticktext) == ["0", "1", "2"]  # the axis still counts steps


def test_the_query_key_map_draws_queries_and_keys_with_what_a_click_opens():
    """Two marker styles on one scale for both axes (angles and lengths read true), the centre
    named for what it is, hovers that keep markup as text, and each point's (sentence, step)."""
    fig = figures.query_key_map(tiny_query_key_map(), title="t")
    keys, queries, centre = fig.data
    assert (queries.marker.symbol, keys.marker.symbol) == ("circle", "diamond")
    assert list(queries.x) == [1.0, 0.0] and list(keys.y) == [1.0, 0.5, -1.0]
    assert fig.layout.yaxis.scaleanchor == "x"
    assert centre.name == "the origin" and list(centre.x) == [0]
    assert figures.query_key_map(tiny_query_key_map(True), title="t").data[2].name == (
        "the points' mean"
    )
    assert [list(c) for c in queries.customdata] == [[0, 1], [0, 2]]  # steps from 1
    assert [list(c) for c in keys.customdata] == [[0, 1], [0, 1], [0, 2]]  # most attending
    assert "writes “&lt;/s&gt;”" in queries.text[1] and "<b>" not in queries.text[1]
    assert "Der &lt;b&gt;Hund&lt;/b&gt; bellt." in keys.text[1] and "“&lt;b&gt;”" in keys.text[1]
    assert "attended most at step 2" in keys.text[2]


# --- Coverage: the bars under the heatmap, the coverage so far, one word followed -------------


def coverage_parts(fig: go.Figure) -> tuple[go.Bar, go.Scatter, dict]:
    """The coverage bars, the red values above the threshold, and the dashed line; and checks
    the see-through columns under the bars: one a token, edge to edge and up to the axis' top,
    each saying its token and value on hover (they take the clicks; the bars take none)."""
    (columns,) = [t for t in fig.data if t.type == "bar" and t.name == figures.coverage.COLUMNS]
    (bars,) = [t for t in fig.data if t.type == "bar" and t.name != figures.coverage.COLUMNS]
    axis = fig.layout[f"yaxis{(bars.yaxis or 'y')[1:]}"]
    assert fig.data.index(columns) < fig.data.index(bars) and fig.layout.barmode == "overlay"
    assert list(columns.x) == list(bars.x) and columns.width == 1
    assert set(columns.y) == {axis.range[1]} and columns.marker.color == "rgba(0,0,0,0)"
    assert [c[1] for c in columns.customdata] == pytest.approx(list(bars.y))
    assert "click" in columns.hovertemplate and bars.hoverinfo == "skip"
    (values,) = [t for t in fig.data if t.type == "scatter" and t.mode == "text"]
    (line,) = [shape for shape in fig.layout.shapes if shape.name == "threshold"]
    return bars, values, line


@pytest.mark.parametrize("fit_screen", [False, True])
def test_the_coverage_bars_stand_under_the_heatmaps_columns_with_the_threshold(fit_screen):
    """Each bar under its own column: the bars share the heatmap's x axis (one axis, so they
    line up whatever the page's width), in a panel under it; a dashed line at the threshold,
    the marked bars red with their value, the others grey; the colour bar beside the heatmap
    only."""
    coverage = np.array([1.0, 0.1, 1.2, 1.7])
    fig = figures.attention_with_coverage(
        attention(4, 4), SOURCE, TARGET, coverage, threshold=0.25, marked={1},
        presentation=fit_screen, fit_screen=fit_screen,
    )  # fmt: skip
    bars, values, line = coverage_parts(fig)
    heat = heatmap_trace(fig)
    assert (bars.xaxis, bars.yaxis) == ("x", "y2") and heat.xaxis in (None, "x")
    assert list(bars.x) == list(heat.x) == [0, 1, 2, 3]
    assert list(fig.layout.xaxis.range) == [-0.5, 3.5]  # the columns edge to edge, no padding
    np.testing.assert_allclose(bars.y, coverage)
    assert fig.layout.yaxis2.domain[1] < fig.layout.yaxis.domain[0]  # under the heatmap
    assert fig.layout.yaxis2.anchor == "x"
    assert heat.colorbar.len <= 1 - fig.layout.yaxis.domain[0] + 1e-9  # beside the heatmap
    assert list(bars.marker.color) == [
        figures.coverage.COVERED_COLOUR,
        figures.HIGHLIGHT,
        *[figures.coverage.COVERED_COLOUR] * 2,
    ]
    assert list(values.x) == [1] and list(values.text) == ["0.10"]
    assert values.textfont.color == figures.HIGHLIGHT and list(values.y) == [0.25]
    assert (line.y0, line.y1, line.yref, line.line.dash) == (0.25, 0.25, "y2", "dash")
    assert 0.25 in fig.layout.yaxis2.tickvals and 1 in fig.layout.yaxis2.tickvals
    assert fig.layout.yaxis2.range[1] > 1.7  # the tallest bar fits
    # the source tokens above the heatmap head the columns of both (no second row of labels)
    assert fig.layout.xaxis.side == "top"
    assert not any(key.startswith("xaxis2") for key in fig.layout.to_plotly_json())
    with pytest.raises(ValueError, match="coverages"):
        figures.attention_with_coverage(
            attention(4, 4), SOURCE, TARGET, coverage[:3], threshold=0.25
        )


def test_the_coverage_so_far_keeps_its_scale_while_it_fills_up():
    """Step through redraws the chart at every step: its axis reaches ``top`` (the most any
    token gets by the last step), so the bars grow instead of the axis shrinking."""
    early = figures.coverage_chart(np.array([0.1, 0.0, 0.0, 0.9]), SOURCE, threshold=0.25, top=2)
    late = figures.coverage_chart(np.array([1.0, 0.9, 0.1, 2.0]), SOURCE, threshold=0.25, top=2)
    assert list(early.layout.yaxis.range) == list(late.layout.yaxis.range)
    assert early.layout.yaxis.range[1] >= 2
    bars, values, line = coverage_parts(early)
    assert set(bars.marker.color) == {figures.coverage.COVERED_COLOUR} and not list(values.x)
    assert line.line.dash == "dash" and line.y0 == 0.25
    assert list(early.layout.xaxis.tickvals) == [0, 1, 2, 3]  # under each token its label


def test_a_followed_word_is_a_line_per_model_on_a_fixed_weight_axis_with_the_current_step():
    one = figures.followed_word({"de-en-dot": np.array([0.1, 0.8, 0.05, 0.0])}, TARGET)
    assert list(one.layout.yaxis.range) == [0, 1.05] and not one.layout.showlegend
    assert not one.layout.shapes
    np.testing.assert_allclose(one.data[0].y, [0.1, 0.8, 0.05, 0.0])
    colours = {"A: a": figures.MODEL_A_COLOUR, "B: b": figures.MODEL_B_COLOUR}
    two = figures.followed_word(
        {"A: a": np.zeros(4), "B: b": np.ones(4)}, TARGET, current=2, colours=colours
    )
    assert [t.name for t in two.data] == ["A: a", "B: b"] and two.layout.showlegend
    assert [t.line.color for t in two.data] == list(colours.values())
    (step,) = two.layout.shapes
    assert (step.x0, step.x1, step.line.color) == (2, 2, figures.HIGHLIGHT)
    with pytest.raises(ValueError, match="current step"):
        figures.followed_word({"A": np.zeros(4)}, TARGET, current=4)
    with pytest.raises(ValueError, match="steps"):
        figures.followed_word({"A": np.zeros(3)}, TARGET)


def test_the_votes_chart_counts_whole_votes_per_word_in_the_class_colour():
    fig = figures.votes_chart([0, 3, 1, 7], SOURCE, presentation=True, height=290)
    (bars,) = fig.data
    assert list(bars.y) == [0, 3, 1, 7] and list(bars.text) == ["0", "3", "1", "7"]
    assert bars.marker.color == figures.PAIRED_COLOURS["blue"]  # the class's, after the reveal
    assert fig.layout.yaxis.dtick == 2 and fig.layout.yaxis.range[1] > 7
    with pytest.raises(ValueError, match="3 counts but 4 words"):
        figures.votes_chart([0, 1, 2], SOURCE)


def test_the_join_qr_code_draws_the_links_symbol_black_on_white():
    """The SVG's dark modules are exactly those of the link's QR symbol (segno's matrix, error
    correction M, a 2-module white border), sized for the projector."""
    import segno

    link = "http://192.168.1.23:8501/?class=abcdefghijkm"
    svg = figures.join_qr(link, 240)
    assert svg.startswith('<svg width="240" height="240" ') and 'fill="#fff"' in svg
    symbol = segno.make(link, error="m", micro=False)
    size = len(symbol.matrix) + 2 * 2
    assert f'viewBox="0 0 {size} {size}"' in svg
    (path,) = re.findall(r'<path[^>]* stroke="#000" d="([^"]+)"', svg)
    dark, x, y = set(), 0.0, 0.0
    for command, numbers in re.findall(r"([MmHh])([-\d. ]+)", path.replace("\n", "")):
        values = [float(v) for v in numbers.split()]
        if command in "Mm":
            x, y = (values[0], values[1]) if command == "M" else (x + values[0], y + values[1])
        else:
            dark |= {(int(y - 0.5) - 2, int(x) + k - 2) for k in range(int(values[0]))}
            x += values[0]
    drawn = {(r, c) for r, row in enumerate(symbol.matrix) for c, v in enumerate(row) if v}
    assert dark == drawn

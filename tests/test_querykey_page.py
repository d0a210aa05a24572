"""The Query–key map page (dashboard/app_pages/querykey.py, its widgets and views/querykey.py):
computed on demand, its numbers and what it keeps said, a TSV of one's own read or refused in
one message, and a clicked point turned into a sentence and a step.

The click itself, which opens Step through, is tested in a real browser
(tests/test_dashboard_browser.py): AppTest cannot select a chart's points.
"""

from __future__ import annotations

import html
import json
from dataclasses import replace

import numpy as np
import pytest
import test_dashboard
from streamlit.testing.v1 import AppTest
from test_dashboard import SENTENCE, at_root, figure, go_to
from test_figures import tiny_query_key_map

from dashboard.views import examples, querykey
from nmt_core.analysis.querykey import steps_found
from nmt_core.checkpoint import load_checkpoint
from nmt_core.network.scorers import scorer
from nmt_core.translate import translate

root = test_dashboard.root  # fixtures: the toy checkpoints,
app = test_dashboard.app  # and the app on them with the toy sentence typed in
TOY_TSV = "Ka Mo Ti Tu .\tTu Ti Mo Ka .\nTu Ka .\tKa Tu .\n"


def drawn(at: AppTest, count: int = 3) -> AppTest:
    """The map page with the first ``count`` everyday sentences, Draw pressed."""
    go_to(at, "querykey")
    at.slider(key="qk_count").set_value(count).run()
    at.button(key="qk_draw").click().run()
    assert not at.exception, at.exception
    return at


def test_the_map_is_drawn_only_when_asked_with_its_numbers_and_what_it_keeps(app):
    go_to(app, "querykey")
    assert not app.get("plotly_chart")
    assert any("when you press Draw" in caption.value for caption in app.caption)
    drawn(app)
    keys, typed_keys, queries, typed_queries, centre = figure(app, "qk_chart")["data"]
    sentences = querykey.everyday_sentences("de-en").texts[:2]  # after the typed one: three in all
    assert {c[0] for c in queries["customdata"]} == {1, 2}
    assert "sentence 2: " + sentences[0] in queries["text"][0]
    assert centre["name"] == "the points' mean"  # the toy is additive
    assert [metric.label for metric in app.metric] == ["ρ, all pairs", "ρ within a step",
                                                       "length kept"]  # fmt: skip
    keeps = scorer("additive").map_keeps(app.session_state["settings"].model.config.decoder)
    assert any(block.value == keeps for block in app.markdown)
    assert any("Spearman" in caption.value for caption in app.caption)
    app.slider(key="qk_count").set_value(2).run()  # other sentences: asked again
    assert not app.get("plotly_chart")


def test_the_typed_sentence_is_on_the_map_large_with_its_pieces_and_a_line_to_read_it(app):
    drawn(app)
    spec = figure(app, "qk_chart")
    traces = {trace["name"]: trace for trace in spec["data"]}
    typed = load_checkpoint(at_root(app))
    result = translate(typed, SENTENCE)
    queries, keys = traces["your sentence: queries"], traces["your sentence: keys"]
    assert queries["text"] == [html.escape(piece) for piece in result.best.target_pieces]
    assert keys["mode"] == "markers"  # crowded near the centre: named on hover, not piled up
    named = zip(result.source_pieces, keys["text"], strict=True)
    assert all(f"“{html.escape(piece)}”" in hover for piece, hover in named)
    assert {c[0] for c in queries["customdata"]} == {0} and queries["mode"] == "markers+text"
    assert queries["marker"]["size"] > traces["queries (decoder steps)"]["marker"]["size"]
    found = app.session_state["qk_asked"]  # (model, sentences): the typed one first
    assert found[1][0] == SENTENCE
    said = " ".join(block.value for block in app.markdown) + " ".join(i.value for i in app.info)
    assert "Your sentence is drawn large" in said or "would be a blob" in said


def test_a_map_that_keeps_little_says_so_and_draws_its_points_only_when_asked():
    little = replace(tiny_query_key_map(), rho_within=0.2)
    assert querykey.shows_little(little) and not querykey.shows_little(tiny_query_key_map())
    assert querykey.shows_little(replace(little, rho_within=float("nan")))


def test_the_typed_sentence_comes_first_once_and_the_count_stays():
    others = ("Der Hund schläft.", "Ich bin müde.", "Es regnet.")
    assert querykey.with_typed(" Ich  bin müde. ", others) == (
        ("Ich bin müde.", "Der Hund schläft.", "Es regnet."),
        True,
    )
    assert querykey.with_typed("Hallo.", others) == (("Hallo.", *others[:2]), True)
    long = "Ka " * (querykey.MAX_CHARACTERS // 2)  # longer than a map takes: left out
    assert querykey.with_typed(long, others) == (others, False)


def test_the_typed_line_counts_the_steps_whose_most_attended_key_the_map_scores_highest():
    found = tiny_query_key_map()  # step 1: e 0, 1, 2; step 2: e 3, 4, 5 (both: the third key)
    line = querykey.typed_line(replace(found, implied=np.array([0.0, 1, 2, 5, 4, 3])))
    assert "For 1 of its 2 steps" in line
    assert steps_found(found, 0) == (2, 2)


def test_a_model_without_attention_has_no_map_and_says_so(app):
    app.sidebar.selectbox(key="model").set_value("toy-none").run()
    go_to(app, "querykey")
    assert "no attention" in app.info[0].value and not app.get("button")


def test_another_model_needs_its_own_map(app):
    drawn(app)
    app.sidebar.selectbox(key="model").set_value("toy-general").run()
    assert not app.exception and not app.get("plotly_chart")
    app.button(key="qk_draw").click().run()
    assert figure(app, "qk_chart")["data"][-1]["name"] == "the origin"  # an inner product


def test_a_tsv_gives_its_first_column_and_a_bad_one_one_message():
    assert querykey.sentences_from_tsv(
        ("\ufeff" + TOY_TSV.replace("\n", "\r\n")).encode(), "toy.tsv"
    ) == ("Ka Mo Ti Tu .", "Tu Ka .")
    with pytest.raises(ValueError, match="is UTF-16 text: save it as UTF-8"):
        querykey.sentences_from_tsv(b"\xff\xfe\x00K", "x.tsv")
    with pytest.raises(ValueError, match="is not UTF-8"):
        querykey.sentences_from_tsv(b"K\xe4se\tcheese\n", "x.tsv")
    with pytest.raises(ValueError, match=r"no line 'sentence TAB translation' \(lines 1, 2"):
        querykey.sentences_from_tsv(b"Ka Mo\nTu Ka\n", "x.tsv")
    many = "".join(f"Ka {i}\tKa\n" for i in range(querykey.MAX_SENTENCES + 5)).encode()
    assert len(querykey.sentences_from_tsv(many, "x.tsv")) == querykey.MAX_SENTENCES


def test_an_upload_with_sentences_longer_than_a_map_takes_is_one_message_before_any_work():
    # 200 uploaded sentences of 500 characters once took a class server's worker to 6.7 GB
    hostile = "".join(f"{'Ka ' * 166}{i}\tKa\n" for i in range(200)).encode()
    with pytest.raises(ValueError, match=r"big\.tsv: sentence 1, 2, 3, 4, 5, \.\.\. are longer"):
        querykey.sentences_from_tsv(hostile, "big.tsv")


def test_a_clicked_point_names_its_sentence_and_step_and_the_centre_nothing():
    sentences = ("Der Hund schläft.", "Ich bleibe heute zu Hause.")
    clicked = [{"curve_number": 1, "point_index": 4, "customdata": [1, 3]}]
    assert querykey.clicked_step(sentences, clicked) == (sentences[1], 3)
    assert querykey.clicked_step(sentences, [{"curve_number": 2, "x": 0, "y": 0}]) is None
    assert querykey.clicked_step(sentences, []) is None
    assert querykey.clicked_step(sentences, [{"customdata": [7, 1]}]) is None


def test_the_everyday_sentences_are_the_fixtures_or_else_the_example_bank(monkeypatch, tmp_path):
    ours = querykey.everyday_sentences("en-de")
    assert len(ours.texts) == 144
    assert ours.texts[0] == "The dog is sleeping."
    assert ours.name == "our everyday sentences"
    monkeypatch.setattr(querykey, "EVERYDAY", tmp_path)  # an installed wheel has no tests/
    bank = tuple(example.source for example in examples.BANKS["de-en"])
    assert querykey.everyday_sentences("de-en").texts == bank
    assert "example sentences" in querykey.everyday_sentences("de-en").name  # not as everyday


def test_the_page_names_the_sentences_it_maps_where_the_everyday_set_is_missing(
    app, monkeypatch, tmp_path
):
    """After ``pip install .`` the map silently drew the example bank under the name "our
    everyday sentences"; the choice now says which sentences it holds."""
    go_to(app, "querykey")
    assert app.radio(key="qk_source").options[0] == "our everyday sentences"
    monkeypatch.setattr(querykey, "EVERYDAY", tmp_path)  # an installed wheel has no tests/
    app.run()
    choice = app.radio(key="qk_source")
    assert choice.options[0].startswith("the example sentences") and choice.index == 0


def test_the_verdict_follows_the_rank_agreement_within_a_step():
    found = tiny_query_key_map()
    verdicts = [querykey.map_verdict(replace(found, rho_within=rho)) for rho in (0.9, 0.6, 0.2)]
    assert "most" in verdicts[0] and "part" in verdicts[1] and "little" in verdicts[2]
    assert json.dumps(querykey.map_numbers(found), ensure_ascii=False) == (
        '{"ρ, all pairs": "1.00", "ρ within a step": "1.00", "length kept": "100%"}'
    )

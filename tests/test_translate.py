"""The caller-facing entry point, on the toy model this test run trains."""

import dataclasses
import io
import json
import re
import shutil

import numpy as np
import pytest
import torch
from conftest import BROKEN_CHECKPOINTS, broken_checkpoint
from safetensors.torch import load_file, save_file

from nmt_core.__main__ import main
from nmt_core.checkpoint import (
    CheckpointError,
    list_checkpoints,
    load_checkpoint,
    save_checkpoint,
)
from nmt_core.decoding.batching import pad_batch
from nmt_core.decoding.search import forced_decode
from nmt_core.measures.evaluation import attention_entropy
from nmt_core.measures.step_arithmetic import softmax_terms, weighted_sum
from nmt_core.network.model import build_model
from nmt_core.text.data import Pair
from nmt_core.translate import (
    MAX_SOURCE_PIECES,
    encoder_annotations,
    forced_views,
    prepare_source,
    translate,
    with_reference,
)


@pytest.fixture(scope="module")
def checkpoint(toy_checkpoint):
    return load_checkpoint(toy_checkpoint)


@pytest.fixture
def pairs_tsv(tmp_path):
    """Two toy pairs (source TAB reference) as the CLI reads them."""
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("Ka Mo Ti .\tTi Mo Ka .\nKe Ku .\tKu Ke .\n")
    return pairs


def test_translation_holds_tokens_attention_scores_and_probabilities(checkpoint):
    result = translate(checkpoint, "Ka Mo Ti Tu .", reference="Tu Ti Mo Ka .")
    assert result.hypothesis == "Tu Ti Mo Ka ."
    assert result.source_pieces[-1] == "</s>" and result.target_pieces[-1] == "</s>"
    rows, cols = len(result.target_pieces), len(result.source_pieces)
    assert result.attention.shape == result.scores.shape == (rows, cols)
    np.testing.assert_allclose(result.attention.sum(axis=1), 1.0, atol=1e-5)
    # softmax of the raw scores is the attention
    e = np.exp(result.scores - result.scores.max(axis=1, keepdims=True))
    np.testing.assert_allclose(e / e.sum(axis=1, keepdims=True), result.attention, atol=1e-5)
    best = result.best
    assert best.topk_probs.shape == (rows, 5) and len(best.topk_pieces) == rows
    assert best.topk_pieces[0][0] == best.target_pieces[0]  # greedy takes the top choice
    assert best.contexts.shape == (rows, checkpoint.config.hidden_size)
    assert result.source_words == ["Ka", "Mo", "Ti", "Tu", ".", "</s>"]
    assert result.word_attention().shape == (len(best.target_words), 6)
    # forcing the model's own output reproduces its attention and log-probabilities
    assert result.reference.target_pieces == result.target_pieces
    np.testing.assert_allclose(result.reference.attention, result.attention, atol=1e-5)
    np.testing.assert_allclose(result.reference.log_probs, best.log_probs, atol=1e-5)


@pytest.mark.parametrize("beam_size", [1, 3])
def test_forcing_the_models_own_output_takes_its_search_records(checkpoint, beam_size):
    """with_reference skips the decoder when the reference is the model's own best output:
    what it returns must be what forced decoding computes."""
    result = translate(checkpoint, "Ka Mo Ti Tu .", beam_size=beam_size)
    taken = with_reference(checkpoint, result, result.hypothesis).reference
    ids, _ = prepare_source(checkpoint.tokenizer, result.source)
    src, mask = pad_batch([ids], checkpoint.config.pad_id, checkpoint.device)
    target = checkpoint.tokenizer.encode(result.hypothesis)
    (forced,) = forced_decode(checkpoint.model, src, mask, [target])
    assert list(taken.target_pieces) == checkpoint.tokenizer.pieces(forced.tokens)
    for field in ("log_probs", "attention", "scores", "contexts", "topk_probs"):
        np.testing.assert_allclose(getattr(taken, field), getattr(forced, field), atol=1e-5)
    assert taken.topk_pieces == tuple(
        tuple(checkpoint.tokenizer.pieces(row)) for row in forced.topk_ids.tolist()
    )
    assert taken.score == pytest.approx(forced.score, abs=1e-5)
    # another reference is force-decoded for real
    other = with_reference(checkpoint, result, "Ka Ka .").reference
    pieces = checkpoint.tokenizer.pieces(checkpoint.tokenizer.encode("Ka Ka ."))
    assert list(other.target_pieces) == [*pieces, "</s>"] != list(result.target_pieces)


def test_loaded_models_decode_from_a_column_major_output_matrix(toy_checkpoint):
    loaded = load_checkpoint(toy_checkpoint)
    matrix = loaded.model.output_matrix()
    assert matrix.t().is_contiguous() and not matrix.is_contiguous()  # laid out for decoding
    row_major = load_checkpoint(toy_checkpoint)
    row_major.model.set_decoding_layout(False)
    assert row_major.model.output_matrix().is_contiguous()
    assert torch.equal(matrix, row_major.model.output_matrix())  # same values
    for text in ("Ka Mo Ti Tu .", "Tu Tu Ka ."):
        fast, plain = translate(loaded, text), translate(row_major, text)
        assert fast.target_pieces == plain.target_pieces
        np.testing.assert_allclose(fast.best.log_probs, plain.best.log_probs, atol=1e-4)
        np.testing.assert_allclose(fast.attention, plain.attention, atol=1e-5)


def test_beam_search_gives_an_n_best_list(checkpoint):
    result = translate(checkpoint, "Ka Mo Ti .", beam_size=4)
    assert len(result.hypotheses) == 4
    assert [h.score for h in result.hypotheses] == sorted(
        (h.score for h in result.hypotheses), reverse=True
    )
    assert result.hypothesis == "Ti Mo Ka ."
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.source = "changed"


@pytest.mark.parametrize("text", ["", "   ", "\u200b\u0000"])
def test_empty_input_is_a_clear_error(checkpoint, text):
    with pytest.raises(ValueError, match="empty"):
        translate(checkpoint, text)


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("<script>alert(1)</script>", "<script>alert(1)</script>"),  # text, never markup
        ("Ka 🐈 Mo 漢字 Ti .", "Ka 🐈 Mo 漢字 Ti ."),  # unknown characters kept, as <unk>
        ("Ka\x07Mo\tTi\r\n.", "KaMo Ti ."),  # control characters out, whitespace one space
        ("Ka\u0301 Mo .", "Ká Mo ."),  # NFC: letter and combining accent become one
        ("\ufeffKa\u200b Mo\u00ad .", "Ka Mo ."),  # BOM, zero-width space, soft hyphen
    ],
)
def test_odd_input_is_normalised_and_translated(checkpoint, text, normalised):
    result = translate(checkpoint, text)
    assert result.source == normalised
    assert result.attention.shape == (len(result.target_pieces), len(result.source_pieces))


@pytest.mark.slow
def test_huge_input_is_cut_and_flagged(checkpoint):
    result = translate(checkpoint, "Ka Mo " * 1000)
    assert result.truncated
    assert len(result.source_pieces) == MAX_SOURCE_PIECES + 1
    assert not translate(checkpoint, "Ka Mo .").truncated
    pieces = len(checkpoint.tokenizer.encode("Ka Mo"))
    exact = "Ka Mo " * (MAX_SOURCE_PIECES // pieces)  # exactly MAX_SOURCE_PIECES pieces
    assert len(checkpoint.tokenizer.encode(exact)) == MAX_SOURCE_PIECES
    assert not translate(checkpoint, exact).truncated
    assert translate(checkpoint, exact + "Ka").truncated


def test_corrupt_and_mismatched_checkpoints_give_clear_errors(toy_checkpoint, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(toy_checkpoint, broken)
    (broken / "model.safetensors").write_bytes(b"not a safetensors file")
    with pytest.raises(CheckpointError, match="corrupt"):
        load_checkpoint(broken)

    shutil.copytree(toy_checkpoint, tmp_path / "mismatch")
    config = json.loads((tmp_path / "mismatch" / "config.json").read_text())
    config["model"]["hidden_size"] = 32
    (tmp_path / "mismatch" / "config.json").write_text(json.dumps(config))
    with pytest.raises(CheckpointError, match="do not match"):
        load_checkpoint(tmp_path / "mismatch")

    config["model"]["scorer"] = "bahdanau"
    (tmp_path / "mismatch" / "config.json").write_text(json.dumps(config))
    with pytest.raises(CheckpointError, match="valid names|must be one of"):
        load_checkpoint(tmp_path / "mismatch")

    with pytest.raises(CheckpointError, match="missing"):
        load_checkpoint(tmp_path / "nowhere")


def test_export_ships_fp16_that_loads_as_fp32_and_is_listed(toy_checkpoint, tmp_path):
    shipped = tmp_path / "shipped" / "toy-additive"
    assert main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(shipped)]) == 0
    tensors = load_file(str(shipped / "model.safetensors"))
    assert {str(t.dtype) for t in tensors.values()} == {"torch.float16"}
    assert (shipped / "model.safetensors").stat().st_size < 0.6 * (
        toy_checkpoint / "model.safetensors"
    ).stat().st_size
    loaded = load_checkpoint(shipped)
    assert next(loaded.model.parameters()).dtype.is_floating_point
    assert str(next(loaded.model.parameters()).dtype) == "torch.float32"
    assert translate(loaded, "Ka Mo Ti .").hypothesis == "Ti Mo Ka ."
    assert (shipped / "metrics.jsonl").is_file()
    (info,) = list_checkpoints(tmp_path / "shipped")
    assert info.name == "toy-additive" and info.scorer == "additive"
    save_file({"x": tensors[next(iter(tensors))]}, str(shipped / "model.safetensors"))
    with pytest.raises(CheckpointError, match="SHA-256"):  # not the file export wrote
        load_checkpoint(shipped)
    settings = json.loads((shipped / "config.json").read_text())
    del settings["meta"]["weights_sha256"]  # as in checkpoints saved before it was recorded
    (shipped / "config.json").write_text(json.dumps(settings))
    with pytest.raises(CheckpointError, match="missing"):  # the tensors are checked still
        load_checkpoint(shipped)


def test_cli_translate_prints_translation_and_attention_table(toy_checkpoint, capsys):
    assert main(["translate", "--checkpoint", str(toy_checkpoint), "--words", "Ka Mo Ti ."]) == 0
    printed = capsys.readouterr()
    out = printed.out.splitlines()
    assert out[0] == "Ti Mo Ka ."
    # the table says what its numbers are; stderr says which model wrote them
    assert out[1] == (
        "attention in percent: a row per output word (each sums to 100), a column per input word"
    )
    assert out[2].split() == ["Ka", "Mo", "Ti", ".", "</s>"]
    assert out[3].split()[0] == "Ti" and len(out[3].split()) == 6
    assert sum(int(cell) for cell in out[3].split()[1:]) in range(98, 103)
    model = printed.err.splitlines()[0]
    assert model.startswith(f"model {toy_checkpoint.name} (") and "greedy" in model


def test_cli_evaluate_and_align(toy_checkpoint, tmp_path, capsys, pairs_tsv):
    gold = tmp_path / "gold.txt"
    gold.write_text("0-2 1-1 2-0 3p3\n0-1 1-0 2?2\n")
    report = tmp_path / "report.json"
    common = ["--checkpoint", str(toy_checkpoint), "--tsv", str(pairs_tsv)]
    assert main(["evaluate", *common, "--beam", "2", "--output", str(report)]) == 0
    data = json.loads(report.read_text())
    assert data["sentences"] == 2 and data["chrf"] > 90
    out = tmp_path / "align.txt"
    assert main(["align", *common, "--gold", str(gold), "--output", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and "0-2" in lines[0].split()
    scores = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    assert scores["aer"] < 0.3
    # and without the first target word's links, on both sides (the first step looks from no
    # previous word): the same links less those of target word 0
    later = scores["after_the_first_word"]
    assert later["sure"] == scores["sure"] - 2 and later["predicted"] < scores["predicted"]


def test_cli_evaluate_prints_a_rounded_table_and_keeps_every_digit_for_the_report(
    toy_checkpoint, tmp_path, capsys, pairs_tsv
):
    report = tmp_path / "report.json"
    command = ["evaluate", "--checkpoint", str(toy_checkpoint), "--tsv", str(pairs_tsv)]
    assert main([*command, "--beam", "1", "--output", str(report)]) == 0
    printed = capsys.readouterr().out
    data = json.loads(report.read_text())
    lines = printed.splitlines()
    assert lines[0] == f"model      {toy_checkpoint}"
    assert lines[1] == f"pairs      2 ({pairs_tsv}), beam 1"
    assert (
        lines[2] == f"BLEU       {data['bleu']:.1f}"
        and lines[3] == f"chrF       {data['chrf']:.1f}"
    )
    assert lines[5].split() == ["source", "words", "pairs", "BLEU", "chrF"]
    assert lines[6].split()[:2] == ["0-4", "2"]  # both sources have under five words
    assert "{" not in printed and not re.search(r"\d\.\d{2}", printed)  # no JSON, one decimal


def test_forced_views_in_batches_are_each_sentences_own_forced_attention(checkpoint):
    pairs = [
        Pair("Ka Mo Ti Tu .", "Tu Ti Mo Ka ."),  # the model's own output: the search's record
        Pair("Ke Ku .", "Ku Ke Ka ."),  # a reference the model would not write
        Pair("Ti Ka Mo Ke Ku Tu .", "Tu Ku Ke Mo Ka Ti ."),
        Pair("Ka .", "\u200b"),  # an empty reference once normalised: nothing to align
    ]
    for word_level in (False, True):
        views = forced_views(checkpoint, pairs, word_level=word_level, batch_size=2)
        assert views[3] is None
        for pair, view in zip(pairs[:3], views, strict=False):
            one = translate(checkpoint, pair.source, reference=pair.target)
            alone = one.attention_view(one.reference, word_level=word_level)
            assert (view.source_tokens, view.target_tokens) == (
                alone.source_tokens,
                alone.target_tokens,
            )
            np.testing.assert_allclose(view.matrix, alone.matrix, atol=1e-5)


def test_cli_align_force_decodes_without_searching(
    toy_checkpoint, tmp_path, pairs_tsv, monkeypatch
):
    """Alignment reads the reference's attention only: no greedy or beam search is run."""
    import nmt_core.translate as translating

    def no_search(*args, **kwargs):
        raise AssertionError("align ran a search")

    monkeypatch.setattr(translating, "greedy_search", no_search)
    monkeypatch.setattr(translating, "beam_search", no_search)
    out = tmp_path / "links.txt"
    command = ["align", "--checkpoint", str(toy_checkpoint), "--tsv", str(pairs_tsv)]
    assert main([*command, "--output", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 2


def test_cli_evaluate_writes_every_translation_in_its_report(toy_checkpoint, tmp_path, pairs_tsv):
    many = tmp_path / "many.tsv"
    many.write_text(pairs_tsv.read_text() * 6)  # 12 pairs
    report = tmp_path / "report.json"
    command = ["evaluate", "--checkpoint", str(toy_checkpoint), "--tsv", str(many), "--beam", "1"]
    assert main([*command, "--output", str(report)]) == 0
    translations = json.loads(report.read_text())["translations"]
    assert len(translations) == 12  # all of them: a blind reading judges every output
    assert translations[11] == {
        "source": "Ke Ku .",
        "reference": "Ku Ke .",
        "hypothesis": "Ku Ke .",
    }


def test_cli_evaluate_without_the_training_corpus_says_to_pass_a_tsv(
    toy_checkpoint, tmp_path, capsys
):
    moved = tmp_path / "elsewhere"  # as a shipped checkpoint is, away from its corpus
    assert main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(moved)]) == 0
    config = json.loads((moved / "config.json").read_text())
    config["meta"]["train_config"]["corpus"] = str(tmp_path / "gone.tsv")
    (moved / "config.json").write_text(json.dumps(config))
    capsys.readouterr()
    assert main(["evaluate", "--checkpoint", str(moved)]) == 2
    error = capsys.readouterr().err
    assert "test split cannot be rebuilt" in error and "pass --tsv FILE" in error


def test_cli_translate_reads_lines_from_stdin_and_says_when_there_are_none(
    toy_checkpoint, monkeypatch, capsys
):
    command = ["translate", "--checkpoint", str(toy_checkpoint), "--quiet"]
    monkeypatch.setattr("sys.stdin", io.StringIO("Ka Mo Ti .\n\nKe Ku .\n"))
    assert main(command) == 0
    assert capsys.readouterr().out.splitlines() == ["Ti Mo Ka .", "Ku Ke ."]
    monkeypatch.setattr("sys.stdin", io.StringIO("  \n"))
    assert main(command) == 2
    assert "give a sentence or pipe lines in" in capsys.readouterr().err


def test_cli_align_refuses_what_it_cannot_do(toy_checkpoint, tmp_path, capsys, pairs_tsv):
    gold = tmp_path / "gold.txt"
    gold.write_text("0-2 1-1 2-0 3-3\n")  # one line for two pairs
    command = ["align", "--checkpoint", str(toy_checkpoint), "--tsv", str(pairs_tsv)]
    assert main([*command, "--gold", str(gold), "--output", str(tmp_path / "a.txt")]) == 2
    assert f"{gold} has 1 lines but there are 2 sentence pairs" in capsys.readouterr().err
    assert not (tmp_path / "a.txt").exists()  # refused before any work
    gold.write_text("0-2 1-1 2-0 3-3\n0-1 99-99\n")  # "Ke Ku ." has 3 words a side
    assert main([*command, "--gold", str(gold)]) == 2
    error = capsys.readouterr().err
    assert f"{gold}, line 2: link 99-99 is out of range for a pair of 3 source" in error
    trained = load_checkpoint(toy_checkpoint)
    plain = build_model(dataclasses.replace(trained.config, scorer="none")).eval()
    save_checkpoint(tmp_path / "plain", plain, trained.tokenizer, {"name": "plain"})
    command[2] = str(tmp_path / "plain")
    assert main(command) == 2
    assert "no attention" in capsys.readouterr().err


def test_cli_train_config_sections_are_checked(tmp_path, capsys):
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"train": {}, "models": {"dropout": 0.1}}))
    assert main(["train", "--config", str(config), "--output-dir", str(tmp_path / "run")]) == 2
    assert "sections must be 'model' and 'train'; got ['models']" in capsys.readouterr().err


def test_cli_evaluate_writes_attention_statistics_per_sentence(toy_checkpoint, tmp_path, pairs_tsv):
    stats = tmp_path / "stats.jsonl"
    command = ["evaluate", "--checkpoint", str(toy_checkpoint), "--tsv", str(pairs_tsv)]
    assert main([*command, "--stats", str(stats)]) == 0
    lines = [json.loads(line) for line in stats.read_text().splitlines()]
    assert [line["source"] for line in lines] == ["Ka Mo Ti .", "Ke Ku ."]
    on_its_device = load_checkpoint(toy_checkpoint, device="auto")  # where the command computes
    forced = translate(on_its_device, "Ke Ku .", reference="Ku Ke .").reference
    assert lines[1]["entropy"] == pytest.approx(
        attention_entropy(forced.attention).tolist(), abs=1e-6
    )
    assert {"mean_entropy", "coverage", "total"} <= set(lines[0])


def test_cli_export_stores_scores_and_name_for_the_list(toy_checkpoint, tmp_path, capsys):
    scores = tmp_path / "scores.json"
    scores.write_text(json.dumps({"test_bleu": 42.31, "test_chrf": 61.0}))
    out = tmp_path / "root" / "folder"
    command = ["export", "--checkpoint", str(toy_checkpoint), "--output", str(out)]
    assert main([*command, "--name", "toy-shipped", "--scores", str(scores)]) == 0
    (info,) = list_checkpoints(tmp_path / "root")
    # the folder's name is the checkpoint's name (two copies can never shadow each other);
    # --name is what the folder records
    assert (info.name, info.test_bleu) == ("folder", 42.31)
    assert load_checkpoint(out).meta["test_chrf"] == 61.0
    assert load_checkpoint(out).meta["name"] == "toy-shipped"
    capsys.readouterr()
    assert main(["list", "--root", str(tmp_path / "root")]) == 0
    assert capsys.readouterr().out.split()[-1] == "42.3"


def test_cli_export_ships_no_path_of_the_machine_that_trained_it(toy_checkpoint, tmp_path):
    tuned = tmp_path / "tuned"  # as a fine-tuned run's checkpoint records its run and parent
    shutil.copytree(toy_checkpoint, tuned)
    config = json.loads((tuned / "config.json").read_text())
    settings = config["meta"]["train_config"]
    parent = {"train_config": {**settings, "output_dir": "/build/runs/base"}, "step": 9}
    config["meta"]["train_config"] = {
        **settings, "init_checkpoint": "/build/checkpoints/de-en-dot",
        "tokenizer": "/build/spm.model", "tatoeba": "/build/data/pairs.tsv",
    }  # fmt: skip
    config["meta"]["fine_tuned_from"] = parent
    (tuned / "config.json").write_text(json.dumps(config))
    out = tmp_path / "shipped"
    assert main(["export", "--checkpoint", str(tuned), "--output", str(out)]) == 0
    text = (out / "config.json").read_text()
    assert "/build/" not in text and str(toy_checkpoint.parent) not in text
    meta = json.loads(text)["meta"]
    assert meta["train_config"]["output_dir"] == ""
    assert meta["train_config"]["init_checkpoint"] == "de-en-dot"  # a name that resolves
    assert (meta["train_config"]["tokenizer"], meta["train_config"]["tatoeba"]) == (
        "spm.model", "pairs.tsv",
    )  # fmt: skip
    assert meta["fine_tuned_from"]["step"] == 9
    assert meta["fine_tuned_from"]["train_config"]["output_dir"] == ""
    assert meta["train_config"]["corpus"] == settings["corpus"]  # what the split is rebuilt from


def test_cli_list_on_an_empty_folder_says_how_to_train(tmp_path, capsys):
    assert main(["list", "--root", str(tmp_path)]) == 1
    assert "no checkpoints in" in capsys.readouterr().out


@pytest.mark.parametrize("kind", list(BROKEN_CHECKPOINTS))
def test_cli_names_the_file_and_the_problem_of_a_broken_checkpoint(
    toy_checkpoint, tmp_path, capsys, kind
):
    folder = broken_checkpoint(toy_checkpoint, tmp_path / "broken", kind)
    assert main(["translate", "--checkpoint", str(folder), "Ka Mo ."]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert BROKEN_CHECKPOINTS[kind] in err and str(folder) in err
    listed = main(["list", "--root", str(tmp_path)])  # reads configs only, not weights
    if kind == "garbled config":  # said, not silently left out
        assert listed == 1
        assert capsys.readouterr().err.startswith(f"skipped: {folder / 'config.json'}")


def test_cli_reports_missing_checkpoint_without_traceback(tmp_path, capsys):
    assert main(["translate", "--checkpoint", str(tmp_path), "Hallo"]) == 2
    assert "config.json is missing" in capsys.readouterr().err


def test_cli_reports_malformed_tsv_lines_and_refuses_a_file_without_pairs(
    toy_checkpoint, tmp_path, capsys, caplog
):
    """Skipped lines are counted with their numbers (not silently dropped), and a file with no
    usable pair is one clear error for evaluate and align alike, never an empty success."""
    mixed = tmp_path / "mixed.tsv"
    mixed.write_text(
        "Ka Mo Ti .\tTi Mo Ka .\nno tab here\nKe Ku .\t\n\tKu Ke .\nKe Ku .\tKu Ke .\n"
    )
    command = ["align", "--checkpoint", str(toy_checkpoint), "--tsv", str(mixed)]
    assert main(command) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 2  # the two good pairs
    assert "skipped 3 malformed line(s) (2, 3, 4)" in caplog.text  # a warning on stderr
    broken = tmp_path / "broken.tsv"
    broken.write_text("no tab here\nnor here\n")
    for verb in ("align", "evaluate"):
        assert main([verb, "--checkpoint", str(toy_checkpoint), "--tsv", str(broken)]) == 2
        assert f"{broken} holds no usable pair (2 lines, 2 malformed)" in capsys.readouterr().err


@pytest.mark.parametrize("sentence", ["Ka Mo Ti Tu .", "Ka"])
def test_the_worked_softmax_gives_the_models_own_weights(checkpoint, sentence):
    hyp = translate(checkpoint, sentence).best
    for scores, weights in zip(hyp.scores, hyp.attention, strict=True):
        for j in range(len(scores)):
            assert softmax_terms(scores, j).weight == pytest.approx(weights[j], abs=1e-5)
            # dot-product sized scores, shifted by the maximum; scaled in float64, as the
            # expected value is: float32 rounding of 100 * e alone moves a weight by ~1e-6
            large = scores.astype(np.float64) * 100
            big = softmax_terms(large, j)
            assert big.shift == pytest.approx(large.max(), rel=1e-12) and big.numerator <= 1
            # e^(x_j) / sum_k e^(x_k) = 1 / sum_k e^(x_k - x_j): another way round to the weight
            # (a far-below-maximum x_j overflows that sum to inf, and 1 / inf = 0 is its weight)
            with np.errstate(over="ignore"):
                expected = 1 / np.exp(large - large[j]).sum()
            assert big.weight == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("beam_size", [1, 3])
def test_every_context_vector_is_the_weighted_sum_of_the_annotations(checkpoint, beam_size):
    result = translate(checkpoint, "Ka Mo Ti Tu .", beam_size=beam_size)
    values = encoder_annotations(checkpoint, "Ka Mo Ti Tu .")
    assert values.shape == (len(result.source_pieces), result.best.contexts.shape[1])
    for step, weights in enumerate(result.attention):
        terms = weighted_sum(weights, values)
        np.testing.assert_allclose(terms.context, result.best.contexts[step], atol=1e-5)
        np.testing.assert_allclose(terms.partial_sums[0], weights[0] * values[0], atol=1e-6)
        np.testing.assert_allclose(terms.weighted.sum(axis=0), terms.context, atol=1e-6)
    with pytest.raises(ValueError, match="3 weights for"):
        weighted_sum(np.ones(3), values)
    with pytest.raises(ValueError, match="empty"):
        encoder_annotations(checkpoint, " \u200b ")

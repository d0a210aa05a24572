"""The reference aligner (nmt_core/analysis/eflomal.py): the real eflomal, on the toy reversal
corpus.

eflomal is installed into its own venv in the user's cache on first use (about a minute, once
per machine); the priors built here go to a temporary folder.
"""

from __future__ import annotations

import json
import shutil
import threading
from dataclasses import replace

import pytest
from conftest import TOY_SENTENCE, index_out_of_reach, toy_configs

from nmt_core.__main__ import main
from nmt_core.analysis import eflomal

pytestmark = pytest.mark.slow  # pip builds eflomal on first use; its priors and alignments

REVERSED = "Tu Ti Mo Ka ."
MIRROR = {(3, 0), (2, 1), (1, 2), (0, 3)}  # (source, target): word j goes to 3 - j


@pytest.fixture(scope="module")
def priors_dir(tmp_path_factory, eflomal_installed):
    return tmp_path_factory.mktemp("priors")


@pytest.mark.skipif(not shutil.which("gcc"), reason="ensure_installed wants gcc and make first")
def test_an_install_without_an_index_is_told_apart(tmp_path, monkeypatch):
    monkeypatch.setattr(eflomal, "VENV", tmp_path / "venv")
    monkeypatch.setattr(eflomal, "installed", lambda: None)
    for name, value in {"PIP_CONFIG_FILE": "/dev/null", "PIP_NO_CACHE_DIR": "1",
                        "PIP_INDEX_URL": "http://127.0.0.1:9/simple", "PIP_EXTRA_INDEX_URL": "",
                        "PIP_FIND_LINKS": "", "PIP_RETRIES": "0"}.items():  # fmt: skip
        monkeypatch.setenv(name, value)  # port 9 (discard) refuses: no index answers
    with pytest.raises(eflomal.EflomalError, match="did not install"):
        eflomal.ensure_installed()
    assert index_out_of_reach(tmp_path / "venv" / "install.log")
    assert not index_out_of_reach(tmp_path / "no.log")


def test_a_process_that_needs_eflomal_during_an_install_waits_for_it(tmp_path, monkeypatch):
    """Two processes needing eflomal at once (two workers of the tests on a fresh machine): the
    second removed the first's half-built venv and began its own under the first's pip. Now it
    waits until the first has installed eflomal, then uses that venv."""
    monkeypatch.setattr(eflomal, "CACHE", tmp_path)
    monkeypatch.setattr(eflomal, "VENV", tmp_path / "venv")
    monkeypatch.setattr(eflomal.shutil, "which", lambda tool: f"/usr/bin/{tool}")
    built = tmp_path / "venv" / "bin" / "eflomal-align"
    built.parent.mkdir(parents=True)  # the first process's venv, half built

    def second_install(*args: object, **kwargs: object) -> None:
        raise AssertionError("a second install began under the first one")

    monkeypatch.setattr(eflomal.subprocess, "run", second_install)
    found: list[object] = []
    with eflomal.install_lock():  # the first process, installing
        second = threading.Thread(target=lambda: found.append(eflomal.ensure_installed()))
        second.start()
        second.join(timeout=1)
        assert second.is_alive() and built.parent.is_dir()  # waiting, the venv untouched
        built.write_text("")  # the first process's pip ends
        (tmp_path / "venv" / ".installed").write_text(eflomal.VERSION)
    second.join(timeout=10)
    assert found == [built.parent]


@pytest.fixture
def toy_train(toy_corpus, tmp_path, priors_dir, monkeypatch):
    monkeypatch.setattr(eflomal, "PRIORS_DIR", priors_dir)
    return toy_configs(tmp_path / "run", toy_corpus)[0]


def test_a_whole_corpus_is_aligned_both_ways(toy_train):
    pairs = eflomal.training_texts(toy_train)
    links = eflomal.align_corpus(pairs[:300])
    assert len(links.forward) == len(links.reverse) == 300
    mirrored = [
        {(j, len(s.split()) - 2 - j) for j in range(len(s.split()) - 1)} for s, _ in pairs[:300]
    ]
    right = sum(len(m & found) for m, found in zip(mirrored, links.symmetric, strict=True))
    assert right / sum(map(len, mirrored)) > 0.9  # the words (not ".") mostly found mirrored


def test_priors_let_eflomal_align_a_single_new_sentence(toy_train):
    priors = eflomal.build_priors(toy_train)
    assert priors == eflomal.priors_path(toy_train) and priors.stat().st_size > 0
    assert not list(priors.parent.glob("*.partial"))
    links = eflomal.align_sentence(TOY_SENTENCE.split(), REVERSED.split(), priors)
    assert links.symmetric[0] >= MIRROR
    assert eflomal.align_sentence([], ["a"], priors).symmetric == [frozenset()]
    odd = eflomal.align_sentence(["Ka", "", "Mo ."], ["Mo", "Ka"], priors).symmetric[0]
    assert all(j < 3 and i < 2 for j, i in odd)  # an empty or spaced token keeps its place


def test_priors_are_shared_by_models_on_the_same_data_only(toy_train):
    same_data = replace(toy_train, lr=1.0, max_steps=7, output_dir="elsewhere")
    assert eflomal.priors_path(same_data) == eflomal.priors_path(toy_train)
    for changed in (replace(toy_train, seed=8), replace(toy_train, dev_size=99)):
        assert eflomal.priors_path(changed) != eflomal.priors_path(toy_train)


def test_what_is_never_generated_keys_the_priors_only_of_runs_that_generate():
    """generated_avoid changes no pair of a run without generated_sentences: its priors (and
    those of the shipped models, saved before the setting listed a file) keep their key."""
    from nmt_core.network.config import TrainConfig

    plain = TrainConfig(generated_avoid=("tests/fixtures/everyday_ten_de_en.tsv",))
    assert eflomal.priors_path(plain) == eflomal.priors_path(replace(plain, generated_avoid=()))
    generating = replace(plain, augment=("generated_sentences",))
    assert eflomal.priors_path(generating) != eflomal.priors_path(
        replace(generating, generated_avoid=())
    )


def test_damaged_priors_give_one_line(toy_train, tmp_path):
    broken = tmp_path / "broken.priors"
    broken.write_text("not priors\n")
    with pytest.raises(eflomal.EflomalError, match="eflomal-align failed"):
        eflomal.align_sentence(TOY_SENTENCE.split(), REVERSED.split(), broken)


def test_the_command_builds_the_priors_once(toy_train, tmp_path, capsys):
    recipe = tmp_path / "recipe.json"
    train = {"corpus": toy_train.corpus, "kinds": ["sentence"], "dev_size": 100, "seed": 3}
    recipe.write_text(json.dumps({"train": train}))
    assert main(["eflomal-priors", "--config", str(recipe)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert main(["eflomal-priors", "--config", str(recipe)]) == 0
    assert "already built" in capsys.readouterr().out
    assert main(["eflomal-priors", "--config", str(tmp_path / "none.json")]) == 2
    assert "none.json" in capsys.readouterr().err

"""Peer benchmark: nmt_core against Joey NMT, side by side on this machine.

    bash bench/peers/joey_setup.sh              # once: Joey NMT 2.3.0 in bench/out/joey-venv
    python -m bench.peers.compare --quick       # checks that the scripts work: about 5 minutes
    python -m bench.peers.compare               # the comparison: 51 minutes on 2026-11-24

Run from the repository root. Everything it writes lies under bench/out/ (git-ignored: the Ding
corpus is GPL, so neither it nor text derived from it is committed).

1. Data: the Ding split of ``bench/peers/recipe.json`` (``prepare_split``) and the pairs we
   train on (``training_pairs``), written as Joey's plain-text files; our joint sentencepiece
   model (``python -m nmt_core tokenizer``), given to Joey as its tokenizer and vocabulary.
2. Training, one after the other, for the same wall-clock budget and the same threads: ours with
   ``python -m nmt_core train`` (additive scorer, Bahdanau decoder), then Joey's recurrent model
   with Bahdanau (additive) attention and the same sizes. Each stops at the first step that ends
   past the budget, validates on the same dev sentences, and keeps its best checkpoint.
3. Evaluation, each system in its own process: test translations, greedy and beam 5, scored here
   by one function (sacrebleu BLEU and chrF, same references); batch throughput (sentences/s);
   single-sentence latency for 5, 20 and 50 source pieces (median, p95); peak RSS.
4. ``bench/out/peers.json`` and a markdown table for bench/RESULTS.md.

Neither mode runs in CI. Timings taken while other jobs run on the machine are not comparable
with those of a quiet machine: the table records the load average beside them.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nmt_core.corpora.corpus import prepare_split, training_pairs
from nmt_core.measures.evaluation import corpus_scores
from nmt_core.network.config import TrainConfig
from nmt_core.text.data import Pair
from nmt_core.text.tokenization import Tokenizer

ROOT = Path(__file__).resolve().parents[2]
# The shipped recipe (checkpoints/recipes/base.json) with decoder hidden = embedding size = 256
# and batches of 2,000 tokens: Joey's recurrent decoder can tie its softmax to the target
# embeddings only when its hidden size equals the embedding size, and ours ties them.
RECIPE = ROOT / "bench/peers/recipe.json"
OUT = ROOT / "bench/out"
WORK = OUT / "peers"
SPM = OUT / "spm.model"
JOEY_VENV = OUT / "joey-venv"
LENGTHS = (5, 20, 50)  # source pieces (without </s>) of the latency probes


@dataclass(frozen=True)
class Mode:
    """How big a run is: the budget per system and how much is decoded and timed."""

    minutes: float  # wall-clock training budget for each system
    dev_sentences: int  # validated on during training (the first N of the dev split)
    test_sentences: int  # translated and scored (the first N of the test split)
    probes_per_length: int  # different sentences timed for each probe length
    repeats: int  # timed calls per probe sentence (after one warm-up call)


MODES = {
    "quick": Mode(minutes=2, dev_sentences=100, test_sentences=200, probes_per_length=2, repeats=5),
    "full": Mode(
        minutes=25, dev_sentences=500, test_sentences=1000, probes_per_length=3, repeats=20
    ),
}


def run(command: list[str], log: Path, env: dict[str, str] | None = None) -> float:
    """Run ``command`` from the repository root, output to ``log``; return its wall seconds."""
    print(f"$ {shlex.join(command)}   (log: {rel(log)})", flush=True)
    log.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        status = subprocess.run(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
    if status.returncode:
        tail = "".join(log.read_text(encoding="utf-8").splitlines(keepends=True)[-30:])
        raise SystemExit(f"failed ({status.returncode}): {shlex.join(command)}\n{tail}")
    return round(time.monotonic() - start, 1)


def child_env() -> dict[str, str]:
    """Our environment, with the repository importable (nmt_core is not installed)."""
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


# --- 1. data -------------------------------------------------------------------------------


def write_side(pairs: list[Pair], prefix: Path, source: str, target: str) -> None:
    """Joey's plain format: PREFIX.de and PREFIX.en, one sentence per line."""
    for lang, texts in ((source, [p.source for p in pairs]), (target, [p.target for p in pairs])):
        if any("\n" in t or "\r" in t for t in texts):
            raise ValueError("a sentence holds a line break: the two files would misalign")
        prefix.with_name(f"{prefix.name}.{lang}").write_text(
            "".join(t + "\n" for t in texts), encoding="utf-8"
        )


def probe_sentences(tokenizer: Tokenizer, pool: list[str], length: int, count: int) -> list[str]:
    """``count`` sentences of exactly ``length`` source pieces: test sentences, or two joined.

    The test split has no sentence of 50 pieces (the longest has 44), so such probes join two.
    """
    sizes = [(text, len(tokenizer.encode(text))) for text in pool]
    found = [text for text, n in sizes if n == length][:count]
    for first, n in sizes:
        if len(found) >= count:
            break
        for second, m in sizes:
            joined = f"{first} {second}"
            if n + m == length and len(tokenizer.encode(joined)) == length:
                found.append(joined)
                break
    if len(found) < count:
        raise RuntimeError(f"found only {len(found)} probe sentences of {length} pieces")
    return found


def prepare(mode: Mode) -> dict[str, Any]:
    """Write the data, tokenizer, vocabulary, probes and both configs; return what is reported."""
    recipe = json.loads(RECIPE.read_text())
    cfg = TrainConfig.from_dict(recipe["train"])
    source, target = cfg.direction.split("-")
    data = WORK / "data"
    data.mkdir(parents=True, exist_ok=True)
    split = prepare_split(cfg)
    pairs = training_pairs(split, cfg)
    dev, test = split.dev[: mode.dev_sentences], split.test[: mode.test_sentences]
    write_side(pairs, data / "train", source, target)
    write_side(dev, data / "dev", source, target)

    if not SPM.exists():
        command = ["-m", "nmt_core", "tokenizer", "--config", rel(RECIPE), "--output", rel(SPM)]
        run([sys.executable, *command], WORK / "logs/tokenizer.log", child_env())
    tokenizer = Tokenizer.load(SPM)
    vocab = data / "vocab.txt"  # every piece in id order: Joey's vocabulary = our vocabulary
    vocab.write_text(
        "".join(p + "\n" for p in tokenizer.pieces(range(tokenizer.vocab_size))), encoding="utf-8"
    )

    pool = [p.source for p in split.test]
    probe = {
        "spm_model": str(SPM),
        "test_sources": [p.source for p in test],
        "latency": {
            str(n): probe_sentences(tokenizer, pool, n, mode.probes_per_length) for n in LENGTHS
        },
    }
    (WORK / "probe.json").write_text(json.dumps(probe, ensure_ascii=False, indent=1))

    ours_cfg = {
        "model": recipe["model"],
        "train": {
            **recipe["train"],
            "max_steps": 0,  # the wall-clock budget decides
            "eval_sentences": mode.dev_sentences,
        },
    }
    (WORK / "ours_config.json").write_text(json.dumps(ours_cfg, indent=2))
    joey_cfg = joey_config(recipe, cfg, data, vocab)
    (WORK / "joey_config.json").write_text(json.dumps(joey_cfg, indent=2))  # YAML in joey_side
    return {
        "references": [p.target for p in test],
        "split_sizes": split.sizes(),
        "training_pairs": len(pairs),
        "vocab_size": tokenizer.vocab_size,
        "probe": probe,
    }


def joey_config(
    recipe: dict[str, Any], cfg: TrainConfig, data: Path, vocab: Path
) -> dict[str, Any]:
    """Joey's recurrent model with the sizes and training settings of ``RECIPE``."""
    model = recipe["model"]
    source, target = cfg.direction.split("-")
    side = {
        "level": "bpe",
        "lowercase": False,
        "normalize": False,
        "max_length": -1,  # the split is already filtered at max_words, as ours trains on it
        "voc_file": str(vocab),
        "tokenizer_type": "sentencepiece",
        "tokenizer_cfg": {"model_file": str(SPM)},
    }
    embeddings = {"embedding_dim": model["embed_size"], "scale": False}
    return {
        "name": "joey-bahdanau",
        "joeynmt_version": "2.3.0",
        "model_dir": str(WORK / "joey"),
        "use_cuda": False,
        "random_seed": cfg.seed,
        "data": {
            "train": str(data / "train"),
            "dev": str(data / "dev"),
            "dataset_type": "plain",
            "src": {"lang": source, **side},
            "trg": {"lang": target, **side},
            # Joey puts <unk> <pad> <s> </s> first; our pieces 0 and 1 are <pad> <unk>.
            "special_symbols": {
                "unk_token": "<unk>",
                "unk_id": 0,
                "pad_token": "<pad>",
                "pad_id": 1,
                "bos_token": "<s>",
                "bos_id": 2,
                "eos_token": "</s>",
                "eos_id": 3,
            },
        },
        "testing": {
            "beam_size": 1,
            "beam_alpha": 1.0,  # length-normalised beam scores, as our length_penalty 1.0
            "batch_size": 64,
            "batch_type": "sentence",
            "max_output_length": -1,  # Joey's default: 1.5 x the longest source in the batch
            "eval_metrics": ["bleu", "chrf"],
        },
        "training": {
            "optimizer": "adam",
            "learning_rate": cfg.lr,
            "learning_rate_min": cfg.min_lr,
            "scheduling": "plateau",  # works through the shim in joey_side.py
            "decrease_factor": cfg.lr_decay,
            "patience": cfg.lr_patience,
            "clip_grad_norm": cfg.clip_norm,
            "label_smoothing": cfg.label_smoothing,
            "normalization": "tokens",  # mean loss per target token, as ours
            "loss": "crossentropy",
            "batch_size": cfg.batch_tokens,
            "batch_type": "token",
            "epochs": 1000,  # the wall-clock budget decides
            "validation_freq": cfg.eval_every,
            "logging_freq": 100,
            "early_stopping_metric": "bleu",
            "keep_best_ckpts": 1,
            "shuffle": True,
            "overwrite": True,
            "print_valid_sents": [0, 1, 2],
        },
        "model": {
            "tied_embeddings": model["tie_embeddings"],  # one joint vocabulary on both sides
            "tied_softmax": model["tie_embeddings"],  # output layer = target embeddings
            "encoder": {
                "type": "recurrent",
                "rnn_type": model["rnn_type"],
                "hidden_size": model["hidden_size"] // 2,  # per direction, as ours
                "bidirectional": True,
                "num_layers": 1,
                "dropout": model["dropout"],
                "embeddings": embeddings,
            },
            "decoder": {
                "type": "recurrent",
                "rnn_type": model["rnn_type"],
                "hidden_size": model["hidden_size"],  # also the additive attention's size
                "attention": "bahdanau",
                "input_feeding": True,
                "init_hidden": "bridge",
                "num_layers": 1,
                "dropout": model["dropout"],
                "hidden_dropout": model["dropout"],
                "embeddings": embeddings,
            },
        },
    }


# --- 2. and 3. training and evaluation -----------------------------------------------------


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def train_and_evaluate(mode: Mode, threads: int) -> dict[str, Any]:
    """Train ours, train Joey, evaluate ours, evaluate Joey: one process each, in that order."""
    ours, joey = ["python", "-m", "bench.peers.ours_side"], [rel(JOEY_VENV / "bin/python")]
    joey += ["-m", "bench.peers.joey_side"]
    threads_flag = ["--threads", str(threads)]
    timing = ["--probe", rel(WORK / "probe.json"), "--repeats", str(mode.repeats), *threads_flag]
    commands = {
        "ours_train": [
            *ours, "train", "--stats", rel(WORK / "ours_train.json"), "--",
            "train", "--config", rel(WORK / "ours_config.json"), "--tokenizer", rel(SPM),
            "--output-dir", rel(WORK / "ours"), "--scorer", "additive", "--decoder", "bahdanau",
            "--max-minutes", str(mode.minutes), *threads_flag,
        ],
        "joey_train": [
            *joey, "train", "--config", rel(WORK / "joey_config.json"),
            "--minutes", str(mode.minutes), "--stats", rel(WORK / "joey_train.json"), *threads_flag,
        ],
        "ours_evaluate": [
            *ours, "evaluate", "--checkpoint", rel(WORK / "ours/best"),
            "--out-dir", rel(WORK / "ours_eval"), *timing,
        ],
        "joey_evaluate": [
            *joey, "evaluate", "--model-dir", rel(WORK / "joey"),
            "--out-dir", rel(WORK / "joey_eval"), *timing,
        ],
    }  # fmt: skip
    shutil.rmtree(WORK / "ours", ignore_errors=True)  # a fresh run, never a resumed one
    walls = {}
    for name, command in commands.items():
        # "python" in the recorded commands is this interpreter.
        actual = [sys.executable if part == "python" else part for part in command]
        walls[name] = run(actual, WORK / f"logs/{name}.log", child_env())
    return {
        "commands": {name: shlex.join(c) for name, c in commands.items()},
        "wall_seconds": walls,
    }


# --- 4. report -----------------------------------------------------------------------------


def output_pieces(tokenizer: Tokenizer, texts: list[str]) -> int:
    """Decoder steps a translation took, counted again from its text: its pieces and </s>."""
    return sum(len(tokenizer.encode(text)) + 1 for text in texts)


def side_report(name: str, references: list[str], tokenizer: Tokenizer) -> dict[str, Any]:
    """Scores, throughput, latency and memory of one system, from the files its run wrote."""
    trained = json.loads((WORK / f"{name}_train.json").read_text())
    evaluated = json.loads((WORK / f"{name}_eval/eval.json").read_text())
    report: dict[str, Any] = {"train": trained, "eval_peak_rss_mib": evaluated["peak_rss_mib"]}
    for key in ("beam1", "beam5"):
        hypotheses = (WORK / f"{name}_eval/{key}.hyp").read_text(encoding="utf-8").splitlines()
        pieces_per_s = output_pieces(tokenizer, hypotheses) / evaluated[key]["seconds"]
        report[key] = {
            **evaluated[key],
            "output_pieces_per_s": round(pieces_per_s, 1),
            **corpus_scores(hypotheses, references),
        }
    for key in ("latency", "latency_text_only"):
        if key not in evaluated:
            continue
        table = {}
        for length, row in evaluated[key].items():
            outputs = row.pop("outputs")
            pieces = output_pieces(tokenizer, outputs) / len(outputs)
            table[length] = {**row, "output_pieces": round(pieces, 1)}
        report[key] = table
    return report


def machine() -> dict[str, Any]:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    import torch

    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "os": platform.platform(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


DECODES = (("beam1", "greedy"), ("beam5", "beam 5"))


def markdown(result: dict[str, Any]) -> str:
    """The comparison table: one row per figure, ours against Joey's, with the issue's targets."""
    ours, joey = result["ours"], result["joey"]
    rows = [("metric", "nmt_core", "Joey NMT 2.3.0", "ours vs Joey", "target"), ("---",) * 5]

    def add(metric: str, a: float, b: float, diff: bool = False, target: str = "") -> None:
        comparison = f"{a - b:+.2f}" if diff else (f"{a / b:.2f}x" if b else "-")
        spec = "d" if isinstance(a, int) else ".2f" if diff or abs(a) < 10 else ".1f"
        rows.append((metric, format(a, spec), format(b, spec), comparison, target))

    def verdict(goal: str, met: bool) -> str:
        return f"{goal} ({'met' if met else 'missed'})"

    for key, label in DECODES:
        o, j = ours[key], joey[key]
        met = o["bleu"] >= j["bleu"]
        add(f"test BLEU, {label}", o["bleu"], j["bleu"], True, verdict(">= Joey", met))
        add(f"test chrF, {label}", o["chrf"], j["chrf"], True)
    o, j = ours["train"]["target_tokens_per_s"], joey["train"]["target_tokens_per_s"]
    add("training: target tokens/s", o, j, target=verdict(">= 1.2x", o >= 1.2 * j))
    add("training: steps in the budget", ours["train"]["steps"], joey["train"]["steps"])
    for n, o in ours["latency"].items():
        j, text = joey["latency"][n], ours["latency_text_only"][n]
        goal = verdict("<= 0.5x", o["median_ms"] <= 0.5 * j["median_ms"])
        add(f"latency, {n} pieces: median ms", o["median_ms"], j["median_ms"], target=goal)
        add(f"latency, {n} pieces: p95 ms", o["p95_ms"], j["p95_ms"])
        add(f"latency, {n} pieces: ours text only, median ms", text["median_ms"], j["median_ms"])
        add(f"latency, {n} pieces: output pieces", o["output_pieces"], j["output_pieces"])
        o_step, j_step = (x["median_ms"] / x["output_pieces"] for x in (o, j))
        add(f"latency, {n} pieces: median ms per output piece", o_step, j_step)
    for key, label in DECODES:
        o, j = ours[key]["sentences_per_s"], joey[key]["sentences_per_s"]
        add(f"batch translation, {label}: sentences/s", o, j)
        o, j = ours[key]["output_pieces_per_s"], joey[key]["output_pieces_per_s"]
        add(f"batch translation, {label}: output pieces/s", o, j)
    add("peak RSS, training: MiB", ours["train"]["peak_rss_mib"], joey["train"]["peak_rss_mib"])
    add("peak RSS, translation: MiB", ours["eval_peak_rss_mib"], joey["eval_peak_rss_mib"])
    return "\n".join("| " + " | ".join(map(str, row)) + " |" for row in rows)


def summary(result: dict[str, Any]) -> str:
    """Markdown for bench/RESULTS.md: the machine and settings, the table, the commands."""
    m, s = result["machine"], result["settings"]
    mode = "--quick " if result["mode"] == "quick" else ""
    if s["minutes"] != MODES[result["mode"]].minutes:
        mode += f"--minutes {s['minutes']:g} "
    commands = "\n".join(f"    {c}" for c in result["commands"].values())
    return f"""\
{result["mode"]} run of {result["date"]}, {result["total_minutes"]} minutes in all.
Machine: {m["cpu"]}, {m["cores"]} cores; Python {m["python"]}, torch {m["torch"]}, {m["os"]}.
Load average (1, 5, 15 min) {m["load_average_at_start"]} at the start, {m["load_average"]} \
at the end (the benchmark's own {s["threads"]} threads count in it: more than that means other \
jobs ran, which slow both systems and blur the ratios).
Budget: {s["minutes"]} minutes of training each, {s["threads"]} torch threads in every process; \
dev {s["dev_sentences"]} sentences, test {s["test_sentences"]}; latency over \
{s["probes_per_length"]} sentences per length x {s["repeats"]} calls.

{result["table"]}

Commands, from the repository root:

    bash bench/peers/joey_setup.sh
    python -m bench.peers.compare {mode}--threads {s["threads"]}

which ran, one after the other:

{commands}
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="small budget: checks the scripts")
    parser.add_argument("--minutes", type=float, help="override the training budget per system")
    parser.add_argument("--threads", type=int, default=2, help="torch threads for every process")
    args = parser.parse_args(argv)
    mode = MODES["quick" if args.quick else "full"]
    if args.minutes:
        mode = dataclasses.replace(mode, minutes=args.minutes)
    started = time.monotonic()
    date = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    load_before = [round(x, 2) for x in os.getloadavg()]

    run(["bash", "bench/peers/joey_setup.sh"], WORK / "logs/joey_setup.log")
    prepared = prepare(mode)
    runs = train_and_evaluate(mode, args.threads)
    tokenizer = Tokenizer.load(SPM)
    result = {
        "date": date,
        "mode": "quick" if args.quick else "full",
        "settings": dataclasses.asdict(mode) | {"threads": args.threads},
        "machine": machine() | {"load_average_at_start": load_before},
        "data": {k: prepared[k] for k in ("split_sizes", "training_pairs", "vocab_size")},
        "latency_probes": prepared["probe"]["latency"],
        **runs,
        "ours": side_report("ours", prepared["references"], tokenizer),
        "joey": side_report("joey", prepared["references"], tokenizer),
    }
    result["total_minutes"] = round((time.monotonic() - started) / 60, 1)
    result["table"] = markdown(result)
    result["summary"] = summary(result)
    (OUT / "peers.json").write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    print("\n" + result["summary"])
    print("details: bench/out/peers.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())

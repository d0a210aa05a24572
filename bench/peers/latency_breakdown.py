"""Where the time of one ``translate()`` call goes, per source length.

    python -m bench.peers.latency_breakdown                        # model of bench/out/peers
    python -m bench.peers.latency_breakdown --checkpoint DIR --profile
    python -m bench.peers.latency_breakdown --random               # untrained, recipe sizes

Timers are wrapped around the parts of a greedy ``translate(checkpoint, sentence)`` call for the
length of the script (``unittest.mock.patch``; nothing in nmt_core is edited). Stages, each
timed *without* the stages listed under it:

    translate()                  the whole call
      prepare input              normalize_text, prepare_source (sentencepiece), pad_batch
      greedy_search
        encoder                  model.encode: embeddings, BiGRU, keys U_a h_j, summary
        decoder step (x T)       decode._step
          decoder RNN            decoder.run_rnn: one GRU step (the cell function)
          attention              decoder.attention: score, masked softmax, context
          decoder other          the rest of decoder.step: concatenations, W_o, tanh
          output layer           model.logits: the tied (V, E) projection
          log-softmax, embed     the rest of _step
        step records             decode._Records.of: top-k, exp
        collect results          _Records.concat, _Records.trim, _result (.cpu(), tolist)
        search loop              the rest: max, the EOS check and its sync, per-step lists
      build Translation          translate._hypothesis: numpy, pieces, detokenise
      Python glue                the rest of translate(): DecodeConfig, validation, dataclasses

Timing costs about a microsecond per wrapped call; the untimed median is printed beside the
timed one. With ``--random`` the model never emits </s>, so it decodes 2 x source + 10 steps.
``--profile`` adds torch.profiler's operator table for the 20-piece source.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import torch

from nmt_core import translate as translate_module
from nmt_core.checkpoint import Checkpoint, load_checkpoint
from nmt_core.decoding import search as decode
from nmt_core.network.config import ModelConfig
from nmt_core.network.model import build_model
from nmt_core.text.tokenization import Tokenizer
from nmt_core.translate import translate

ROOT = Path(__file__).resolve().parents[2]
LENGTHS = (5, 20, 50)


class StageTimer:
    """Accumulated seconds and calls per stage name."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)

    def wrap(self, stage: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds[stage] += time.perf_counter() - start
                self.calls[stage] += 1

        return timed

    def reset(self) -> None:
        self.seconds.clear()
        self.calls.clear()


@contextmanager
def instrumented(checkpoint: Checkpoint, timer: StageTimer) -> Iterator[None]:
    """Wrap the stages of translate() in ``timer`` while the block runs."""
    model = checkpoint.model
    decoder = model.decoder
    records = decode._Records
    targets = [
        (translate_module, "normalize_text", "prepare input"),
        (translate_module, "prepare_source", "prepare input"),
        (translate_module, "pad_batch", "prepare input"),
        (translate_module, "greedy_search", "greedy_search"),
        (translate_module, "_hypothesis", "build Translation"),
        (model, "encode", "encoder"),
        (decode, "_step", "decoder step"),
        (decoder, "step", "decoder.step"),
        (decoder, "run_rnn", "decoder RNN"),
        (decoder.attention, "forward", "attention"),
        (model, "logits", "output layer"),
        (records, "trim", "collect results"),
        (decode, "_result", "collect results"),
    ]
    classmethods = [(records, "of", "step records"), (records, "concat", "collect results")]
    with ExitStack() as stack:
        for owner, name, stage in targets:
            wrapped = timer.wrap(stage, getattr(owner, name))
            stack.enter_context(mock.patch.object(owner, name, wrapped))
        for owner, name, stage in classmethods:  # getattr gives the method bound to the class
            wrapped = staticmethod(timer.wrap(stage, getattr(owner, name)))
            stack.enter_context(mock.patch.object(owner, name, wrapped))
        yield


def exclusive(inclusive: dict[str, float]) -> dict[str, float]:
    """Per-stage time with the nested stages taken out (the tree in the module docstring)."""
    t = defaultdict(float, inclusive)
    return {
        "prepare input": t["prepare input"],
        "encoder": t["encoder"],
        "decoder RNN": t["decoder RNN"],
        "attention": t["attention"],
        "decoder other": t["decoder.step"] - t["decoder RNN"] - t["attention"],
        "output layer": t["output layer"],
        "log-softmax, embed": t["decoder step"] - t["decoder.step"] - t["output layer"],
        "step records": t["step records"],
        "collect results": t["collect results"],
        "search loop": t["greedy_search"]
        - t["encoder"]
        - t["decoder step"]
        - t["step records"]
        - t["collect results"],
        "build Translation": t["build Translation"],
        "Python glue": t["translate()"]
        - t["prepare input"]
        - t["greedy_search"]
        - t["build Translation"],
    }


def breakdown(
    checkpoint: Checkpoint, sentence: str, repeats: int
) -> tuple[dict[str, float], int, float, float]:
    """Mean exclusive ms per stage, decoder steps, timed and untimed median ms per call."""
    steps = len(translate(checkpoint, sentence).target_pieces)
    untimed = []
    for _ in range(repeats):
        start = time.perf_counter()
        translate(checkpoint, sentence)
        untimed.append(1000 * (time.perf_counter() - start))
    timer = StageTimer()
    totals: dict[str, float] = defaultdict(float)
    timed_calls = []
    with instrumented(checkpoint, timer):
        translate(checkpoint, sentence)  # warm-up under the wrappers
        for _ in range(repeats):
            timer.reset()
            whole = timer.wrap("translate()", translate)
            whole(checkpoint, sentence)
            timed_calls.append(1000 * timer.seconds["translate()"])
            for stage, seconds in exclusive(timer.seconds).items():
                totals[stage] += 1000 * seconds / repeats
    return dict(totals), steps, statistics.median(timed_calls), statistics.median(untimed)


def probe_sentences(checkpoint: Checkpoint, probe: Path | None) -> dict[int, str]:
    """One sentence per length: from compare.py's probe file, else made from a word list."""
    if probe and probe.exists():
        latency = json.loads(probe.read_text(encoding="utf-8"))["latency"]
        return {n: latency[str(n)][0] for n in LENGTHS}
    words = "der Hund die Katze sieht schläft im Garten und das Haus ist groß".split()  # noqa: SIM905
    rng = random.Random(0)
    sentences = {}
    for n in LENGTHS:
        sentence = " ".join(rng.choice(words) for _ in range(n)).capitalize()
        while len(checkpoint.tokenizer.encode(sentence)) > n:
            sentence = " ".join(sentence.split()[:-1])
        sentences[n] = sentence
    return sentences


def random_checkpoint(tokenizer_path: Path) -> Checkpoint:
    """An untrained model of the base recipe's sizes (additive scorer, Bahdanau decoder)."""
    recipe = json.loads((ROOT / "checkpoints/recipes/base.json").read_text())["model"]
    tokenizer = Tokenizer.load(tokenizer_path)
    config = ModelConfig(**recipe, vocab_size=tokenizer.vocab_size)
    torch.manual_seed(0)
    model = build_model(config).eval()
    return Checkpoint(Path("random"), model, tokenizer, config, {"name": "random weights"})


def print_table(name: str, rows: dict[int, tuple[dict[str, float], int, float, float]]) -> None:
    """Stages down, source lengths across: ms per call, share of the call, us per decoder step."""
    stages = list(next(iter(rows.values()))[0])
    print(f"\n{name}")
    print(f"{'':20}" + "".join(f" | {f'{n}-piece source':>24}" for n in rows))
    print(f"{'stage':20}" + " | ms per call    %  us/step" * len(rows))
    for stage in stages:
        cells = ""
        for table, steps, timed_ms, _ in rows.values():
            ms = table[stage]
            cells += f" | {ms:11.2f} {100 * ms / timed_ms:4.0f} {1000 * ms / steps:8.0f}"
        print(f"{stage:20}{cells}")
    totals = (("decoder steps", 1, "11d"), ("timed total, ms", 2, "11.2f"))
    for label, column, spec in (*totals, ("untimed median, ms", 3, "11.2f")):
        cells = "".join(f" | {row[column]:{spec}}{'':14}" for row in rows.values())
        print(f"{label:20}{cells}")


def profile(checkpoint: Checkpoint, sentence: str, repeats: int) -> None:
    from torch.profiler import ProfilerActivity
    from torch.profiler import profile as torch_profile

    translate(checkpoint, sentence)
    with torch_profile(activities=[ProfilerActivity.CPU]) as prof:
        start = time.perf_counter()
        for _ in range(repeats):
            translate(checkpoint, sentence)
        wall = time.perf_counter() - start
    events = prof.key_averages()
    inside = sum(e.self_cpu_time_total for e in events) / 1e6
    print(f"\ntorch.profiler, {repeats} calls on the 20-piece source (profiler overhead included)")
    print(events.table(sort_by="self_cpu_time_total", row_limit=20))
    print(f"time inside torch operators: {100 * inside / wall:.0f}% of {1000 * wall:.0f} ms wall")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--checkpoint", default="bench/out/peers/ours/best")
    parser.add_argument("--random", action="store_true", help="untrained model, recipe sizes")
    parser.add_argument("--tokenizer", default="bench/out/spm.model", help="for --random")
    parser.add_argument("--probe", default="bench/out/peers/probe.json", help="probe sentences")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--profile", action="store_true", help="add torch.profiler's table")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    if args.random:
        checkpoint = random_checkpoint(Path(args.tokenizer))
    else:
        checkpoint = load_checkpoint(args.checkpoint, device="cpu")
    sentences = probe_sentences(checkpoint, Path(args.probe) if args.probe else None)
    rows = {n: breakdown(checkpoint, sentences[n], args.repeats) for n in LENGTHS}
    name = f"{checkpoint.name}: greedy translate(), {torch.get_num_threads()} threads"
    print_table(f"{name}, mean of {args.repeats} calls", rows)
    if args.profile:
        profile(checkpoint, sentences[20], args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The query–key map: the decoder's queries and the encoder's keys of many sentences in 2D.

Every scorer computes e_tj = combine(project_query(q_t), k_j) (``network.attention``), where
q_t is the state the scorer reads (s_{t-1}, s'_t or s_t: ``scorers.DECODERS``) and k_j the key
``prepare_keys`` made of h_j. The two sides the map draws are the scorer's own:

    dot      q̂_t = s_t (s_t / sqrt(d) scaled)   k_j = h_j                e = q̂_t . k_j
    general  q̂_t = s_t                          k_j = W_a h_j            e = q̂_t . k_j
    additive q̂_t = W_a q_t                      k_j = U_a h_j + b_a      e = v_a^T tanh(q̂_t + k_j)

They are taken from the model's greedy translation, the one Step through shows (so a point
opens there at its step): the sentences are decoded greedily in one batch, then the decoder is
run once more, teacher-forced on its own output, which gives the same states and records them.

A plane cannot keep every score. The map keeps (``Scorer.meets``):

* inner products (dot, general): the plane through the origin spanned by the top two right
  singular vectors V_2 of the stacked [q̂; k], not centred, so that
  e = q̂^T k = (V_2 q̂) . (V_2 k) + q̂^T (I - V_2^T V_2) k: the points' inner product on the map
  plus what the other directions add; exact when every vector lies in such a plane;
* additive: the plane through the mean m of [q̂; k] spanned by their top two principal
  directions; a point stands for P(x) = m + V_2^T V_2 (x - m), and a pair's map score is
  v_a^T tanh(P(q̂) + P(k)), read at the sum of the two points, not at their distance.

Either way the map's score is the scorer's own ``combine`` applied to P(q̂) and P(k) (for
inner products P = V_2^T V_2, whose inner products are the 2D ones), and Spearman's rho
between it and the model's e over every (query, key) pair of a sentence says how well the map
ranks the scores: over all pairs, and within each step (what the softmax compares).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import torch

from nmt_core.checkpoint import Checkpoint
from nmt_core.decoding.batching import pad_batch
from nmt_core.decoding.search import greedy_search
from nmt_core.network.scorers import scorer
from nmt_core.text.data import normalize_text
from nmt_core.translate import decoding, prepare_source

# The largest map one request may ask for, checked before any work: its time and memory grow
# with sentences x steps x pieces, and a class server shares two cores among thirty students.
MAX_SENTENCES = 100
MAX_CHARACTERS = 200  # a sentence's length, normalised
BATCH = 16  # sentences decoded at once: the additive scorer's (B, T, S, A) tensor stays small
PAIR_BLOCK = 16_384  # (query, key) pairs scored on the map at once, for the same reason


@dataclass(frozen=True)
class QueryKeyMap:
    """Nq queries (one per decoder step) and Nk keys (one per source piece, "</s>" included)
    of some sentences, placed on one plane, and how well the plane ranks the scores.

    pairs: (P, 2) rows of (query, key), every pair the scorer compared (the same sentence);
    energies: (P,) the model's e of each pair; implied: (P,) e computed from the map's points.
    """

    scorer: str  # the model's scorer, a name of scorers.SCORERS
    sentences: tuple[str, ...]  # the source texts, normalised, in the order given
    queries: np.ndarray  # (Nq, 2) map coordinates
    keys: np.ndarray  # (Nk, 2)
    query_sentence: np.ndarray  # (Nq,) index into sentences
    query_step: np.ndarray  # (Nq,) 0-based decoder step
    query_piece: tuple[str, ...]  # the piece written at that step
    key_sentence: np.ndarray  # (Nk,) index into sentences
    key_position: np.ndarray  # (Nk,) 0-based source piece
    key_piece: tuple[str, ...]
    key_step: np.ndarray  # (Nk,) 0-based step that gave the key its largest weight
    pairs: np.ndarray
    energies: np.ndarray
    implied: np.ndarray
    rho: float  # Spearman's rho of energies and implied over all pairs
    rho_within: float  # its mean over the steps, each step's keys ranked alone
    kept: float  # share of the points' squared length (about the plane's centre) on the plane
    centred: bool  # the plane passes through the points' mean (additive), not the origin


@dataclass(frozen=True)
class _Sides:
    """What one batch's decoding gave: projected queries (B, T, A), keys (B, S, A), the
    model's energies and weights (B, T, S), and each sentence's pieces."""

    queries: torch.Tensor
    keys: torch.Tensor
    energies: torch.Tensor
    weights: torch.Tensor
    source_pieces: list[list[str]]
    target_pieces: list[list[str]]


@torch.inference_mode()
def _decoded(checkpoint: Checkpoint, texts: Sequence[str]) -> _Sides:
    """Greedy translations of ``texts`` in one batch, then one teacher-forced pass over them
    that records each step's query (``DecoderOutput.queries``) through the model's code."""
    model, tokenizer, device = checkpoint.model, checkpoint.tokenizer, checkpoint.device
    config = model.config
    sources = [prepare_source(tokenizer, text)[0] for text in texts]
    with decoding(model):
        # 1. The greedy translations, as Step through makes them (text only: no records).
        src, mask = pad_batch(sources, config.pad_id, device)
        targets = [result.tokens for result in greedy_search(model, src, mask, records=False)]
        # 2. Feed each back: BOS y_1 ... y_{T-1} gives the states that wrote y_1 ... y_T.
        inputs = pad_batch([[config.bos_id, *t[:-1]] for t in targets], config.pad_id, device)[0]
        memory = model.encode(src, mask)
        out = model.decoder(model.embed(inputs), model.decoder.init_state(memory), memory)
    assert out.scores is not None and out.weights is not None  # a scorer that attends
    return _Sides(  # on the CPU, in float32
        queries=model.decoder.attention.project_query(out.queries).float().cpu(),
        keys=memory.keys.float().cpu(),
        energies=out.scores.float().cpu(),
        weights=out.weights.float().cpu(),
        source_pieces=[tokenizer.pieces(ids) for ids in sources],
        target_pieces=[tokenizer.pieces(t) for t in targets],
    )


SKETCH = 12  # directions the randomized SVD follows to find the top two (Halko et al. 2011)
POWER_STEPS = 4  # its power iterations: the top two come out as the exact SVD's (tested)


def plane(points: torch.Tensor, centred: bool) -> tuple[torch.Tensor, torch.Tensor, float]:
    """The best plane for (N, D) ``points`` in least squares: through their mean when
    ``centred``, else through the origin. Returns (basis (2, D) orthonormal rows, the plane's
    centre (D,), the share of the points' squared length about it that the plane keeps).

    The top two right singular vectors come from a randomized SVD with a fixed seed (Halko,
    Martinsson & Tropp 2011, algorithm 4.4), in torch, which keeps to the process's threads:
    an exact one of the (D, D) matrix in numpy took most of a second on 2 busy cores."""
    points = points.double()
    centre = points.mean(dim=0) if centred else points.new_zeros(points.size(1))
    moved = points - centre
    seed = torch.Generator().manual_seed(0)
    sketch = moved @ torch.randn(moved.size(1), SKETCH, generator=seed, dtype=torch.float64)
    for _ in range(POWER_STEPS):  # (X X^T)^q X Omega, orthonormalised at each step
        sketch = moved @ torch.linalg.qr(moved.T @ torch.linalg.qr(sketch).Q).Q
    _, singular, rows = torch.linalg.svd(torch.linalg.qr(sketch).Q.T @ moved, full_matrices=False)
    basis = rows[:2] * torch.where(rows[:2].sum(dim=1, keepdim=True) < 0, -1.0, 1.0)
    total = float((moved**2).sum())
    return basis, centre, float((singular[:2] ** 2).sum() / total) if total > 0 else 1.0


def _ranks(values: np.ndarray) -> np.ndarray:
    """Ranks 0..n-1 along the last axis, ties sharing their mean rank."""
    order = np.argsort(values, axis=-1, kind="stable")
    ranks = np.empty(values.shape)
    np.put_along_axis(ranks, order, np.arange(values.shape[-1], dtype=float), axis=-1)
    if values.ndim == 1:
        _, inverse, counts = np.unique(values, return_inverse=True, return_counts=True)
        ranks = (np.bincount(inverse, weights=ranks) / counts)[inverse]
    return ranks


def spearman(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Spearman's rho of ``a`` and ``b`` along their last axis (ties: mean ranks in 1D); NaN
    where either side is constant."""
    ra, rb = _ranks(a), _ranks(b)
    ra = ra - ra.mean(axis=-1, keepdims=True)
    rb = rb - rb.mean(axis=-1, keepdims=True)
    norm = np.sqrt((ra**2).sum(axis=-1) * (rb**2).sum(axis=-1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return (ra * rb).sum(axis=-1) / norm


@dataclass(frozen=True)
class _Flat:
    """The sides of every sentence in rows: queries (Nq, A), keys (Nk, A), what each row is,
    and the pairs a sentence's scorer compared, sentence by sentence, step by step."""

    queries: torch.Tensor
    keys: torch.Tensor
    query_sentence: np.ndarray
    query_step: np.ndarray
    query_piece: tuple[str, ...]
    key_sentence: np.ndarray
    key_position: np.ndarray
    key_piece: tuple[str, ...]
    key_step: np.ndarray
    pairs: np.ndarray
    energies: np.ndarray
    blocks: tuple[tuple[int, int], ...]  # (T, S) of each sentence: its pairs, step-major


def _flattened(chunks: Sequence[_Sides]) -> _Flat:
    """One row per query and per key, the padding left out; the sentences in the order of
    ``chunks`` (batches decoded one after another)."""
    rows = [(sides, b) for sides in chunks for b in range(len(sides.source_pieces))]
    shapes = [(len(sides.target_pieces[b]), len(sides.source_pieces[b])) for sides, b in rows]
    queries, keys, key_steps, pairs, energies = [], [], [], [], []
    first_query = first_key = 0
    for (sides, b), (steps, pieces) in zip(rows, shapes, strict=True):
        queries.append(sides.queries[b, :steps])
        keys.append(sides.keys[b, :pieces])
        key_steps.append(sides.weights[b, :steps, :pieces].argmax(dim=0).cpu().numpy())
        t, j = np.meshgrid(np.arange(steps), np.arange(pieces), indexing="ij")  # step-major
        pairs.append(np.stack([first_query + t.ravel(), first_key + j.ravel()], axis=1))
        energies.append(sides.energies[b, :steps, :pieces].reshape(-1).cpu().numpy())
        first_query, first_key = first_query + steps, first_key + pieces
    return _Flat(
        queries=torch.cat(queries).double(),
        keys=torch.cat(keys).double(),
        query_sentence=np.repeat(np.arange(len(shapes)), [steps for steps, _ in shapes]),
        query_step=np.concatenate([np.arange(steps) for steps, _ in shapes]),
        query_piece=tuple(piece for sides, b in rows for piece in sides.target_pieces[b]),
        key_sentence=np.repeat(np.arange(len(shapes)), [pieces for _, pieces in shapes]),
        key_position=np.concatenate([np.arange(pieces) for _, pieces in shapes]),
        key_piece=tuple(piece for sides, b in rows for piece in sides.source_pieces[b]),
        key_step=np.concatenate(key_steps),
        pairs=np.vstack(pairs),
        energies=np.concatenate(energies).astype(np.float64),
        blocks=tuple(shapes),
    )


def _within_steps(flat: _Flat, implied: np.ndarray) -> float:
    """The mean over steps of Spearman's rho between e and the map's score of that step's keys
    (a step whose scores are all equal is left out); NaN when no step has two keys."""
    rhos, start = [], 0
    for steps, pieces in flat.blocks:
        end = start + steps * pieces
        true = flat.energies[start:end].reshape(steps, pieces)
        rhos.append(spearman(true, implied[start:end].reshape(steps, pieces)))
        start = end
    rho = np.concatenate(rhos)
    return float(np.nanmean(rho)) if np.isfinite(rho).any() else float("nan")


def _map_scores(
    checkpoint: Checkpoint, flat: _Flat, basis: torch.Tensor, centre: torch.Tensor
) -> np.ndarray:
    """(P,) each pair's score computed by the scorer's own ``combine`` from the two points the
    map shows, put back in the full space: P(x) = centre + V_2^T V_2 (x - centre)."""

    weight = next(checkpoint.model.parameters())  # the model's device and type

    def on_plane(x: torch.Tensor) -> torch.Tensor:
        return (centre + (x - centre) @ basis.T @ basis).to(weight.device, weight.dtype)

    queries, keys = on_plane(flat.queries), on_plane(flat.keys)
    scores = []
    with torch.inference_mode():  # each pair a batch of one step and one piece: (P, 1, A)
        for block in torch.from_numpy(flat.pairs).to(weight.device).split(PAIR_BLOCK):
            combined = checkpoint.model.decoder.attention.combine(
                queries[block[:, 0]][:, None], keys[block[:, 1]][:, None]
            )
            scores.append(combined[:, 0, 0].double().cpu().numpy())
    return np.concatenate(scores)


def size_problem(sentences: Sequence[str]) -> str | None:
    """Why a map of ``sentences`` is larger than one request may ask for, or None: said in
    words a user can act on (which sentences are too long, how many may be mapped)."""
    if len(sentences) > MAX_SENTENCES:
        return f"{len(sentences)} sentences: a map takes at most {MAX_SENTENCES}"
    long = [n for n, text in enumerate(sentences, start=1) if len(text) > MAX_CHARACTERS]
    if long:
        shown = ", ".join(map(str, long[:5])) + (", ..." if len(long) > 5 else "")
        return (
            f"sentence {shown} {'is' if len(long) == 1 else 'are'} longer than "
            f"{MAX_CHARACTERS} characters: shorten or leave out what the map should not show"
        )
    return None


def query_key_map(checkpoint: Checkpoint, sentences: Sequence[str]) -> QueryKeyMap:
    """Queries and keys of ``sentences`` (greedy translations) on one plane; see the module
    docstring for what it keeps. Raises ValueError, before any decoding, for a model without
    attention, one whose score reads coverage (its keys change with each step), no sentence to
    translate, or more than :data:`MAX_SENTENCES` or :data:`MAX_CHARACTERS` (see
    :func:`size_problem`)."""
    entry = scorer(checkpoint.model.config.scorer)
    if not entry.attends:
        raise ValueError("this model has no attention: it has no queries or keys to map")
    if checkpoint.model.config.coverage:
        raise ValueError("this model's score reads its coverage, so its keys change every step")
    texts = tuple(text for text in map(normalize_text, sentences) if text)
    if not texts:
        raise ValueError("no sentence to map: every one is empty")
    problem = size_problem(texts)
    if problem:
        raise ValueError(problem)
    flat = _flattened(
        [_decoded(checkpoint, texts[i : i + BATCH]) for i in range(0, len(texts), BATCH)]
    )
    centred = entry.meets != "inner"
    basis, centre, kept = plane(torch.cat([flat.queries, flat.keys]), centred)
    implied = _map_scores(checkpoint, flat, basis, centre)
    return QueryKeyMap(
        scorer=entry.name,
        sentences=texts,
        queries=((flat.queries - centre) @ basis.T).cpu().numpy(),
        keys=((flat.keys - centre) @ basis.T).cpu().numpy(),
        query_sentence=flat.query_sentence,
        query_step=flat.query_step,
        query_piece=flat.query_piece,
        key_sentence=flat.key_sentence,
        key_position=flat.key_position,
        key_piece=flat.key_piece,
        key_step=flat.key_step,
        pairs=flat.pairs,
        energies=flat.energies,
        implied=implied,
        rho=float(spearman(flat.energies, implied)),
        rho_within=_within_steps(flat, implied),
        kept=kept,
        centred=centred,
    )


def steps_found(found: QueryKeyMap, sentence: int) -> tuple[int, int]:
    """(found, steps) of sentence ``sentence`` of the map: how many of its decoder steps score
    highest, on the map, the key the model gives its largest weight (its largest e), and how
    many steps it has. What a class can find on the map: a step's query and the key it looks at
    most, drawn where the scorer's own score of the two points is the step's highest."""
    mine = found.query_sentence[found.pairs[:, 0]] == sentence
    queries, energies, implied = found.pairs[mine, 0], found.energies[mine], found.implied[mine]
    steps = np.unique(queries)
    hits = sum(
        int(np.argmax(energies[queries == q]) == np.argmax(implied[queries == q])) for q in steps
    )
    return hits, len(steps)

"""Decoders: Bahdanau (attend from s_{i-1}), Luong (attend from s_t, input feeding) and the
conditional GRU (attend from s'_i, a first GRU transition on y_{i-1}).

Each takes embedded target tokens and the encoder :class:`Memory`, and returns *pre-output*
vectors of size embed_size; the model maps those to vocabulary logits with the (tied) output
embedding, so the costly vocabulary projection runs once over all steps after the step loop.

Shapes: B = batch, T = target steps, S = source length, H = hidden_size, E = embed_size.
A decoder state is a dict of (B, ...) tensors ("h"; "c" for an LSTM; "feed" for Luong input
feeding; "coverage", (B, S), for a scorer with coverage) so that beam search can reorder any
decoder's state the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import torch
from torch import Tensor, nn

from nmt_core.network.attention import Attention
from nmt_core.network.encoder import make_rnn, sentence_summary

State = dict[str, Tensor]


@dataclass(frozen=True)
class Memory:
    """The encoder side of one batch, computed once per sentence.

    values: (B, S, H) annotations h_j; keys: ``attention.prepare_keys(values, mask)``;
    mask: (B, S) True on real tokens; summary: (B, H) [forward h_S ; backward h_1];
    weights: (B, S) attention to use instead of the scorer's softmax, for one what-if step
    (``nmt_core.analysis.whatif``; None = the scorer's own); embeddings: (B, S, E) the source
    embeddings x_j, which a decoder with the lexical shortcut reads.
    """

    values: Tensor
    keys: Tensor
    mask: Tensor
    summary: Tensor
    weights: Tensor | None = None
    embeddings: Tensor | None = None

    def select(self, index: Tensor) -> Memory:
        """Rows ``index`` of every tensor (beam search repeats and reorders sentences)."""
        return Memory(
            *(
                None if t is None else t.index_select(0, index)
                for t in (
                    self.values, self.keys, self.mask, self.summary, self.weights, self.embeddings
                )
            )
        )  # fmt: skip


@dataclass(frozen=True)
class DecoderOutput:
    """outputs: (B, T, E) pre-output vectors; contexts: (B, T, H);
    weights and scores: (B, T, S), or None without attention; queries: (B, T, H) the state
    each step's scorer read (s_{t-1}, s'_t or s_t: ``scorers.DECODERS``), which the query–key
    map (``nmt_core.analysis.querykey``) draws."""

    outputs: Tensor
    contexts: Tensor
    weights: Tensor | None
    scores: Tensor | None
    queries: Tensor


def select_state(state: State, index: Tensor) -> State:
    """The state's rows ``index`` (K,) of every (B, ...) tensor: how beam search keeps, reorders
    and repeats hypotheses, whatever the decoder keeps in its state."""
    return {name: tensor.index_select(0, index) for name, tensor in state.items()}


def cat_steps(steps: list[Tensor | None]) -> Tensor | None:
    """(B, 1, ...) per-step tensors joined along the step dimension; None stays None (a model
    without attention has no weights at any step)."""
    return None if steps[0] is None else torch.cat(steps, dim=1)  # type: ignore[arg-type]


class LexicalShortcut(nn.Module):
    """Nguyen & Chiang (2018), "Improving Lexical Choice in NMT", section 3: the attention's
    weights also average the source *embeddings*, and that average goes straight to the output
    layer, past the RNN:

        x^c_t = tanh(sum_j alpha_tj x_j),   l_t = tanh(W_l x^c_t) + x^c_t

    l_t (B, T, E) is added to the pre-output, so with the tied output layer a source word's
    embedding can vote for its translation directly (their W^l is our tied embedding).
    """

    def __init__(self, embed_size: int) -> None:
        super().__init__()
        self.W_l = nn.Linear(embed_size, embed_size, bias=False)

    def forward(self, weights: Tensor, embeddings: Tensor) -> Tensor:
        """(B, T, S) attention weights, (B, S, E) source embeddings -> (B, T, E) l_t."""
        averaged = torch.tanh(torch.bmm(weights.to(embeddings.dtype), embeddings))
        return torch.tanh(self.W_l(averaged)) + averaged


class Decoder(nn.Module):
    """What every decoder style shares: the RNN, the initial state and the stepping protocol."""

    def __init__(
        self,
        attention: Attention,
        rnn_type: str,
        input_size: int,
        hidden_size: int,
        dropout: float,
        shortcut_size: int = 0,
    ) -> None:
        """``shortcut_size``: the embedding size of the lexical shortcut (ModelConfig.lexical);
        0 for a decoder without one."""
        super().__init__()
        self.attention = attention
        self.lexical = LexicalShortcut(shortcut_size) if shortcut_size else None
        self.rnn_type = rnn_type
        self.rnn = make_rnn(rnn_type, input_size, hidden_size, bidirectional=False)
        self.bridge = nn.Linear(hidden_size, hidden_size)  # s_0 = tanh(W_s [fwd h_S ; bwd h_1])
        self.dropout = nn.Dropout(dropout)

    def memory(self, annotations: Tensor, mask: Tensor, embeddings: Tensor) -> Memory:
        """Everything the decoder needs from the encoder, keys projected once per sentence;
        ``embeddings`` (B, S, E) are kept only for the lexical shortcut."""
        return Memory(
            values=annotations,
            keys=self.attention.prepare_keys(annotations, mask),
            mask=mask,
            summary=sentence_summary(annotations, mask),
            embeddings=embeddings if self.lexical is not None else None,
        )

    def pre_output(self, output: Tensor, weights: Tensor | None, memory: Memory) -> Tensor:
        """The (B, T, E) pre-output the output layer reads: ``output`` with dropout, plus the
        lexical shortcut l_t when the model has one."""
        if self.lexical is None:
            return self.dropout(output)
        if weights is None or memory.embeddings is None:  # never silently drop the shortcut
            raise ValueError("the lexical shortcut needs attention weights and source embeddings")
        return self.dropout(output + self.lexical(weights, memory.embeddings))

    def init_state(self, memory: Memory) -> State:
        """s_0 = tanh(W_s summary): "h" (B, H); for an LSTM also "c" (B, H); for a scorer with
        coverage "coverage" (B, S) zeros."""
        hidden = torch.tanh(self.bridge(memory.summary))
        state = {"h": hidden}
        if self.rnn_type == "lstm":
            state["c"] = torch.zeros_like(hidden)
        if self.attention.reads_coverage:  # C_{0,j} = 0: nothing attended yet
            state["coverage"] = memory.values.new_zeros(memory.mask.shape)
        return state

    def run_rnn(self, inputs: Tensor, state: State) -> tuple[Tensor, State]:
        """Run the RNN over (B, T, in) inputs from ``state``; returns (B, T, H) states."""
        if inputs.size(1) == 1:
            return self._rnn_cell(inputs[:, 0], state)
        if self.rnn_type == "lstm":
            outputs, (h, c) = self.rnn(inputs, (state["h"][None], state["c"][None]))
            return outputs, {**state, "h": h[0], "c": c[0]}
        outputs, h = self.rnn(inputs, state["h"][None])
        return outputs, {**state, "h": h[0]}

    def _rnn_cell(self, inputs: Tensor, state: State) -> tuple[Tensor, State]:
        """One step with the layer's own weights: the cell function skips the sequence
        machinery of ``nn.GRU``, which costs more than the arithmetic on a single step."""
        rnn = self.rnn
        weights = (rnn.weight_ih_l0, rnn.weight_hh_l0, rnn.bias_ih_l0, rnn.bias_hh_l0)
        if self.rnn_type == "lstm":
            h, c = torch.lstm_cell(inputs, (state["h"], state["c"]), *weights)
            return h[:, None], {**state, "h": h, "c": c}
        h = torch.gru_cell(inputs, state["h"], *weights)
        return h[:, None], {**state, "h": h}

    def attend(
        self, query: Tensor, memory: Memory, coverage: Tensor | None = None
    ) -> tuple[Tensor, Tensor | None, Tensor | None]:
        """(context, weights, scores) for (B, T, H) queries; ``memory.weights`` (a what-if
        step, T = 1) replaces the softmax, and the context is built from it instead.
        ``coverage``: (B, S) C_{t-1,j}, for a scorer that reads it (T = 1)."""
        context, weights, scores = self.attention(
            query, memory.keys, memory.values, memory.mask, coverage
        )
        if memory.weights is None or weights is None:
            return context, weights, scores
        forced = memory.weights[:, None, :].to(memory.values.dtype)  # (B, 1, S)
        return torch.bmm(forced, memory.values), forced, scores

    def attend_step(
        self, query: Tensor, state: State, memory: Memory
    ) -> tuple[Tensor, Tensor | None, Tensor | None, State]:
        """``attend`` for one step's (B, 1, H) query, and the state with the coverage grown by
        the weights used: C_{t,j} = C_{t-1,j} + alpha_{t,j}."""
        coverage = state.get("coverage")
        context, weights, scores = self.attend(query, memory, coverage)
        if coverage is not None and weights is not None:
            state = {**state, "coverage": coverage + weights[:, 0]}
        return context, weights, scores, state

    def step(self, embedded: Tensor, state: State, memory: Memory) -> tuple[DecoderOutput, State]:
        """One decoder step for (B, E) embedded previous tokens; outputs have T = 1."""
        raise NotImplementedError

    def forward(self, embedded: Tensor, state: State, memory: Memory) -> DecoderOutput:
        """Teacher-forced decoding of (B, T, E) embedded target inputs (BOS y_1 ... y_{T-1})."""
        steps = []
        # unbind, not embedded[:, t]: the backward of each slice fills a zero (B, T, E) gradient.
        for embedded_t in embedded.unbind(1):
            output, state = self.step(embedded_t, state, memory)
            steps.append(output)
        return DecoderOutput(
            outputs=torch.cat([s.outputs for s in steps], dim=1),
            contexts=torch.cat([s.contexts for s in steps], dim=1),
            weights=cat_steps([s.weights for s in steps]),
            scores=cat_steps([s.scores for s in steps]),
            queries=torch.cat([s.queries for s in steps], dim=1),
        )


class BahdanauDecoder(Decoder):
    """Bahdanau et al. (2015), section 3.1 and appendix A.2.2:

        e_ij = a(s_{i-1}, h_j),  alpha_ij = softmax_j(e_ij),  c_i = sum_j alpha_ij h_j
        s_i = f(s_{i-1}, y_{i-1}, c_i)                      (a GRU or LSTM)
        p(y_i | y_<i, x) = g(y_{i-1}, s_i, c_i)             g: tanh(W_o [s_i ; c_i ; E y_{i-1}])

    (the paper's g uses a maxout layer; tanh keeps the output size equal to the tied embedding).
    With the ``none`` scorer c_i is the same fixed sentence vector at every step: the
    encoder–decoder of Cho et al. (2014) that attention improves on.
    """

    def __init__(
        self,
        attention: Attention,
        rnn_type: str,
        embed_size: int,
        hidden_size: int,
        dropout: float,
        lexical: bool = False,
    ) -> None:
        shortcut = embed_size if lexical else 0
        input_size = embed_size + hidden_size
        super().__init__(attention, rnn_type, input_size, hidden_size, dropout, shortcut)
        self.W_o = nn.Linear(2 * hidden_size + embed_size, embed_size)

    def prediction(
        self, s_i: Tensor, context: Tensor, embedded: Tensor, weights: Tensor, memory: Memory
    ) -> Tensor:
        """The (B, 1, E) pre-output g(y_{i-1}, s_i, c_i) = tanh(W_o [s_i ; c_i ; E y_{i-1}]),
        plus the lexical shortcut. ``s_i``, ``context``: (B, 1, H); ``embedded``: (B, E)."""
        output = torch.tanh(self.W_o(torch.cat([s_i, context, embedded[:, None]], dim=-1)))
        return self.pre_output(output, weights, memory)

    def step(self, embedded: Tensor, state: State, memory: Memory) -> tuple[DecoderOutput, State]:
        # 1. Score the source from the previous state s_{i-1} and build the context c_i.
        query = state["h"][:, None]  # (B, 1, H)
        context, weights, scores, state = self.attend_step(query, state, memory)
        # 2. s_i = f(s_{i-1}, y_{i-1}, c_i)
        rnn_input = torch.cat([embedded[:, None], context], dim=-1)
        s_i, state = self.run_rnn(rnn_input, state)  # (B, 1, H)
        # 3. The pre-output g(y_{i-1}, s_i, c_i).
        output = self.prediction(s_i, context, embedded, weights, memory)
        return DecoderOutput(output, context, weights, scores, query), state


class LuongDecoder(Decoder):
    """Luong et al. (2015), section 3:

        s_t = f(s_{t-1}, [E y_{t-1} ; h~_{t-1}])    (input feeding, eq. section 3.3)
        score(s_t, h_j) from the *current* state, alpha_t = softmax(score), c_t = sum_j alpha_tj h_j
        h~_t = tanh(W_c [c_t ; s_t])                   (eq. 5, the attentional hidden state)
        p(y_t | y_<t, x) = softmax(W_s h~_t)           (eq. 6; W_s is the tied embedding)

    Without input feeding the RNN does not depend on attention, so teacher-forced decoding runs
    the RNN over the whole target at once and scores all steps in one batched call.
    """

    def __init__(
        self,
        attention: Attention,
        rnn_type: str,
        embed_size: int,
        hidden_size: int,
        dropout: float,
        input_feeding: bool,
        lexical: bool = False,
    ) -> None:
        input_size = embed_size + (embed_size if input_feeding else 0)
        shortcut = embed_size if lexical else 0
        super().__init__(attention, rnn_type, input_size, hidden_size, dropout, shortcut)
        self.input_feeding = input_feeding
        self.embed_size = embed_size
        self.W_c = nn.Linear(2 * hidden_size, embed_size, bias=False)

    def init_state(self, memory: Memory) -> State:
        state = super().init_state(memory)
        if self.input_feeding:
            state["feed"] = memory.summary.new_zeros(memory.summary.size(0), self.embed_size)
        return state

    def attentional_output(self, s: Tensor, memory: Memory) -> DecoderOutput:
        """Attend from (B, T, H) current states and form h~_t = tanh(W_c [c_t ; s_t])."""
        context, weights, scores = self.attend(s, memory)
        h_tilde = torch.tanh(self.W_c(torch.cat([context, s], dim=-1)))  # (B, T, E)
        return DecoderOutput(h_tilde, context, weights, scores, s)

    def step(self, embedded: Tensor, state: State, memory: Memory) -> tuple[DecoderOutput, State]:
        # 1. s_t = f(s_{t-1}, [E y_{t-1} ; h~_{t-1}])
        rnn_input = embedded[:, None]
        if self.input_feeding:
            rnn_input = torch.cat([rnn_input, state["feed"][:, None]], dim=-1)
        s_t, state = self.run_rnn(rnn_input, state)
        # 2. Attend from s_t, 3. attentional state h~_t (fed to the next step, undropped).
        out = self.attentional_output(s_t, memory)
        if self.input_feeding:
            state = {**state, "feed": out.outputs[:, 0]}
        pre_output = self.pre_output(out.outputs, out.weights, memory)
        return replace(out, outputs=pre_output), state

    def forward(self, embedded: Tensor, state: State, memory: Memory) -> DecoderOutput:
        if self.input_feeding:
            return super().forward(embedded, state, memory)
        s, _ = self.run_rnn(embedded, state)  # (B, T, H): all steps at once
        out = self.attentional_output(s, memory)
        outputs = self.pre_output(out.outputs, out.weights, memory)
        return replace(out, outputs=outputs)


class ConditionalDecoder(BahdanauDecoder):
    """The conditional GRU of Nematus (Sennrich et al. 2017, section 2.2), a Bahdanau decoder
    whose attention query has already read the word just written:

        s'_i = GRU_1(y_{i-1}, s_{i-1})                     (first transition)
        e_ij = a(s'_i, h_j),  alpha_ij = softmax_j(e_ij),  c_i = sum_j alpha_ij h_j
        s_i  = GRU_2(c_i, s'_i)                            (second transition)
        p(y_i | y_<i, x) = g(y_{i-1}, s_i, c_i)            g: tanh(W_o [s_i ; c_i ; E y_{i-1}])

    In Bahdanau et al.'s formulation the query s_{i-1} has not seen y_{i-1}, so the scorer
    must guess which word the decoder just wrote before it can look for the next one; here it
    knows. ``self.rnn`` is GRU_1; ``self.rnn2`` is GRU_2 (GRU only: the config refuses LSTM).
    """

    def __init__(
        self,
        attention: Attention,
        rnn_type: str,
        embed_size: int,
        hidden_size: int,
        dropout: float,
        lexical: bool = False,
    ) -> None:
        super().__init__(attention, rnn_type, embed_size, hidden_size, dropout, lexical)
        # GRU_1 reads only E y_{i-1}: rebuild the layer the Bahdanau decoder made for [E y ; c].
        self.rnn = make_rnn(rnn_type, embed_size, hidden_size, bidirectional=False)
        self.rnn2 = nn.GRUCell(hidden_size, hidden_size)

    def step(self, embedded: Tensor, state: State, memory: Memory) -> tuple[DecoderOutput, State]:
        # 1. s'_i = GRU_1(y_{i-1}, s_{i-1})
        s_prime, _ = self.run_rnn(embedded[:, None], state)  # (B, 1, H)
        # 2. Score the source from s'_i and build the context c_i.
        context, weights, scores, state = self.attend_step(s_prime, state, memory)  # (B, 1, H)
        # 3. s_i = GRU_2(c_i, s'_i)
        s_i = self.rnn2(context[:, 0], s_prime[:, 0])[:, None]  # (B, 1, H)
        # 4. The pre-output g(y_{i-1}, s_i, c_i), as in the Bahdanau decoder.
        output = self.prediction(s_i, context, embedded, weights, memory)
        return DecoderOutput(output, context, weights, scores, s_prime), {**state, "h": s_i[:, 0]}

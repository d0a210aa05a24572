"""What each attention scorer is: one table, read by the config, the CLI and the dashboard.

The code of each scorer is in ``attention.py``; everything else anyone needs to know about it
(its readable name, the paper, which decoder styles it works with, its formula in LaTeX, what
it learns) is here, so a new scorer is one entry in :data:`SCORERS` plus one class, and
``tests/test_scorers.py`` checks that every entry is built, trained, translated with and shown.

No torch here: the dashboard reads this table without loading the model stack.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DecoderStyle:
    """How a decoder step is wired around the scorer: which state it attends from, and how the
    context reaches the next word.

    query: LaTeX of the state the scorer reads at step t.
    state_formula: LaTeX of how that state was computed; "" when it is simply the state the
    previous step left (Bahdanau's s_{t-1}); ``{input}`` where the RNN's input goes (y_{t-1},
    with input feeding [y_{t-1} ; h~_{t-1}]).
    outputs: LaTeX lines, how c_t reaches the next word; the last is p(y_t | y_<t, x).
    pre_output: LaTeX of o_t, what the output layer reads (the lexical shortcut adds to it).
    caption: Markdown, the Lesson's sentence on which state the scorer reads; ``{feeding}``
    where input feeding is named when the model has it.
    """

    name: str  # the config value: ModelConfig.decoder, --decoder
    label: str  # what the dashboard calls it beside a scorer's label (plain text)
    paper: str
    query: str
    state_formula: str
    outputs: tuple[str, ...]
    pre_output: str
    caption: str
    # Luong's input feeding (h~_{t-1} into the next step), which ModelConfig.input_feeding turns
    # off; the other styles have none to turn off
    feeds_input: bool = False
    # its step carries the coverage C_{t-1,j} to a scorer that ``covers`` (Luong's step is not
    # wired for it: its attentional output never passes the coverage on)
    keeps_coverage: bool = True


# Bahdanau et al. (2015, Sec. 3.1) feed c_t into the RNN; Luong et al. (2015, eq. 5 and 6)
# combine it with s_t after the RNN; the conditional GRU's second GRU reads it.
DECODERS: dict[str, DecoderStyle] = {
    d.name: d
    for d in (
        # attend from the previous state, then update it with the context
        DecoderStyle(
            "bahdanau",
            "Bahdanau decoder",
            "Bahdanau et al. 2015",
            "s_{t-1}",
            state_formula="",
            outputs=(
                r"s_t = f(s_{t-1}, y_{t-1}, c_t)",
                r"p(y_t \mid y_{<t}, x) = g(y_{t-1}, s_t, c_t)",
            ),
            pre_output=r"g(y_{t-1}, s_t, c_t)",
            caption="Bahdanau et al. (2015): attention reads $s_{t-1}$, the decoder state before "
            "step $t$; the new state $s_t$ is computed afterwards, from $c_t$ (step 4).",
        ),
        # update the state on the previous word first, then attend from it (input feeding)
        DecoderStyle(
            "luong",
            "Luong decoder",
            "Luong et al. 2015",
            "s_t",
            state_formula=r"s_t = f\left(s_{t-1},\ {input}\right)",
            outputs=(
                r"\tilde{h}_t = \tanh\left(W_c [c_t ; s_t]\right)",
                r"p(y_t \mid y_{<t}, x) = \mathrm{softmax}(W_s \tilde{h}_t)",
            ),
            pre_output=r"\tilde{h}_t",
            caption="Luong et al. (2015): the decoder's RNN runs first, on the previous "
            "word{feeding}; attention then reads the new state $s_t$.",
            feeds_input=True,
            keeps_coverage=False,
        ),
        # Nematus' conditional GRU: a first GRU reads y_{t-1}, attention reads its state s'_t,
        # a second GRU reads the context
        DecoderStyle(
            "conditional",
            "conditional GRU: attends from s′ₜ = GRU₁(sₜ₋₁, yₜ₋₁)",
            "Sennrich et al. 2017",
            "s'_t",
            state_formula=r"s'_t = \mathrm{GRU}_1(s_{t-1}, y_{t-1})",
            outputs=(
                r"s_t = \mathrm{GRU}_2(s'_t, c_t)",
                r"p(y_t \mid y_{<t}, x) = g(y_{t-1}, s_t, c_t)",
            ),
            pre_output=r"g(y_{t-1}, s_t, c_t)",
            caption="Conditional GRU (Sennrich et al. 2017, as in Nematus): a first GRU reads "
            "the word just written, $y_{t-1}$; attention reads its state $s'_t$, so the scorer "
            "knows which word came last. A second GRU then reads the context $c_t$ (step 4).",
        ),
    )
}
DECODER_STYLES = tuple(DECODERS)


@dataclass(frozen=True)
class Scorer:
    """The facts about one scoring function e_{t,j} = score(query, h_j).

    energy: LaTeX of e_{t,j}, with ``{q}`` where the decoder state goes (s_{t-1} for the
    Bahdanau decoder, s_t for Luong's, s'_t for the conditional GRU) and, for a scorer that
    ``covers``, ``{cov}`` where the coverage term goes; "" for the model without attention.
    """

    name: str  # the config value: ModelConfig.scorer, --scorer
    label: str  # what the dashboard calls it
    paper: str  # where it comes from
    decoder: str  # the decoder style of its paper: the default and the usual pairing
    decoders: tuple[str, ...]  # the decoder styles it may be trained with
    energy: str
    learned: str  # what the scorer learns, for the Lesson's gloss (Markdown, $inline LaTeX$)
    attends: bool = True  # False: one fixed context, no weights and no energies
    # True: may be trained with a coverage term in its score (ModelConfig.coverage; Tu et al.
    # 2016): the decoder keeps C_{t-1,j} = sum_{k<t} alpha_{k,j}, and the energy has ``{cov}``
    covers: bool = False
    # The query–key map (nmt_core.analysis.querykey): how e meets a projected query with a key,
    # "inner" (e = q̂ · k) or "summed" (e = v_a^T tanh(q̂ + k)); "" without attention
    meets: str = "inner"
    map_query: str = "{q}"  # LaTeX of the projected query q̂ (attention.project_query)
    map_key: str = "h_j"  # LaTeX of the key k_j (attention.prepare_keys)

    def query(self, decoder: str) -> str:
        """The decoder state the scorer reads, in LaTeX: s_{t-1} (Bahdanau), s_t (Luong) or
        s'_t (conditional GRU)."""
        if decoder not in self.decoders:
            raise ValueError(
                f"scorer {self.name!r} works with decoder {' or '.join(self.decoders)}; "
                f"got {decoder!r}"
            )
        return DECODERS[decoder].query

    def map_keeps(self, decoder: str) -> str:
        """What the query–key map keeps of the scores, in Markdown with $inline LaTeX$."""
        if not self.attends:
            raise ValueError(f"scorer {self.name!r} has no attention, so no queries or keys")
        sides = {
            "{query}": self.map_query.replace("{q}", self.query(decoder)),
            "{key}": self.map_key,
        }
        text = MAP_KEEPS[self.meets]
        for name, latex in sides.items():
            text = text.replace(name, latex)
        return text

    def energy_formula(self, decoder: str, coverage: bool = False) -> str:
        """e_{t,j} in LaTeX with the query ``decoder`` reads filled in, and the coverage term
        when the model was trained with it."""
        if not self.attends:
            raise ValueError(f"scorer {self.name!r} has no attention, so no energies")
        if coverage and not self.covers:
            raise ValueError(f"scorer {self.name!r} has no coverage term")
        energy = self.energy.replace("{cov}", COVERAGE_TERM if coverage else "")
        return energy.replace("{q}", self.query(decoder))


# What coverage adds inside the additive score (Tu et al. 2016, eq. 6, linguistic coverage).
COVERAGE_TERM = r" + w_c\,C_{t-1,j}"
COVERAGE_FORMULA = r"C_{t-1,j} = \sum_{k<t} \alpha_{k,j}"


# What the query–key map keeps, by how the scorer meets a query with a key (Scorer.meets).
MAP_KEEPS = {
    "inner": "Each query $\\hat q = {query}$ and key $k_j = {key}$ is projected onto the two "
    "directions that carry most of their length, through the origin (the cross). The score "
    "$e = \\hat q^\\top k_j$ is then the two points' inner product on the map plus what the "
    "other directions add: a key scores high for a query when it lies far out in the query's "
    "direction from the cross. Two points close together do not by themselves mean a high score.",
    "summed": "Each query $\\hat q = {query}$ and key $k_j = {key}$ is projected onto the two "
    "directions that spread them most, around their mean (the cross). The additive score "
    "$e = v_a^\\top\\tanh(\\hat q + k_j)$ is read at the *sum* of a query and a key, not at "
    "their distance or angle: two points close together do not mean a high score. The map's "
    "score puts both points back into the full space (on the plane) and applies the same "
    "$v_a^\\top\\tanh$.",
}


# Bahdanau et al. 2015, Sec. 3.1 and App. A.1.2; Luong et al. 2015, eq. 8 (their h_t is our s_t).
SCORERS: dict[str, Scorer] = {
    s.name: s
    for s in (
        Scorer(
            name="additive",
            label="Bahdanau (additive)",
            paper="Bahdanau et al. 2015",
            decoder="bahdanau",
            decoders=DECODER_STYLES,
            # The code's U_a has a bias b_a that the paper's formula leaves out (it shifts the
            # tanh's input per attention unit); shown, because the page shows what is computed.
            energy=r"e_{t,j} = v_a^\top \tanh\left(W_a {q} + U_a h_j{cov} + b_a\right)",
            learned="$W_a$, $U_a$, the bias $b_a$ and $v_a$ are learned weights (a small "
            "network with one hidden layer; the paper's formula has no $b_a$).",
            covers=True,
            meets="summed",
            map_query="W_a {q}",
            map_key="U_a h_j + b_a",
        ),
        Scorer(
            name="general",
            label="Luong multiplicative (general)",
            paper="Luong et al. 2015",
            decoder="luong",
            decoders=DECODER_STYLES,
            energy=r"e_{t,j} = {q}^\top W_a\, h_j",
            learned="$W_a$ is a learned matrix.",
            map_key="W_a h_j",
        ),
        Scorer(
            name="dot",
            label="Luong multiplicative (dot)",
            paper="Luong et al. 2015",
            decoder="luong",
            decoders=DECODER_STYLES,
            energy=r"e_{t,j} = {q}^\top h_j",
            learned="nothing is learned here: the score is a plain dot product.",
        ),
        Scorer(
            name="scaled_dot",
            label="scaled dot product",
            paper="Vaswani et al. 2017",
            decoder="luong",
            decoders=DECODER_STYLES,
            energy=r"e_{t,j} = \frac{{q}^\top h_j}{\sqrt{d}}",
            learned="nothing is learned here: a dot product divided by the square root of its "
            "size.",
            map_query=r"{q} / \sqrt{d}",
        ),
        Scorer(
            name="none",
            label="no attention (Cho et al. 2014)",
            paper="Cho et al. 2014",
            decoder="bahdanau",
            # Without attention the context is fixed, so only the Cho et al. decoder makes sense.
            decoders=("bahdanau",),
            energy="",
            learned="",
            attends=False,
            meets="",
        ),
    )
}
SCORER_NAMES = tuple(SCORERS)


def scorer(name: str) -> Scorer:
    """The table entry called ``name``; the error lists the valid names."""
    if name not in SCORERS:
        raise ValueError(f"unknown scorer {name!r}; valid names: {', '.join(SCORERS)}")
    return SCORERS[name]

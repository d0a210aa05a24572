"""Every LaTeX formula the dashboard shows, in the notation of its pages.

Indices: t = decoder step (output token), j = source token, S = source length. The formulas of
each scorer and each decoder style come from their tables in ``nmt_core.network.scorers``; here are
the formulas around them (encoder, softmax, context, the lexical shortcut) and the confidence
measures. Strings only, never user text: ``st.latex`` gets nothing a user typed.
"""

from __future__ import annotations

from dashboard.figures import subscript
from nmt_core.network.scorers import COVERAGE_FORMULA, DECODERS, scorer

ENCODER_FORMULA = (  # three lines: one would not fit a projector's width
    r"\begin{gathered}h_j = \left[\overrightarrow{h}_j ; \overleftarrow{h}_j\right] \\ "
    r"\overrightarrow{h}_j = \mathrm{RNN}(\overrightarrow{h}_{j-1}, x_j) \\ "
    r"\overleftarrow{h}_j = \mathrm{RNN}(\overleftarrow{h}_{j+1}, x_j)\end{gathered}"
)
SOFTMAX_FORMULA = r"\alpha_{t,j} = \frac{\exp(e_{t,j})}{\sum_{k=1}^{S} \exp(e_{t,k})}"
CONTEXT_FORMULA = r"c_t = \sum_{j=1}^{S} \alpha_{t,j}\, h_j"
# Nguyen & Chiang (2018): the attention also averages the source embeddings x_j, and that
# average reaches the output layer directly (ModelConfig.lexical). o_t is what the decoder
# alone gives the output layer (our g is tanh(W_o [s_t ; c_t ; E y_{t-1}]); Luong's h~_t).
LEXICAL_FORMULA = (
    r"x^c_t = \tanh\Big(\sum_{j=1}^{S} \alpha_{t,j}\, x_j\Big), \quad "
    r"\ell_t = \tanh(W_l\, x^c_t) + x^c_t"
)


def output_formulas(decoder: str, lexical: bool) -> tuple[str, ...]:
    """How c_t reaches the next word for ``decoder``; with the lexical shortcut, also how the
    attention-weighted source embeddings do (the last line then adds both)."""
    style = DECODERS[decoder]
    if not lexical:
        return style.outputs
    output = r"p(y_t \mid y_{<t}, x) = \mathrm{softmax}\big(E\,(o_t + \ell_t)\big)"
    pre_output = rf"o_t = {style.pre_output}"
    # one formula a line: a projector's font leaves no room for two side by side
    return (*style.outputs[:-1], pre_output, LEXICAL_FORMULA, output)


def state_caption(decoder: str, input_feeding: bool) -> str:
    """The Lesson's sentence on which decoder state the scorer reads (Markdown, inline LaTeX)."""
    style = DECODERS[decoder]
    feeding = r" and the previous attentional state $\tilde{h}_{t-1}$ (input feeding)"
    return style.caption.replace("{feeding}", feeding if input_feeding else "")


# Without attention (Cho et al. 2014): one summary c of the whole sentence, the same at every step.
FIXED_CONTEXT_FORMULA = (
    r"c_t = c = \left[\overrightarrow{h}_S ; \overleftarrow{h}_1\right]"
    r" \quad \text{for every step } t"
)
FIXED_CONTEXT_OUTPUT_FORMULAS = (
    r"s_t = f(s_{t-1}, y_{t-1}, c)",
    r"p(y_t \mid y_{<t}, x) = g(y_{t-1}, s_t, c)",
)
# Rikters & Fishel (2017), "Confidence through Attention", as nmt_core.measures.evaluation computes
# them, in the notation of the other pages: t = output token (T rows), j = source token (S columns).
CONFIDENCE_FORMULAS = (
    r"\mathrm{CDP} = -\frac{1}{S}\sum_{j} \log\Big(1 + \big(1 - \textstyle\sum_t \alpha_{t,j}"
    r"\big)^2\Big)",
    r"\mathrm{AP}_{out} = \frac{1}{T}\sum_{t}\sum_{j} \alpha_{t,j}\log\alpha_{t,j}",
    r"\mathrm{AP}_{in} = \frac{1}{S}\sum_{j}\sum_{t} \beta_{t,j}\log\beta_{t,j}, \quad "
    r"\beta_{t,j} = \frac{\alpha_{t,j}}{\sum_{t'}\alpha_{t',j}}",
    r"\mathrm{total} = \mathrm{CDP} + \mathrm{AP}_{out} + \mathrm{AP}_{in}",
)


def score_formula(scorer_name: str, decoder: str, coverage: bool = False) -> str:
    """The alignment model e_{t,j} of a scorer, reading its decoder's query (s_{t-1}, s_t or
    s'_t: ``scorers.DECODERS``) and, for a model trained with coverage, C_{t-1,j} =
    sum_{k<t} alpha_{k,j}.

    Raises ValueError for an unknown scorer (the message lists the valid ones), for the model
    without attention, and for a decoder style the scorer is not trained with.
    """
    energy = scorer(scorer_name).energy_formula(decoder, coverage)
    return rf"{energy}, \quad {COVERAGE_FORMULA}" if coverage else energy


def decoder_state_formula(decoder: str, input_feeding: bool) -> str | None:
    """How the state the scorer reads was computed (Luong's s_t, the conditional GRU's s'_t),
    or None for Bahdanau's s_{t-1}, which is simply the state left by the previous step."""
    style = DECODERS[decoder]
    if not style.state_formula:
        return None
    fed = style.feeds_input and input_feeding
    return style.state_formula.replace(
        "{input}", r"[\,y_{t-1} ; \tilde{h}_{t-1}\,]" if fed else "y_{t-1}"
    )


def subscripted(symbol: str, step: int) -> str:
    """``α₆,ⱼ`` for ("α", 6): a step's weights or scores over j, in plain text for chart titles
    (which show text, not LaTeX)."""
    return f"{symbol}{subscript(step)},{subscript('j')}"

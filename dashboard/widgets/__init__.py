"""Widget groups that several pages use, or that would make a page script too long.

Rule: widgets lay out; every number they show comes from ``numbers_view`` or ``views``, the figures
from ``figures``; from nmt_core they take only result types (tests/test_structure.py).
"""

from dashboard.widgets.alignment import (  # noqa: F401
    alignment_downloads,
    confidence,
    eflomal_comparison,
    gold_scores,
    hard_alignment_choice,
)
from dashboard.widgets.charts import (  # noqa: F401
    Drawn,
    attention_chart,
    chart,
    export_notes,
    side_by_side,
    table,
)
from dashboard.widgets.experiments import (  # noqa: F401
    WHAT_IF_EDITS,
    attribution_panel,
    what_if_panel,
)
from dashboard.widgets.exports import image_buttons, lesson_download  # noqa: F401
from dashboard.widgets.querykey import map_sentences, query_key_panel  # noqa: F401
from dashboard.widgets.results import (  # noqa: F401
    NO_ATTENTION,
    current,
    forced,
    no_attention_note,
    paired,
    probe_log_or_stop,
    translated,
)
from dashboard.widgets.steps import (  # noqa: F401
    PLAY_SECONDS,
    animated_step,
    keep_playing,
    next_piece_chart,
    predict_then_reveal,
    shortcut_votes_chart,
    step_player,
    temperature_what_if,
)
from dashboard.widgets.tour import guided_tour  # noqa: F401

"""Widgets lay out what the pages hand them: no model work, no settings of their own, no
arithmetic.

Widget groups that several pages use, or that would make a page script too long. Every number
a widget shows comes from ``views`` or from nmt_core's functions of results, every figure from
``figures``. Translations, model work and the Lesson's file come down from the pages, as a
result or as a function to call on demand; the settings come down as ``views.settings``. Of
state, a widget takes only its own declared session keys (``state.session``) and the link
(``state.inputs``); of nmt_core, result types, constants and functions of results, never a
model (tests/test_structure.py).
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
    under_panels,
)
from dashboard.widgets.classroom import (  # noqa: F401
    ClassVote,
    ballot,
    class_guess,
    class_opener,
    class_refused,
)
from dashboard.widgets.coverage import (  # noqa: F401
    coverage_penalty_what_if,
    coverage_so_far,
    follow_clicked,
    follow_one_word,
    left_out,
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
    lesson_step_control,
    next_piece_chart,
    predict_then_reveal,
    shortcut_votes_chart,
    step_player,
    temperature_what_if,
)
from dashboard.widgets.tour import guided_tour  # noqa: F401

"""The pages of the app, in the sidebar's order: one line a page.

Rule: a declaration, read by ``app.py`` (``st.navigation``) and by the tests that walk every
page. A new page is its file in app_pages/ plus one line here. One page is not in the sidebar:
the class vote a phone opens from the Lesson's join link (``VOTE``), which app.py shows alone.
Each page's URL path is pinned (``url_path``), so that moving or renaming a file never breaks a
shared link.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    """One page: its script (relative to dashboard/), title, icon and URL path."""

    script: str
    title: str
    icon: str
    url_path: str  # "" for the default page, which opens at the root URL


PAGES = (
    Page("app_pages/translate.py", "Translate", ":material/translate:", ""),
    Page("app_pages/step.py", "Step through", ":material/step:", "step"),
    Page("app_pages/compare.py", "Compare models", ":material/compare:", "compare"),
    Page("app_pages/alignments.py", "Alignments", ":material/link:", "alignments"),
    Page("app_pages/beam.py", "Beam search", ":material/account_tree:", "beam"),
    Page("app_pages/querykey.py", "Query–key map", ":material/scatter_plot:", "query-key"),
    Page("app_pages/why.py", "Why attention", ":material/help:", "why"),
    Page("app_pages/lesson.py", "Lesson", ":material/school:", "lesson"),
    Page("app_pages/training.py", "Across training", ":material/timeline:", "training"),
)
# A student's phone in a class vote (/?class=CODE): app.py shows it, alone, for any link
# with class=; never in the sidebar.
VOTE = Page("app_pages/vote.py", "Class vote", ":material/how_to_vote:", "vote")

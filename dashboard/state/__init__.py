"""State caches and holds the session; it draws nothing: what goes wrong is raised, and a widget
says it. Pages and the app read it; widgets only their own session keys and the link.

* ``session``: every key the app keeps in ``st.session_state``, declared once, typed, with how
  long it lives.
* ``inputs``: what a user typed or chose on a page: kept across page changes, cleared with the
  sentence, read from and written to the shareable link (each value parsed by ``link_values``).
* ``caches``: the models, their translations and all other model work, cached; the one place
  that decides where model work runs.
"""

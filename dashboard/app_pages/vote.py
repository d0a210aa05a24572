"""Class vote: a student's phone in a class vote its teacher opened on the Lesson. The phone
joins with the class's code alone (its link, ``/?class=CODE``) and gets an anonymous voter
token; it shows the sentence, the word being written and the source words to vote among, and the
model's answer only after the teacher's Reveal. It can reveal nothing, move no step and see no
other phone's vote: those need the teacher's key, which only the teacher's session holds."""

from functools import partial

import streamlit as st

from dashboard import widgets
from dashboard.state import caches, inputs, session
from dashboard.views.classroom import ClassRefused

classes = caches.classes()
code, voter = inputs.class_link(st.query_params)
if (kept := session.CLASS_VOTER.get()) is not None and kept[0] == code:
    voter = kept[1]  # this tab's own token, whatever the link says now
try:
    voter = classes.join(code, voter)
except ClassRefused as refused:  # an ended class, a made-up code, a full class
    widgets.class_refused(str(refused))
    st.stop()
session.CLASS_VOTER.set((code, voter))
inputs.show_voter_in_link(voter)  # a reload is the same phone, with its vote
widgets.ballot(partial(classes.ballot, code, voter), partial(classes.vote, code, voter))

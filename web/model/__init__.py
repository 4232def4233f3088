"""The pure values the game's table draws, below the view and above the engine.

The controller (``web.game``) builds and changes them, the table (``web.table``) draws them,
and neither is needed to read them: each module here imports only the engine (``barbu``) and
this package, and touches no page, storage or worker.

- ``seats``: which seat is the player's (``HUMAN``);
- ``state``: ``UiState``, the page's state between two actions, and its pure transitions;
- ``settings``: the player's ``Settings`` and what the address asks for;
- ``replay``: ``Replay``, a finished deal shown after its first ``step`` actions;
- ``review``: the expert's review of a deal read into ``ReviewItem``s;
- ``session_review``: ``SessionReview``, a whole session's review, deal by deal;
- ``friends``: the friends' seats of a table the page hosts, and their invitations.
"""

"""Friends at one table, peer to peer: the protocol between the host's page and each friend's.

The host's engine is the referee (``host.HostTable``); each friend's page (``guest.GuestTable``)
is sent only its own seat's view (``views``) and sends only its own actions; the messages and
their bounds are in ``messages``; the deal's seed, which nobody chooses, in ``fairness``. A
friend's page rebuilds each action's engine ``Event`` from its views (``events``) and offers its
table the ``Game``'s members, answered from its seat's view (``remote.RemoteGame``). The
transport (the browsers' data channels) is the page's, in JavaScript: these modules see text in
and text out, and run on CPython as they run in the page.
"""

"""The site's build: ``python -m tools.site.build`` writes dist/ (``make build``).

``build`` is the entry point; the other modules draw the pages it writes (the rules pages, the
embeddable demos, the keeper's and the statistics' pages, the first visit's tables) on a
document of plain objects (``web.components.plain_dom``), and trim the standard library the page
ships (``stdlib``); the two Node.js scripts compile Python for the page's runtime and list the
modules a start imports.
"""

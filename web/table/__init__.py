"""The table: the page's regions, each drawn from its own frozen props.

``props`` builds every region's props from the engine's view and the page's state; one module
per region draws it (``header``, ``toolbar``, ``status``, ``seats``, ``centre`` with ``trick``,
``domino``, ``prompts``, ``summary`` and ``ending``, ``hand``, ``menu``, ``notices``,
``scores``): a function from its props, the catalog and ``web.components.dom.Dom`` to the
region's content, reading nothing else. ``view.TableView`` holds the containers and redraws a
region when its props change.
"""

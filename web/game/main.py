"""Entry point run by PyScript on the main thread: start the page, or say why it cannot.

PyScript runs it as a script whose top level may await (mypy is told so below)."""
# mypy: disable-error-code="top-level-await"

import os
import sys

import js

MODULES = os.path.abspath("modules.zip")  # the engine and the UI (pyscript.toml)
if MODULES not in sys.path:  # it is already in a restored snapshot (web/runtime/runtime.mjs)
    sys.path.insert(0, MODULES)

try:
    from web.game.app import start

    controller = await start(js.barbuBoot, js.document, str(js.location.search))  # noqa: F704
except Exception as error:  # shown to the player by the boot loader, in their language
    js.barbuBoot.fail("python", f"{type(error).__name__}: {error}")
    raise

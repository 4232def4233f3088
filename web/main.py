"""Entry point run by PyScript on the main thread: start the page, or say why it cannot."""

import js

try:
    from web.app import start

    controller = await start(js.barbuBoot, js.document, str(js.location.search))  # noqa: F704
except Exception as error:  # shown to the player by the boot loader, in their language
    js.barbuBoot.fail("python", f"{type(error).__name__}: {error}")
    raise

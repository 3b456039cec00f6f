# The page's entry point (PyScript, main thread). Everything lives in ui/app.py; this only
# starts it and, if starting fails, tells the loading screen what went wrong.
import js

try:
    from ui.app import start

    app = await start()  # noqa: F704 - PyScript runs this file with top-level await
except Exception as error:  # noqa: BLE001 - shown to the person with a retry button
    import traceback

    js.console.error(traceback.format_exc())
    js.longanaBoot.fail("failed_script", f"{type(error).__name__}: {error}")

"""The two other engines behind one small interface, so that one set of scenarios runs in both.

- :class:`WebKit`: WebKitGTK's MiniBrowser (Safari's engine family) through Selenium and Debian's
  ``/usr/bin/WebKitWebDriver`` (given explicitly: no driver manager may download anything), on an
  X display the caller provides (Xvfb).
- :class:`Firefox`: Debian's ``firefox-esr`` through ``firefox.mjs`` beside this file
  (puppeteer-core over WebDriver BiDi), one JSON command a line.

What a scenario may do: load an address, reload, run a JavaScript function and get its JSON
result, click the first visible element matching a CSS selector, press a key, size the
viewport, take a screenshot. Waiting is polling a JavaScript predicate (:meth:`Driver.wait`).
Errors are read from what the injected capture script (``capture.js``) kept in the tab's
sessionStorage, plus, in Firefox, the console as puppeteer reports it.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
FIREFOX = "/usr/bin/firefox-esr"
XVFB = "/usr/bin/Xvfb"

GTK_CSS = "window * { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }\n"

# The first visible element matching a selector (dialogs included), as the scenarios mean it.
VISIBLE_JS = """(css) => {
  for (const el of document.querySelectorAll(css)) {
    if ((el.offsetWidth || el.offsetHeight || el.getClientRects().length)
        && getComputedStyle(el).visibility !== 'hidden') return el;
  }
  return null;
}"""

TAKE_KEPT_JS = """(key) => {
  const list = JSON.parse(sessionStorage.getItem(key) || '[]');
  sessionStorage.removeItem(key);
  return list;
}"""


class WaitTimeout(AssertionError):
    """A predicate that never came true in time (with what it was waiting for)."""


class Driver:
    """What the scenarios use; each engine implements the primitives."""

    name = "engine"

    # -- primitives ----------------------------------------------------------------------------
    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def js(self, fn: str, *args: Any) -> Any:
        """Call the JavaScript function text ``fn`` with ``args``; its JSON-able result."""
        raise NotImplementedError

    def click(self, css: str) -> None:
        """Click the first visible element matching ``css`` as a pointer would."""
        raise NotImplementedError

    def key(self, key: str) -> None:
        """Press one key (``"1"``, ``"n"``, ``"Enter"``, ``"Escape"``) on the focused element."""
        raise NotImplementedError

    def viewport(self, width: int, height: int) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def version(self) -> str:
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError

    def console_errors(self) -> list[str]:
        """Errors the engine itself reported since the last call (not all engines can)."""
        return []

    # -- built on them ---------------------------------------------------------------------------
    def wait(self, fn: str, *args: Any, timeout: float = 60.0, what: str = "") -> Any:
        """Poll ``fn`` until it returns something truthy; returns that. Fails after
        ``timeout`` seconds, naming ``what`` (or the function) and its last value."""
        deadline = time.monotonic() + timeout
        value: Any = None
        while True:
            try:
                value = self.js(fn, *args)
            except Exception as error:  # a page being replaced (reload) answers with an error
                value = f"({type(error).__name__}: {str(error)[:300]})"
            else:
                if value:
                    return value
            if time.monotonic() > deadline:
                raise WaitTimeout(
                    f"{self.name}: waited {timeout:.0f} s for {what or fn}: {value!r}"
                )
            time.sleep(0.1)

    def kept(self, key: str) -> list[Any]:
        """What the capture script kept under ``key`` in this tab (and forget it)."""
        return list(self.js(TAKE_KEPT_JS, key) or [])

    def errors(self) -> list[str]:
        """Every error seen in this tab since the last call."""
        return [str(e) for e in self.kept("smoke:errors")] + self.console_errors()


class WebKit(Driver):
    """WebKitGTK's MiniBrowser through Selenium and WebKitWebDriver."""

    name = "webkit"

    def __init__(self, display: str, log: Path, config: Path) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        # the driver's own wait for a page load hung for its whole timeout after a
        # document.write under a service worker: goto() waits for the new document itself
        options.page_load_strategy = "none"
        # MiniBrowser's toolbar keeps its window at least 447 px wide: GTK widgets shrunk to
        # nothing (the page is drawn by WebKit, not by GTK, and keeps its size) let it be a
        # phone's 360 px
        (config / "gtk-3.0").mkdir(parents=True, exist_ok=True)
        (config / "gtk-3.0" / "gtk.css").write_text(GTK_CSS, encoding="utf-8")
        service = Service(
            executable_path=WEBKIT_DRIVER,
            log_output=str(log),
            env={**os.environ, "DISPLAY": display, "XDG_CONFIG_HOME": str(config)},
        )
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(60)
        self.driver.set_page_load_timeout(180)
        self.chrome = 0  # the window's height beyond the page's (MiniBrowser's header bar)

    def goto(self, url: str) -> None:
        self._leaving()
        self.driver.get(url)
        self._arrived()

    def reload(self) -> None:
        self._leaving()
        self.driver.refresh()
        self._arrived()

    def _leaving(self) -> None:
        """Mark the document being left, so that nothing is read from it after."""
        with contextlib.suppress(Exception):  # no document yet (the first page)
            self.js("() => { window.smokeLeft = true; }")

    def _arrived(self) -> None:
        """Returns once the new document is parsed (what goto() promises)."""
        self.wait(
            "() => !window.smokeLeft && document.readyState !== 'loading'",
            timeout=180,
            what="the new page",
        )

    def js(self, fn: str, *args: Any) -> Any:
        return self.driver.execute_script(f"return ({fn})(...arguments);", *args)

    def click(self, css: str) -> None:
        from selenium.common.exceptions import StaleElementReferenceException

        # a page that re-renders may replace the element between finding and clicking (the
        # computer's moves at the fast pace redraw the bars every 100-200 ms; WebKit's driver
        # takes about as long for one click): find it again, a moment later
        for attempt in range(10):
            try:
                element = self.js(VISIBLE_JS, css)
                if element is None:
                    raise AssertionError(f"webkit: nothing visible matches {css}")
                self.driver.execute_script(
                    "arguments[0].scrollIntoView({block: 'center', inline: 'center'});", element
                )
                element.click()
                return
            except StaleElementReferenceException:
                if attempt == 9:
                    raise
                time.sleep(0.1)

    def key(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        named = {"Enter": Keys.ENTER, "Escape": Keys.ESCAPE, "Tab": Keys.TAB}
        ActionChains(self.driver).send_keys(named.get(key, key)).perform()

    def viewport(self, width: int, height: int) -> None:
        # the window is the page plus MiniBrowser's toolbar: size it, measure the toolbar, again
        for _ in range(2):
            self.driver.set_window_size(width, height + self.chrome)
            outer = [width, height + self.chrome]
            self.wait("(o) => outerWidth === o[0] && outerHeight === o[1]", outer, timeout=10)
            self.chrome = int(self.js("() => outerHeight - innerHeight"))
            if self.js("() => innerHeight") == height:
                return

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def version(self) -> str:
        return f"WebKitGTK {self.driver.capabilities.get('browserVersion', '?')}"

    def quit(self) -> None:
        self.driver.quit()


class Firefox(Driver):
    """Firefox ESR through ``firefox.mjs`` (puppeteer-core, WebDriver BiDi)."""

    name = "firefox"

    def __init__(self, log: Path, node: str = "node") -> None:
        self.log = log.open("w", encoding="utf-8")
        self.process = subprocess.Popen(
            [node, str(HERE / "firefox.mjs"), "--executable", FIREFOX],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            encoding="utf-8",
            cwd=HERE,
        )
        self.call("start")

    def call(self, op: str, **params: Any) -> Any:
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps({"op": op, **params}) + "\n")
        process.stdin.flush()
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"firefox: the driver stopped (its log: {self.log.name})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise AssertionError(f"firefox: {op} failed: {answer['error']}")
        return answer["value"]

    def goto(self, url: str) -> None:
        self.call("goto", url=url)

    def reload(self) -> None:
        self.call("reload")

    def js(self, fn: str, *args: Any) -> Any:
        return self.call("eval", fn=fn, args=list(args))

    def click(self, css: str) -> None:
        self.call("click", css=css)

    def key(self, key: str) -> None:
        self.call("key", key=key)

    def viewport(self, width: int, height: int) -> None:
        self.call("viewport", width=width, height=height)

    def screenshot(self, path: Path) -> None:
        self.call("screenshot", path=str(path))

    def version(self) -> str:
        return f"Firefox {str(self.call('version')).partition('/')[2]}"

    def console_errors(self) -> list[str]:
        return [str(e) for e in self.call("errors")]

    def quit(self) -> None:
        try:
            self.call("quit")
        finally:
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.log.close()


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    """An X display of its own for WebKit's window (MiniBrowser has no headless mode)."""
    read, write = os.pipe()
    process = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def start(name: str, stack: contextlib.ExitStack, log: Path) -> Driver:
    """A new browser of engine ``name`` (``webkit`` or ``firefox``) with an empty profile;
    ``stack`` closes it and whatever it needed (the X display)."""
    driver: Driver
    if name == "webkit":
        display = stack.enter_context(xvfb())
        config = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="engines-webkit-")))
        driver = WebKit(display, log, config)
    elif name == "firefox":
        driver = Firefox(log)
    else:
        raise ValueError(f"no engine {name!r} (webkit, firefox)")
    stack.callback(driver.quit)
    return driver

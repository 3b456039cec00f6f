"""The page's dialogs: one ``<dialog data-dialog="…">`` open at a time (the computer waits while
it is open, the focus goes back where it was when it closes), its download addresses revoked
when it closes; and the two that say something went wrong (the broken save, the worker that
cannot answer)."""

import js

from ..html import TITLE, dialog_buttons, dialog_title, fragment, h
from .browser import blob_url, focus_key, q, q_all

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable

    from js import Element

    from ..controller import Controller


class Dialogs:
    def __init__(
        self,
        ctl: "Controller",
        shown: "Callable[[Element | None], None]",
        resume: "Callable[[], None]",
    ) -> None:
        self.ctl = ctl
        self.shown = shown  # a dialog opened (its element) or closed (None): the bars again
        self.resume = resume  # a dialog closed and the game goes on
        self.opener: str | None = None  # what had focus when the open dialog opened
        self.urls: list[str] = []  # blob: addresses to revoke when the dialog closes

    def open(
        self,
        name: str,
        html: str,
        cancellable: bool = True,
        labelled_by: str = TITLE,
        cls: str = "",
    ) -> "Element":
        """A modal ``<dialog data-dialog="name">`` with ``html`` in it (one at a time)."""
        self.close(resume=False)
        now = self.ctl.interaction
        if now.dialog is None:
            self.opener = focus_key()
        dialog = js.document.createElement("dialog")
        dialog.className = ("dlg dlg-" + name + " " + cls).strip()
        dialog.dataset.dialog = name
        dialog.setAttribute("aria-labelledby", labelled_by)
        dialog.innerHTML = html
        layer = q("#dialogs")
        if layer is not None:
            layer.append(dialog)
        dialog.dataset.cancellable = "true" if cancellable else "false"
        now.dialog = name
        dialog.showModal()
        self.shown(dialog)
        return dialog

    def close(self, resume: bool = True) -> None:
        """Close the open dialog; ``resume``: the game goes on (a computer move that arrived
        meanwhile lands now)."""
        now = self.ctl.interaction
        if now.dialog is None:
            return
        for el in q_all("#dialogs dialog"):
            el.close()
            el.remove()
        now.dialog = None
        for url in self.urls:
            js.URL.revokeObjectURL(url)
        self.urls = []
        opener, self.opener = self.opener, None
        back = q("#app " + opener) if opener else None
        if back is not None:
            back.focus()
        self.shown(None)
        if resume:
            self.resume()

    def grew(self, dialog: "Element") -> None:
        """New parts came into the open ``dialog`` (a student's result, the teacher's table):
        they are made ready as its first ones were."""
        self.shown(dialog)

    def url(self, text: str, mime: str) -> str:
        """A download address of ``text``, revoked when the dialog closes."""
        url = blob_url(text, mime)
        self.urls.append(url)
        return url

    def show_corrupt(self, code: str, detail: str, text: "str | None") -> None:
        """The save could not be used: what happened, the engine's reason, download it."""
        from ..panels import corrupt_html

        href = self.url(text, "application/json") if text else None
        html = corrupt_html(code, detail, self.ctl.cat, href, "longana-broken-save.json")
        dialog = self.open("error", html, cancellable=False)
        dialog.dataset.error = "corrupt-save"

    def show_fatal(self) -> None:
        """No worker could answer: the last table stays, with a reload."""
        t = self.ctl.cat.t
        reload = {
            "type": "button",
            "class": "btn primary",
            "data-action": "reload",
            "autofocus": True,
        }
        html = fragment(
            dialog_title(t("boot.failed_title")),
            h("p", {}, t("notice.worker_dead")),
            dialog_buttons(h("button", reload, t("boot.retry"))),
        )
        self.open("error", html, cancellable=False)

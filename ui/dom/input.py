"""The person's input on the page: taps, drags, keys, form fields. A tap or a key becomes a call
on the controller (what it means: select, aim, cancel...) and the page (show it; act on the
game), or on a panel's actions; buttons are found by their ``data-action`` and keys in a table.
"""

import asyncio

import js

from ..address import deal_number
from .browser import closest, listen, proxy_of, q, warn
from .class_actions import print_page
from .drag import Drag
from .keys import Keys


class Input:
    def __init__(self, page, ctl, panels, classes, history):
        self.page = page
        self.ctl = ctl
        self.panels = panels
        # data-action="…" → what it does
        self.actions = {
            "confirm": page.confirm,
            "cancel": self.cancel,
            "pass": self.pass_turn,
            "hint": page.hint,
            "hint-explain": page.explained.open,
            "undo": page.undo,
            "redo": page.redo,
            "restart": page.ask_restart,
            "restart-confirm": page.restart,
            "rules": panels.open_rules,
            "record": panels.open_record,
            "step-back": lambda: panels.step_replay(-1),
            "step-forward": lambda: panels.step_replay(1),
            "play-file": panels.play_file,
            "play-file-confirm": panels.play_file_confirmed,
            "start-fresh": page.start_fresh,
            "settings": panels.open_settings,
            "close": self.close,
            "new-match": self.new_match,
            "next-hand": page.next_hand,
            "reload": lambda: js.longanaBoot.reload(),
            "install": lambda: js.longanaBoot.install(),
            "class-join": classes.join,
            "class-start": classes.make,
            "class-results": classes.open_results,
            "add-results": classes.add,
            "results-class": classes.start_table,
            "clear-results": classes.clear,
            "class-name": classes.give_name,
            "print": print_page,
            "history": history.open,
            "history-delete": history.delete,
        }
        self.keys = Keys(self)
        self.drag = Drag(self)

    def bind(self):
        doc = js.document
        for name, fn in (
            ("click", self.on_click),
            ("keydown", self.keys.on_key),
            ("pointerdown", self.drag.on_down),
            ("pointermove", self.drag.on_move),
            ("pointerup", self.drag.on_up),
            ("pointercancel", self.drag.on_cancel),
            ("change", self.on_change),
        ):
            listen(doc, name, self.guard(fn))
        # a dialog's cancel (Escape) does not bubble: caught on the way down
        listen(doc, "cancel", self.guard(self.on_dialog_cancel), True)
        listen(js.window, "resize", self.guard(self.on_resize))
        listen(js.window, "storage", self.guard(self.on_storage))
        # the table's area also changes when the message bar grows or shrinks (a long hint)
        observer = js.ResizeObserver.new(proxy_of(lambda *_: self.run(self.refit())))
        observer.observe(q("#table"))
        self.page.screen.observer = observer
        self.page.screen.watch_board()

    def guard(self, fn):
        def handler(event):
            try:
                fn(event)
            except Exception as error:  # noqa: BLE001 - report, keep the page alive
                warn(type(error).__name__ + ": " + str(error))

        return handler

    def run(self, result):
        """Actions may be coroutines: run them without waiting."""
        if result is not None and hasattr(result, "send"):

            async def guarded():
                try:
                    await result
                except Exception as error:  # noqa: BLE001
                    warn(type(error).__name__ + ": " + str(error))

            asyncio.create_task(guarded())

    # -- taps --------------------------------------------------------------------------------

    def on_click(self, event):
        target = event.target
        el = closest(target, "[data-action]")
        if el is not None:
            if not el.hasAttribute("disabled"):
                self.action(str(el.dataset.action), el)
            return
        if self.drag.quiet() or self.ctl.interaction.dialog is not None:
            return
        if closest(target, "[data-preview]") is not None:
            self.run(self.page.confirm())
            return
        el = closest(target, "[data-target]")
        if el is not None:
            self.aim(str(el.dataset.target))
            return
        el = closest(target, "#app [data-hand] [data-tile]")
        if el is not None:
            self.select(el)
            return
        el = closest(target, "#app [data-branch]")
        if el is not None:
            self.aim(str(el.dataset.branch))

    def action(self, name, el):
        if name == "replay":
            hand = int(str(el.dataset.replayIndex))
            self.run(self.panels.show_replay({"do": "replay", "hand": hand, "step": 0}))
        elif name == "take-device":
            self.run(self.page.take_device(str(el.dataset.seat)))
        elif name == "hint-move":
            self.page.explained.preview(str(el.dataset.hintMove))
        elif name == "remove-result":
            self.run(self.page.classes.remove(int(str(el.dataset.row))))
        elif name in self.actions:
            self.run(self.actions[name]())

    def holds(self, el):
        """Whether ``el`` is in the hand of the person holding the device."""
        frame = self.ctl.frame
        viewer = frame["viewer"] if frame else None
        hand = closest(el, "[data-hand]")
        return viewer is not None and hand is not None and str(hand.dataset.hand) == viewer

    def select(self, el):
        if self.holds(el):
            self.ctl.select(str(el.dataset.tile))
            self.page.render()

    def aim(self, branch):
        self.ctl.aim(branch)
        self.page.render()
        if self.ctl.interaction.preview is None and self.ctl.message:
            self.page.alert(self.ctl.message)  # a refusal: said at once

    def cancel(self):
        if self.ctl.cancel():
            self.page.render()

    def pass_turn(self):
        self.ctl.pass_turn()
        self.page.render()
        if self.ctl.interaction.preview == "pass":  # the next key (Enter) confirms
            el = q('[data-action="confirm"]')
            if el is not None:
                el.focus()

    def close(self):
        if self.ctl.interaction.dialog == "settings":
            return self.panels.close_settings()
        self.page.close_dialog()
        return None

    def new_match(self):
        if self.ctl.interaction.dialog != "settings":
            return self.page.new_match()
        field = q('[data-dialog="settings"] [data-setting="deal"]')
        deal = None
        if field is not None and str(field.value).strip():
            deal = deal_number(str(field.value))
            if deal is None:
                error = q('[data-setting-error="deal"]')
                if error is not None:
                    error.textContent = self.ctl.cat.t("settings.deal_bad")
                    error.hidden = False
                field.focus()
                return None
        return self.panels.new_match(deal)

    # -- dialogs and fields ------------------------------------------------------------------------

    def on_dialog_cancel(self, event):
        """Escape on a dialog: close it if it may be closed."""
        dialog = closest(event.target, "dialog")
        if dialog is None:
            return
        event.preventDefault()
        if str(dialog.dataset.cancellable) == "true":
            self.run(self.close())

    def on_change(self, event):
        target = event.target
        if not hasattr(target, "hasAttribute"):
            return
        if target.hasAttribute("data-import"):
            files = target.files
            if files is not None and files.length:
                self.run(self.panels.read_import(files.item(0)))
        elif target.hasAttribute("data-replay-select"):
            self.run(self.panels.choose_replay(int(str(target.value))))

    def on_storage(self, event):
        """Another tab of this copy saved the game: this one follows it."""
        if (
            event.key is not None
            and str(event.key) == self.page.store.keys["longana:save"]
            and event.newValue is not None
        ):
            self.run(self.page.follow(str(event.newValue)))

    async def refit(self):
        await asyncio.sleep(0)  # not inside the observer's callback: no resize loop
        self.page.relay()

    def on_resize(self, _event):
        self.page.relay()

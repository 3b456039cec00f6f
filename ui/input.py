"""The person's input on the page: taps, drags, keys, form fields. Each event becomes a call on
the :class:`~ui.page.Page` (MicroPython in the browser)."""

import asyncio

import js

from .class_actions import print_page
from .dom import closest, listen, proxy_of, q, q_all, warn
from .storage import deal_number

DRAG_START = 10  # px a pointer moves before a press becomes a drag


class Input:
    def __init__(self, page):
        self.page = page
        self.drag = None  # (tile, x, y, pointer id, ghost element or None)
        self.quiet_until = 0.0  # the click a browser sends after a drop is no tap
        self.actions = {
            "confirm": page.confirm,
            "cancel": self.cancel,
            "pass": self.pass_turn,
            "hint": page.hint,
            "undo": page.undo,
            "redo": page.redo,
            "restart": page.ask_restart,
            "restart-confirm": page.restart,
            "rules": page.panels.open_rules,
            "record": page.panels.open_record,
            "step-back": lambda: page.panels.step_replay(-1),
            "step-forward": lambda: page.panels.step_replay(1),
            "start-fresh": page.start_fresh,
            "settings": page.panels.open_settings,
            "close": self.close,
            "new-match": self.new_match,
            "next-hand": page.next_hand,
            "reload": lambda: js.longanaBoot.reload(),
            "install": lambda: js.longanaBoot.install(),
            "class-join": page.classes.join,
            "class-start": page.classes.make,
            "class-results": page.classes.open_results,
            "add-results": page.classes.add,
            "print": print_page,
            "history": page.classes.open_history,
            "history-delete": page.classes.delete_history,
        }

    def bind(self):
        doc = js.document
        for name, fn in (
            ("click", self.on_click),
            ("keydown", self.on_key),
            ("pointerdown", self.on_down),
            ("pointermove", self.on_move),
            ("pointerup", self.on_up),
            ("pointercancel", self.on_cancel),
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

    def refresh(self):
        self.page.render()

    # -- taps --------------------------------------------------------------------------------

    def on_click(self, event):
        page = self.page
        target = event.target
        el = closest(target, "[data-action]")
        if el is not None:
            if not el.hasAttribute("disabled"):
                self.action(str(el.dataset.action), el)
            return
        if js.performance.now() < self.quiet_until or page.look.dialog is not None:
            return
        if closest(target, "[data-preview]") is not None:
            self.run(page.confirm())
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
        page = self.page
        if name == "replay":
            self.run(
                page.panels.show_replay(
                    {"do": "replay", "hand": int(str(el.dataset.replayIndex)), "step": 0}
                )
            )
        elif name == "take-device":
            self.run(page.take_device(str(el.dataset.seat)))
        elif name in self.actions:
            self.run(self.actions[name]())

    def select(self, el):
        page = self.page
        hand = closest(el, "[data-hand]")
        viewer = page.frame["viewer"] if page.frame else None
        if viewer is None or "SENW"[viewer] != str(hand.dataset.hand):
            return
        page.ctl.select(str(el.dataset.tile))
        self.refresh()

    def aim(self, letter):
        page = self.page
        page.ctl.aim(letter)
        self.refresh()
        if page.look.preview is None and page.ctl.message:
            page.alert(page.ctl.message)  # a refusal: said at once

    def cancel(self):
        if self.page.ctl.cancel():
            self.refresh()

    def pass_turn(self):
        self.page.ctl.pass_turn()
        self.refresh()
        if self.page.look.preview == "pass":  # the next key (Enter) confirms
            el = q('[data-action="confirm"]')
            if el is not None:
                el.focus()

    def close(self):
        page = self.page
        if page.look.dialog == "settings":
            return page.panels.close_settings()
        page.close_dialog()
        return None

    def new_match(self):
        page = self.page
        if page.look.dialog != "settings":
            return page.new_match()
        field = q('[data-dialog="settings"] [data-setting="deal"]')
        deal = None
        if field is not None and str(field.value).strip():
            deal = deal_number(str(field.value))
            if deal is None:
                error = q('[data-setting-error="deal"]')
                if error is not None:
                    error.textContent = page.cat.t("settings.deal_bad")
                    error.hidden = False
                field.focus()
                return None
        return page.panels.new_match(deal)

    # -- keys and fields ---------------------------------------------------------------------------

    def on_key(self, event):
        """The coordinate selectors (interfaces.md, Keyboard): 1…8 choose a tile of the hand,
        the seat letter of the language shown aims it at that branch, Enter plays, Escape
        cancels, P passes; Z Y H R L are the tools, M repeats the last move, / types a move;
        arrows move between the hand's tiles."""
        key = str(event.key)
        page = self.page
        target = event.target
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if (
            target is not None
            and hasattr(target, "hasAttribute")
            and target.hasAttribute("data-command")
        ):
            if key == "Enter":
                event.preventDefault()
                self.command(target)
            elif key == "Escape":
                target.value = ""
                target.blur()
            return
        tag = (
            str(target.tagName).lower() if target is not None and hasattr(target, "tagName") else ""
        )
        if page.look.dialog is not None or tag in ("input", "select", "textarea"):
            return
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            if closest(target, "#app .hand.up") is not None:
                event.preventDefault()
                self.rove(target, 1 if key in ("ArrowRight", "ArrowDown") else -1)
            return
        if key == "Escape":
            self.cancel()
            return
        if key == "Enter":
            # on another button Enter presses that button; on a tile or Pass it plays the preview
            on_button = (
                tag in ("button", "a")
                and closest(target, '[data-tile], [data-action="pass"]') is None
            )
            if page.look.preview is not None and not on_button:
                event.preventDefault()
                self.run(page.confirm())
            return
        if key == " " and closest(target, "[data-preview]") is not None:
            event.preventDefault()
            self.run(page.confirm())
            return
        upper = key.upper() if len(key) == 1 else key
        if upper in "12345678" and len(upper) == 1:
            tiles = q_all("#app .hand.up [data-key]")
            for el in tiles:
                if str(el.dataset.key) == upper:
                    event.preventDefault()
                    self.select(el)
                    self.focus_tile()
            return
        letters = {}
        for seat in "SENW":
            letters[page.cat.letter(seat).upper()] = seat
        if upper in letters and page.look.selected is not None:
            event.preventDefault()
            self.aim(letters[upper])
            return
        tools = {"P": "pass", "Z": "undo", "Y": "redo", "H": "hint", "R": "rules", "L": "record"}
        if upper in tools:
            el = q('[data-action="' + tools[upper] + '"]')
            if el is not None and not el.hasAttribute("disabled"):
                event.preventDefault()
                self.action(tools[upper], el)
        elif upper == "M":
            last = page.frame["last"] if page.frame else None
            if last is not None:
                from .render import describe

                page.alert(describe(last, page.cat))
        elif key == "/":
            field = q("[data-command]")
            if field is not None:
                event.preventDefault()
                field.focus()

    def rove(self, target, step):
        """Arrow keys inside the hand: the next tile takes the focus (the hand is one tab stop)."""
        tiles = q_all("#app .hand.up [data-tile]")
        if not tiles:
            return
        at = 0
        for i, el in enumerate(tiles):
            if el == target or el.contains(target):
                at = i
        nxt = tiles[(at + step) % len(tiles)]
        for el in tiles:
            el.setAttribute("tabindex", "-1")
        nxt.setAttribute("tabindex", "0")
        nxt.focus()

    def focus_tile(self):
        el = q("#app .hand.up [data-tile].selected")
        if el is not None:
            el.focus()

    def command(self, field):
        """A move typed in the command field: previewed (the field empties), or refused."""
        page = self.page
        text = str(field.value)
        if not text.strip():
            if page.look.preview is not None:
                self.run(page.confirm())
            return
        if page.ctl.command(text):
            field.value = ""
        else:
            page.alert(page.ctl.message)
        self.refresh()

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
        page = self.page
        if target.hasAttribute("data-import"):
            files = target.files
            if files is not None and files.length:
                self.run(self.read_import(files.item(0)))
        elif target.hasAttribute("data-replay-select") and page.replay is not None:
            self.run(
                page.panels.show_replay(
                    {
                        "do": "replay",
                        "hand": int(str(target.value)),
                        "step": 0,
                        "imported": page.replay["imported"],
                    }
                )
            )

    async def read_import(self, file):
        text = str(await file.text())
        if self.page.look.dialog == "record":
            await self.page.panels.show_replay({"do": "import", "text": text})

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
        if self.page.measure():
            self.refresh()

    def on_resize(self, _event):
        if self.page.measure():
            self.refresh()

    # -- dragging: a tile from the person's hand onto a branch ends in a preview ---------------

    def on_down(self, event):
        page = self.page
        el = closest(event.target, "#app [data-hand] [data-tile]")
        if (
            el is None
            or page.look.dialog is not None
            or not page.ctl.my_turn()
            or page.frame["board"]["opening"] is None
        ):
            return
        hand = closest(el, "[data-hand]")
        if "SENW"[page.frame["viewer"]] != str(hand.dataset.hand):
            return
        self.drag = [
            str(el.dataset.tile),
            float(event.clientX),
            float(event.clientY),
            event.pointerId,
            None,
        ]

    def on_move(self, event):
        drag = self.drag
        if drag is None or event.pointerId != drag[3]:
            return
        x, y = float(event.clientX), float(event.clientY)
        page = self.page
        if drag[4] is None:
            if abs(x - drag[1]) + abs(y - drag[2]) < DRAG_START:
                return
            if page.look.selected != drag[0]:
                page.ctl.select(drag[0])
                self.refresh()
            ghost = js.document.createElement("div")
            ghost.className = "ghost-tile"
            source = q('#app [data-hand] [data-tile="' + drag[0] + '"]')
            if source is not None:
                ghost.innerHTML = source.outerHTML
                ghost.firstElementChild.removeAttribute("data-tile")
                source.classList.add("dragging")
            q("#drag-layer").append(ghost)
            drag[4] = ghost
        drag[4].style.transform = "translate(" + str(x - 22) + "px, " + str(y - 44) + "px)"
        over = self.lane_at(x, y)
        for lane in q_all(".lane.drop-over"):
            lane.classList.remove("drop-over")
        if over is not None:
            over.classList.add("drop-over")

    def lane_at(self, x, y):
        return closest(js.document.elementFromPoint(x, y), "#app [data-branch]")

    def on_up(self, event):
        drag = self.drag
        if drag is None or event.pointerId != drag[3]:
            return
        self.drag = None
        if drag[4] is None:
            return  # a tap: the click handler selects
        drag[4].remove()
        self.quiet_until = js.performance.now() + 350
        lane = self.lane_at(float(event.clientX), float(event.clientY))
        if lane is None:
            self.refresh()
            return
        self.aim(str(lane.dataset.branch))

    def on_cancel(self, _event):
        if self.drag is not None and self.drag[4] is not None:
            self.drag[4].remove()
            self.refresh()
        self.drag = None

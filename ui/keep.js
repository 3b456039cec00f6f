// Saves that survive (README: "Browsers"). Plain JavaScript on the page, after ui/boot.js.
// - The browser is asked to keep this game's storage (navigator.storage.persist) only where
//   that asks nobody anything: Chromium decides by itself, an installed game, a permission
//   already given. Firefox would put a question over the table that nobody asked for.
// - In Safari's family (WebKit), stored data is deleted after seven days of use without a
//   visit unless the game is on the Home Screen: once the game is ready, the page says so once
//   and offers the way out (the Home Screen; the saved game as a file, which Record's import
//   reads). The notice is data-notice="eviction"; the flag that it was seen is kept under
//   longana:notice:eviction (with the copy's folder, as the other keys).
"use strict";
(() => {
  const FALLBACK = {
    evict:
      "Safari deletes this game's saves after a week of using Safari without opening " +
      "the game. To keep them, add Longana to the Home Screen (Share → Add to Home Screen), " +
      "or save the game as a file (Record → Import hand records opens it again to play on).",
    evict_save: "Save as file",
    evict_ok: "OK",
  };
  const storage = window.longanaStorage;
  const toasts = window.longanaToasts;
  const SEEN = storage.key("longana:notice:eviction");

  function installed() {
    return (
      navigator.standalone === true ||
      (!!window.matchMedia && matchMedia("(display-mode: standalone)").matches)
    );
  }

  function persisted() {
    const kept = navigator.storage;
    if (!kept?.persisted) return Promise.resolve(false);
    return kept.persisted().catch(() => false);
  }

  // Ask to keep the storage where it is silent; `installing`: the player installs the game.
  function keep(installing) {
    const kept = navigator.storage;
    if (!kept?.persist) return;
    persisted().then((already) => {
      if (already) return;
      const ask = () => kept.persist().catch(() => {});
      if (installing || installed() || navigator.userAgentData) {
        ask();
        return;
      }
      if (!navigator.permissions) return;
      navigator.permissions.query({ name: "persistent-storage" }).then(
        (status) => {
          if (status.state === "granted") ask();
        },
        () => {
          /* not queryable here: ask nothing */
        },
      );
    });
  }

  function say(key) {
    const words = window.longanaBoot?.words?.();
    return words?.[key] || FALLBACK[key];
  }

  // seen already (no storage: taken as seen, the notice could not be remembered)
  function seen() {
    const flag = storage.getItem(SEEN);
    return flag !== null || storage.failed !== "";
  }

  // Safari's family says so in navigator.vendor (every WebKit browser, iPad's included)
  function evictable() {
    return navigator.vendor === "Apple Computer, Inc." && !installed();
  }

  function notice() {
    if (!evictable() || seen() || toasts.shown("eviction")) return;
    persisted().then((kept) => {
      if (kept || seen()) return;
      const item = toasts.show("eviction", say("evict"));
      const day = new Date().toISOString().slice(0, 10);
      const file = toasts.act(item, "save-file", say("evict_save"), `longana-game-${day}.json`);
      // the save as it is when pressed (the Record panel's import reads a saved game)
      file.addEventListener("click", () => {
        const text = storage.getItem(storage.key("longana:save")) || "";
        if (file.href.startsWith("blob:")) URL.revokeObjectURL(file.href);
        file.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      });
      // said once: not again on this device, whether or not the player presses OK
      storage.setItem(SEEN, "1");
      toasts.act(item, "dismiss", say("evict_ok")).addEventListener("click", () => item.remove());
    });
  }

  // the game is ready when <body data-ready="true"> (interfaces.md)
  const watch = new MutationObserver(() => {
    if (document.body && document.body.dataset.ready === "true") {
      watch.disconnect();
      keep(false);
      notice();
    }
  });
  watch.observe(document.documentElement, {
    subtree: true,
    attributes: true,
    attributeFilter: ["data-ready"],
  });
  addEventListener("appinstalled", () => keep(true));
})();

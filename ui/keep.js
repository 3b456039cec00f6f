// Saves that survive (README: "Browsers"). Plain JavaScript on the page, beside ui/boot.js.
// - The browser is asked to keep this game's storage (navigator.storage.persist) only where
//   that asks nobody anything: Chromium decides by itself, an installed game, a permission
//   already given. Firefox would put a question over the table that nobody asked for.
// - In Safari's family (WebKit), stored data is deleted after seven days of use without a
//   visit unless the game is on the Home Screen: once the game is ready, the page says so once
//   and offers the way out (the Home Screen; the saved game as a file, which Record's import
//   reads). The notice is data-notice="eviction"; the flag that it was seen is kept under
//   longana:notice:eviction (with the copy's folder, as the other keys).
(() => {
  "use strict";
  var FALLBACK = {
    evict:
      "Safari deletes this game's saves after a week of using Safari without opening " +
      "the game. To keep them, add Longana to the Home Screen (Share → Add to Home Screen), " +
      "or save the game as a file (Record → Import hand records opens it again to play on).",
    evict_save: "Save as file",
    evict_ok: "OK",
  };

  // a copy under a sub-path keeps its own keys (ui/storage.py copy_key)
  function copyKey(name) {
    var folder = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
    return folder === "/" ? name : `${name}@${folder}`;
  }
  var SEEN = copyKey("longana:notice:eviction");

  function installed() {
    return (
      navigator.standalone === true ||
      (!!window.matchMedia && matchMedia("(display-mode: standalone)").matches)
    );
  }

  function persisted() {
    var storage = navigator.storage;
    if (!storage?.persisted) return Promise.resolve(false);
    return storage.persisted().catch(() => false);
  }

  // Ask to keep the storage where it is silent; `installing`: the player installs the game.
  function keep(installing) {
    var storage = navigator.storage;
    if (!storage?.persist) return;
    persisted().then((already) => {
      if (already) return;
      var ask = () => {
        storage.persist().catch(() => {});
      };
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
    var boot = window.longanaBoot;
    var words = boot?.words ? boot.words() : null;
    return words?.[key] || FALLBACK[key];
  }

  function seen() {
    try {
      return !!localStorage.getItem(SEEN);
    } catch (_e) {
      return true;
    }
  }

  // Safari's family says so in navigator.vendor (every WebKit browser, iPad's included)
  function evictable() {
    return navigator.vendor === "Apple Computer, Inc." && !installed();
  }

  function notice() {
    if (!evictable() || seen() || document.querySelector('[data-notice="eviction"]')) return;
    persisted().then((kept) => {
      if (kept || seen()) return;
      var layer = document.getElementById("toasts");
      if (!layer) {
        layer = document.createElement("div");
        layer.id = "toasts";
        layer.className = "toasts";
        layer.setAttribute("role", "status");
        layer.setAttribute("aria-live", "polite");
        document.body.append(layer);
      }
      var item = document.createElement("p");
      item.className = "toast with-action";
      item.dataset.notice = "eviction";
      item.style.flexWrap = "wrap"; // on a phone the buttons go below the words
      var words = document.createElement("span");
      words.style.flex = "1 1 14rem";
      words.textContent = say("evict");
      var file = document.createElement("a");
      file.className = "btn small";
      file.dataset.action = "save-file";
      file.textContent = say("evict_save");
      file.href = "#";
      file.setAttribute("download", `longana-game-${new Date().toISOString().slice(0, 10)}.json`);
      // the save as it is when pressed (the Record panel's import reads a saved game)
      file.addEventListener("click", () => {
        var text = "";
        try {
          text = localStorage.getItem(copyKey("longana:save")) || "";
        } catch (_e) {
          /* none */
        }
        if (file.href.indexOf("blob:") === 0) URL.revokeObjectURL(file.href);
        file.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      });
      // said once: not again on this device, whether or not the player presses OK
      try {
        localStorage.setItem(SEEN, "1");
      } catch (_e) {
        /* shown again next time */
      }
      var ok = document.createElement("button");
      ok.type = "button";
      ok.className = "btn small";
      ok.dataset.action = "dismiss";
      ok.textContent = say("evict_ok");
      ok.addEventListener("click", () => {
        item.remove();
      });
      var buttons = document.createElement("span");
      buttons.style.cssText = "display: flex; gap: 8px; margin-left: auto";
      buttons.append(file, ok);
      item.append(words, buttons);
      layer.append(item);
    });
  }

  function whenReady() {
    keep(false);
    notice();
  }

  // the game is ready when <body data-ready="true"> (interfaces.md)
  var watch = new MutationObserver(() => {
    if (document.body && document.body.dataset.ready === "true") {
      watch.disconnect();
      whenReady();
    }
  });
  watch.observe(document.documentElement, {
    subtree: true,
    attributes: true,
    attributeFilter: ["data-ready"],
  });
  addEventListener("appinstalled", () => {
    keep(true);
  });
})();

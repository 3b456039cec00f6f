// Injected first into the probe copy of index.html that the engine smoke suite serves (WebKit
// offers no console log to WebDriver; Firefox gets it too, beside puppeteer's own events).
// Keeps in sessionStorage (it outlives a reload of the tab):
//   smoke:errors   uncaught errors, unhandled rejections, console.error, errors a worker reports,
//                  and any resource asked of another origin
//   smoke:persist  each navigator.storage.persist() call: was the player acting, and had the
//                  browser already granted it (a call with neither may ask a question nobody asked)
//   smoke:boot     every text the loading screen showed (#boot-text, and a note it added)
(() => {
  const note = (key, item) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) || "[]");
      list.push(item);
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch (_e) {
      /* storage off: nothing to keep it in */
    }
  };
  const text = (value) => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    try {
      return typeof value === "string" ? value : JSON.stringify(value);
    } catch (_e) {
      return String(value);
    }
  };
  addEventListener(
    "error",
    (event) => {
      if (event.target && event.target !== window && event.target.src) {
        note("smoke:errors", `resource failed: ${event.target.src}`);
      } else {
        note("smoke:errors", `page error: ${event.message} (${event.filename}:${event.lineno})`);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => {
    note("smoke:errors", `unhandled rejection: ${text(event.reason)}`);
  });
  const consoleError = console.error.bind(console);
  console.error = (...parts) => {
    note("smoke:errors", `console error: ${parts.map(text).join(" ")}`);
    consoleError(...parts);
  };
  // a worker's uncaught error reaches its Worker object in the page
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class extends NativeWorker {
      constructor(...args) {
        super(...args);
        this.addEventListener("error", (event) => {
          note("smoke:errors", `worker error: ${event.message} (${args[0]})`);
        });
      }
    };
  }
  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const url = new URL(entry.name, location.href);
          if (
            (url.protocol === "http:" || url.protocol === "https:") &&
            url.origin !== location.origin
          ) {
            note("smoke:errors", `request off the page's origin: ${entry.name}`);
          }
        }
      }).observe({ type: "resource", buffered: true });
    } catch (_e) {
      /* an engine without resource timing: nothing to watch */
    }
  }
  document.addEventListener("DOMContentLoaded", () => {
    const boot = document.getElementById("boot");
    if (!boot) return;
    const seen = new Set();
    new MutationObserver(() => {
      for (const el of boot.querySelectorAll("#boot-text, [data-boot-slow]")) {
        const words = el.textContent.trim();
        if (words && !seen.has(words)) {
          seen.add(words);
          note("smoke:boot", words);
        }
      }
    }).observe(boot, { childList: true, characterData: true, subtree: true });
  });
  // the permission's state as the page starts, kept up to date (asked before any call of the
  // page, so that recording a call never delays it nor changes what it does)
  let granted = null;
  if (navigator.permissions?.query) {
    navigator.permissions.query({ name: "persistent-storage" }).then(
      (status) => {
        granted = status.state;
        status.addEventListener("change", () => {
          granted = status.state;
        });
      },
      () => {
        /* not queryable in this engine */
      },
    );
  }
  const storage = navigator.storage;
  if (storage?.persist) {
    const persist = storage.persist.bind(storage);
    storage.persist = () => {
      const acting = navigator.userActivation ? navigator.userActivation.isActive : null;
      note("smoke:persist", { acting, granted });
      return persist();
    };
  }
})();

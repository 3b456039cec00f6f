// The page's storage guard: localStorage behind calls that return instead of throwing, and
// the one rule for the keys of this copy of the site.
// Under MicroPython an error thrown by a browser API (storage full: QuotaExceededError;
// storage blocked: SecurityError, even on reading `window.localStorage`) passes through every
// `except` clause and ends the page's script, so ui/storage.py (the one place the page stores
// anything) calls this guard instead: each call gives its value, and `failed` says what the
// browser threw on the last call ("" when nothing: the game goes on in memory otherwise). The
// page's plain scripts (ui/boot/, ui/keep.js) read through it too. Node loads it in
// tests/ui/test_micropython.py and tests/ui/test_boot_rules.py.
((scope) => {
  "use strict";

  // The key of `name` for the copy of the site served at `path` (the page's folder): a copy
  // under a sub-path keeps its own keys, `name@/class/7b/` (interfaces.md). ui/storage.py's
  // copy_key is the same rule in Python (tests/ui/test_boot_rules.py holds them equal).
  function copyKey(name, path) {
    const folder = path.slice(0, path.lastIndexOf("/") + 1);
    return folder === "" || folder === "/" ? name : `${name}@${folder}`;
  }

  class Guard {
    constructor(open) {
      this.open = open; // gives the Storage object, or throws (blocked)
      this.failed = "";
    }

    run(call) {
      this.failed = "";
      try {
        return call(this.open());
      } catch (error) {
        const name = error?.name || "Error";
        this.failed = `${name}: ${error?.message || String(error)}`;
        return null;
      }
    }

    getItem(key) {
      return this.run((s) => s.getItem(key));
    }

    setItem(key, value) {
      return this.run((s) => {
        s.setItem(key, value);
        return true;
      });
    }

    removeItem(key) {
      return this.run((s) => {
        s.removeItem(key);
        return true;
      });
    }

    // the length of the text under `key` (-1: none), read without handing the text over:
    // MicroPython's heap cannot hold a text of a few MB (ui/storage.py never reads one)
    size(key) {
      const value = this.getItem(key);
      return value === null ? -1 : value.length;
    }

    // move the text under `from` to `to` (never over a text there), here in JavaScript
    move(from, to) {
      return this.run((s) => {
        const value = s.getItem(from);
        if (value === null || s.getItem(to) !== null) return false;
        s.setItem(to, value);
        s.removeItem(from);
        return true;
      });
    }

    // The JSON object under `key` with its list `field` handed over item by item, each as its
    // own JSON text, so that the page never holds the whole (a teacher's table of 1 MB: its heap
    // cannot) and one item out of bounds (a number of 5,000 digits, nested 120 deep) is set
    // aside alone: {head: the object without `field` as JSON text, items: [texts] ("" for one
    // that cannot be written back), size}; head null when the text is no such object (count:
    // the items of its list when it has one); null when there is none.
    split(key, field) {
      return this.run((s) => {
        const text = s.getItem(key);
        if (text === null) return null;
        let data = null;
        try {
          data = JSON.parse(text);
        } catch {
          return { head: null, items: [], size: text.length, count: -1 };
        }
        const list = data && typeof data === "object" ? data[field] : undefined;
        if (Array.isArray(data) || !Array.isArray(list)) {
          return { head: null, items: [], size: text.length, count: -1 };
        }
        const items = list.map((item) => {
          try {
            return JSON.stringify(item) ?? "";
          } catch {
            return ""; // nested too deep to write back
          }
        });
        delete data[field];
        return { head: JSON.stringify(data), items, size: text.length, count: items.length };
      });
    }

    // A text made of pieces, joined here: the page hands over pieces of a few kB and passes
    // on what `made()` gives (to setItem, to the worker, to a download) without holding it.
    pieces() {
      const parts = [];
      return {
        add(part) {
          parts.push(String(part));
        },
        made() {
          const text = parts.join("");
          return { toString: () => text, length: text.length };
        },
      };
    }

    // a download address of the text under `key` (null: none), made without the page holding it
    url(key, type) {
      return this.run((s) => {
        const text = s.getItem(key);
        if (text === null) return null;
        return URL.createObjectURL(new Blob([text], { type }));
      });
    }

    // true when the browser gives the page a storage at all
    usable() {
      this.getItem("longana:probe");
      return !this.failed;
    }

    // the key of `name` for this copy of the site
    key(name) {
      return copyKey(name, scope.location ? scope.location.pathname : "/");
    }

    // the JSON under `name` (this copy's key), or null: none, unreadable or no storage
    json(name) {
      try {
        return JSON.parse(this.getItem(this.key(name)) || "null");
      } catch {
        return null;
      }
    }
  }

  scope.LonganaStorageGuard = Guard;
  scope.longanaCopyKey = copyKey;
  scope.longanaStorage = new Guard(() => {
    const storage = scope.localStorage; // throws where the browser blocks site data
    if (!storage) throw new Error("no localStorage");
    return storage;
  });
})(typeof globalThis !== "undefined" ? globalThis : this);

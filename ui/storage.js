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

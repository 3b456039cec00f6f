// The page's storage guard: localStorage behind calls that return instead of throwing.
// Under MicroPython an error thrown by a browser API (storage full: QuotaExceededError;
// storage blocked: SecurityError, even on reading `window.localStorage`) passes through every
// `except` clause and ends the page's script, so ui/storage.py (the one place the page stores
// anything) calls this guard instead: each call gives its value, and `failed` says what the
// browser threw on the last call ("" when nothing: the game goes on in memory otherwise).
// Plain old JavaScript, like ui/floor.js; node loads it in tests/ui/test_micropython.py.
((scope) => {
  "use strict";

  function Guard(open) {
    this.open = open; // gives the Storage object, or throws (blocked)
    this.failed = "";
  }

  Guard.prototype.run = function (call) {
    this.failed = "";
    try {
      return call(this.open());
    } catch (error) {
      const name = error?.name || "Error";
      this.failed = `${name}: ${error?.message || String(error)}`;
      return null;
    }
  };

  Guard.prototype.getItem = function (key) {
    return this.run((s) => s.getItem(key));
  };

  Guard.prototype.setItem = function (key, value) {
    return this.run((s) => {
      s.setItem(key, value);
      return true;
    });
  };

  Guard.prototype.removeItem = function (key) {
    return this.run((s) => {
      s.removeItem(key);
      return true;
    });
  };

  // the length of the text under `key` (-1: none), read without handing the text over:
  // MicroPython's heap cannot hold a text of a few MB (ui/storage.py never reads one)
  Guard.prototype.size = function (key) {
    var value = this.getItem(key);
    return value === null ? -1 : value.length;
  };

  // move the text under `from` to `to` (never over a text there), here in JavaScript
  Guard.prototype.move = function (from, to) {
    return this.run((s) => {
      var value = s.getItem(from);
      if (value === null || s.getItem(to) !== null) return false;
      s.setItem(to, value);
      s.removeItem(from);
      return true;
    });
  };

  // true when the browser gives the page a storage at all
  Guard.prototype.usable = function () {
    this.getItem("longana:probe");
    return !this.failed;
  };

  scope.LonganaStorageGuard = Guard;
  scope.longanaStorage = new Guard(() => {
    var storage = scope.localStorage; // throws where the browser blocks site data
    if (!storage) throw new Error("no localStorage");
    return storage;
  });
})(typeof globalThis !== "undefined" ? globalThis : this);

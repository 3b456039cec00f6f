// The browser floor (README: "Browsers"). The page's first script, written in the oldest
// JavaScript so that any browser can read it. Where something the game needs is missing it
// says so in the browser's language, names what is missing, and stops the page there (nothing
// after this script runs, so no half-started game and no blank page); otherwise it does
// nothing. WORDS holds each catalog's raw("floor") section (locales/<lang>.json, every language
// of ui/languages.py), written here by tools/build_site.py because this runs before
// anything can be fetched.
(function () {
  "use strict";
  var WORDS = __WORDS__;

  function has(test) {
    try {
      return !!test();
    } catch (_error) {
      return false;
    }
  }

  // a module that uses the exception handling Pyodide is built with (try ... catch_all)
  var EH = [
    0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 8, 1, 6, 0, 6, 64, 25, 11, 11
  ];

  // type "module" read from the options and accepted (older Firefox throws on it, older
  // Chrome ignores it): the game's worker is a module
  function moduleWorkers() {
    var read = false,
      options = {};
    Object.defineProperty(options, "type", {
      get: function () {
        read = true;
        return "module";
      }
    });
    var url = URL.createObjectURL(new Blob([""], { type: "text/javascript" }));
    try {
      new Worker(url, options).terminate();
    } finally {
      URL.revokeObjectURL(url);
    }
    return read;
  }

  function wasm() {
    return typeof WebAssembly.validate === "function";
  }
  function wasmExceptions() {
    return WebAssembly.validate(new Uint8Array(EH));
  }
  function dialogs() {
    return typeof HTMLDialogElement.prototype.showModal === "function";
  }
  function weakRefs() {
    return typeof WeakRef === "function" && typeof FinalizationRegistry === "function";
  }

  var missing = [];
  if (!has(wasm)) missing.push("wasm");
  else if (!has(wasmExceptions)) missing.push("wasm_exceptions");
  if (!has(dialogs)) missing.push("dialog");
  if (!has(moduleWorkers)) missing.push("module_workers");
  if (!has(weakRefs)) missing.push("weak_refs");
  if (!missing.length) return;

  // the page's language as the game picks it: ?lang=, then the browser's, then English
  var asked = /[?&]lang=([a-z]+)/.exec(location.search);
  var wanted = [asked ? asked[1] : ""].concat(navigator.languages || [navigator.language || ""]);
  var lang = "en";
  var i, primary;
  for (i = 0; i < wanted.length; i++) {
    primary = String(wanted[i]).split(/[-_]/)[0].toLowerCase();
    if (Object.prototype.hasOwnProperty.call(WORDS, primary)) {
      lang = primary;
      break;
    }
  }
  var words = WORDS[lang];
  var names = [];
  for (i = 0; i < missing.length; i++) names.push(words[missing[i]]);
  function html(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  document.documentElement.lang = lang;
  // the message, then everything after this script as inert text that is never shown: no
  // other script of the page runs
  document.write(
    '<div id="floor" data-floor="' +
      missing.join(" ") +
      '" lang="' +
      lang +
      '" role="alert" ' +
      'style="font:18px/1.5 sans-serif;max-width:34em;margin:2em auto;padding:0 1em;color:#111">' +
      '<h1 style="font-size:1.4em;line-height:1.25">' +
      html(words.title) +
      "</h1>" +
      "<p>" +
      html(words.missing.replace("{missing}", names.join(", "))) +
      "</p>" +
      "<p>" +
      html(words.advice) +
      "</p></div>" +
      '<plaintext hidden style="display:none">'
  );
})();

// The browser floor (README: "Browsers"). The page's first script, written in the oldest
// JavaScript so that any browser can read it. Where something the game needs is missing it
// says so in the browser's language, names what is missing, and stops the page there (nothing
// after this script runs, so no half-started game and no blank page); otherwise it does
// nothing. WORDS holds each catalog's raw("floor") section (locales/<lang>.json), copied here
// because this runs before anything can be fetched (tests/ui/test_floor.py keeps them equal).
(function () {
  "use strict";
  var WORDS = {
    "de": {
      "title": "Dieser Browser ist zu alt für Longana",
      "missing":
        "Er kann das Spiel nicht ausführen, weil er Folgendes nicht unterstützt: {missing}.",
      "advice":
        "Longana braucht Safari 15.4 oder neuer (auf iPad und iPhone: iPadOS bzw. iOS 15.4), Firefox 114 oder Chrome bzw. Edge 95. Aktualisiere den Browser oder das Gerät oder öffne das Spiel in einem anderen Browser.",
      "dialog": "Dialogfenster (<dialog>)",
      "wasm": "WebAssembly",
      "wasm_exceptions": "WebAssembly-Ausnahmen",
      "module_workers": "Modul-Worker",
      "weak_refs": "schwache Referenzen (WeakRef)"
    },
    "en": {
      "title": "This browser is too old for Longana",
      "missing": "It cannot run the game because it does not support: {missing}.",
      "advice":
        "Longana needs Safari 15.4 or newer (on iPad and iPhone: iPadOS or iOS 15.4), Firefox 114, or Chrome or Edge 95. Update the browser or the device, or open the game in another browser.",
      "dialog": "dialog windows (<dialog>)",
      "wasm": "WebAssembly",
      "wasm_exceptions": "WebAssembly exceptions",
      "module_workers": "module workers",
      "weak_refs": "weak references (WeakRef)"
    },
    "es": {
      "title": "Este navegador es demasiado antiguo para Longana",
      "missing": "No puede ejecutar el juego porque no admite: {missing}.",
      "advice":
        "Longana necesita Safari 15.4 o posterior (en iPad y iPhone: iPadOS o iOS 15.4), Firefox 114, o Chrome o Edge 95. Actualiza el navegador o el dispositivo, o abre el juego en otro navegador.",
      "dialog": "ventanas de diálogo (<dialog>)",
      "wasm": "WebAssembly",
      "wasm_exceptions": "excepciones de WebAssembly",
      "module_workers": "workers de módulo",
      "weak_refs": "referencias débiles (WeakRef)"
    },
    "ms": {
      "title": "Pelayar ini sudah terlalu usang untuk Longana",
      "missing": "Pelayar ini tidak dapat menjalankan permainan kerana tidak menyokong: {missing}.",
      "advice":
        "Longana memerlukan Safari 15.4 atau lebih baharu (pada iPad dan iPhone: iPadOS atau iOS 15.4), Firefox 114, atau Chrome atau Edge 95. Kemas kini pelayar atau peranti, atau buka permainan dalam pelayar lain.",
      "dialog": "tetingkap dialog (<dialog>)",
      "wasm": "WebAssembly",
      "wasm_exceptions": "pengecualian WebAssembly",
      "module_workers": "pekerja modul (module workers)",
      "weak_refs": "rujukan lemah (WeakRef)"
    }
  };

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

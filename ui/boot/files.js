// The page's files (one room of the start, wired by ui/boot.js): its modules (one file,
// ui/page-files.json, made by tools/build_site.py) and the catalog of the language shown, asked
// for as the page opens (while PyScript and MicroPython load), each fetched once; and which
// language that is.

(() => {
  const PAGE_FILES = "./ui/page-files.json";
  const LANGUAGES = __LANGUAGES__; // ui/languages.py's codes, written by the build

  // The language shown, as interfaces.md orders it: ?lang=, the saved setting, the first of
  // the browser's languages that is one of ours, English. ui/i18n.py's pick_language is the
  // same rule for the page's Python (tests/ui/test_boot_rules.py holds them equal).
  function pickLanguage(search, settings, browser) {
    const asked = new URLSearchParams(search).get("lang");
    const saved = settings && typeof settings === "object" ? settings.lang : null;
    const primary = (browser || []).map((tag) => String(tag).split(/[-_]/)[0].toLowerCase());
    return [asked, saved, ...primary].find((l) => LANGUAGES.includes(l)) || "en";
  }

  // `storage`: the guard of ui/storage.js (the saved settings)
  function files(storage) {
    const fetched = new Map();

    // A file's text, fetched once; null when it cannot be fetched (asked for again the next
    // time).
    function text(url) {
      const key = new URL(url, document.baseURI).href;
      if (!fetched.has(key)) {
        const got = fetch(key)
          .then((r) => (r.ok ? r.text() : null))
          .catch(() => null);
        fetched.set(key, got);
        got.then((done) => {
          if (done === null) fetched.delete(key);
        });
      }
      return fetched.get(key);
    }

    const lang = () =>
      pickLanguage(location.search, storage.json("longana:settings"), navigator.languages);

    return {
      text,
      lang,
      // everything the page needs before its first frame, asked for now
      ask() {
        for (const url of [PAGE_FILES, "./locales/en.json", `./locales/${lang()}.json`]) text(url);
      },
      // The page's modules as [[path, text], ...], or null.
      pageFiles() {
        return text(PAGE_FILES).then((json) => {
          try {
            return json === null ? null : JSON.parse(json);
          } catch {
            return null;
          }
        });
      },
      // the catalog of the language shown (English when it cannot be read), or null
      catalog() {
        const shown = lang();
        return text(`./locales/${shown}.json`)
          .then((json) => (json === null && shown !== "en" ? text("./locales/en.json") : json))
          .then((json) => (json === null ? null : JSON.parse(json)))
          .catch(() => null);
      },
    };
  }

  window.longanaRooms = { ...window.longanaRooms, files, pickLanguage };
})();

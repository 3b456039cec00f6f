// Offline play and updates (one room of the start, wired by ui/boot.js): the service worker
// (sw.js) registered once the game is on screen; a new release announced, never applied by
// itself (data-notice="update", whose Reload the page's Python binds to reload()); and the
// install offer (data-notice="install", with "Not now", remembered per copy of the site, never
// left over the table). ui/keep.js asks the browser to keep the game's storage.

(() => {
  const CHECK_MS = 30 * 60 * 1000; // a page left open looks for a new release this often
  const INSTALL_SEEN = "longana:notice:install";

  // `say`: the loading screen's words; `toasts`: ui/toasts.js; `storage`: ui/storage.js
  function offline({ say, toasts, storage }) {
    let installPrompt = null;
    let ready = false;

    // A notice with a button that stays until acted on; once (it is not said twice).
    function notice(id, action) {
      if (toasts.shown(id)) return null;
      const item = toasts.show(id, say(id));
      toasts.act(item, action, say(action === "reload" ? "reload" : "install_button"));
      return item;
    }

    function offerInstall() {
      if (storage.getItem(storage.key(INSTALL_SEEN))) return; // (no storage: offered)
      const item = notice("install", "install");
      if (!item) return;
      const later = toasts.act(item, "dismiss", say("install_later"));
      later.addEventListener("click", () => {
        item.remove();
        storage.setItem(storage.key(INSTALL_SEEN), "1"); // no storage: until the page closes
      });
    }

    addEventListener("beforeinstallprompt", (event) => {
      event.preventDefault();
      installPrompt = event;
      if (ready) offerInstall();
    });

    return {
      // the game is on screen: the install offer may come
      ready() {
        ready = true;
        if (installPrompt) offerInstall();
      },
      // the service worker: offline play and updates
      register() {
        if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
        navigator.serviceWorker
          .register("./sw.js")
          .then((reg) => {
            if (!reg) return; // registration refused (a browser policy): no offline cache
            const announce = () => {
              if (reg.waiting && navigator.serviceWorker.controller) notice("update", "reload");
            };
            announce();
            reg.addEventListener("updatefound", () => {
              const next = reg.installing;
              next?.addEventListener("statechange", () => {
                if (next.state === "installed") announce();
              });
            });
            const check = () => reg.update().catch(() => {});
            setInterval(check, CHECK_MS);
            document.addEventListener("visibilitychange", () => {
              if (!document.hidden) check();
            });
          })
          .catch((error) => console.warn(`offline cache not installed: ${error}`));
      },
      // Reload: into the waiting release if there is one (it takes over first), else plainly.
      reload() {
        const sw = navigator.serviceWorker;
        if (!sw?.controller) {
          location.reload();
          return;
        }
        sw.getRegistration().then(
          (reg) => {
            if (!reg?.waiting) {
              location.reload();
              return;
            }
            sw.addEventListener("controllerchange", () => location.reload());
            reg.waiting.postMessage("skip-waiting");
          },
          () => location.reload(),
        );
      },
      install() {
        const prompt = installPrompt;
        installPrompt = null;
        toasts.drop("install");
        if (prompt) prompt.prompt();
      },
    };
  }

  window.longanaRooms = { ...window.longanaRooms, offline };
})();

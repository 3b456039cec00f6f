// The page's short notices (toasts), one way for every runtime that shows one: the loading
// scripts (ui/boot/offline.js: update, install), ui/keep.js (eviction) and the page's Python
// (ui/dom/notices.py, everything else). One layer, #toasts (read out politely); each notice a
// <p class="toast" data-notice="<id>"> holding its words and, when it has any, its buttons
// (then it stays until its own code removes it). What a button does is bound by whoever shows
// the notice.
"use strict";
(() => {
  function layer() {
    let found = document.getElementById("toasts");
    if (!found) {
      found = document.createElement("div");
      found.id = "toasts";
      found.className = "toasts";
      found.setAttribute("role", "status");
      found.setAttribute("aria-live", "polite");
      document.body.append(found);
    }
    return found;
  }

  const selector = (id) => `#toasts [data-notice="${id}"]`;
  const drop = (id) => {
    for (const item of document.querySelectorAll(selector(id))) item.remove();
  };

  window.longanaToasts = {
    // The notice `id` saying `text`; one of the same id goes first (the same news once, said
    // again). Returns the notice.
    show(id, text) {
      drop(id);
      const item = document.createElement("p");
      item.className = "toast";
      item.dataset.notice = id;
      const words = document.createElement("span");
      words.className = "toast-words";
      words.textContent = text;
      item.append(words);
      layer().append(item);
      return item;
    },

    // whether the notice `id` is up
    shown(id) {
      return document.querySelector(selector(id)) !== null;
    },

    // the notice `id` goes, if it is up
    drop,

    // A button of the notice `item` (data-action `action`), or, when `file` names a file, a
    // link that downloads it (its address is set when pressed). Returns the button.
    act(item, action, label, file) {
      let bar = item.querySelector(".toast-actions");
      if (!bar) {
        bar = document.createElement("span");
        bar.className = "toast-actions";
        item.append(" ", bar);
        item.classList.add("with-action");
      }
      const button = document.createElement(file ? "a" : "button");
      button.className = "btn small";
      button.dataset.action = action;
      button.textContent = label;
      if (file) {
        button.href = "#";
        button.setAttribute("download", file);
      } else button.type = "button";
      bar.append(button);
      return button;
    },
  };
})();

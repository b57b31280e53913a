// The console's little JavaScript (no inline scripts: CSP script-src 'self'). Everything works
// without it except the copy buttons and the carousel's buttons.
(function () {
  "use strict";

  function copyText(target) {
    var el = document.getElementById(target);
    if (!el) return Promise.reject(new Error("nothing to copy"));
    var value = ("value" in el && el.value !== undefined ? el.value : el.textContent).trim();
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(value);
    var range = document.createRange();
    range.selectNodeContents(el);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("copy failed"));
  }

  function carouselOf(button) {
    var id = button.getAttribute("aria-controls");
    return id ? document.getElementById(id) : null;
  }

  function slideIndex(track) {
    return Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
  }

  function updateCounter(track) {
    var counter = document.getElementById("counter");
    var n = track.children.length;
    var i = slideIndex(track) + 1;
    track.dataset.current = String(i);
    if (counter) counter.textContent = i + " / " + n;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (button) {
      var label = button.dataset.label || button.textContent;
      button.dataset.label = label;
      copyText(button.dataset.copy).then(
        function () { button.textContent = "Copied"; },
        function () { button.textContent = "Select and copy by hand"; }
      );
      setTimeout(function () { button.textContent = label; }, 2000);
      return;
    }
    var nav = event.target.closest("button[data-carousel]");
    if (nav) {
      var track = carouselOf(nav);
      if (!track) return;
      var step = nav.dataset.carousel === "next" ? 1 : -1;
      var next = Math.max(0, Math.min(track.children.length - 1, slideIndex(track) + step));
      track.scrollTo({ left: next * track.clientWidth, behavior: "smooth" });
    }
  });

  document.addEventListener("keydown", function (event) {
    var track = event.target.closest && event.target.closest(".carousel");
    if (!track || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return;
    event.preventDefault();
    var next = slideIndex(track) + (event.key === "ArrowRight" ? 1 : -1);
    next = Math.max(0, Math.min(track.children.length - 1, next));
    track.scrollTo({ left: next * track.clientWidth, behavior: "smooth" });
  });

  document.addEventListener("scroll", function (event) {
    var track = event.target;
    if (track && track.classList && track.classList.contains("carousel")) updateCounter(track);
  }, true);

  // Color pickers and their text fields stay in step.
  document.addEventListener("input", function (event) {
    var el = event.target;
    if (el.dataset && el.dataset.colorFor) {
      var field = document.getElementById(el.dataset.colorFor);
      if (field) field.value = el.value.toUpperCase();
      el.classList.remove("unset");
    } else if (el.id && el.id.indexOf("f-brand_") === 0) {
      var picker = document.querySelector('[data-color-for="' + el.id + '"]');
      if (!picker) return;
      var isColor = /^#[0-9a-fA-F]{6}$/.test(el.value);
      if (isColor) picker.value = el.value.toLowerCase();
      picker.classList.toggle("unset", !isColor);
    }
  });

  function ready() {
    var follow = document.querySelector("a[data-follow]");
    if (follow) window.location.assign(follow.href);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();

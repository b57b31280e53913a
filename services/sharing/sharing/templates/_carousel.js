(function () {
  var track = document.getElementById("carousel");
  if (!track) return;
  var slides = track.querySelectorAll(".slide");
  var dots = document.querySelectorAll(".dots a");
  var counter = document.getElementById("counter");
  function current() {
    var w = track.clientWidth || 1;
    return Math.min(slides.length - 1, Math.max(0, Math.round(track.scrollLeft / w)));
  }
  function show() {
    var i = current();
    if (counter) counter.textContent = (i + 1) + " / " + slides.length;
    for (var d = 0; d < dots.length; d++) dots[d].className = d === i ? "on" : "";
    track.setAttribute("data-current", String(i + 1));
  }
  track.addEventListener("scroll", function () { window.requestAnimationFrame(show); }, { passive: true });
  for (var d = 0; d < dots.length; d++) {
    dots[d].addEventListener("click", function (ev) {
      ev.preventDefault();
      var i = Number(this.getAttribute("data-index"));
      track.scrollTo({ left: i * track.clientWidth, behavior: "smooth" });
    });
  }
  track.addEventListener("keydown", function (ev) {
    var step = ev.key === "ArrowRight" ? 1 : ev.key === "ArrowLeft" ? -1 : 0;
    if (step) track.scrollTo({ left: (current() + step) * track.clientWidth, behavior: "smooth" });
  });
  show();
  var button = document.getElementById("download");
  if (!button) return;
  var status = document.getElementById("download-status");
  button.addEventListener("click", function () {
    button.disabled = true;
    status.textContent = "Preparing the ZIP...";
    fetch(button.getAttribute("data-zip"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
      credentials: "same-origin"
    }).then(function (r) { return r.json(); }).then(function (j) {
      button.disabled = false;
      if (j && j.success && j.data && j.data.url) { status.textContent = ""; window.location.href = j.data.url; }
      else { status.textContent = (j && j.error && j.error.message) || "Download failed."; }
    }).catch(function () { button.disabled = false; status.textContent = "Download failed."; });
  });
})();

(function () {
  "use strict";
  document.documentElement.classList.add("js");
  function stepper(box) {
    var tricks = box.querySelectorAll("tr.trick");
    var nav = box.querySelector(".stepper-nav");
    var prev = box.querySelector(".step-prev");
    var next = box.querySelector(".step-next");
    var label = box.querySelector(".step-label");
    var at = 0;
    function show(n) {
      at = Math.max(0, Math.min(tricks.length - 1, n));
      for (var k = 0; k < tricks.length; k++) { tricks[k].hidden = k !== at; }
      label.textContent = tricks[at].getAttribute("data-number") + " / " + tricks.length;
      prev.disabled = at === 0;
      next.disabled = at === tricks.length - 1;
    }
    prev.addEventListener("click", function () { show(at - 1); });
    next.addEventListener("click", function () { show(at + 1); });
    box.addEventListener("keydown", function (event) {
      if (event.key === "ArrowLeft") { show(at - 1); event.preventDefault(); }
      else if (event.key === "ArrowRight") { show(at + 1); event.preventDefault(); }
      else if (event.key === "Home") { show(0); event.preventDefault(); }
      else if (event.key === "End") { show(tricks.length - 1); event.preventDefault(); }
    });
    nav.hidden = false;
    show(0);
  }
  var boxes = document.querySelectorAll(".stepper");
  for (var i = 0; i < boxes.length; i++) { stepper(boxes[i]); }
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.tagName === "DETAILS") { target.open = true; }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
  window.addEventListener("beforeprint", function () {
    var all = document.querySelectorAll("details.rule");
    for (var k = 0; k < all.length; k++) { all[k].open = true; }
  });
})();

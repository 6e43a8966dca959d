// Runs before the app, inline in index.html's head (decision 064): sets the `dark` class from the saved theme mode
// (themeMode: light | dark | system) before the first paint. In System mode the page follows the device as it changes
// (say, dark at sunset) without a reload. Below it, a second part links the fonts a returning visitor has (decision 073).
(function () {
  var mode = "system";
  try {
    mode = localStorage.getItem("themeMode") || "system";
  } catch {
    // Storage blocked (a privacy mode): the device's theme.
  }
  var query = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)");
  function apply() {
    var isDark = mode === "dark" || (mode !== "light" && !!query && query.matches);
    document.documentElement.classList.toggle("dark", isDark);
    document.documentElement.style.colorScheme = isDark ? "dark" : "light";
  }
  // A switch while the page is open is instant: the cards' colour transitions would otherwise fade every surface for
  // a moment (and a reader of the colours, axe included, could catch text already dark on a card still white).
  function applyWithoutTransitions() {
    var pause = document.createElement("style");
    pause.textContent = "*,*::before,*::after{transition:none!important}";
    document.head.appendChild(pause);
    apply();
    void window.getComputedStyle(document.body).color;
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        pause.remove();
      });
    });
  }
  apply();
  if (query && mode === "system" && query.addEventListener) query.addEventListener("change", applyWithoutTransitions);
})();
// A returning visitor's fonts (decision 073): a first visit links them once the app has started, and the app notes
// their stylesheet. A later visit, whose cache has them, links it here, so its first paint has the fonts. Only a
// stylesheet of the build's own assets: anything else found in storage is left alone.
(function () {
  var href = null;
  try {
    href = localStorage.getItem("fontsStylesheet");
  } catch {
    // Storage blocked: the fonts come with the app, as on a first visit.
  }
  if (!href || !/^\/assets\/fonts-[\w-]+\.css$/.test(href)) return;
  var link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.setAttribute("data-fonts", "");
  document.head.appendChild(link);
})();

// Runs before the app: sets the `dark` class from the saved theme mode (themeMode: light | dark | system).
(function () {
  var mode = "system";
  try {
    mode = localStorage.getItem("themeMode") || "system";
  } catch (e) {}
  var prefersDark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  var isDark = mode === "dark" || (mode !== "light" && prefersDark);
  document.documentElement.classList.toggle("dark", isDark);
  document.documentElement.style.colorScheme = isDark ? "dark" : "light";
})();

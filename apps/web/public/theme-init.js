// Runs before first paint: applies the theme saved by the app ("light" | "dark" | "system")
// or, by default, the system preference. Kept external because the CSP forbids inline scripts.
(() => {
  try {
    const saved = window.localStorage.getItem("theme");
    const systemDark = window.matchMedia("(prefers-color-scheme: dark)").matches;
    const dark = saved === "dark" || ((saved === null || saved === "system") && systemDark);
    const root = document.documentElement;
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
  } catch {
    // Storage or matchMedia unavailable: keep the light default.
  }
})();

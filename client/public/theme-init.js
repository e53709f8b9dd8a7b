// Runs before the first paint (loaded synchronously in <head>): applies the stored theme
// and language so the page never flashes the wrong colours or direction. Mirrors
// client/lib/theme.ts and client/i18n/detect.ts; keep them in step.
(() => {
	var root = document.documentElement;
	var theme = "system";
	var lang = "";
	try {
		theme = localStorage.getItem("theme") || "system";
		lang = localStorage.getItem("lang") || "";
	} catch (_) {}
	if (theme !== "light" && theme !== "dark") {
		theme = window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
	}
	root.classList.remove("light", "dark");
	root.classList.add(theme);
	root.style.colorScheme = theme;
	var supported = ["en", "ar", "fr"];
	var pick = (code) => {
		var part = String(code || "")
			.toLowerCase()
			.split(/[-_]/)[0];
		return supported.indexOf(part) >= 0 ? part : "";
	};
	var found = pick(lang);
	var browser = navigator.languages || [];
	var i = 0;
	while (!found && i < browser.length) found = pick(browser[i++]);
	found = found || pick(navigator.language) || pick(root.getAttribute("lang")) || "en";
	root.setAttribute("lang", found);
	root.setAttribute("dir", found === "ar" ? "rtl" : "ltr");
})();

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { prepareI18n } from "./i18n/index.tsx";
import "./styles/index.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

// The router starts loading the first screen's chunk meanwhile (app.tsx creates it on import).
prepareI18n()
	.then((locale) =>
		createRoot(root).render(
			<StrictMode>
				<App locale={locale} />
			</StrictMode>,
		),
	)
	.catch(() => {
		// Without a dictionary nothing can be said in the user's language: a plain, honest note.
		root.textContent = "Portico could not load. Please check your connection and refresh the page.";
		root.setAttribute("role", "alert");
	});

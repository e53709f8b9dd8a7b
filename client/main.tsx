import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { prepareI18n } from "./i18n/index.tsx";
import "./styles/index.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
// The router starts loading the first screen's chunk meanwhile (app.tsx creates it on import).
void prepareI18n().then((locale) =>
	createRoot(root).render(
		<StrictMode>
			<App locale={locale} />
		</StrictMode>,
	),
);

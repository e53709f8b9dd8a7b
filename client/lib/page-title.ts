import { useEffect } from "react";

export const APP_NAME = "Portico";

export const pageTitle = (text: string): string => (text ? `${text} - ${APP_NAME}` : APP_NAME);

/** Names the screen in the browser tab: `${text} - Portico`. */
export function usePageTitle(text: string): void {
	useEffect(() => {
		document.title = pageTitle(text);
	}, [text]);
}

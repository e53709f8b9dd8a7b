import { NotFoundMessage } from "../components/not-found-message.tsx";

export function Component() {
	return (
		<main className="center-screen">
			<NotFoundMessage />
		</main>
	);
}

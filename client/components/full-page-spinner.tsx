import { Spinner } from "@radix-ui/themes";

export function FullPageSpinner() {
	return (
		<div className="center-screen" role="status" aria-live="polite" aria-busy="true">
			<Spinner size="3" />
		</div>
	);
}

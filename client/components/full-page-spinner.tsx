import { Spinner, VisuallyHidden } from "@radix-ui/themes";
import { useI18n } from "../i18n/index.tsx";

export function FullPageSpinner() {
	const { LL } = useI18n();
	return (
		<div className="center-screen" role="status" aria-live="polite" aria-busy="true">
			<Spinner size="3" />
			<VisuallyHidden>{LL.common.loading()}</VisuallyHidden>
		</div>
	);
}

import { Button } from "@radix-ui/themes";
import { useState } from "react";
import { useI18n } from "../../i18n/index.tsx";
import { AdminTokensDialog } from "./admin-tokens-dialog.tsx";

/** Admin: the list of every live access token, filtered by last use and end. */
export function AllTokensButton() {
	const { LL } = useI18n();
	const [open, setOpen] = useState(false);
	return (
		<>
			<Button variant="soft" highContrast data-testid="all-tokens" onClick={() => setOpen(true)}>
				{LL.sessions.tokens.adminAllTitle()}
			</Button>
			<AdminTokensDialog open={open} onClose={() => setOpen(false)} />
		</>
	);
}

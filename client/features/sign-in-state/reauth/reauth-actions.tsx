import { Button, Flex } from "@radix-ui/themes";
import { useI18n } from "../../../i18n/index.tsx";

/** Cancel and Confirm (the submit button of the method's form), the same under every method. */
export function ReauthActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
	const { LL } = useI18n();
	return (
		<Flex gap="3" justify="end" mt="4">
			<Button type="button" variant="soft" color="gray" onClick={onCancel}>
				{LL.reauth.cancel()}
			</Button>
			<Button type="submit" loading={busy}>
				{LL.reauth.confirm()}
			</Button>
		</Flex>
	);
}

import { AlertDialog, Button, Flex } from "@radix-ui/themes";

type Props = {
	open: boolean;
	title: string;
	text: string;
	confirmLabel: string;
	cancelLabel: string;
	pending: boolean;
	onConfirm: () => void;
	onClose: () => void;
	onCloseAutoFocus?: (event: Event) => void;
	testId: string;
};

/**
 * A yes/no question before something that cannot be taken back (a sign-out, a removal, a
 * deactivation); the red button does it, Cancel or Escape leaves everything as it was.
 */
export function ConfirmDialog(props: Props) {
	return (
		<AlertDialog.Root open={props.open} onOpenChange={(open) => (open ? undefined : props.onClose())}>
			<AlertDialog.Content maxWidth="440px" data-testid={props.testId} onCloseAutoFocus={props.onCloseAutoFocus}>
				<AlertDialog.Title>{props.title}</AlertDialog.Title>
				<AlertDialog.Description size="2">{props.text}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end" wrap="wrap">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{props.cancelLabel}
						</Button>
					</AlertDialog.Cancel>
					<Button highContrast color="red" loading={props.pending} onClick={props.onConfirm}>
						{props.confirmLabel}
					</Button>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	);
}

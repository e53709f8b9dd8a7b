import { Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { type TotpCodeInput, type TotpSetup, totpCodeSchema } from "../../../shared/schemas/two-factor.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Field } from "../../components/form/field.tsx";
import { Form } from "../../components/form/form.tsx";
import { CopyIcon } from "../../components/icons.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { mutationErrorText } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/validation.ts";

type Props = { setup: TotpSetup; onEnabled: (codes: string[]) => void; onCancel: () => void };

/** The QR code (drawn by the server) and the key to type, then the app's first code to turn it on. */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: Props) {
	const { LL } = useI18n();
	const t = LL.security.twoFactor;
	const trpc = useTRPC();
	const enable = useMutation(trpc.twoFactor.enable.mutationOptions());
	const form = useZodForm(totpCodeSchema, { defaultValues: { code: "" }, mode: "onSubmit" });
	const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;

	const verify = async (values: TotpCodeInput) => {
		try {
			const { recovery_codes } = await enable.mutateAsync(values);
			notifySuccess(t.enabled());
			onEnabled(recovery_codes);
		} catch (error) {
			form.setError("code", { message: mutationErrorText(error, LL) }, { shouldFocus: true });
		}
	};
	const copyKey = async () => {
		await navigator.clipboard.writeText(setup.secret);
		notifySuccess(LL.security.codes.copied());
	};

	return (
		<Flex direction="column" gap="3" data-testid="totp-setup">
			<Text>{t.scan()}</Text>
			<img className="qr-code" src={qr} alt={t.qrAlt()} width={200} height={200} />
			<Flex direction="column" gap="1">
				<Text size="2" weight="medium">
					{t.key()}
				</Text>
				<Flex gap="2" align="center">
					<Text size="3" className="code-text" data-testid="totp-secret">
						{setup.secret.match(/.{1,4}/g)?.join(" ")}
					</Text>
					<IconButton variant="ghost" color="gray" aria-label={t.copyKey()} onClick={() => void copyKey()}>
						<CopyIcon />
					</IconButton>
				</Flex>
			</Flex>
			<Form form={form} onSubmit={verify}>
				<Flex direction="column" gap="3" maxWidth="320px">
					<Field
						name="code"
						label={t.code()}
						testId="totp-enable-input"
						inputMode="numeric"
						autoComplete="one-time-code"
						required
					/>
					<Flex gap="3" wrap="wrap">
						<Button type="button" variant="soft" color="gray" onClick={onCancel}>
							{t.cancel()}
						</Button>
						<Button type="submit" loading={form.formState.isSubmitting}>
							{t.verify()}
						</Button>
					</Flex>
				</Flex>
			</Form>
		</Flex>
	);
}

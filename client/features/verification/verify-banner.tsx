import { Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isolate } from "../../../shared/i18n/direction.ts";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { CloseIcon } from "../../components/icons.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { useNow } from "../../lib/use-now.ts";
import { dismissBanner, isBannerDismissed } from "./banner-dismissal.ts";
import { useResendVerification } from "./use-resend-verification.ts";

/**
 * "Please verify your e-mail address" with Resend, above every signed-in screen while the
 * address is unproved and the server asks for proofs (EMAIL_VERIFICATION is not off).
 * Dismissed, it stays away for this tab only.
 */
export function VerifyBanner({ user }: { user: UserPublic }) {
	const { LL } = useI18n();
	const t = LL.verification.banner;
	const trpc = useTRPC();
	const unverified = !user.email_verified;
	// Asked only while the address is unproved; the mode does not change while the server runs.
	const { data } = useQuery({
		...trpc.users.emailVerification.queryOptions(),
		enabled: unverified,
		staleTime: Number.POSITIVE_INFINITY,
	});
	const [dismissedFor, setDismissedFor] = useState(() => (isBannerDismissed(user.email) ? user.email : null));
	const resend = useResendVerification();
	const now = useNow(1000);
	const wait = Math.max(0, Math.ceil((resend.until - now) / 1000));

	if (!unverified || !data || data.mode === "off" || dismissedFor === user.email) return null;
	const dismiss = () => {
		dismissBanner(user.email);
		setDismissedFor(user.email);
	};
	return (
		<section aria-label={t.title()} className="verify-banner" data-testid="verify-banner">
			<Flex gap="3" align="center" justify="between" wrap="wrap">
				<Flex direction="column" gap="1" className="verify-banner-text">
					<Text weight="bold" color="amber" highContrast>
						{t.title()}
					</Text>
					<Text size="2" color="amber" highContrast>
						{t.text({ email: isolate(user.email) })}
					</Text>
				</Flex>
				<Flex gap="2" align="center">
					<Button
						size="2"
						variant="soft"
						color="amber"
						highContrast
						loading={resend.isPending}
						disabled={wait > 0}
						onClick={() => resend.mutate()}
						data-testid="resend-verification"
					>
						{wait > 0 ? t.resendIn({ seconds: wait }) : t.resend()}
					</Button>
					<IconButton size="2" variant="ghost" color="gray" aria-label={t.dismiss()} onClick={dismiss}>
						<CloseIcon />
					</IconButton>
				</Flex>
			</Flex>
		</section>
	);
}

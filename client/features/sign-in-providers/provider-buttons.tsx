import { Button, Flex, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { isolate } from "../../../shared/i18n/direction.ts";
import { useI18n } from "../../i18n/index.tsx";
import { GitHubMark } from "./github-mark.tsx";
import { fetchProviders, providerStartUrl, providersQueryKey } from "./providers-api.ts";

/**
 * "Continue with <provider>" on the login screen, one per configured provider (none when
 * none is). Each is a link: the server sends the browser on to the provider (302), and a
 * provider that is down answers there, not here.
 */
export function ProviderButtons({ returnTo = "/" }: { returnTo?: string }) {
	const { LL } = useI18n();
	const providers = useQuery({ queryKey: providersQueryKey, queryFn: fetchProviders, staleTime: 5 * 60_000 });
	const list = providers.data ?? [];
	if (list.length === 0) return null;
	return (
		<Flex direction="column" gap="3" data-testid="provider-buttons">
			<Text size="2" color="gray" className="provider-or" aria-hidden="true">
				{LL.providers.orWith()}
			</Text>
			{list.map((provider) => (
				<Button key={provider.id} asChild size="3" variant="outline" highContrast className="provider-button">
					<a href={providerStartUrl(provider.id, returnTo)} data-testid={`provider-${provider.id}`}>
						{provider.kind === "github" ? <GitHubMark /> : null}
						<span className="provider-name">{LL.providers.continueWith({ name: isolate(provider.name) })}</span>
					</a>
				</Button>
			))}
		</Flex>
	);
}

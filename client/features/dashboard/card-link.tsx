import { Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router-dom";

/** The way from a card to the screen that fixes what it shows. */
export function CardLink({ to, children }: { to: string; children: string }) {
	return (
		<Text size="2">
			<RadixLink asChild weight="medium">
				<Link to={to}>{children}</Link>
			</RadixLink>
		</Text>
	);
}

import { Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router-dom";

/** The line under a public form that leads to its sibling ("Don't have an account? Sign up"). */
export function OtherScreenLink({ text, link, to }: { text: string; link: string; to: string }) {
	return (
		<Text size="2" align="center">
			{text}{" "}
			<RadixLink asChild weight="medium">
				<Link to={to}>{link}</Link>
			</RadixLink>
		</Text>
	);
}

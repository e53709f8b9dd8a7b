import { Text } from "@radix-ui/themes";

/** A field's failures under it, one per line; `id` is what the input's aria-describedby names. */
export function FieldErrors({ id, texts }: { id: string; texts: string[] }) {
	if (texts.length === 0) return null;
	return (
		<ul id={id} className="field-errors">
			{texts.map((text) => (
				<li key={text}>
					<Text size="2" color="red">
						{text}
					</Text>
				</li>
			))}
		</ul>
	);
}

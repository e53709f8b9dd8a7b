import { IconButton } from "@radix-ui/themes";
import { useState } from "react";
import { useI18n } from "../../i18n/index.tsx";
import { EyeIcon, EyeOffIcon } from "../icons.tsx";
import { Field, type FieldProps } from "./field.tsx";

/** A Field for passwords with a show/hide button. */
export function PasswordField(props: Omit<FieldProps, "type" | "slot">) {
	const { LL } = useI18n();
	const [visible, setVisible] = useState(false);
	return (
		<Field
			{...props}
			type={visible ? "text" : "password"}
			slot={
				<IconButton
					type="button"
					variant="ghost"
					color="gray"
					size="1"
					// A toggle keeps one name; its state is aria-pressed ("Show password, pressed").
					aria-label={LL.auth.showPassword()}
					aria-pressed={visible}
					onClick={() => setVisible((shown) => !shown)}
				>
					{visible ? <EyeOffIcon /> : <EyeIcon />}
				</IconButton>
			}
		/>
	);
}

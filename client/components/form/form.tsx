import { Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, type FormEvent, useEffect, useRef, useState } from "react";
import { type FieldValues, FormProvider, type UseFormReturn } from "react-hook-form";
import { useI18n } from "../../i18n/index.tsx";
import { isNetworkError } from "../../lib/error-text.ts";

type Props<TValues extends FieldValues, TOutput> = Omit<ComponentProps<"form">, "onSubmit"> & {
	form: UseFormReturn<TValues, unknown, TOutput>;
	/** Called with the validated values; the browser's own validation is off, the schema's rules speak. */
	onSubmit: (values: TOutput) => unknown;
};

/**
 * A form whose fields (Field, PasswordField, CheckboxField, SelectField) find it by context.
 * A sending that the connection stopped (the form's own code that could not be fetched, or
 * a request sent from it that never reached the server) says so under the form, where the
 * eye is, whether or not the toast could show.
 */
export function Form<TValues extends FieldValues, TOutput>({
	form,
	onSubmit,
	children,
	...props
}: Props<TValues, TOutput>) {
	const { LL } = useI18n();
	const [offline, setOffline] = useState(false);
	const submittedAt = useRef(Number.POSITIVE_INFINITY);
	const mutations = useQueryClient().getMutationCache();
	useEffect(
		() =>
			mutations.subscribe((event) => {
				if (event.type !== "updated" || event.action.type !== "error") return;
				if (event.mutation.state.submittedAt >= submittedAt.current && isNetworkError(event.action.error))
					setOffline(true);
			}),
		[mutations],
	);
	const submit = (event: FormEvent<HTMLFormElement>) => {
		setOffline(false);
		submittedAt.current = Date.now();
		form
			.handleSubmit(onSubmit)(event)
			.catch(() => setOffline(true));
	};
	return (
		<FormProvider {...form}>
			<form noValidate {...props} onSubmit={submit}>
				{children}
				{offline ? (
					<Text as="p" size="2" color="red" role="alert" mt="3" data-testid="form-network-error">
						{LL.api.networkError()}
					</Text>
				) : null}
			</form>
		</FormProvider>
	);
}

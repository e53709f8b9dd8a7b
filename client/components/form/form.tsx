import type { ComponentProps } from "react";
import { type FieldValues, FormProvider, type UseFormReturn } from "react-hook-form";

type Props<TValues extends FieldValues, TOutput> = Omit<ComponentProps<"form">, "onSubmit"> & {
	form: UseFormReturn<TValues, unknown, TOutput>;
	/** Called with the validated values; the browser's own validation is off, the schema's rules speak. */
	onSubmit: (values: TOutput) => unknown;
};

/** A form whose fields (Field, PasswordField, CheckboxField, SelectField) find it by context. */
export function Form<TValues extends FieldValues, TOutput>({
	form,
	onSubmit,
	children,
	...props
}: Props<TValues, TOutput>) {
	return (
		<FormProvider {...form}>
			<form noValidate {...props} onSubmit={form.handleSubmit(onSubmit)}>
				{children}
			</form>
		</FormProvider>
	);
}

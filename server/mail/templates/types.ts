/** The texts of the password reset e-mail in one language. `{minutes}` is replaced. */
export type ResetTexts = {
	dir: "ltr" | "rtl";
	subject: string;
	greeting: (name: string) => string;
	intro: string;
	button: string;
	validity: (minutes: number) => string;
	linkHint: string;
	ignore: string;
	signature: string;
};

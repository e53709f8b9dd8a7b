/**
 * The login screen's buttons of the team's sign-in providers. The /login/sso screen's texts
 * are in the signInMethods namespace: the login's dictionary stays small.
 */
export const providers = {
	continueWith: "Continue with {name:string}",
	orWith: "or",
};

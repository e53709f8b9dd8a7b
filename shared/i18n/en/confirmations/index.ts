import type { NamespaceBaseTranslation } from "../../namespace-base";

/** Questions asked before something that cannot be taken back: leaving unsaved edits, removing, deactivating. */
const confirmations = {
	unsaved: {
		title: "Discard unsaved changes?",
		text: "Your changes to the profile have not been saved. If you leave now, they will be lost.",
		stay: "Keep editing",
		leave: "Discard changes",
	},
	unsavedCodes: {
		title: "Leave without your recovery codes?",
		text: "These codes are shown only now. If you leave before saving them, you will have to generate new ones.",
		stay: "Stay",
		leave: "Leave",
	},
	removeImage: {
		title: "Remove the profile image?",
		text: "The image will be deleted. You can upload another one at any time.",
		confirm: "Remove image",
		cancel: "Cancel",
	},
	deactivateUser: {
		title: "Deactivate {name:string}?",
		text: "{name:string} will be signed out everywhere and cannot sign in until the account is activated again.",
		confirm: "Deactivate",
		cancel: "Cancel",
	},
} satisfies NamespaceBaseTranslation;

export default confirmations;

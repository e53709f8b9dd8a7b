import { createPasswordHasher, type PasswordHasher } from "../../server/lib/passwords.ts";

type Step = "hash" | "verify";

/**
 * The app's real hasher with a gate after each step: `pauseAfter("verify")` makes the
 * next verify hold its result until released. That is the window in which a request
 * has decided something (a password was right) and has not yet acted on it, so a test
 * can land another request there deterministically, without sleeps.
 */
export function hashGate() {
	const real = createPasswordHasher();
	let armed: { step: Step; reached: () => void; wait: Promise<void> } | null = null;

	const gate = async (step: Step) => {
		if (armed?.step !== step) return;
		const { reached, wait } = armed;
		armed = null;
		reached();
		await wait;
	};
	const hasher: PasswordHasher = {
		async hash(password, keys) {
			const result = await real.hash(password, keys);
			await gate("hash");
			return result;
		},
		async verify(storedHash, password, keys) {
			const result = await real.verify(storedHash, password, keys);
			await gate("verify");
			return result;
		},
	};

	/** Holds the next `step`; `reached` resolves once a request is held there, `release()` lets it go on. */
	function pauseAfter(step: Step) {
		let release = () => {};
		let reached = () => {};
		const wait = new Promise<void>((resolve) => {
			release = resolve;
		});
		const reachedPromise = new Promise<void>((resolve) => {
			reached = resolve;
		});
		armed = { step, reached, wait };
		return { reached: reachedPromise, release };
	}

	return { hasher, pauseAfter };
}

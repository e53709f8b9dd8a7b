import { describe, expect, it } from "vitest";
import { notifyError, notifySuccess, toasterMounted, toasterWanted } from "../../../client/lib/toast.ts";

describe("toasts before sonner has loaded", () => {
	it("ask for the toaster, wait for it to listen, then show in order with their options", async () => {
		let asked = 0;
		toasterWanted.subscribe(() => asked++);
		expect(toasterWanted.get()).toBe(false);

		notifySuccess("Saved");
		notifyError("Something went wrong!", "Incorrect password");
		expect(toasterWanted.get()).toBe(true);
		expect(asked).toBe(1);

		const shown: string[] = [];
		const record = (kind: string) => (title: string, options: { description?: string; duration?: number }) => {
			shown.push(`${kind} ${title} ${options.description ?? ""} ${options.duration}`.trim());
			return 1;
		};
		const sonner = Object.assign(() => 1, { success: record("success"), error: record("error") });
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(shown).toEqual([]);

		toasterMounted(sonner as unknown as Parameters<typeof toasterMounted>[0]);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(shown).toEqual(["success Saved  4000", "error Something went wrong! Incorrect password 5000"]);

		notifySuccess("Later");
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(shown.at(-1)).toBe("success Later  4000");
		expect(asked).toBe(1);
	});
});

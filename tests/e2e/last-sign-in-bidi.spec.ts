import { createUserViaApi, expect, loginAs, screenshot, test } from "./fixtures.ts";

test("in Arabic the Last sign-in separator sits between the device and the address, not inside it", async ({
	page,
	request,
}) => {
	await page.addInitScript(() => localStorage.setItem("lang", "ar"));
	const user = await createUserViaApi(request);
	// A sign-in before this one, so the card has one to show.
	await request.post("/api/v1/login/access-token", { form: { username: user.email, password: user.password } });
	await loginAs(page, user.email, user.password, "/");
	const ip = page.getByTestId("last-sign-in-ip");
	await expect(ip).toHaveText(/^\d+\.\d+\.\d+\.\d+$/);
	// Where the dot is drawn: outside the address's box, on its right (the side the device text comes from).
	const where = await ip.evaluate((element) => {
		const text = element.previousSibling as Text;
		const at = (text.textContent ?? "").indexOf("·");
		const range = document.createRange();
		range.setStart(text, at);
		range.setEnd(text, at + 1);
		const dot = range.getBoundingClientRect();
		const box = element.getBoundingClientRect();
		return { dotLeft: dot.left, ipRight: box.right };
	});
	expect(where.dotLeft).toBeGreaterThanOrEqual(where.ipRight - 1);
	await screenshot(page, "last-sign-in-ar");
});

import { ADMIN, createUserViaApi, expect, loginAs, screenshot, test } from "./fixtures.ts";

/** Each rendered line of an element's text, by the top of its characters' boxes. */
const linesOf = (element: Element): string[] => {
	const lines = new Map<number, string>();
	const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
	for (let node = walker.nextNode(); node; node = walker.nextNode()) {
		const text = node.textContent ?? "";
		for (let i = 0; i < text.length; i++) {
			const range = document.createRange();
			range.setStart(node, i);
			range.setEnd(node, i + 1);
			const top = Math.round(range.getBoundingClientRect().top);
			lines.set(top, (lines.get(top) ?? "") + text[i]);
		}
	}
	return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, line]) => line);
};

for (const width of [1280, 900, 360]) {
	test(`the audit log wraps an address only after its @ or before a dot (${width} px)`, async ({ page, request }) => {
		await page.setViewportSize({ width, height: 800 });
		const user = await createUserViaApi(request, {
			email: `someone.with.a.rather.long.address-${Date.now()}@subdomain.example-company.com`,
		});
		await loginAs(page, ADMIN.email, ADMIN.password, `/admin/audit?user=${encodeURIComponent(user.email)}`);
		const emails = page.getByTestId("audit-email");
		await expect(emails.first()).toBeVisible();
		for (const lines of await emails.evaluateAll((elements, source) => {
			const lines = new Function(`return ${source}`)() as (element: Element) => string[];
			return elements.map(lines);
		}, linesOf.toString())) {
			for (let i = 1; i < lines.length; i++) {
				const before = lines[i - 1] ?? "";
				const after = lines[i] ?? "";
				expect(before.endsWith("@") || after.startsWith("."), `${before} | ${after}`).toBe(true);
			}
		}
		await screenshot(page, `audit-emails-${width}`);
	});
}

import { describe, expect, it } from "vitest";
import { accountTokens } from "../../../server/db/schema.ts";
import { runHousekeeping } from "../../../server/services/housekeeping.ts";
import {
	addressReserved,
	dropLinksFromRevert,
	issueAccountToken,
	REVERT_LINK_TTL_MS,
	spendAccountToken,
	VERIFY_LINK_TTL_MS,
} from "../../../server/services/links/email-links.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { seedUser } from "../../helpers/users.ts";

describe("account tokens (verification and revert links)", () => {
	it("a token is spent once, for its own purpose only, and not after it expired", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		const verify = await issueAccountToken(app.deps, user.id, "email_verify", user.email, VERIFY_LINK_TTL_MS);
		expect(await spendAccountToken(app.deps, "email_revert", verify)).toBeUndefined();
		expect(await spendAccountToken(app.deps, "email_verify", verify)).toMatchObject({
			userId: user.id,
			email: user.email,
		});
		expect(await spendAccountToken(app.deps, "email_verify", verify)).toBeUndefined();
		const late = await issueAccountToken(app.deps, user.id, "email_revert", user.email, REVERT_LINK_TTL_MS);
		advance(REVERT_LINK_TTL_MS);
		expect(await spendAccountToken(app.deps, "email_revert", late)).toBeUndefined();
	});

	it("a new verification link ends the older one; revert links pile up", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		await issueAccountToken(app.deps, user.id, "email_verify", user.email, VERIFY_LINK_TTL_MS);
		await issueAccountToken(app.deps, user.id, "email_verify", user.email, VERIFY_LINK_TTL_MS);
		await issueAccountToken(app.deps, user.id, "email_revert", "a@example.com", REVERT_LINK_TTL_MS);
		await issueAccountToken(app.deps, user.id, "email_revert", "b@example.com", REVERT_LINK_TTL_MS);
		const purposes = (await db.select().from(accountTokens)).map((row) => row.purpose).sort();
		expect(purposes).toEqual(["email_revert", "email_revert", "email_verify"]);
	});

	it("a spent revert link ends the verification link and the revert links issued since, not the earlier ones", async () => {
		const { app, db } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		// The clock stands still: the four links share a millisecond, their order is the rowid's.
		await issueAccountToken(app.deps, user.id, "email_revert", "first@example.com", REVERT_LINK_TTL_MS);
		const second = await issueAccountToken(app.deps, user.id, "email_revert", "second@example.com", REVERT_LINK_TTL_MS);
		await issueAccountToken(app.deps, user.id, "email_revert", "third@example.com", REVERT_LINK_TTL_MS);
		await issueAccountToken(app.deps, user.id, "email_verify", "now@example.com", VERIFY_LINK_TTL_MS);
		await issueAccountToken(app.deps, other.id, "email_revert", "theirs@example.com", REVERT_LINK_TTL_MS);
		const spent = await spendAccountToken(app.deps, "email_revert", second);
		if (!spent) throw new Error("not spent");
		await dropLinksFromRevert(app.deps, spent);
		const left = (await db.select().from(accountTokens)).map((row) => row.email).sort();
		expect(left).toEqual(["first@example.com", "theirs@example.com"]);
	});

	it("a live revert link reserves its address for its own account only", async () => {
		const { app, advance } = await buildTestApp();
		const owner = await seedUser(app);
		const other = await seedUser(app);
		await issueAccountToken(app.deps, owner.id, "email_revert", "old@example.com", REVERT_LINK_TTL_MS);
		await issueAccountToken(app.deps, owner.id, "email_verify", "new@example.com", VERIFY_LINK_TTL_MS);
		expect(await addressReserved(app.deps, "OLD@example.com")).toBe(true);
		expect(await addressReserved(app.deps, "old@example.com", other.id)).toBe(true);
		expect(await addressReserved(app.deps, "old@example.com", owner.id)).toBe(false);
		// A verification link reserves nothing.
		expect(await addressReserved(app.deps, "new@example.com")).toBe(false);
		advance(REVERT_LINK_TTL_MS);
		expect(await addressReserved(app.deps, "old@example.com")).toBe(false);
	});

	it("the daily housekeeping removes expired links and keeps live ones", async () => {
		const { app, advance, db } = await buildTestApp();
		const user = await seedUser(app);
		await issueAccountToken(app.deps, user.id, "email_verify", user.email, VERIFY_LINK_TTL_MS);
		await issueAccountToken(app.deps, user.id, "email_revert", "old@example.com", REVERT_LINK_TTL_MS);
		advance(VERIFY_LINK_TTL_MS);
		await runHousekeeping(app.deps);
		expect((await db.select().from(accountTokens)).map((row) => row.purpose)).toEqual(["email_revert"]);
	});
});

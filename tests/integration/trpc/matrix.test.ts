import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../server/db/schema.ts";
import { appRouter } from "../../../server/trpc/router.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { mutateUnchecked, queryUnchecked, type TrpcResult } from "../../helpers/trpc.ts";
import { type Gate, PROCEDURE_GATES } from "../../helpers/trpc-gates.ts";
import { seedUser } from "../../helpers/users.ts";

/** The one table of who passes each gate; this test holds it to the server. */
const gates: Record<string, Gate> = PROCEDURE_GATES;

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;

const GATE_REASONS = /^(NOT_AUTHENTICATED|INVALID_CREDENTIALS|FORBIDDEN)$/;

const ROLES = ["anonymous", "user", "deactivated", "superuser"] as const;
type Role = (typeof ROLES)[number];

/** The error code a role must get at the gate, or null when it must get past it. */
function expectedAtGate(gate: Gate, role: Role): string | null {
	if (gate === "public") return null;
	if (role === "anonymous" || role === "deactivated") return "UNAUTHORIZED";
	if (gate === "admin" && role === "user") return "FORBIDDEN";
	return null;
}

describe("tRPC authorisation matrix", () => {
	it("covers every procedure of the router", () => {
		expect(Object.keys(gates).sort()).toEqual(Object.keys(procedures).sort());
	});

	it.each(Object.entries(gates))("%s", async (path, gate) => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const type = procedures[path]?._def.type;
		for (const role of ROLES) {
			const user = await seedUser(app);
			const deactivated = await seedUser(app);
			await app.deps.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
			const caller = { anonymous: null, user, deactivated, superuser: admin }[role];
			const options = { headers: caller?.headers ?? {}, ip: `10.77.${ROLES.indexOf(role)}.1` };
			// An empty input: the gate answers before the input is looked at.
			const res: TrpcResult =
				type === "query"
					? await queryUnchecked(app, path, undefined, options)
					: await mutateUnchecked(app, path, undefined, options);
			const wanted = expectedAtGate(gate, role);
			if (wanted) {
				expect({ role, code: res.error?.code }).toEqual({ role, code: wanted });
				expect(res.error?.reason).toMatch(GATE_REASONS);
			}
			// Past the gate a rule may still say no (a superuser deleting themselves), but not for the gate's reasons.
			else
				expect({ role, reason: res.error?.reason }).not.toMatchObject({ reason: expect.stringMatching(GATE_REASONS) });
			expect(res.status).toBeLessThan(500);
		}
	});
});

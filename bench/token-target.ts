import type { Target } from "./throughput.ts";

/**
 * The token row beside REST `users/me` (issue 25: a token request costs no more than a
 * session request): the same route, authorised with a personal access token made through
 * the user's fresh session (creating one needs a recent proof of identity, which a login is).
 */
export async function tokenTarget(restBase: string, sessionAccessToken: string, pid: number): Promise<Target> {
	const res = await fetch(`${restBase}/api/v1/users/me/tokens`, {
		method: "POST",
		headers: { authorization: `Bearer ${sessionAccessToken}`, "content-type": "application/json" },
		body: JSON.stringify({ name: "bench", scopes: ["read"], expires_in_days: 1 }),
	});
	if (!res.ok) throw new Error(`could not create the bench's access token: ${res.status} ${await res.text()}`);
	const { token } = (await res.json()) as { token: string };
	return {
		name: "Portico REST GET /api/v1/users/me, personal access token",
		url: `${restBase}/api/v1/users/me`,
		headers: { authorization: `Bearer ${token}` },
		pid,
	};
}

import { describe, expect, it } from "vitest";
import { newAccessToken, PAT_PATTERN, parseAccessToken } from "../../../server/lib/access-tokens.ts";

describe("the personal access token format", () => {
	it("is portico_pat_<26>_<52><7>, found by the documented pattern, parsed back to its id and secret", () => {
		const made = newAccessToken();
		expect(made.token).toMatch(/^portico_pat_[a-z2-7]{26}_[a-z2-7]{59}$/);
		expect(`config: ${made.token} # leaked`.match(PAT_PATTERN)?.[0]).toBe(made.token);
		expect(parseAccessToken(made.token)).toEqual({ id: made.id, secret: made.secret });
		expect(newAccessToken().token).not.toBe(made.token);
	});

	it("refuses a token with any one character changed (the checksum), and any other shape", () => {
		const { token } = newAccessToken();
		for (let i = "portico_pat_".length; i < token.length; i++) {
			if (token[i] === "_") continue;
			const changed = `${token.slice(0, i)}${token[i] === "a" ? "b" : "a"}${token.slice(i + 1)}`;
			expect({ i, parsed: parseAccessToken(changed) }).toEqual({ i, parsed: null });
		}
		for (const garbage of ["", "portico_pat_", `${token}a`, token.toUpperCase(), token.replace("_", "-")])
			expect(parseAccessToken(garbage)).toBeNull();
	});
});

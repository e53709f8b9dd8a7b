/** A small seeded generator (mulberry32): the same seed gives the same fuzz cases. */
export function rng(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (max: number) => Math.floor(next() * max);
	const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
	return { next, int, pick };
}
export type Rng = ReturnType<typeof rng>;

const nasty = [
	"",
	" ",
	"\u0000",
	"a\u0000b@example.com",
	"admin@example.com\u0000",
	"😀".repeat(50),
	"\u202Egnp.exe",
	"مرحبا",
	"Ω≈ç√∫",
	"\uFEFF",
	"\uD800",
	"' OR 1=1 --",
	"<script>alert(1)</script>",
	"../../etc/passwd",
	"%00",
	"null",
	"true",
	"1e309",
	"__proto__",
	"constructor",
	"x".repeat(300),
	"a@b",
	"@example.com",
	"user@ex ample.com",
];

/** Any JSON value, nested up to `depth`. */
export function jsonValue(r: Rng, depth = 3): unknown {
	const kind = r.int(depth > 0 ? 9 : 6);
	switch (kind) {
		case 0:
			return r.pick(nasty);
		case 1:
			return r.pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, -0, 13, 121]);
		case 2:
			return r.pick([true, false]);
		case 3:
			return null;
		case 4:
			return String.fromCharCode(...Array.from({ length: r.int(40) }, () => r.int(0xd7ff)));
		case 5:
			return r.pick(nasty) + r.pick(nasty);
		case 6:
			return Array.from({ length: r.int(4) }, () => jsonValue(r, depth - 1));
		default: {
			const keys = [
				"email",
				"password",
				"full_name",
				"username",
				"refresh_token",
				"token",
				"new_password",
				"current_password",
				"confirm_password",
				"is_superuser",
				"is_active",
				"age",
				"gender",
				"height_cm",
				"current_weight_kg",
				"phone",
				"profile_image_url",
				"entity_type",
				"entity_id",
				"__proto__",
				"skip",
				"limit",
			];
			return Object.fromEntries(Array.from({ length: r.int(6) }, () => [r.pick(keys), jsonValue(r, depth - 1)]));
		}
	}
}

/** A path segment that is not what the route wants. */
export function badSegment(r: Rng): string {
	return r.pick([
		"not-a-uuid",
		"00000000-0000-0000-0000-000000000000",
		"3F1C2A4E-5B6D-4E7F-8A9B-0C1D2E3F4A5B",
		"3f1c2a4e-5b6d-1e7f-8a9b-0c1d2e3f4a5b",
		"%00",
		"..%2F..%2Fetc%2Fpasswd",
		"%E0%A4%A",
		"%ZZ",
		encodeURIComponent("😀🚀"),
		encodeURIComponent("مرحبا"),
		"a".repeat(4000),
		"%20",
		"0",
		"-1",
		"null",
		encodeURIComponent("admin@example.com'--"),
		"user",
		"USER",
	]);
}

/** A raw body with its content type: malformed JSON, wrong types, other media types, big ones. */
export function rawBody(r: Rng): { contentType: string; body: string | Buffer } {
	switch (r.int(10)) {
		case 0:
			return {
				contentType: "application/json",
				body: r.pick(['{"a":', "{'a':1}", "[", "nul", '{"a":1}}', "\u0000", '"\\ud800"']),
			};
		case 1:
			return { contentType: "text/plain", body: "hello" };
		case 2:
			return { contentType: "application/xml", body: "<a>1</a>" };
		case 3:
			return {
				contentType: "application/x-www-form-urlencoded",
				body: r.pick(["%%%", "a=1&a=2&a=3", "username=&password=", "=&=&"]),
			};
		case 4:
			return { contentType: "multipart/form-data; boundary=nope", body: "--nope\r\ngarbage" };
		case 5:
			// Over the 1 MB body limit.
			return { contentType: "application/json", body: JSON.stringify({ full_name: "x".repeat(1_100_000) }) };
		case 6:
			// Under the limit but far beyond every field's maximum.
			return {
				contentType: "application/json",
				body: JSON.stringify({
					email: `${"a".repeat(400_000)}@example.com`,
					password: "p".repeat(400_000),
					full_name: "n".repeat(100_000),
				}),
			};
		case 7:
			return { contentType: "application/json", body: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) };
		default:
			return { contentType: "application/json", body: JSON.stringify(jsonValue(r)) };
	}
}

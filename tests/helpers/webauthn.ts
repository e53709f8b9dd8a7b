import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A software authenticator for tests: what a phone or a security key does when the browser
 * hands it our options (WebAuthn Level 2: "none" attestation, ES256 keys, discoverable
 * credentials), written from the specification with node:crypto, apart from the server's
 * @simplewebauthn/server that verifies its answers. Chromium's virtual authenticator plays
 * the same part in the e2e tests.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** The CBOR the attestation object needs: unsigned and negative integers, bytes, text, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Buffer {
	if (length < 24) return Buffer.from([(major << 5) | length]);
	if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
	if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
	const head = Buffer.alloc(5);
	head[0] = (major << 5) | 26;
	head.writeUInt32BE(length, 1);
	return head;
}

function cbor(value: Cbor): Buffer {
	if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
	if (typeof value === "string") {
		const text = Buffer.from(value, "utf8");
		return Buffer.concat([cborHead(3, text.length), text]);
	}
	if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
	const entries = [...value.entries()].flatMap(([key, item]) => [cbor(key), cbor(item)]);
	return Buffer.concat([cborHead(5, value.size), ...entries]);
}

/** An EC P-256 public key as COSE_Key: kty EC2, alg ES256, crv P-256, x, y. */
function coseKey(publicKey: KeyObject): Buffer {
	const jwk = publicKey.export({ format: "jwk" });
	return cbor(
		new Map<Cbor, Cbor>([
			[1, 2],
			[3, -7],
			[-1, 1],
			[-2, Buffer.from(jwk.x as string, "base64url")],
			[-3, Buffer.from(jwk.y as string, "base64url")],
		]),
	);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

type Stored = {
	id: string;
	privateKey: KeyObject;
	publicKey: KeyObject;
	rpId: string;
	userHandle: string;
	counter: number;
};

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

/** What may differ from an honest authenticator in a browser at `origin`. */
type Quirks = {
	origin?: string;
	userVerified?: boolean;
	credentialId?: string;
	userHandle?: string | null;
	/** Register an existing credential again (an authenticator that ignored excludeCredentials). */
	reuse?: Stored;
};

export class SoftAuthenticator {
	readonly credentials: Stored[] = [];

	constructor(readonly origin: string) {}

	/** navigator.credentials.create: a new key pair for the options' relying party and user. */
	register(options: CreationOptions, quirks: Quirks = {}) {
		const rpId = options.rp.id ?? new URL(this.origin).hostname;
		const { privateKey, publicKey } = quirks.reuse ?? generateKeyPairSync("ec", { namedCurve: "P-256" });
		const rawId = quirks.reuse ? Buffer.from(quirks.reuse.id, "base64url") : randomBytes(16);
		const id = b64url(rawId);
		if (!quirks.reuse)
			this.credentials.push({ id, privateKey, publicKey, rpId, userHandle: options.user.id, counter: 0 });
		const flags = FLAG_USER_PRESENT | FLAG_ATTESTED_DATA | (quirks.userVerified === false ? 0 : FLAG_USER_VERIFIED);
		const credentialIdLength = Buffer.from([rawId.length >> 8, rawId.length & 0xff]);
		const authData = Buffer.concat([
			sha256(rpId),
			Buffer.from([flags]),
			Buffer.alloc(4), // signature counter 0
			Buffer.alloc(16), // AAGUID: none
			credentialIdLength,
			rawId,
			coseKey(publicKey),
		]);
		const clientData = { type: "webauthn.create", challenge: options.challenge, origin: quirks.origin ?? this.origin };
		return {
			id,
			rawId: id,
			type: "public-key" as const,
			response: {
				clientDataJSON: b64url(JSON.stringify(clientData)),
				attestationObject: b64url(
					cbor(
						new Map<Cbor, Cbor>([
							["fmt", "none"],
							["attStmt", new Map()],
							["authData", authData],
						]),
					),
				),
				transports: ["internal"],
			},
			clientExtensionResults: {},
			authenticatorAttachment: "platform" as const,
		};
	}

	/** navigator.credentials.get: a signature over the challenge with an allowed (or the given, or the last) credential. */
	authenticate(options: RequestOptions, quirks: Quirks = {}) {
		const allowed = options.allowCredentials?.map((credential) => credential.id) ?? [];
		const wanted = quirks.credentialId;
		const credential = [...this.credentials]
			.reverse()
			.find((stored) => (wanted ? stored.id === wanted : allowed.length === 0 || allowed.includes(stored.id)));
		if (!credential) throw new Error("no credential of this authenticator is allowed");
		credential.counter += 1;
		const counter = Buffer.alloc(4);
		counter.writeUInt32BE(credential.counter);
		const flags = FLAG_USER_PRESENT | (quirks.userVerified === false ? 0 : FLAG_USER_VERIFIED);
		const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([flags]), counter]);
		const clientDataJSON = JSON.stringify({
			type: "webauthn.get",
			challenge: options.challenge,
			origin: quirks.origin ?? this.origin,
		});
		const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
		const userHandle = quirks.userHandle === undefined ? credential.userHandle : quirks.userHandle;
		return {
			id: credential.id,
			rawId: credential.id,
			type: "public-key" as const,
			response: {
				clientDataJSON: b64url(clientDataJSON),
				authenticatorData: b64url(authData),
				signature: b64url(signature),
				...(userHandle === null ? {} : { userHandle }),
			},
			clientExtensionResults: {},
			authenticatorAttachment: "platform" as const,
		};
	}
}

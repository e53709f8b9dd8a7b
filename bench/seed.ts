import { randomUUID } from "node:crypto";
import { migrateDatabase, openDatabase } from "../server/db/client.ts";
import { users } from "../server/db/schema.ts";
import { atomically } from "../server/db/transaction.ts";
import { hashPassword } from "../server/lib/passwords.ts";

const FIRST = ["Ada", "Bruno", "Chloé", "Dmitri", "Émile", "Fatima", "Grace", "Hugo", "Inès", "Jamal", "Keiko", "Lars"];
const LAST = ["Martin", "Smith", "Nguyen", "Haddad", "García", "O'Brien", "Müller", "Kowalski", "Rossi", "Dubois"];

/** A name as a directory has them: a few first names and surnames, many combinations, a number to tell them apart. */
export const seedName = (i: number) =>
	`${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;

/** Creates `count` users in the database at `path` (one shared hash, so seeding takes seconds). */
export async function seedUsers(path: string, count: number, password: string): Promise<void> {
	const db = openDatabase(path);
	await migrateDatabase(db);
	const hashedPassword = await hashPassword(password);
	const start = Date.now() - count;
	await atomically({ db: db }, async ({ db: tx }) => {
		for (let i = 0; i < count; i++) {
			await tx.insert(users).values({
				id: randomUUID(),
				email: `seed-${i}@example.com`,
				fullName: seedName(i),
				hashedPassword,
				createdAt: start + i,
			});
		}
	});
	db.$client.close();
}

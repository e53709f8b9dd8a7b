import { eq } from "drizzle-orm";
import type { Profile, ProfileInput, PublicProfile } from "../../../shared/schemas/profile.ts";
import { first } from "../../db/query.ts";
import { type ProfileRow, profiles, users } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import { ownedImagePath } from "../media/urls.ts";
import { atomicallyAs } from "../sessions/acting-session.ts";
import type { Authenticated } from "../sessions/session.ts";

type ProfileColumns = Omit<ProfileRow, "userId" | "updatedAt">;

const emptyColumns: ProfileColumns = {
	age: null,
	gender: null,
	heightCm: null,
	currentWeightKg: null,
	phone: null,
	profileImageUrl: null,
};

const toProfile = (userId: string, row: ProfileColumns | undefined): Profile => ({
	user_id: userId,
	age: row?.age ?? null,
	gender: row?.gender ?? null,
	height_cm: row?.heightCm ?? null,
	current_weight_kg: row?.currentWeightKg ?? null,
	phone: row?.phone ?? null,
	profile_image_url: row?.profileImageUrl ?? null,
});

const findRow = async ({ db }: ServiceDeps, userId: string) =>
	await first(db.select().from(profiles).where(eq(profiles.userId, userId)));

/** The caller's profile; every field is null until set. */
export const getProfile = async (deps: ServiceDeps, userId: string): Promise<Profile> =>
	toProfile(userId, await findRow(deps, userId));

/** The columns an input names: undefined leaves a field alone, null (or an empty phone or URL) clears it. */
async function columnsOf(deps: ServiceDeps, userId: string, input: ProfileInput): Promise<Partial<ProfileColumns>> {
	const image = input.profile_image_url;
	return {
		...(input.age !== undefined && { age: input.age }),
		...(input.gender !== undefined && { gender: input.gender }),
		...(input.height_cm !== undefined && { heightCm: input.height_cm }),
		...(input.current_weight_kg !== undefined && { currentWeightKg: input.current_weight_kg }),
		...(input.phone !== undefined && { phone: input.phone || null }),
		...(image !== undefined && { profileImageUrl: await ownedImagePath(deps, userId, image) }),
	};
}

/** Writes the caller's profile, while their session holds; `columns` are read in the same transaction. */
async function save(
	deps: ServiceDeps,
	auth: Authenticated,
	columnsFor: (deps: ServiceDeps, userId: string) => Promise<Partial<ProfileColumns>>,
	replace: boolean,
): Promise<Profile> {
	return await atomicallyAs(deps, auth, async (deps, { user: { id: userId } }) => {
		const columns = await columnsFor(deps, userId);
		const updatedAt = deps.clock();
		const set = replace ? { ...emptyColumns, ...columns, updatedAt } : { ...columns, updatedAt };
		const row = await first(
			deps.db
				.insert(profiles)
				.values({ ...emptyColumns, ...columns, userId, updatedAt })
				.onConflictDoUpdate({ target: profiles.userId, set })
				.returning(),
		);
		return toProfile(userId, row);
	});
}

/** PUT and POST: the input is the whole profile; fields it leaves out become null. */
export const replaceProfile = async (deps: ServiceDeps, auth: Authenticated, input: ProfileInput): Promise<Profile> =>
	save(deps, auth, async (deps, userId) => columnsOf(deps, userId, input), true);

/** PATCH: only the fields the input names change. */
export const mergeProfile = async (deps: ServiceDeps, auth: Authenticated, input: ProfileInput): Promise<Profile> =>
	save(deps, auth, async (deps, userId) => columnsOf(deps, userId, input), false);

export async function deleteProfile(deps: ServiceDeps, auth: Authenticated): Promise<{ message: string }> {
	await atomicallyAs(
		deps,
		auth,
		async (deps, { user }) => await deps.db.delete(profiles).where(eq(profiles.userId, user.id)),
	);
	return { message: "Profile deleted successfully" };
}

/** Sets (or with an empty string clears) the profile image; the URL must name a file the user owns. */
export const setProfileImage = async (deps: ServiceDeps, auth: Authenticated, imageUrl: string): Promise<Profile> =>
	save(deps, auth, async (deps, userId) => ({ profileImageUrl: await ownedImagePath(deps, userId, imageUrl) }), false);

/** What any signed-in user may see of another. */
export async function getPublicProfile(deps: ServiceDeps, userId: string): Promise<PublicProfile> {
	const user = (await first(deps.db.select().from(users).where(eq(users.id, userId)))) ?? fail("USER_NOT_FOUND");
	return {
		user_id: user.id,
		full_name: user.fullName,
		profile_image_url: (await findRow(deps, userId))?.profileImageUrl ?? null,
	};
}

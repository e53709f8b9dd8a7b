import pg from "pg";
import {
	createUserViaApi,
	expect,
	fromAnotherAddress,
	PASSWORD,
	signUpAndLogIn,
	test,
	uniqueEmail,
} from "./fixtures.ts";

// The project "postgres" (tests/playwright.config.ts): a few screens against the server on
// PostgreSQL. Each test also reads the server's database, to see the screen's write landed there.
const databaseUrl = process.env.E2E_DATABASE_URL;

async function serverRows<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
	const client = new pg.Client({ connectionString: databaseUrl });
	await client.connect();
	try {
		return (await client.query<Row>(text, values)).rows;
	} finally {
		await client.end();
	}
}

test.beforeAll(() => {
	expect(databaseUrl, "the server runs on PostgreSQL only with E2E_POSTGRES=1 (npm run test:e2e)").toBeTruthy();
});

test("signs up, then logs in on the sign-up's heels", async ({ page }) => {
	const email = uniqueEmail("pg-signup");
	await page.goto("/signup");
	await page.getByTestId("full-name-input").fill("Jane Postgres");
	await page.getByTestId("email-input").fill(email);
	await page.getByTestId("password-input").fill(PASSWORD);
	await page.getByTestId("confirm-password-input").fill(PASSWORD);
	await page.getByRole("button", { name: "Sign Up" }).click();
	await expect(page.getByText("Account created successfully! Please log in.")).toBeVisible();
	await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
	expect(await serverRows("select full_name from users where email = $1", [email])).toEqual([
		{ full_name: "Jane Postgres" },
	]);

	await page.getByTestId("email-input").fill(email.toUpperCase());
	await page.getByTestId("password-input").fill(PASSWORD);
	await page.getByRole("button", { name: "Log In" }).click();
	await expect(page.getByRole("heading", { name: "Hi, Jane Postgres" })).toBeVisible();
});

test("a wrong password is refused, the right one opens the dashboard", async ({ page, request }) => {
	const user = await createUserViaApi(request, { fullName: "Login Postgres" });
	await page.goto("/login");
	await page.getByTestId("email-input").fill(user.email);
	await page.getByTestId("password-input").fill("wrong-password-1");
	await page.getByRole("button", { name: "Log In" }).click();
	await expect(page.locator("[data-sonner-toast][data-type='error']")).toContainText("Incorrect email or password");
	// The back-off is per account and address (now in the database): the retry comes from another address.
	await fromAnotherAddress(page);
	await page.getByTestId("password-input").fill(PASSWORD);
	await page.getByRole("button", { name: "Log In" }).click();
	await expect(page.getByRole("heading", { name: "Hi, Login Postgres" })).toBeVisible();
});

test("settings: the profile saved, and still there after a reload", async ({ page }) => {
	const user = await signUpAndLogIn(page, { fullName: "Before Save" });
	await page.goto("/settings");
	await page.getByRole("button", { name: "Edit Profile" }).click();
	await page.getByTestId("full-name-input").fill("After Save");
	await page.getByTestId("age-input").fill("42");
	await page.getByRole("button", { name: "Save Changes" }).click();
	await expect(page.getByText("Profile updated successfully.")).toBeVisible();
	await page.reload();
	await expect(page.getByTestId("profile-full-name")).toHaveText("After Save");
	await expect(page.getByTestId("profile-age")).toHaveText("42");
	expect(await serverRows("select full_name from users where email = $1", [user.email])).toEqual([
		{ full_name: "After Save" },
	]);
});

test("admin: the users list, and its search (PostgreSQL's trigram index) finds a new user", async ({
	page,
	adminApi,
}) => {
	const word = `zq${Math.random().toString(36).slice(2, 9)}`;
	await adminApi.signInAsNewAdmin(page, "/admin");
	await expect(page.getByRole("heading", { name: "Users Management" })).toBeVisible();
	await expect(page.getByTestId("user-row").first()).toBeVisible();
	const made = await adminApi.createUser({ fullName: `Ada ${word}` });
	await page.getByTestId("user-search").fill(word.toUpperCase());
	await expect(page.getByTestId("users-table-body")).toHaveCSS("opacity", "1");
	await expect(page.getByTestId("user-row")).toHaveCount(1);
	await expect(page.getByTestId("user-row")).toContainText(made.email);
	await expect(page.getByTestId("result-count")).toHaveText("1 user");
});

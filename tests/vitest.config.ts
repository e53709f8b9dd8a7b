import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
		setupFiles: ["tests/helpers/setup.ts"],
		// Checks, after the run, that every status a REST route answered in a test is documented;
		// starts the run's throwaway PostgreSQL cluster.
		globalSetup: ["tests/helpers/documented-statuses.global.ts", "tests/helpers/postgres.global.ts"],
		testTimeout: 30_000,
		hookTimeout: 30_000,
		pool: "forks",
		// Fails a transaction body that awaits anything but the database (server/db/transaction.ts).
		env: { PORTICO_TRANSACTION_GUARD: "1" },
	},
});

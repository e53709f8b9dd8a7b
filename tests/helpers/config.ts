import { ConfigError, loadConfig } from "../../server/config.ts";

/** The error `loadConfig` throws for `env`; a test fails if it accepts it. */
export function configError(env: Record<string, string>): ConfigError {
	try {
		loadConfig(env);
	} catch (error) {
		if (error instanceof ConfigError) return error;
		throw error;
	}
	throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** Each problem the error names, one a line, without its heading. */
export const configProblems = (env: Record<string, string>): string[] =>
	configError(env).message.split("\n  ").slice(1);

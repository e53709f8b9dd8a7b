import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError } from "../db/backup.ts";
import { InstancesRunning } from "../db/running-lock.ts";
import { SecretKeyError } from "../lib/secret-key.ts";
import {
	type Args,
	backup,
	createSuperuser,
	type Io,
	migrateDataCommand,
	resetPassword,
	resetTwoFactorCommand,
	restore,
} from "./commands.ts";
import { CliFailure, USAGE, UsageError } from "./usage.ts";

const commands = {
	"create-superuser": createSuperuser,
	"reset-password": resetPassword,
	"reset-two-factor": resetTwoFactorCommand,
	backup,
	restore,
	"migrate-data": migrateDataCommand,
} as const;

const isCommand = (name: string): name is keyof typeof commands => Object.hasOwn(commands, name);

function parse(argv: string[]): Args {
	try {
		const { values, positionals } = parseArgs({
			args: argv,
			options: {
				email: { type: "string" },
				password: { type: "string" },
				from: { type: "string" },
				"media-from": { type: "string" },
			},
			allowPositionals: true,
			strict: true,
		});
		return { values, positionals };
	} catch (error) {
		throw new UsageError(error instanceof Error ? error.message : String(error));
	}
}

/**
 * Runs one operator command and returns the exit status: 0 done, 1 refused (expected,
 * no stack trace), 2 bad usage (with the usage text on stderr).
 */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
	const [name, ...rest] = argv;
	try {
		if (name === "help" || name === "--help" || name === "-h") {
			io.out(USAGE);
			return 0;
		}
		if (name === undefined) throw new UsageError("no command given");
		if (!isCommand(name)) throw new UsageError(`unknown command: ${name}`);
		const args = parse(rest);
		await commands[name](loadConfig(env), args, io);
		return 0;
	} catch (error) {
		if (error instanceof UsageError) {
			io.err(`Error: ${error.message}\n\n${USAGE}`);
			return 2;
		}
		if (
			error instanceof CliFailure ||
			error instanceof BackupError ||
			error instanceof InstancesRunning ||
			error instanceof ConfigError ||
			error instanceof SecretKeyError
		) {
			io.err(`Error: ${error.message}`);
			return 1;
		}
		throw error;
	}
}

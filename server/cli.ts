import { runCli } from "./cli/run.ts";
import { ownerOnlyFromNowOn } from "./data-dir.ts";

ownerOnlyFromNowOn();
/** `npm run cli -- <command>`: operator commands over the same config and services as the server. */
runCli(process.argv.slice(2), process.env, {
	out: (line) => process.stdout.write(`${line}\n`),
	err: (line) => process.stderr.write(`${line}\n`),
}).then(
	(status) => {
		process.exitCode = status;
	},
	(error: unknown) => {
		// Not an expected refusal: keep the stack, it is a bug.
		console.error(error);
		process.exitCode = 1;
	},
);

// s3rver 3.7 ships no types; only what tests/helpers/s3.ts uses.
declare module "s3rver" {
	export default class S3rver {
		constructor(options: {
			address?: string;
			port?: number;
			directory: string;
			silent?: boolean;
			configureBuckets?: Array<{ name: string }>;
		});
		run(): Promise<{ address: string; port: number }>;
		close(): Promise<void>;
	}
}

declare module "autocannon" {
	type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
	type Options = {
		url: string;
		connections?: number;
		duration?: number;
		amount?: number;
		overallRate?: number;
		method?: string;
		headers?: Record<string, string>;
		body?: string;
		requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
	};
	type Histogram = { average: number; mean: number; p50: number; p99: number; max: number; total: number };
	export type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
	function autocannon(options: Options): Promise<Result>;
	export default autocannon;
}

/**
 * The most calls one tRPC batch may carry. Each call can be an argon2 hash or an image
 * job, so an unbounded batch lets one request hold the shared worker pool for seconds;
 * the server refuses a bigger batch (400) and the client's batch link splits its calls
 * into batches of at most this many.
 */
export const TRPC_MAX_BATCH_SIZE = 10;

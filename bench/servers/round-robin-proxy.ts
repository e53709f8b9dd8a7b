import { createRoundRobinProxy } from "../proxy.ts";

/** `UPSTREAMS=port,port PORT=...`: bench/proxy.ts in a process of its own, so its CPU is not the load generator's. */
const upstreams = (process.env.UPSTREAMS ?? "").split(",").map((port) => ({ host: "127.0.0.1", port: Number(port) }));
const proxy = createRoundRobinProxy(upstreams);
proxy.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => process.exit(0));

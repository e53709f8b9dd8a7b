import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../server/trpc/router.ts";

/** `useTRPC()` gives every screen the typed procedures; the session module provides the client behind it. */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../server/trpc/router.ts";

/** `useTRPC()` gives every screen the typed procedures; client/features/sign-in-state/session-provider.tsx provides the client behind it. */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

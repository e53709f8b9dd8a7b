import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import type { AppRouter } from "../../server/trpc/router.ts";
import { type CallRecovery, type CallState, FIRST_TRY } from "./call-recovery.ts";
import type { ProcedurePath } from "./procedure-paths.ts";

type ErrorData = { httpStatus?: number; reason?: string | null } | undefined;

const errorData = (error: unknown): ErrorData =>
	error instanceof TRPCClientError ? (error.data as ErrorData) : undefined;

/** Every tRPC call under the session rules: a refused call is sent again once the session has recovered. */
export function sessionLink(session: CallRecovery): TRPCLink<AppRouter> {
	return () =>
		({ op, next }) =>
			observable((observer) => {
				let subscription: Unsubscribable | null = null;
				let stopped = false;
				const attempt = (state: CallState) => {
					// The token this call goes out with: if it is refused, only a newer one helps.
					const sentToken = session.tokens.get()?.token;
					subscription = next(op).subscribe({
						next: (value) => observer.next(value),
						complete: () => observer.complete(),
						error: (error) => {
							const data = errorData(error);
							const refusal = {
								path: op.path as ProcedurePath,
								status: data?.httpStatus,
								reason: data?.reason,
								sentToken,
								state,
							};
							void session.recover(refusal).then((retry) => {
								if (stopped) return;
								if (retry) attempt(retry);
								else observer.error(error);
							});
						},
					});
				};
				attempt(FIRST_TRY);
				return () => {
					stopped = true;
					subscription?.unsubscribe();
				};
			});
}

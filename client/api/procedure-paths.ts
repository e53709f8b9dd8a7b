import type { AnyTRPCProcedure, TRPCRouterRecord } from "@trpc/server";
import type { AppRouter } from "../../server/trpc/router.ts";

type PathsOf<TRecord extends TRPCRouterRecord, TPrefix extends string = ""> = {
	[TKey in keyof TRecord & string]: TRecord[TKey] extends AnyTRPCProcedure
		? `${TPrefix}${TKey}`
		: TRecord[TKey] extends TRPCRouterRecord
			? PathsOf<TRecord[TKey], `${TPrefix}${TKey}.`>
			: never;
}[keyof TRecord & string];

/** Every tRPC procedure's path as the links see it (`op.path`), such as "auth.login". */
export type ProcedurePath = PathsOf<AppRouter["_def"]["record"]>;

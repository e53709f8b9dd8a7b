import { auditQuerySchema } from "../../../shared/schemas/audit.ts";
import { listAuditLog } from "../../services/audit/log.ts";
import { adminProcedure, router } from "../init.ts";

export const auditRouter = router({
	list: adminProcedure.input(auditQuerySchema).query(async ({ ctx, input }) => listAuditLog(ctx.deps, input)),
});

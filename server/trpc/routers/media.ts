import { z } from "zod";
import { entityRefSchema, fileIdSchema } from "../../../shared/schemas/media.ts";
import { listQuerySchema } from "../../../shared/schemas/users.ts";
import * as media from "../../services/media/files.ts";
import { protectedProcedure, router } from "../init.ts";

const fileInput = z.object({ file_id: fileIdSchema });

/** Everything but the upload itself, which is multipart over REST. */
export const mediaRouter = router({
	list: protectedProcedure
		.input(entityRefSchema.extend(listQuerySchema.shape))
		.query(async ({ ctx, input: { skip, limit, ...ref } }) =>
			media.listMedia(ctx.deps, ctx.user, ref, { skip, limit }),
		),
	get: protectedProcedure
		.input(fileInput)
		.query(async ({ ctx, input }) => media.getMedia(ctx.deps, ctx.user, input.file_id)),
	delete: protectedProcedure
		.input(fileInput)
		.mutation(async ({ ctx, input }) => media.deleteMedia(ctx.deps, ctx.auth, input.file_id)),
	move: protectedProcedure
		.input(fileInput.extend(entityRefSchema.shape))
		.mutation(async ({ ctx, input: { file_id, ...ref } }) => media.moveMedia(ctx.deps, ctx.auth, file_id, ref)),
});

import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { OpenAPIV3 } from "openapi-types";
import { errorResponses, errorSchemas } from "./error-docs.ts";

/** Carries a route's error answers from `transform` (which sees the route) to `transformObject`. */
const ERRORS_KEY = "x-portico-errors";

type Operation = OpenAPIV3.OperationObject & { [ERRORS_KEY]?: OpenAPIV3.ResponsesObject };

/** Adds each operation's error answers beside the answers its response schemas document. */
function addErrorResponses(document: OpenAPIV3.Document): OpenAPIV3.Document {
	for (const pathItem of Object.values(document.paths)) {
		for (const operation of Object.values(pathItem ?? {}) as Operation[]) {
			const errors = operation?.[ERRORS_KEY];
			if (!errors) continue;
			delete operation[ERRORS_KEY];
			// A status the route's own response map documents (a health report's 503) stays as it is.
			operation.responses = { ...errors, ...operation.responses };
		}
	}
	return document;
}

/** OpenAPI at /api/v1/openapi.json and Swagger UI at /api/v1/docs, from the routes' zod schemas. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
	await app.register(fastifySwagger, {
		openapi: {
			openapi: "3.0.3",
			info: {
				title: "Portico",
				version: "0.1.0",
				description: "The REST API of Portico, compatible with the FastAPI full-stack template.",
			},
			components: {
				securitySchemes: {
					OAuth2PasswordBearer: {
						type: "oauth2",
						flows: { password: { tokenUrl: "/api/v1/login/access-token", scopes: {} } },
					},
				},
				schemas: errorSchemas,
			},
		},
		transform: (input) => {
			const result = jsonSchemaTransform(input);
			// Only the REST API is documented: tRPC, the SPA and the docs themselves are not.
			if (!input.url.startsWith("/api/v1/")) return { ...result, schema: { ...result.schema, hide: true } };
			return { ...result, schema: { ...result.schema, [ERRORS_KEY]: errorResponses(input.route) } };
		},
		transformObject: (documents) =>
			addErrorResponses((documents as { openapiObject: OpenAPIV3.Document }).openapiObject),
	});
	await app.register(fastifySwaggerUi, { routePrefix: "/api/v1/docs", staticCSP: true });
	app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}

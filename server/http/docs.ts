import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

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
			},
		},
		transform: (input) => {
			const result = jsonSchemaTransform(input);
			// Only the REST API is documented: tRPC, the SPA and the docs themselves are not.
			return input.url.startsWith("/api/v1/") ? result : { ...result, schema: { ...result.schema, hide: true } };
		},
	});
	await app.register(fastifySwaggerUi, { routePrefix: "/api/v1/docs", staticCSP: true });
	app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}

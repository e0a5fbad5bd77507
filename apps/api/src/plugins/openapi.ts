import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { apiPaths } from "@recoup/contracts";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document is generated from the routes' zod contracts; /docs renders it. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: "Recoup API", version: "1.0.0", description: "Collections for small businesses." },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The app-wide CSP (helmet) covers the docs page: its scripts are served from here, not inline.
  await app.register(swaggerUi, { routePrefix: apiPaths.docs });
  app.get(apiPaths.openapi, { schema: { hide: true } }, async () => app.swagger());
}

/** The parts of a JSON Schema (as /openapi.json gives them) the request generator reads. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One operation of the API: where it is, what it reads, and the body it takes. */
export interface FuzzOperation {
  method: Method;
  /** The path with `{name}` placeholders. */
  path: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: Schema }[];
  body?: { contentType: string; schema: Schema };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Every operation /openapi.json lists. */
export function operationsOf(doc: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase() as Method,
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        query: params
          .filter((p) => p.in === "query")
          .map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} })),
        ...(contentType ? { body: { contentType, schema: media?.schema ?? {} } } : {}),
      });
    }
  }
  return operations;
}

/**
 * The routes /openapi.json hides, which take raw bodies from outside services: the inbound email
 * relay and the two signed webhooks. Without a valid signature they must still answer 4xx.
 */
export const HIDDEN_OPERATIONS: FuzzOperation[] = [
  {
    method: "POST",
    path: "/v1/inbound/email",
    pathParams: [],
    query: [],
    body: { contentType: "message/rfc822", schema: {} },
  },
  {
    method: "POST",
    path: "/v1/webhooks/stripe",
    pathParams: [],
    query: [],
    body: { contentType: "application/json", schema: { type: "object" } },
  },
  {
    method: "POST",
    path: "/v1/webhooks/quickbooks",
    pathParams: [],
    query: [],
    body: { contentType: "application/json", schema: { type: "object" } },
  },
];

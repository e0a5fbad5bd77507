/**
 * The control API under `/_sandbox`: JSON in and out, no authentication, loopback callers only.
 * Errors answer `{ "error": "..." }` with 400, 403 or 404.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxState } from "./generate.ts";
import { BodyTooLarge, isRecord, parseJson, readBody, sendJson } from "./http.ts";
import { ModeError, type ModeState } from "./modes.ts";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export interface ControlState extends ModeState {
  /** How many requests the log holds. */
  requests: number;
}

export function controlState(state: SandboxState): ControlState {
  return { ...state.modes.state(), requests: state.log.list().length };
}

/** Back to the start: the mode given at start, no queue, an empty request log. */
export function resetState(state: SandboxState): void {
  state.modes.reset();
  state.log.clear();
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new ControlError(413, error.message);
    throw error;
  }
  if (!text.trim()) return undefined;
  const parsed = parseJson(text);
  if (!parsed.ok) throw new ControlError(400, "The body must be JSON");
  return parsed.value;
}

/** `"slow"`, `{"mode":"slow","delayMs":200}` */
function modeBody(body: unknown): unknown {
  if (body === undefined)
    throw new ControlError(400, 'Send a mode: "error" or {"mode":"error","status":503}');
  return body;
}

/** `["error","normal"]` or `{"modes":[...]}` */
function queueBody(body: unknown): unknown[] {
  const list = isRecord(body) && "modes" in body ? body.modes : body;
  if (!Array.isArray(list)) {
    throw new ControlError(
      400,
      'Send a list of modes: ["error", {"mode":"slow","delayMs":100}] or {"modes":[...]}',
    );
  }
  return list;
}

export async function control(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) {
    return sendJson(res, 403, { error: "The control API only answers loopback callers" });
  }
  const method = req.method ?? "GET";
  const route = `${method} ${path.replace(/\/+$/, "") || "/_sandbox"}`;
  try {
    switch (route) {
      case "GET /_sandbox":
      case "GET /_sandbox/mode":
      case "GET /_sandbox/next":
        return sendJson(res, 200, controlState(state));
      case "PUT /_sandbox/mode":
      case "POST /_sandbox/mode":
        state.modes.set(modeBody(await jsonBody(req)));
        return sendJson(res, 200, controlState(state));
      case "POST /_sandbox/next":
        state.modes.enqueue(queueBody(await jsonBody(req)));
        return sendJson(res, 200, controlState(state));
      case "DELETE /_sandbox/next":
        state.modes.clearQueue();
        return sendJson(res, 200, controlState(state));
      case "GET /_sandbox/requests":
        return sendJson(res, 200, state.log.list());
      case "DELETE /_sandbox/requests":
        state.log.clear();
        return sendJson(res, 200, controlState(state));
      case "POST /_sandbox/reset":
        resetState(state);
        return sendJson(res, 200, controlState(state));
      default:
        return sendJson(res, 404, { error: `No control route ${route}` });
    }
  } catch (error) {
    if (error instanceof ControlError) return sendJson(res, error.status, { error: error.message });
    if (error instanceof ModeError) return sendJson(res, 400, { error: error.message });
    throw error;
  }
}

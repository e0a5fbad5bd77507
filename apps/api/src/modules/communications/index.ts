export { communicationsRoutes } from "./communications.routes.ts";
export { inboundRoutes } from "./inbound.routes.ts";
export { ingestInbound } from "./inbound.service.ts";
export {
  type OutboundMessage,
  recordOutbound,
  type ThreadHeaders,
  threadHeaders,
} from "./outbound.service.ts";

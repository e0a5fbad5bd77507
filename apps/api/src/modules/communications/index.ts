export { communicationsRoutes, inboundRoutes } from "./communications.routes.ts";
export { ingestInbound } from "./inbound.service.ts";
export {
  type OutboundMessage,
  recordOutbound,
  type ThreadHeaders,
  threadHeaders,
} from "./outbound.service.ts";

export { communicationsRoutes } from "./communications.routes.ts";
export { holdsRoutes } from "./holds.routes.ts";
export {
  cancelPromise,
  type HoldInvoice,
  recordDispute,
  recordPromise,
  resolveDispute,
} from "./holds.service.ts";
export { inboundRoutes } from "./inbound.routes.ts";
export { ingestInbound } from "./inbound.service.ts";
export { mailboxIntake } from "./mailbox-intake.ts";
export {
  type OutboundMessage,
  recordOutbound,
  type ThreadHeaders,
  threadHeaders,
} from "./outbound.service.ts";
export { relayRoutes } from "./relay.routes.ts";

export { checkSendingDns, type TxtResolver } from "../../integrations/mail/dkim.ts";
export { sendingRoutes } from "./sending.routes.ts";
export { dns as sendingDns, sendingAs } from "./sending.service.ts";

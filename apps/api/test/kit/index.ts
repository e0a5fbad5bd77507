/**
 * The one test kit for API, browser and benchmark runs (`@recoup/api/testing`): one way to call the
 * API (`Caller`, over `inject()` or HTTP), the mail sandbox's inbox, the factories (a user, a
 * company, a connected company, an invoice due in N days, a reply), and one `until`.
 * What runs in-process (a test app, a sync now, a reply taken in) loads the app only when called.
 */
export { appForFile, createTestApp, INBOUND, type TestApp } from "./app.ts";
export {
  type Caller,
  type CallOptions,
  type CallResult,
  cookieOf,
  httpCaller,
  injectCaller,
  type Method,
  type SetCookie,
} from "./call.ts";
export {
  composeMail,
  createReply,
  deliverInbound,
  type InboundOptions,
  sendReminder,
} from "./factories/communications.ts";
export {
  type ConnectedUser,
  connectedCompany,
  connectQuickBooks,
  DATA_NOW,
  type InvoiceInput,
  invoiceDueIn,
  OTHER_REALM,
  type QuickBooksSandbox,
  SAMPLE_REALM,
  startQuickBooks,
  syncNow,
  waitForSync,
} from "./factories/quickbooks.ts";
export {
  type CompanyOptions,
  type CompanyUser,
  createCompany,
  createUser,
  expectStatus,
  type KitUser,
  logIn,
  onboard,
  type SignupFields,
  STRONG_PASSWORD,
  type Stack,
  signUp,
  type UserOptions,
  uniqueEmail,
  verifyEmail,
} from "./factories/users.ts";
export { money, png } from "./format.ts";
export { type Answer, codeFrom, Mailbox, type MailMessage, VERIFY_SUBJECT, wrongCode } from "./mailbox.ts";
export { pdfText } from "./pdf.ts";
export { sleep, type UntilOptions, until } from "./until.ts";

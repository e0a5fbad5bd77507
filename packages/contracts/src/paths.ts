/** Every API path, in one place; the web client and the API both use these. */
export const apiPaths = {
  health: { live: "/health/live", ready: "/health/ready" },
  docs: "/docs",
  openapi: "/openapi.json",
  auth: {
    signup: "/v1/auth/signup",
    verifyEmail: "/v1/auth/verify-email",
    /** Whether an emailed verification link still verifies its address. */
    verifyEmailCheck: "/v1/auth/verify-email/check",
    resendVerification: "/v1/auth/resend-verification",
    login: "/v1/auth/login",
    /** The emailed code that finishes a login from a new browser (after login answered 202). */
    loginCode: "/v1/auth/login/code",
    refresh: "/v1/auth/refresh",
    logout: "/v1/auth/logout",
    forgotPassword: "/v1/auth/forgot-password",
    resetPassword: "/v1/auth/reset-password",
    userDetails: "/v1/auth/user/details",
    /** Browser navigation: answers 302 to the provider's authorize endpoint. */
    oauthAuthorize: (provider: "google" | "intuit") => `/v1/auth/oauth/${provider}/authorize`,
    oauthCallback: (provider: "google" | "intuit") => `/v1/auth/oauth/${provider}/callback`,
  },
  onboarding: {
    onboardUser: "/v1/business/onboard/onboard-user",
    check: "/v1/business/onboard/check",
  },
  quickbooks: {
    /** Authenticated: answers the authorize URL for the browser to go to. */
    connect: "/v1/business/quickbooks/connect",
    callback: "/v1/business/quickbooks/callback",
    status: "/v1/business/quickbooks/status",
    revoke: "/v1/business/callback/revoke-token",
    webhook: "/v1/webhooks/quickbooks",
    /** DELETE, once disconnected: removes every synced record. */
    data: "/v1/business/quickbooks/data",
    pull: (companyId: string) => `/v1/business/invoice/pull/${encodeURIComponent(companyId)}`,
    pullCustomers: "/v1/business/invoice/pull-customers",
  },
  /** Sending as the company: its address and DKIM key (decision 0022). */
  sending: {
    /** GET ?companyId, PUT { companyId, address, selector?, privateKey? }, DELETE ?companyId */
    settings: "/v1/business/sending",
    /** POST { companyId }: reads SPF, DKIM and DMARC for the domain. */
    checkDns: "/v1/business/sending/check-dns",
  },
  /** The company's own mailbox, read over IMAP for replies (decision 0020). */
  mailbox: {
    /** GET ?companyId: the connection and how reading goes; PUT: connect (tested first); DELETE: disconnect. */
    connection: "/v1/business/mailbox",
  },
  invoices: {
    list: "/v1/business/invoice/list",
    ageReport: "/v1/business/invoice/ageReport",
    /** The aging report as CSV (same query, all rows), streamed. */
    ageReportCsv: "/v1/business/invoice/ageReport/csv",
  },
  communications: {
    /** GET ?companyId&searchQuery?&state?&page&limit */
    invoices: "/v1/business/invoice/communication-invoices",
    /** GET ?companyId&customerRef&invoiceId */
    thread: "/v1/business/invoice/email-threads",
    /** POST { companyId, invoiceId } */
    markHandled: "/v1/business/invoice/mark-handled",
    /** POST { companyId, emailId } */
    confirmSender: "/v1/business/invoice/confirm-sender",
    /** GET ?companyId&customerRef&invoiceId */
    draft: "/v1/business/gemini/draft-email",
    /** POST, message/rfc822 from an email relay, signed (X-Inbound-Signature). */
    inbound: "/v1/inbound/email",
    /** POST, SendGrid Inbound Parse with "POST the raw, full MIME message" (multipart, `email`), basic auth. */
    inboundSendgrid: "/v1/inbound/sendgrid",
    /** POST, a Mailgun route's forward() to a URL ending in `mime` (`body-mime`), signed with the webhook signing key. */
    inboundMailgun: "/v1/inbound/mailgun/mime",
    /** POST, Postmark's inbound webhook JSON, basic auth. */
    inboundPostmark: "/v1/inbound/postmark",
    /** GET ?companyId: messages that came in but could not be read, kept aside. */
    inboundFailures: "/v1/business/invoice/inbound-failures",
    /** GET ?companyId&id: one of them as it came (message/rfc822). */
    inboundFailureRaw: "/v1/business/invoice/inbound-failures/raw",
    /** POST { companyId, id } */
    dismissInboundFailure: "/v1/business/invoice/inbound-failures/dismiss",
  },
  /** Promises to pay and disputes, recorded, changed or ended by a user (from the invoice's thread). */
  holds: {
    /** POST { companyId, invoiceId, date, note?, source?, emailId? }: records or changes the promise. */
    promise: "/v1/business/invoice/promise",
    /** POST { companyId, invoiceId } */
    cancelPromise: "/v1/business/invoice/promise/cancel",
    /** POST { companyId, invoiceId, reason, message, source?, emailId? } */
    dispute: "/v1/business/invoice/dispute",
    /** POST { companyId, invoiceId }: chasing resumes. */
    resolveDispute: "/v1/business/invoice/dispute/resolve",
  },
  customers: {
    outstanding: "/v1/business/customer/customer-outstanding-invoices",
    detail: "/v1/business/customer/customer-detail-info",
    paymentHistory: "/v1/business/customer/customer-payment-history",
    editNote: "/v1/business/customer/edit-customer-note",
    editTags: "/v1/business/customer/edit-customer-tags",
    /** POST { realmId, customerRef, name?, address, role } */
    addContact: "/v1/business/customer/contacts/add",
    /** POST { realmId, customerRef, id, name?, address, role } */
    editContact: "/v1/business/customer/contacts/edit",
    /** POST { realmId, customerRef, id } */
    removeContact: "/v1/business/customer/contacts/remove",
    /** POST { companyId, customerRef }: a new link to the customer's page, to see what they see. */
    pageLink: "/v1/business/customer/customer-page-link",
    /** GET ?companyId&customerRef: the customer's statement of account (application/pdf). */
    statement: "/v1/business/customer/statement",
    /** POST { companyId, customerRef }: emails the statement to the customer's billing contacts. */
    sendStatement: "/v1/business/customer/statement/send",
  },
  statements: {
    /** GET ?companyId= ; POST { companyId, monthly } */
    settings: "/v1/business/statements/settings",
  },
  notes: {
    add: "/v1/business/note/add-note",
    edit: "/v1/business/note/edit-note",
    delete: "/v1/business/note/delete-note",
    list: "/v1/business/note/get-notes",
  },
  /** Email Templates page: templates, follow-up interval, preview, test email. */
  templates: {
    /** GET ?companyId= */
    list: "/v1/business/templates",
    /** POST { companyId, type, subject, content } */
    save: "/v1/business/templates/save",
    /** POST { companyId, followUpInterval } */
    followUpInterval: "/v1/business/templates/follow-up-interval",
    /** POST { companyId, type, subject?, content?, invoiceId? } */
    preview: "/v1/business/templates/preview",
    /** POST, same body as preview: emailed to the signed-in user. */
    sendTest: "/v1/business/templates/send-test",
  },
  /** Reminder schedules (issue 18): the company's own, their audit, and who follows which. */
  reminderSchedules: {
    /** GET ?companyId= */
    list: "/v1/business/reminder-schedules",
    /** POST { companyId, id?, name, stages, isDefault? } */
    save: "/v1/business/reminder-schedules/save",
    /** POST { companyId, id }: customers and upcoming reminders it touches. */
    impact: "/v1/business/reminder-schedules/impact",
    /** POST { companyId, id } */
    delete: "/v1/business/reminder-schedules/delete",
    /** GET ?companyId&id */
    changes: "/v1/business/reminder-schedules/changes",
    /** POST { companyId, customerRef, schedule: id | 'standard' | 'none' | null } */
    assignCustomer: "/v1/business/reminder-schedules/assign-customer",
    /** POST { companyId, tag, scheduleId | null } */
    assignTag: "/v1/business/reminder-schedules/assign-tag",
  },
  reminders: {
    /** GET ?companyId= ; POST { companyId, enabled, sendTime, weekdaysOnly, confirm? } */
    settings: "/v1/business/reminders/settings",
    /** GET ?companyId&sendTime?&weekdaysOnly? */
    enablePreview: "/v1/business/reminders/enable-preview",
    /** GET ?companyId&days?&limit? */
    upcoming: "/v1/business/reminders/upcoming",
    /** GET ?companyId&invoiceId&stage? */
    draft: "/v1/business/reminders/draft",
    /** POST { companyId, invoiceId, stage, subject, html } */
    send: "/v1/business/reminders/send",
    /** POST { companyId, invoiceId | customerRef, until? } */
    pause: "/v1/business/reminders/pause",
    /** POST { companyId, invoiceId | customerRef } */
    resume: "/v1/business/reminders/resume",
    /** GET ?companyId&invoiceId?&customerRef? */
    pauses: "/v1/business/reminders/pauses",
    /** GET ?companyId&invoiceId?&status?&page&limit */
    log: "/v1/business/reminders/log",
    /** GET ?companyId&month? */
    usage: "/v1/business/reminders/usage",
  },
  /** The customer page's API: public, the token names the customer. */
  pay: {
    page: "/v1/pay/:token",
    pdf: "/v1/pay/:token/invoices/:invoiceId/pdf",
    promise: "/v1/pay/:token/promise",
    dispute: "/v1/pay/:token/dispute",
  },
  dashboard: { summary: "/v1/business/dashboard/summary" },
  billing: {
    /** GET ?email= : data.subscriptionDetails, data.sessionURL (spec section 7) */
    subscriptionDetails: "/v1/business/subscription/details",
    /** POST { email }: after a canceled subscription, a new one on the last plan. */
    renew: "/v1/business/subscription/renew",
    /** Stripe's signed events (raw body). */
    webhook: "/v1/webhooks/stripe",
  },
  settings: {
    getProfile: (companyId: string, email: string) =>
      `/v1/business/settings/get-profile/${encodeURIComponent(companyId)}/${encodeURIComponent(email)}`,
    updateProfile: "/v1/business/settings/update-profile",
    getTemplate: (companyId: string, email: string) =>
      `/v1/business/settings/get-template/${encodeURIComponent(companyId)}/${encodeURIComponent(email)}`,
  },
} as const;

/**
 * The control API for tests and demos, as typed methods (the handle's `control`) and over HTTP
 * under /_control/ (control-routes.ts). Changes fire webhooks like QBO changes do; entities come
 * back in Intuit's JSON shape.
 */
import { type Change, ControlError, type MutationContext } from "./accounting/changes.ts";
import { type FaultSettings, NO_FAULTS, validateFaults } from "./accounting/inject.ts";
import {
  type LatencyInput,
  type LatencySettings,
  type LatencyStats,
  validateLatency,
} from "./accounting/latency.ts";
import * as m from "./accounting/mutations.ts";
import * as pay from "./accounting/payments.ts";
import type { EntityName } from "./accounting/records.ts";
import { type Json, type RenderOptions, render, renderById } from "./accounting/render.ts";
import type { CompanyStore } from "./accounting/store.ts";
import { type ThrottleSettings, type ThrottleStats, validateThrottle } from "./accounting/throttle.ts";
import type { SandboxContext } from "./context.ts";
import { expireTokens, type IssuedTokens, issueTokens, revokeTokens } from "./control-tokens.ts";
import { type CompanySummary, summarize } from "./data/summary.ts";
import { type InvoiceLinkAnswer, invoiceLink, setPayments } from "./pay/control.ts";
import type { CompanySpec, Realm } from "./realms.ts";
import { validateWebhook, type WebhookDelivery, type WebhookOptions } from "./webhooks.ts";

export type { CustomerInput, InvoiceInput } from "./accounting/mutations.ts";
export type { CreditMemoInput, PaymentInput } from "./accounting/payments.ts";
export type { IssuedTokens } from "./control-tokens.ts";
export { ControlError };

export interface RealmSummary {
  realmId: string;
  name: string;
  data: Realm["data"];
  seed: number;
  generatedMs: number;
  counts: { customers: number; invoices: number; payments: number; creditMemos: number };
}

export class SandboxControl {
  constructor(readonly sandbox: SandboxContext) {}

  #realm(realmId: string): Realm {
    const realm = this.sandbox.realms.get(realmId);
    if (!realm) throw new ControlError(404, `No company with realmId ${realmId}`);
    return realm;
  }

  /** Runs a change on a realm's data and sends its webhooks. */
  #change<T>(realmId: string, run: (ctx: MutationContext) => T): T {
    const realm = this.#realm(realmId);
    const changes: Change[] = [];
    const result = run({ store: realm.store, now: this.sandbox.now(), changes });
    this.sandbox.webhooks.enqueue(realmId, changes);
    return result;
  }

  /** Invoices come with their InvoiceLink, as with the API's `include=invoiceLink`. */
  #options(store: CompanyStore): RenderOptions {
    return { invoiceLink: (invoice) => this.sandbox.invoiceLinks.url(store.info, invoice) };
  }

  /** Runs a change (see #change) and answers the record it made or changed as the API would. */
  #record(realmId: string, entity: EntityName, run: (ctx: MutationContext) => object): Json {
    const record = this.#change(realmId, run);
    const { store } = this.#realm(realmId);
    return render(store, entity, record, this.#options(store));
  }

  // Companies

  listRealms(): RealmSummary[] {
    return this.sandbox.realms.list().map((realm) => ({
      realmId: realm.company.realmId,
      name: realm.company.name,
      data: realm.data,
      seed: realm.seed,
      generatedMs: Math.round(realm.generatedMs),
      counts: {
        customers: realm.store.customers.size,
        invoices: realm.store.invoices.size,
        payments: realm.store.payments.size,
        creditMemos: realm.store.creditMemos.size,
      },
    }));
  }

  /** Creates a company (sample, large or empty), listed on the consent page from then on. */
  createCompany(spec: CompanySpec = {}): RealmSummary {
    if (spec.data !== undefined && !["sample", "large", "empty"].includes(spec.data)) {
      throw new ControlError(400, "data must be sample, large or empty");
    }
    let realm: Realm;
    try {
      realm = this.sandbox.realms.create(spec);
    } catch (error) {
      throw new ControlError(400, error instanceof Error ? error.message : String(error));
    }
    return this.listRealms().find((r) => r.realmId === realm.company.realmId)!;
  }

  /** Back to the seeded data; also clears the realm's faults, latency settings and request count. */
  resetRealm(realmId: string): RealmSummary {
    this.#realm(realmId);
    this.sandbox.realms.reset(realmId);
    this.sandbox.faults.clear(realmId);
    this.sandbox.latency.clear(realmId);
    this.sandbox.throttle.clear(realmId);
    return this.listRealms().find((r) => r.realmId === realmId)!;
  }

  /** Counts per state (paid, partly paid, current, overdue buckets, voided...). */
  summary(realmId: string): CompanySummary {
    return summarize(this.#realm(realmId).store, this.sandbox.now());
  }

  /** An entity as the API would return it, or undefined. */
  read(realmId: string, entity: EntityName, id: string | number): Json | undefined {
    const { store } = this.#realm(realmId);
    return renderById(store, entity, Number(id), this.#options(store));
  }

  // Online payment (QuickBooks Payments)

  /** Whether the company has QuickBooks Payments on (sample and empty companies: on). */
  paymentsEnabled(realmId: string): boolean {
    return this.#realm(realmId).store.info.paymentsEnabled;
  }

  /** Turns QuickBooks Payments on or off for the company; invoices keep their own options. */
  setPayments(realmId: string, enabled: boolean): { enabled: boolean } {
    return setPayments(this.#realm(realmId).store, enabled);
  }

  /** The invoice's InvoiceLink as `include=invoiceLink` gives it; null and the reason without one. */
  invoiceLink(realmId: string, id: string | number): InvoiceLinkAnswer {
    return invoiceLink(this.sandbox, this.#realm(realmId).store, id);
  }

  // Records

  createCustomer(realmId: string, input: m.CustomerInput): Json {
    return this.#record(realmId, "Customer", (ctx) => m.createCustomer(ctx, input));
  }

  updateCustomer(realmId: string, id: string | number, input: m.CustomerInput): Json {
    return this.#record(realmId, "Customer", (ctx) => m.updateCustomer(ctx, id, input));
  }

  /** Makes the customer inactive (QBO's delete), renamed "<name> (deleted)". */
  deleteCustomer(realmId: string, id: string | number): Json {
    return this.#record(realmId, "Customer", (ctx) => m.deleteCustomer(ctx, id));
  }

  createInvoice(realmId: string, input: m.InvoiceInput): Json {
    return this.#record(realmId, "Invoice", (ctx) => m.createInvoice(ctx, input));
  }

  updateInvoice(realmId: string, id: string | number, input: m.InvoiceInput): Json {
    return this.#record(realmId, "Invoice", (ctx) => m.updateInvoice(ctx, id, input));
  }

  sendInvoice(realmId: string, id: string | number, to?: string): Json {
    return this.#record(realmId, "Invoice", (ctx) => m.sendInvoice(ctx, id, to));
  }

  voidInvoice(realmId: string, id: string | number): Json {
    return this.#record(realmId, "Invoice", (ctx) => m.voidInvoice(ctx, id));
  }

  /** Deletes the invoice; returns `{status: "Deleted", domain, Id}` like Intuit's delete. */
  deleteInvoice(realmId: string, id: string | number): Json {
    const invoice = this.#change(realmId, (ctx) => m.deleteInvoice(ctx, id));
    return { status: "Deleted", domain: "QBO", Id: String(invoice.id) };
  }

  /** Pays an invoice (in full by default): a new Payment linked to it. */
  payInvoice(
    realmId: string,
    invoiceId: string | number,
    input: Omit<pay.PaymentInput, "invoices" | "customerId"> = {},
  ) {
    return this.#record(realmId, "Payment", (ctx) => pay.payInvoice(ctx, invoiceId, input));
  }

  createPayment(realmId: string, input: pay.PaymentInput): Json {
    return this.#record(realmId, "Payment", (ctx) => pay.createPayment(ctx, input));
  }

  deletePayment(realmId: string, id: string | number): Json {
    const payment = this.#change(realmId, (ctx) => pay.deletePayment(ctx, id));
    return { status: "Deleted", domain: "QBO", Id: String(payment.id) };
  }

  createCreditMemo(realmId: string, input: pay.CreditMemoInput): Json {
    return this.#record(realmId, "CreditMemo", (ctx) => pay.createCreditMemo(ctx, input));
  }

  // Faults, limits, tokens

  getFaults(realmId: string): FaultSettings {
    this.#realm(realmId);
    return this.sandbox.faults.get(realmId);
  }

  /** Merges the given settings; `clearFaults` (or all rates 0) ends them. */
  setFaults(realmId: string, settings: Partial<FaultSettings>): FaultSettings {
    this.#realm(realmId);
    const problem = validateFaults(settings);
    if (problem) throw new ControlError(400, problem);
    return this.sandbox.faults.set(realmId, settings);
  }

  clearFaults(realmId: string): FaultSettings {
    this.sandbox.faults.clear(realmId);
    return NO_FAULTS;
  }

  /** Limits for one realm (or the default for all); false turns throttling off. */
  setThrottle(
    realmId: string | undefined,
    settings: Partial<ThrottleSettings> | false,
  ): ThrottleSettings | false {
    if (realmId) this.#realm(realmId);
    const problem = settings ? validateThrottle(settings) : undefined;
    if (problem) throw new ControlError(400, problem);
    const result = this.sandbox.throttle.configure(realmId, settings);
    if (realmId) this.sandbox.throttle.clear(realmId);
    return result;
  }

  /** The latency model of a realm (or the default for all), false when off. */
  /** Requests let through and refused (429) for the realm, and the most in flight at once, since its reset. */
  throttleStats(realmId: string): ThrottleStats {
    this.#realm(realmId);
    return this.sandbox.throttle.stats(realmId);
  }

  /** The waits the realm's requests were given since its latency model was last set (for a floor). */
  latencyStats(realmId: string): LatencyStats {
    this.#realm(realmId);
    return this.sandbox.latency.stats(realmId);
  }

  getLatency(realmId: string | undefined): LatencySettings | false {
    if (realmId) this.#realm(realmId);
    return realmId ? this.sandbox.latency.settings(realmId) : this.sandbox.latency.defaults;
  }

  /**
   * Turns the latency model on for one realm (or for every realm without its own), with these
   * settings merged over its current ones or Intuit's figures (README "Latency model"); false
   * turns it off. The realm's draws start again from the seed.
   */
  setLatency(realmId: string | undefined, settings: LatencyInput | false): LatencySettings | false {
    if (realmId) this.#realm(realmId);
    const problem = settings ? validateLatency(settings) : undefined;
    if (problem) throw new ControlError(400, problem);
    return this.sandbox.latency.configure(realmId, settings);
  }

  /** Drops the realm's own latency settings: it follows the default for all realms again. */
  clearLatency(realmId: string): LatencySettings | false {
    this.#realm(realmId);
    this.sandbox.latency.clear(realmId);
    return this.sandbox.latency.settings(realmId);
  }

  /**
   * Expires the refresh tokens of every connection to the realm (a refresh answers
   * invalid_grant); with `access`, the access tokens too. Returns how many connections.
   */
  expireTokens(realmId: string, options: { access?: boolean } = {}): { grants: number } {
    return expireTokens(this.sandbox, realmId, options);
  }

  /** Revokes every connection to the realm, as a disconnect from QBO does. */
  revokeTokens(realmId: string): { grants: number } {
    return revokeTokens(this.sandbox, realmId);
  }

  /**
   * Connects without the browser: tokens for a realm as a code exchange would give them, for
   * the first registered app (or `clientId`) and the first test user (or `sub`).
   */
  async issueTokens(
    realmId: string,
    options: { clientId?: string; sub?: string; scopes?: string[] } = {},
  ): Promise<IssuedTokens> {
    this.#realm(realmId);
    return issueTokens(this.sandbox, realmId, options);
  }

  // Webhooks

  getWebhook(): WebhookOptions | undefined {
    return this.sandbox.webhooks.options;
  }

  /** Where webhooks go (undefined: nowhere). */
  setWebhook(options: WebhookOptions | undefined): void {
    const problem = options ? validateWebhook(options) : undefined;
    if (problem) throw new ControlError(400, problem);
    this.sandbox.webhooks.configure(options);
  }

  webhookDeliveries(): WebhookDelivery[] {
    return this.sandbox.webhooks.deliveries();
  }

  /** Sends queued webhooks now and waits until each is delivered or given up. */
  flushWebhooks(): Promise<void> {
    return this.sandbox.webhooks.flush();
  }
}

/**
 * The acknowledged writes of bench/pglite-crash.ts: writers that call the API as people would
 * (notes on invoices added, edited and deleted; reminder templates saved; customers' notes edited)
 * and remember what the API acknowledged (2xx), and the check that all of it is in the database.
 *
 * Each writer is sequential and owns what it changes (its notes, one template, one customer), so
 * at any moment each of those has one acknowledged value and at most one write in flight, whose
 * outcome is unknown when the server dies under it. After a restart a value is right when it is
 * the acknowledged one or the one in flight; anything else is an acknowledged write lost.
 */
import type { Caller } from "@recoup/api/testing";
import { apiPaths, type TemplateType, templateTypes } from "@recoup/contracts";

/** What is in the database, read through the API or directly: value by key, null for none. */
export interface Observed {
  /** Notes on the writers' invoices: content by note id. */
  notes: Map<string, string>;
  /** Template subjects by type. */
  templates: Map<TemplateType, string>;
  /** Customer notes by customer ref. */
  customers: Map<string, string>;
}

/** A value the writers own: the last acknowledged one, and the one in flight (outcome unknown). */
interface Slot {
  acked: string | null | undefined;
  inFlight?: { value: string | null };
}

/** A write of a slot: the value it sets (null: deleted), through which call. */
interface Step {
  slot: Slot;
  value: string | null;
  path: string;
  body: Record<string, unknown>;
}

export interface CheckResult {
  /** Acknowledged values not found (a note missing or wrong, a deleted note back, a template or customer note older). */
  lost: string[];
  /** Writes in flight at the kill that turned out committed (allowed: the client never heard back). */
  committedUnanswered: number;
  /** Notes on the writers' invoices that no writer ever sent (would mean a corrupted or foreign row). */
  unexpected: string[];
}

export class WriteLog {
  readonly notes = new Map<string, Slot & { writer: number }>();
  /** Notes added with no answer: content → writer (its id is unknown until found). */
  readonly pendingAdds = new Map<string, number>();
  readonly templates = new Map<TemplateType, Slot>();
  readonly customers = new Map<string, Slot>();
  acknowledged = 0;
  unanswered = 0;
  /** 4xx/5xx answers (the server was alive: not acknowledged, kept as in flight). */
  errors: string[] = [];
  private counter = 0;

  constructor(
    readonly companyId: string,
    readonly realmId: string,
    /** Invoices (QuickBooks Ids) the notes go on, one per writer in turn. */
    readonly invoiceIds: string[],
    /** Customers (refs) whose notes the writers edit, one per writer. */
    readonly customerRefs: string[],
  ) {}

  /** The writers' invoices' notes, templates and customers through the API. */
  async observeApi(call: Caller, token: string): Promise<Observed> {
    const get = async (path: string) => {
      const res = await call("GET", path, { token });
      if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status} ${res.text}`);
      return res.json.data;
    };
    const q = `companyId=${this.companyId}`;
    const notes = new Map<string, string>();
    for (const invoiceId of this.invoiceIds) {
      const data = await get(`${apiPaths.notes.list}?${q}&type=invoice&invoiceId=${invoiceId}`);
      for (const n of data.notes as { id: string; content: string }[]) notes.set(n.id, n.content);
    }
    const templates = new Map<TemplateType, string>();
    for (const t of (await get(`${apiPaths.templates.list}?${q}`)).templates as {
      type: TemplateType;
      subject: string;
    }[])
      templates.set(t.type, t.subject);
    const customers = new Map<string, string>();
    for (const ref of this.customerRefs) {
      const data = await get(`${apiPaths.customers.detail}?realmId=${this.realmId}&customerRef=${ref}`);
      customers.set(ref, data.customer.note as string);
    }
    return { notes, templates, customers };
  }

  /**
   * Compares what the database holds with what was acknowledged, then takes what it holds as the
   * new truth (an unanswered write either committed or did not; now it is known which).
   */
  check(seen: Observed): CheckResult {
    const result: CheckResult = { lost: [], committedUnanswered: 0, unexpected: [] };
    const settle = (what: string, slot: Slot, actual: string | null) => {
      const flight = slot.inFlight;
      if (flight && actual === flight.value && actual !== slot.acked) result.committedUnanswered++;
      else if (slot.acked !== undefined && actual !== slot.acked) {
        result.lost.push(`${what}: expected ${JSON.stringify(slot.acked)}, found ${JSON.stringify(actual)}`);
      }
      slot.acked = actual;
      slot.inFlight = undefined;
    };
    for (const [id, slot] of this.notes) settle(`note ${id}`, slot, seen.notes.get(id) ?? null);
    for (const [id, content] of seen.notes) {
      if (this.notes.has(id)) continue;
      const writer = this.pendingAdds.get(content);
      if (writer === undefined) {
        result.unexpected.push(`note ${id}: ${JSON.stringify(content.slice(0, 80))}`);
        continue;
      }
      this.pendingAdds.delete(content);
      this.notes.set(id, { writer, acked: content });
      result.committedUnanswered++;
    }
    this.pendingAdds.clear();
    for (const [type, slot] of this.templates)
      settle(`template ${type}`, slot, seen.templates.get(type) ?? null);
    for (const [ref, slot] of this.customers)
      settle(`customer ${ref} note`, slot, seen.customers.get(ref) ?? null);
    return result;
  }

  /**
   * Runs `writers` sequential writers until `stop()`; resolves when all have stopped. A request the
   * server died under leaves its write in flight.
   */
  run(call: Caller, token: string, writers: number, label: string) {
    let stopped = false;
    const loops = Array.from({ length: writers }, (_, w) =>
      this.writer(call, token, w, label, () => stopped),
    );
    return {
      stop: () => {
        stopped = true;
      },
      done: Promise.all(loops).then(() => undefined),
    };
  }

  private async writer(call: Caller, token: string, w: number, label: string, stopped: () => boolean) {
    const template = templateTypes[w];
    const customer = this.customerRefs[w];
    if (template && !this.templates.has(template)) this.templates.set(template, { acked: undefined });
    if (customer && !this.customers.has(customer)) this.customers.set(customer, { acked: undefined });
    while (!stopped()) {
      const text = `crash ${label} w${w} #${++this.counter} ${Math.random().toString(36).slice(2, 10)}`;
      const step = this.pick(w, text, template, customer);
      const alive = step ? await this.write(call, token, step) : await this.addNote(call, token, w, text);
      if (!alive) return;
    }
  }

  /**
   * The writer's next write, at random among its own: an edit or a deletion of one of its notes,
   * a save of its template, an edit of its customer's note; undefined for a new note.
   */
  private pick(w: number, text: string, template?: TemplateType, customer?: string): Step | undefined {
    const companyId = this.companyId;
    const mine = [...this.notes].filter(([, s]) => s.writer === w && s.acked !== null);
    const [noteId, note] = mine[Math.floor(Math.random() * mine.length)] ?? [];
    const roll = Math.random();
    if (roll < 0.4 || !note) return undefined;
    if (roll < 0.55)
      return {
        slot: note,
        value: text,
        path: apiPaths.notes.edit,
        body: { companyId, noteId, content: text },
      };
    if (roll < 0.65)
      return { slot: note, value: null, path: apiPaths.notes.delete, body: { companyId, noteId } };
    if (roll < 0.85 && template) {
      const body = { companyId, type: template, subject: text, content: `<p>${text}</p>` };
      return { slot: this.templates.get(template)!, value: text, path: apiPaths.templates.save, body };
    }
    if (!customer) return undefined;
    const body = { realmId: this.realmId, customerRef: customer, note: text };
    return { slot: this.customers.get(customer)!, value: text, path: apiPaths.customers.editNote, body };
  }

  private async addNote(call: Caller, token: string, w: number, content: string) {
    const invoiceId = this.invoiceIds[w % this.invoiceIds.length]!;
    this.pendingAdds.set(content, w);
    const body = { companyId: this.companyId, type: "invoice", invoiceId, content };
    const res = await this.send(call, token, apiPaths.notes.add, body);
    if (res?.status === 201) {
      this.pendingAdds.delete(content);
      this.notes.set(res.json.data.note.id as string, { writer: w, acked: content });
    }
    return res !== undefined;
  }

  /** One write of a slot; answers whether the server answered. */
  private async write(call: Caller, token: string, { slot, value, path, body }: Step) {
    slot.inFlight = { value };
    const res = await this.send(call, token, path, body);
    if (res && res.status >= 200 && res.status < 300) {
      slot.acked = value;
      slot.inFlight = undefined;
    }
    return res !== undefined;
  }

  private async send(call: Caller, token: string, path: string, body: Record<string, unknown>) {
    try {
      const res = await call("POST", path, { token, body });
      if (res.status >= 200 && res.status < 300) this.acknowledged++;
      else this.errors.push(`${path}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
      return res;
    } catch {
      this.unanswered++;
      return undefined;
    }
  }
}

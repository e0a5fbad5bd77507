/**
 * Companies for the reminder benchmarks, written straight into the tables with `generate_series`
 * (the same SQL on PostgreSQL and PGlite): each company with reminders on (window 00:00–18:00,
 * every day, follow-up every 7 days), connected and synced a moment ago, its three default
 * templates and a signature, 100 customers with an address, and `invoices` open invoices with an
 * address, due from 120 days ago to 30 days ahead (spread evenly and deterministically), plus a
 * quarter as many paid ones. Invoice i belongs to customer 1 + i mod 100: with 1,000 invoices a
 * customer has 10 open ones, spread over the due dates, so a first day gives most customers several
 * reminders at once (what combining, `combine`, makes one email). With `history`, every reminder the schedule gave those invoices up
 * to yesterday is stored as sent (one email on each of its days), as after months of daily runs,
 * written day after day as they would have been (so one invoice's history is spread over the table).
 */
import { defaultTemplates } from "@recoup/api/modules/reminders";

/** Runs one statement (no parameters) and answers its rows. */
export type Exec = (sql: string) => Promise<Record<string, unknown>[]>;

export interface ReminderData {
  companies: number;
  /** Open invoices per company. */
  invoices: number;
  timezone: string;
  /** The companies' local date today (YYYY-MM-DD). */
  today: string;
  /** Store the reminders sent up to yesterday. */
  history: boolean;
  /** Name prefix, so several sets can live in one database. */
  label: string;
  /**
   * Schedules of the company's own besides the standard one (0-4, issue 18): customer n follows
   * schedule n mod 5 (0: the standard), the first two by the customer's own choice, the others by
   * a tag; the history is each customer's schedule's.
   */
  schedules?: number;
  /**
   * 'Combine a customer's reminders into one email' (decision 0021). Off unless asked: the
   * column's default is on (new companies), so the setting is written either way.
   */
  combine?: boolean;
}

/**
 * The company schedules a bench company may have: a before-due notice, an on-due one and a notice
 * repeating from the day after, at another pace than the standard one (3 days before, every 7).
 */
export const BENCH_SCHEDULES = [
  { before: 5, every: 7 },
  { before: 1, every: 5 },
  { before: 7, every: 14 },
  { before: 2, every: 10 },
] as const;
const STANDARD = { before: 3, every: 7 };

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** Due dates: today + 30 down to today - 120. */
export const DUE_SPREAD = 151;
const CUSTOMERS = 100;

export async function generateReminderCompanies(exec: Exec, d: ReminderData) {
  const t0 = performance.now();
  const co = `rb_${d.label}`;
  const today = `${lit(d.today)}::date`;
  await exec(`drop table if exists ${co}`);
  await exec(`create temp table ${co} as
    select gen_random_uuid() as id, n, (9341453000000000 + n)::text as realm
    from generate_series(1, ${d.companies}) n`);
  await exec(`insert into companies (id, name, type, size, avg_invoices, timezone, locale, signature, follow_up_interval)
    select id, ${lit(d.label)} || ' Co ' || n, 'LLC', '11-50', 100, ${lit(d.timezone)}, 'en-US',
      '<p>Kind regards,<br><b>Accounts at ' || ${lit(d.label)} || ' Co ' || n || '</b></p>', '7'
    from ${co}`);
  await exec(`insert into qbo_connections (company_id, realm_id, status, cdc_cursor, last_sync_at)
    select id, realm, 'connected', now(), now() from ${co}`);
  // Their QuickBooks connections hold no tokens: no invoice PDF can be fetched, so none is attached
  // ('Attach the invoice PDF' off); what is measured is planning and sending.
  await exec(`insert into reminder_settings (company_id, enabled, send_time, weekdays_only, attach_invoice_pdf, enabled_at,
      combine_reminders)
    select id, true, '00:00', false, false, now() - interval '200 days', ${d.combine ? "true" : "false"} from ${co}`);
  const templates = Object.entries(defaultTemplates)
    .map(([type, t]) => `(${lit(type)}, ${lit(t.name)}, ${lit(t.subject)}, ${lit(t.content)})`)
    .join(", ");
  await exec(`insert into email_templates (company_id, type, name, subject, content)
    select c.id, t.type, t.name, t.subject, t.content from ${co} c
    cross join (values ${templates}) t(type, name, subject, content)`);
  await exec(`insert into customers (company_id, realm_id, qb_id, sync_token, qb_updated_at, display_name,
      company_name, email, currency, balance_cents, active)
    select c.id, c.realm, i::text, '0', now(), 'Customer ' || i, 'Customer ' || i,
      'billing' || i || '@customer-' || c.n || '.example.com', 'USD', 0, true
    from ${co} c cross join generate_series(1, ${CUSTOMERS}) i`);
  // Open invoices 1..invoices, then paid ones; due dates spread evenly over the window per company.
  const paid = Math.ceil(d.invoices / 4);
  await exec(`insert into invoices (company_id, realm_id, qb_id, sync_token, qb_updated_at, doc_number,
      customer_qb_id, customer_name, txn_date, due_date, currency, total_cents, balance_cents, email, voided)
    select c.id, c.realm, i::text, '1', now(), (1000 + i)::text, (1 + i % ${CUSTOMERS})::text,
      'Customer ' || (1 + i % ${CUSTOMERS}), due - 30, due, 'USD', total,
      case when i <= ${d.invoices} then total else 0 end,
      'billing' || (1 + i % ${CUSTOMERS}) || '@customer-' || c.n || '.example.com', false
    from ${co} c cross join generate_series(1, ${d.invoices + paid}) i
    cross join lateral (select ${today} + 30 - ((i * 7919 + c.n * 104729) % ${DUE_SPREAD}) as due,
      (10000 + (i * 48271) % 500000)::bigint as total) f
    order by c.id, i`);
  // Each company's schedules (k = 0 the standard: its stages are the template types), their stages' keys.
  const kinds = [STANDARD, ...BENCH_SCHEDULES.slice(0, d.schedules ?? 0)];
  const sch = `${co}_sch`;
  await exec(`drop table if exists ${sch}`);
  await exec(`create temp table ${sch} as
    select c.id as company_id, k.k, k.before, k.every, case when k.k = 0 then null else gen_random_uuid() end as id,
      case when k.k = 0 then 'before_due_date' else 'stage:' || substr(md5(random()::text), 1, 12) end as key_before,
      case when k.k = 0 then 'on_due_date' else 'stage:' || substr(md5(random()::text), 1, 12) end as key_on,
      case when k.k = 0 then 'after_due_date' else 'stage:' || substr(md5(random()::text), 1, 12) end as key_after
    from ${co} c cross join (values ${kinds.map((x, k) => `(${k}, ${x.before}, ${x.every})`).join(", ")}) k(k, before, every)`);
  if (kinds.length > 1) {
    await exec(`insert into reminder_schedules (id, company_id, name, stages, is_default)
      select id, company_id, 'Schedule ' || k, jsonb_build_array(
        jsonb_build_object('key', key_before, 'timing', jsonb_build_object('kind', 'before', 'days', before),
          'template', jsonb_build_object('type', 'before_due_date')),
        jsonb_build_object('key', key_on, 'timing', jsonb_build_object('kind', 'on'),
          'template', jsonb_build_object('type', 'on_due_date')),
        jsonb_build_object('key', key_after, 'timing', jsonb_build_object('kind', 'repeat', 'days', 1, 'every', every),
          'template', jsonb_build_object('type', 'after_due_date'))), false
      from ${sch} where k > 0`);
    // Schedules 1 and 2 by the customers' own choice; 3 and 4 by a tag.
    await exec(`insert into customer_reminder_schedules (company_id, customer_qb_id, choice, schedule_id)
      select s.company_id, i::text, 'schedule', s.id from ${sch} s
      cross join generate_series(1, ${CUSTOMERS}) i where s.k in (1, 2) and i % 5 = s.k`);
    await exec(`insert into tag_reminder_schedules (company_id, tag, schedule_id)
      select company_id, 'pace ' || k, id from ${sch} where k in (3, 4)`);
    await exec(`insert into customer_profiles (company_id, customer_qb_id, tags)
      select s.company_id, i::text, array['pace ' || s.k, 'z other'] from ${sch} s
      cross join generate_series(1, ${CUSTOMERS}) i where s.k in (3, 4) and i % 5 = s.k`);
  }
  if (d.history) {
    // Yesterday and before, by the customer's schedule: the before-due notice, the on-due one, and
    // one every `every` days from due + 1, each sent at 10:00 local on its day.
    await exec(`insert into reminders (id, company_id, invoice_qb_id, stage, cycle, scheduled_for,
        template_type, status, message_id, to_address, subject, attempts, decided_at, sent_at)
      select gen_random_uuid(), inv.company_id, inv.qb_id, s.stage, s.cycle, s.day, s.stage, 'sent',
        '<history.' || inv.qb_id || '.' || s.stage || '.' || s.cycle || '@bench>', inv.email, 'sent before', 1,
        (s.day + time '10:00') at time zone ${lit(d.timezone)}, (s.day + time '10:00') at time zone ${lit(d.timezone)}
      from invoices inv
      join ${sch} k on k.company_id = inv.company_id
        and k.k = case when inv.customer_qb_id::int % 5 < ${kinds.length} then inv.customer_qb_id::int % 5 else 0 end
      cross join lateral (
        select k.key_before as stage, 0 as cycle, inv.due_date - k.before as day where inv.due_date - k.before < ${today}
        union all select k.key_on, 0, inv.due_date where inv.due_date < ${today}
        union all select k.key_after, c, inv.due_date + 1 + k.every * c
          from generate_series(0, (${today} - 2 - inv.due_date) / k.every) c where inv.due_date + 1 < ${today}
      ) s
      where inv.company_id in (select id from ${co}) and inv.balance_cents > 0
      order by s.day, inv.company_id, inv.qb_id`);
  }
  const [counts] = await exec(`select
      (select count(*)::int from invoices where company_id in (select id from ${co}) and balance_cents > 0) as open,
      (select count(*)::int from invoices where company_id in (select id from ${co})) as invoices,
      (select count(*)::int from reminders where company_id in (select id from ${co})) as history`);
  const ids = (await exec(`select id from ${co} order by n`)).map((r) => r.id as string);
  return { ids, ...counts, seconds: +((performance.now() - t0) / 1000).toFixed(1) } as {
    ids: string[];
    open: number;
    invoices: number;
    history: number;
    seconds: number;
  };
}

/**
 * A time zone whose clock now reads between 05:00 and 08:59, so the window (00:00–18:00) stays
 * open for the whole run; whole-hour zones around the world.
 */
export function zoneInMorning(now = new Date()): string {
  const zones = [
    "Pacific/Pago_Pago",
    "Pacific/Honolulu",
    "America/Anchorage",
    "America/Los_Angeles",
    "America/Denver",
    "America/Chicago",
    "America/New_York",
    "America/Halifax",
    "America/Sao_Paulo",
    "Atlantic/South_Georgia",
    "Atlantic/Azores",
    "UTC",
    "Europe/Paris",
    "Europe/Athens",
    "Europe/Moscow",
    "Asia/Dubai",
    "Asia/Karachi",
    "Asia/Dhaka",
    "Asia/Bangkok",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Australia/Brisbane",
    "Pacific/Noumea",
    "Pacific/Auckland",
    "Pacific/Tongatapu",
    "Pacific/Kiritimati",
  ];
  const hour = (zone: string) =>
    Number(
      new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", hourCycle: "h23" }).format(now),
    );
  const zone = zones.find((z) => hour(z) >= 5 && hour(z) < 9);
  if (!zone) throw new Error("no time zone in the morning");
  return zone;
}

export const localDate = (zone: string, now = new Date()) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);

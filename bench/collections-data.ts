/**
 * Other companies for the collections benchmark on PostgreSQL, written straight into the synced
 * tables with `generate_series`: 3 companies of 200,000 invoices (20,000 customers) and 30 of
 * 10,000 (1,000 customers), 900,000 invoices in all, with the large company's mix: 55% paid, 3%
 * partly paid, 1% voided, the rest open over the last 210 days; 90% USD, then CAD, EUR, GBP with
 * exchange rates; terms from due on receipt to 60 days; a payment and its application per paid
 * or partly paid invoice. Deterministic (setseed) so runs compare.
 */
import { BUSINESS_KINDS as KINDS, BUSINESS_WORDS as WORDS } from "@recoup/sandbox-quickbooks";
import pg from "pg";

export const GENERATED = [
  { companies: 3, invoices: 200_000, customers: 20_000 },
  { companies: 30, invoices: 10_000, customers: 1_000 },
];

const array = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(",")}]`;

/** A customer's name, currency and email flag from its number alone, so invoices agree with it. */
const customerFields = (i: string) => `
  (${array(WORDS)})[1 + (${i}::bigint * 2654435761 % 4294967296) % ${WORDS.length}] || ' '
    || (${array(KINDS)})[1 + (${i}::bigint * 2654435761 % 4294967296 / ${WORDS.length}) % ${KINDS.length}]
    || ' ' || ${i} as name,
  case when (${i}::bigint * 40503 % 100) < 90 then 'USD' when (${i}::bigint * 40503 % 100) < 95 then 'CAD'
    when (${i}::bigint * 40503 % 100) < 98 then 'EUR' else 'GBP' end as currency,
  (${i}::bigint * 69069 % 100) < 85 as has_email`;

export async function generateCompanies(
  databaseUrl: string,
  scale = 1,
): Promise<{ invoices: number; seconds: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = performance.now();
  const specs = GENERATED.flatMap((g, gi) =>
    Array.from(
      { length: g.companies },
      (_, j) => `(${gi * 100 + j + 1}, ${Math.ceil(g.invoices * scale)}, ${Math.ceil(g.customers * scale)})`,
    ),
  );
  try {
    await client.query("select setseed(0.42)");
    await client.query(`
      create temp table gen_co as
      select gen_random_uuid() as id, n, invoices, customers, (9341452100000000 + n)::text as realm
      from (values ${specs.join(",")}) v(n, invoices, customers)`);
    await client.query(`
      insert into companies (id, name, type, size, avg_invoices)
      select id, 'Generated Co ' || n, 'LLC', '11-50', invoices / 36 from gen_co;
      insert into qbo_connections (company_id, realm_id, status, cdc_cursor, last_sync_at)
      select id, realm, 'connected', now(), now() from gen_co`);
    await client.query(`
      insert into customers (company_id, realm_id, qb_id, sync_token, qb_updated_at, display_name, company_name,
        email, phone, currency, balance_cents, active)
      select c.id, c.realm, i::text, '0', now() - (i % 1000) * interval '1 day', f.name, f.name,
        case when f.has_email then 'billing@' || lower(replace(f.name, ' ', '-')) || '.example.com' end,
        '(555) 555-' || lpad((i % 10000)::text, 4, '0'), f.currency, 0, true
      from gen_co c cross join lateral generate_series(1, c.customers) i
        cross join lateral (select ${customerFields("i")}) f`);
    // One row per invoice; the draws are made once in the inner query (offset 0 keeps it apart).
    await client.query(`
      create temp table gen_inv as
      select company_id, realm, i, cust, state, term, txn, total,
        case state when 0 then total when 2 then total - greatest(1, round(total * (0.2 + 0.6 * r4))::bigint)
          else 0 end as balance,
        least(current_date, txn + floor(r4 * (term + 20))::int) as paid_on
      from (
        select company_id, realm, i, r4, 1 + floor(r1 * customers)::int as cust, state,
          (array[0, 15, 30, 30, 45, 60])[1 + floor(r2 * 6)::int] as term,
          case when state in (0, 2) then current_date - floor(r3 * 210)::int
            else current_date - 1 - floor(r3 * 1095)::int end as txn,
          5000 + floor(r5 * r5 * 500000)::bigint as total
        from (
          select c.id as company_id, c.realm, c.customers, i, random() as r1, random() as r2, random() as r3,
            random() as r4, random() as r5,
            (array[1, 2, 3, 0])[1 + width_bucket(random(), array[0.55, 0.58, 0.59]::float8[])] as state
          from gen_co c cross join lateral generate_series(1, c.invoices) i
          offset 0
        ) draws
      ) drawn`);
    await client.query(`
      insert into invoices (company_id, realm_id, qb_id, sync_token, qb_updated_at, doc_number, customer_qb_id,
        customer_name, txn_date, due_date, currency, total_cents, balance_cents, email, voided, exchange_rate)
      select g.company_id, g.realm, g.i::text, '1', g.txn + interval '9 hours', (1000 + g.i)::text, g.cust::text,
        f.name, g.txn, g.txn + g.term, f.currency, g.total, g.balance,
        case when f.has_email then 'billing@' || lower(replace(f.name, ' ', '-')) || '.example.com' end,
        g.state = 3,
        case f.currency when 'CAD' then 0.74 when 'EUR' then 1.08 when 'GBP' then 1.27 end
      from gen_inv g cross join lateral (select ${customerFields("g.cust")}) f
      order by g.company_id, g.i`);
    await client.query(`
      insert into payments (company_id, realm_id, qb_id, sync_token, qb_updated_at, customer_qb_id, txn_date,
        currency, total_cents, unapplied_cents, exchange_rate)
      select g.company_id, g.realm, (1000000 + g.i)::text, '0', g.paid_on + interval '15 hours', g.cust::text,
        g.paid_on, f.currency, g.total - g.balance, 0,
        case f.currency when 'CAD' then 0.74 when 'EUR' then 1.08 when 'GBP' then 1.27 end
      from gen_inv g cross join lateral (select ${customerFields("g.cust")}) f
      where g.state in (1, 2)
      order by g.company_id, g.i;
      insert into payment_applications (company_id, source_type, source_qb_id, invoice_qb_id, amount_cents, line)
      select company_id, 'Payment', (1000000 + i)::text, i::text, total - balance, 0
      from gen_inv where state in (1, 2)`);
    await client.query(`
      update customers c set balance_cents = o.open
      from (select company_id, customer_qb_id, sum(balance_cents) as open from invoices
            where company_id in (select id from gen_co) and balance_cents > 0 group by 1, 2) o
      where c.company_id = o.company_id and c.qb_id = o.customer_qb_id`);
    const { rows } = await client.query("select count(*)::int as n from gen_inv");
    return { invoices: rows[0].n as number, seconds: +((performance.now() - t0) / 1000).toFixed(1) };
  } finally {
    await client.end();
  }
}

/** A customer's reminders of one planning run as one email (decision 0021): the planner's grouping. */

/**
 * Gives the decisions of each customer with several a shared group: the lowest of their ids, and
 * the Message-ID made from it (so a send repeated after a crash is the same email). A group holds
 * at most `most` invoices (a send job's); a bigger customer's are cut into several. Answers the
 * decisions with their groups, each group's together, and the groups as lists of ids.
 */
export function combineDecisions<T extends { id: string; customerRef: string; messageId: string }>(
  rows: readonly T[],
  messageIdOf: (groupId: string) => string,
  most: number,
): { rows: (T & { groupId: string | null; messageId: string })[]; groups: string[][] } {
  const byCustomer = new Map<string, T[]>();
  for (const r of rows) {
    const list = byCustomer.get(r.customerRef);
    if (list) list.push(r);
    else byCustomer.set(r.customerRef, [r]);
  }
  const out: (T & { groupId: string | null; messageId: string })[] = [];
  const groups: string[][] = [];
  for (const all of byCustomer.values()) {
    for (let i = 0; i < all.length; i += most) {
      const part = all.slice(i, i + most);
      const groupId = part.length > 1 ? part.map((r) => r.id).sort()[0]! : null;
      const messageId = groupId ? messageIdOf(groupId) : null;
      for (const r of part) out.push({ ...r, groupId, messageId: messageId ?? r.messageId });
      groups.push(part.map((r) => r.id));
    }
  }
  return { rows: out, groups };
}

/** How many emails reminders for these customers make when combined: one per customer, `most` invoices each at most. */
export function combinedEmails(customerRefs: readonly string[], most: number): number {
  const per = new Map<string, number>();
  for (const c of customerRefs) per.set(c, (per.get(c) ?? 0) + 1);
  let emails = 0;
  for (const n of per.values()) emails += Math.ceil(n / most);
  return emails;
}

/**
 * What the contacts specs share: the sample company's customers as the QuickBooks sandbox holds
 * them (their addresses), and the customers they need: one with two addresses and a balance, one
 * owing money with no address at all.
 */
import { sandboxQuery } from "./collections-helpers.ts";

export interface SandboxCustomer {
  Id: string;
  DisplayName: string;
  PrimaryEmailAddr?: { Address: string };
}

interface SandboxOpenInvoice {
  CustomerRef: { value: string };
  Balance: number;
  BillEmail?: { Address: string };
}

/** The customer's addresses in QuickBooks, as Recoup keeps them (lowercase). */
export const addressesOf = (c: SandboxCustomer) =>
  (c.PrimaryEmailAddr?.Address ?? "")
    .split(",")
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);

/** A customer with two addresses and a balance, and one with a balance that reminders cannot reach. */
export async function contactCustomers(realmId: string) {
  const customers =
    (
      await sandboxQuery<{ QueryResponse: { Customer?: SandboxCustomer[] } }>(
        realmId,
        "select * from Customer maxresults 1000",
      )
    ).QueryResponse.Customer ?? [];
  const open = (
    (
      await sandboxQuery<{ QueryResponse: { Invoice?: SandboxOpenInvoice[] } }>(
        realmId,
        "select * from Invoice startposition 1 maxresults 1000",
      )
    ).QueryResponse.Invoice ?? []
  ).filter((i) => i.Balance > 0);
  const owing = (c: SandboxCustomer) => open.some((i) => i.CustomerRef.value === c.Id);
  const twoAddresses = customers.filter((c) => owing(c) && addressesOf(c).length === 2);
  const unreachable = customers.filter(
    (c) =>
      owing(c) &&
      addressesOf(c).length === 0 &&
      !open.some((i) => i.CustomerRef.value === c.Id && i.BillEmail?.Address),
  );
  if (twoAddresses.length < 2 || unreachable.length < 2) throw new Error("the sample company has changed");
  return { twoAddresses, unreachable };
}

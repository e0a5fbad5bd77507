import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";

/**
 * Sending as the company (decision 0022): the address reminders come From once its domain is
 * verified, and the DKIM key that signs them (generated in Recoup or pasted; the private key rests
 * sealed, AES-256-GCM under ENCRYPTION_KEY). `verifiedAt`: when 'Check DNS' last found the DKIM
 * record published with this key; cleared when the key or address changes.
 */
export const companySending = pgTable("company_sending", {
  companyId: company().primaryKey(),
  address: text().notNull(),
  domain: text().notNull(),
  selector: text().notNull(),
  privateKeySealed: text().notNull(),
  /** The DKIM record's `p=`: the public key, base64 DER (SubjectPublicKeyInfo). */
  publicKey: text().notNull(),
  verifiedAt: timestamp({ withTimezone: true }),
  checkedAt: timestamp({ withTimezone: true }),
  updatedAt: now(),
});

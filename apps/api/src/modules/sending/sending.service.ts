import * as contract from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import {
  checkSendingDns,
  type DkimKey,
  dkimRecordName,
  dkimRecordValue,
  generateDkimKey,
  readDkimKey,
  systemResolver,
  type TxtResolver,
} from "../../integrations/mail/dkim.ts";
import type { DkimSigning } from "../../integrations/mail/mailer.ts";
import { AppError } from "../../lib/errors.ts";
import { Sealer } from "../../lib/seal.ts";
import {
  deleteSending,
  findSending,
  markChecked,
  type SendingRow as Row,
  saveSendingRow,
} from "./sending.repository.ts";

let sealer: { key: string; sealer: Sealer } | undefined;
/** AES-256-GCM under ENCRYPTION_KEY (as QuickBooks' tokens and the mailbox password), its own purpose. */
function dkimSealer(ctx: AppContext) {
  if (sealer?.key !== ctx.config.encryptionKey)
    sealer = { key: ctx.config.encryptionKey, sealer: new Sealer(ctx.config.encryptionKey, "dkim-keys") };
  return sealer.sealer;
}

/** 'Check DNS' asks this resolver (node:dns/promises' resolveTxt); tests put their own. */
export const dns: { resolver: TxtResolver } = { resolver: systemResolver };

const view = (row: Row): contract.Sending => ({
  address: row.address,
  domain: row.domain,
  selector: row.selector,
  record: {
    name: dkimRecordName(row.selector, row.domain),
    type: "TXT",
    value: dkimRecordValue(row.publicKey),
  },
  verified: row.verifiedAt !== null,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
  checkedAt: row.checkedAt?.toISOString() ?? null,
});

const find = (ctx: AppContext, companyId: string) => findSending(ctx.db, companyId);

export async function sendingStatus(ctx: AppContext, companyId: string) {
  const row = await find(ctx, companyId);
  return { sending: row ? view(row) : null };
}

/**
 * Saves the address to send from and its DKIM key: the one pasted, else the domain's key kept
 * (same domain and selector), else a new one. Verified again only by 'Check DNS', unless the
 * domain, selector and key are what was verified.
 */
export async function saveSending(
  ctx: AppContext,
  companyId: string,
  req: { address: string; selector: string; privateKey?: string | undefined },
) {
  const domain = req.address.split("@")[1]!.toLowerCase();
  const selector = req.selector.toLowerCase();
  const old = await find(ctx, companyId);
  let key: DkimKey | { publicKey: string; sealed: string };
  if (req.privateKey) {
    try {
      key = readDkimKey(req.privateKey);
    } catch (error) {
      throw new AppError(
        400,
        contract.errorCodes.badRequest,
        error instanceof Error && /DKIM/.test(error.message)
          ? error.message
          : "That is not a private key in PEM form (-----BEGIN PRIVATE KEY----- …).",
      );
    }
  } else if (old && old.domain === domain && old.selector === selector) {
    key = { publicKey: old.publicKey, sealed: old.privateKeySealed };
  } else key = generateDkimKey();
  const sealed = "sealed" in key ? key.sealed : dkimSealer(ctx).seal(key.privateKey);
  const same = old && old.domain === domain && old.selector === selector && old.publicKey === key.publicKey;
  const row = {
    companyId,
    address: req.address,
    domain,
    selector,
    privateKeySealed: sealed,
    publicKey: key.publicKey,
    verifiedAt: same ? old.verifiedAt : null,
    checkedAt: same ? old.checkedAt : null,
  };
  await saveSendingRow(ctx.db, row);
  return sendingStatus(ctx, companyId);
}

export async function removeSending(ctx: AppContext, companyId: string) {
  await deleteSending(ctx.db, companyId);
}

/** Reads SPF, DKIM and DMARC; the domain is verified while its DKIM record carries this key. */
export async function checkDns(ctx: AppContext, companyId: string) {
  const row = await find(ctx, companyId);
  if (!row) throw new AppError(404, contract.errorCodes.notFound, "Set the address to send from first.");
  let result: Awaited<ReturnType<typeof checkSendingDns>>;
  try {
    result = await checkSendingDns(dns.resolver, row.domain, row.selector, row.publicKey);
  } catch (error) {
    throw new AppError(
      502,
      contract.errorCodes.badRequest,
      `DNS could not be read for ${row.domain} (${(error as { code?: string }).code ?? "error"}). Try again.`,
    );
  }
  const now = ctx.now();
  const verifiedAt = result.dkim.state === "ok" ? (row.verifiedAt ?? now) : null;
  await markChecked(ctx.db, companyId, verifiedAt, now);
  const missing = [result.spf, result.dkim, result.dmarc].filter((r) => r.state !== "ok").map((r) => r.note);
  return { sending: view({ ...row, verifiedAt, checkedAt: now }), dns: result, missing };
}

/** How the company's emails go out when its domain is verified: From its address, signed. */
export async function sendingAs(
  ctx: AppContext,
  companyId: string,
): Promise<{ address: string; domain: string; dkim: DkimSigning } | undefined> {
  const row = await find(ctx, companyId);
  if (!row?.verifiedAt) return undefined;
  return {
    address: row.address,
    domain: row.domain,
    dkim: {
      domainName: row.domain,
      keySelector: row.selector,
      privateKey: dkimSealer(ctx).open<string>(row.privateKeySealed),
    },
  };
}

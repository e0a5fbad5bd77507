import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";

/** A company's reminder settings (the stored row's defaults when there is none); 404 for no company. */
export async function loadSettings(ctx: AppContext, companyId: string) {
  const row = await settingsRepo.findSettings(ctx.db, companyId);
  if (!row) throw notFound("Company not found.");
  return row;
}

import { type ThreadState, threadStateLabels } from "@recoup/contracts";

import { formatDate } from "@/lib/format";

/** 'Away until Dec 2, 2026' for an away customer; the state's own label otherwise ('Reply waiting'…). */
export function threadStateText(state: ThreadState, awayUntil: string | null, locale?: string) {
  return state === "away" && awayUntil
    ? `Away until ${formatDate(awayUntil, { locale })}`
    : threadStateLabels[state];
}

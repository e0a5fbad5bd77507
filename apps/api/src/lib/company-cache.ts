import { LRUCache } from "lru-cache";

/**
 * Figures computed from a company's synced records (list totals, customer and aging pages, the
 * dashboard's aggregates), kept per company and data version. The version lives in the database
 * and goes up in the same transaction as every change (`touchCompanyData`), so an entry is never
 * served after the change it predates is visible, whichever process made it. Entries hold the
 * promise, so concurrent identical requests share one computation; a failure is not kept.
 */
export class CompanyCache {
  readonly #entries = new LRUCache<string, Promise<unknown>>({ max: 2_000, ttl: 15 * 60_000 });

  get<T>(
    scope: { companyId: string; dataVersion: number },
    key: string,
    compute: () => Promise<T>,
  ): Promise<T> {
    const full = `${scope.companyId}|${scope.dataVersion}|${key}`;
    const found = this.#entries.get(full) as Promise<T> | undefined;
    if (found) return found;
    const made = compute();
    this.#entries.set(full, made);
    made.catch(() => {
      if (this.#entries.get(full) === made) this.#entries.delete(full);
    });
    return made;
  }

  clear() {
    this.#entries.clear();
  }
}

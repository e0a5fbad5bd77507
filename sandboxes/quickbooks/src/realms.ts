/**
 * The companies (realms) with Accounting API data: the seeded sample company for each company on
 * the consent page, plus any created for tests (a large one for benchmarks, an empty one).
 */
import { CompanyStore } from "./accounting/store.ts";
import type { CompanyRegistry, SampleCompany } from "./companies.ts";
import { Clock, companyInfo } from "./data/common.ts";
import { generateLargeCompany, type LargeCompanySize } from "./data/large.ts";
import { generateSampleCompany } from "./data/sample.ts";

export type CompanyData = "sample" | "large" | "empty";

export interface CompanySpec {
  /** Default: the next free id after the built-in ones. */
  realmId?: string;
  /** Shown on the consent page and in CompanyInfo. */
  name?: string;
  /** Default "sample". */
  data?: CompanyData;
  /** Default: the sandbox's seed. */
  seed?: number;
  /** For "large": default 10,000 customers, 100,000 invoices, 60,000 payments. */
  size?: Partial<LargeCompanySize>;
}

export interface Realm {
  company: SampleCompany;
  data: CompanyData;
  seed: number;
  size?: Partial<LargeCompanySize>;
  store: CompanyStore;
  /** How long the data took to generate (ms). */
  generatedMs: number;
}

const REALM_ID = /^[0-9A-Za-z_-]{1,40}$/;

export class RealmRegistry {
  readonly #realms = new Map<string, Realm>();

  constructor(
    readonly companies: CompanyRegistry,
    /** Default seed and the fixed "now" the generated data is relative to. */
    readonly defaults: { seed: number; dataNow: number },
  ) {}

  list(): Realm[] {
    return [...this.#realms.values()];
  }

  get(realmId: string): Realm | undefined {
    return this.#realms.get(realmId);
  }

  #nextRealmId(): string {
    let n = 9341452000000100n;
    while (this.companies.get(String(n)) || this.#realms.has(String(n))) n++;
    return String(n);
  }

  /** Creates (or replaces) a company and registers it for the consent page. */
  create(spec: CompanySpec = {}): Realm {
    const realmId = spec.realmId ?? this.#nextRealmId();
    if (!REALM_ID.test(realmId)) throw new Error("realmId must be 1-40 letters, digits, '-' or '_'");
    const existing = this.companies.get(realmId);
    const company: SampleCompany = {
      realmId,
      name: spec.name ?? existing?.name ?? `Sandbox Company ${realmId.slice(-4)}`,
      country: existing?.country ?? "US",
      currency: existing?.currency ?? "USD",
    };
    this.companies.add(company);
    const realm: Realm = {
      company,
      data: spec.data ?? "sample",
      seed: spec.seed ?? this.defaults.seed,
      ...(spec.size ? { size: spec.size } : {}),
      store: new CompanyStore(
        companyInfo(
          { realmId, name: company.name, now: this.defaults.dataNow },
          new Clock(this.defaults.dataNow),
        ),
      ),
      generatedMs: 0,
    };
    this.#generate(realm);
    this.#realms.set(realmId, realm);
    return realm;
  }

  /** Back to the seeded data (same seed and "now", so the same data). */
  reset(realmId: string): Realm | undefined {
    const realm = this.#realms.get(realmId);
    if (realm) this.#generate(realm);
    return realm;
  }

  #generate(realm: Realm): void {
    const started = performance.now();
    const options = {
      realmId: realm.company.realmId,
      name: realm.company.name,
      seed: realm.seed,
      now: this.defaults.dataNow,
      currency: realm.company.currency,
    };
    const clock = new Clock(this.defaults.dataNow);
    realm.store =
      realm.data === "large"
        ? generateLargeCompany({ ...options, ...realm.size })
        : realm.data === "sample"
          ? generateSampleCompany(options)
          : new CompanyStore(companyInfo(options, clock));
    realm.generatedMs = performance.now() - started;
  }
}

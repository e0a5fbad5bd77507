/**
 * The sample QuickBooks companies (realms) a person can connect on the consent page. Only their
 * identity lives here for now; the Accounting API data is seeded on top of this registry.
 */
export interface SampleCompany {
  realmId: string;
  name: string;
  country: string;
  currency: string;
}

export const SAMPLE_COMPANIES: readonly SampleCompany[] = [
  { realmId: "9341452000000001", name: "Sandbox Company US 1", country: "US", currency: "USD" },
  { realmId: "9341452000000002", name: "Sandbox Company US 2", country: "US", currency: "USD" },
];

export class CompanyRegistry {
  readonly #companies = new Map<string, SampleCompany>();

  constructor(companies: readonly SampleCompany[] = SAMPLE_COMPANIES) {
    for (const company of companies) this.#companies.set(company.realmId, company);
  }

  list(): SampleCompany[] {
    return [...this.#companies.values()];
  }

  get(realmId: string): SampleCompany | undefined {
    return this.#companies.get(realmId);
  }

  add(company: SampleCompany): void {
    this.#companies.set(company.realmId, company);
  }
}

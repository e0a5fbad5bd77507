export const ACCOUNTING_SCOPE = "com.intuit.quickbooks.accounting";

/** Scopes Intuit knows (intuit-oauth's OAuthClient.scopes), with the consent-page wording. */
export const SCOPES: Record<string, string> = {
  [ACCOUNTING_SCOPE]: "Manage your QuickBooks company data: customers, invoices, payments and more",
  "com.intuit.quickbooks.payment": "Process payments in your QuickBooks company",
  "com.intuit.quickbooks.payroll": "Access your QuickBooks Payroll data",
  "com.intuit.quickbooks.payroll.timetracking": "Access your payroll time tracking data",
  "com.intuit.quickbooks.payroll.benefits": "Access your payroll benefits data",
  openid: "Sign you in with your Intuit account",
  profile: "See your name",
  email: "See your email address",
  phone: "See your phone number",
  address: "See your address",
  intuit_name: "See your Intuit user name",
};

export function parseScopes(value: string | null | undefined): string[] {
  return [...new Set((value ?? "").split(/\s+/).filter(Boolean))];
}

/**
 * Statements of account as the rest of the app sees them: the actions on Customer Details and the
 * monthly setting on Email Templates. It imports no other feature.
 */
export { MonthlyStatementsCard } from "@/features/statements/components/monthly-statements-card";
export { StatementActions } from "@/features/statements/components/statement-actions";

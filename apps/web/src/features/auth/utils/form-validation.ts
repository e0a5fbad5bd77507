/**
 * What the auth forms validate with: the contracts' schemas (schemas.ts), zod and the resolver.
 * Import it only through lazy-resolver.ts, so /login's first load does without them.
 */
export { zodResolver } from "@hookform/resolvers/zod";
export * from "@/features/auth/utils/schemas";

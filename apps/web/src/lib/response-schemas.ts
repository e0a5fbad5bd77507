/**
 * The contracts' answer schemas the sign-in path parses with, loaded on first use (a dynamic
 * import), so zod is not part of /login's first load. Import this module only with `import()`.
 */
export {
  loginResponseSchema,
  loginResultSchema,
  messageResponseSchema,
  userDetailsResponseSchema,
  verifyEmailCheckResponseSchema,
} from "@recoup/contracts";

import { errorAnswers } from "../../lib/route-schemas.ts";

/** The error answers every collections read can give (bad query, signed out, another company's, not found). */
export const collectionErrors = errorAnswers(400, 401, 403, 404);

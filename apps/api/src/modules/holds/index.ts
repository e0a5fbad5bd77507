export { type DisputeRow, openDispute, openDisputes, resolveDispute } from "./disputes.repository.ts";
export { type Holds, holdBadges, holdDetails, holdsOn, inForce, promiseDateProblem } from "./holds.ts";
export {
  endPromises,
  markMissed,
  openPromises,
  type PromiseRow,
  recordPromises,
} from "./promises.repository.ts";

export {
  activePauses,
  customerPauses,
  deletePause,
  liftReplyPause,
  type PauseRow,
  type PauseScope,
  pauseFor,
  upsertPause,
} from "./pauses.repository.ts";

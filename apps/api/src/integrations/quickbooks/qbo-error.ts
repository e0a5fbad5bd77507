/** Intuit's answer when a call fails: status, Fault type and code, and the message to log. */
export class QboError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly intuitTid?: string,
  ) {
    super(message);
  }
  get isAuth() {
    return this.status === 401;
  }
}

/**
 * A start that cannot go on: `what` failed, and `todo` is what the operator can do about it. main.ts
 * prints both and exits with code 1 (so a supervisor's restart loop shows why in its log).
 */
export class StartFailure extends Error {
  constructor(
    readonly what: string,
    readonly todo: string,
  ) {
    super(what);
    this.name = 'StartFailure';
  }
}

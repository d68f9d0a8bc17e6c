import type { Prisma } from "./client";
import {
  admissionsOneAtATime,
  admitUsageCall,
  usageAdmissionFrom,
  type AdmissionRow,
  type UsageAdmission,
  type UsageAdmissionRequest,
  type UsageRefusal,
} from "./usage-admission";

/**
 * A message's usage admission made by the statement that starts its run (PostgresStore
 * `admitAtNextRunStart`, `createRunAndRead`) instead of by a round trip and a commit of its own
 * before it: the statement admits first and starts the run only when admitted; a run start that
 * finds another run active (the message is then queued) keeps the admission, as a queued message
 * is counted. A refusal throws `refusal(outcome)` out of the run's start, so the request fails as
 * `admitRun` would have failed it, before a run exists.
 *
 * Lock order: the month row (admission), then the store row (the run's start). No statement takes
 * them the other way round: the run's end and the message appends lock the store row and never the
 * month; the grouped event appends lock conversation rows, then the month, never the store row.
 */
export class RunStartAdmission {
  /** The admission as the run's start made it; null when none was made (`cancel`, or the statement failed: nothing was written). */
  readonly outcome: Promise<UsageAdmission | null>;
  private resolve!: (outcome: UsageAdmission | null) => void;
  /** Until the start made it or it was cancelled: the store's next start makes it only then. */
  private waiting = true;

  constructor(
    private readonly request: UsageAdmissionRequest,
    private readonly refusal: (outcome: UsageRefusal) => Error,
  ) {
    this.outcome = new Promise((resolve) => (this.resolve = resolve));
  }

  get pending(): boolean {
    return this.waiting;
  }

  /** No run start is coming (the work ended before it): no admission. Nothing once the start ran. */
  cancel(): void {
    this.settle(null);
  }

  /**
   * Runs the run's start with the admission in it, one admission of the organization at a time in
   * this process (as `admitUsage`). `start(admit)` selects `admit` as "admission".
   */
  async withStart<T extends { admission: AdmissionRow }>(start: (admit: Prisma.Sql) => Promise<T>): Promise<T> {
    try {
      const row = await admissionsOneAtATime(this.request.organizationId, () => start(admitUsageCall(this.request)));
      const outcome = usageAdmissionFrom(row.admission);
      this.settle(outcome);
      if (!outcome.admitted) throw this.refusal(outcome);
      return row;
    } finally {
      this.settle(null);
    }
  }

  private settle(outcome: UsageAdmission | null) {
    if (!this.waiting) return;
    this.waiting = false;
    this.resolve(outcome);
  }
}

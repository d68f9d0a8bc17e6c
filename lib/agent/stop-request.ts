/**
 * The reason a person's Stop gives the run's AbortSignal: how many characters of the streaming
 * answer they were shown (their view froze at the click, the model streamed on until the stop
 * landed). finishAborted keeps that much of the partial answer.
 */
export class StopRequest {
  constructor(readonly shownChars?: number) {}
}

/** The characters shown, when the signal was aborted by a StopRequest that says. */
export const shownCharsOf = (signal: AbortSignal): number | undefined =>
  signal.reason instanceof StopRequest ? signal.reason.shownChars : undefined;

/**
 * A refusal the player (or the frame) should see: HTTP status, a stable code and an English message.
 * Every studio error answer is `{ error: { code, message } }`.
 */
export class StudioError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

export const errorBody = (code: string, message: string) => ({ error: { code, message } });

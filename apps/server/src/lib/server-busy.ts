import { AppError } from './app-error';

/**
 * 503 SERVER_BUSY: the request was refused so that the ones let in stay fast (load shedding, a full
 * password-hashing queue). The message names the wait in seconds; value.retryAfterSeconds carries
 * it for clients, and the load plugin copies it into the Retry-After header.
 */
export const serverBusy = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(503, 'SERVER_BUSY', { seconds }, { retryAfterSeconds: seconds });
};

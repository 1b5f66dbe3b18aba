/**
 * The client's id for one money action (a withdrawal, a transfer): made once per attempt and sent
 * again on a retry, so a retry finds the first transfer instead of moving money twice
 * (DESIGN: "the client owns the id of a transfer"). crypto.randomUUID needs a secure context, so
 * plain-HTTP deployments fall back to getRandomValues.
 */
export function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

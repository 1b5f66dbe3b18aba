/** Calls the server's API directly (setting up data a browser test then uses), unwrapping the envelope. */
export async function callApi<T = unknown>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? { lang: 'en' } : { lang: 'en', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await response.json()) as { success: boolean; code: string; message: string; value: T };
  if (!response.ok || !envelope.success) {
    throw new Error(
      `${init.method ?? 'GET'} ${path}: ${response.status} ${envelope.code} ${envelope.message}`,
    );
  }
  return envelope.value;
}

/** The last code the sandbox SMS provider "sent" to a national number (development outbox). */
export async function lastSmsCode(baseUrl: string, mobile: string): Promise<string> {
  const sms = await callApi<{ body: string } | null>(baseUrl, `/dev/sms-outbox?mobile=${mobile}`);
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code for ${mobile}: ${JSON.stringify(sms)}`);
  return code;
}

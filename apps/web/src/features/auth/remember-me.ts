/**
 * "Remember me" keeps only the USERNAME, in a cookie for one day (spec section 9: 86 400 000 ms).
 * Never the password: a shared phone must not hand the account to the next person.
 */
const cookieName = 'rememberedUsername';
const oneDaySeconds = 86_400;

export function readRememberedUsername(): string {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${cookieName}=`));
  if (!entry) return '';
  try {
    return decodeURIComponent(entry.slice(cookieName.length + 1));
  } catch {
    return '';
  }
}

export function rememberUsername(username: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phone browsers.
  document.cookie = username
    ? `${cookieName}=${encodeURIComponent(username)}; Max-Age=${oneDaySeconds}; Path=/; SameSite=Lax${secure}`
    : `${cookieName}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

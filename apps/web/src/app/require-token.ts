import { redirect } from 'react-router';
import { getSession } from '../lib/session-store';

/** Route loader for pages that need a session token (spec sections 2 and 6): without one, /login. */
export function requireToken() {
  return getSession().token ? null : redirect('/login');
}

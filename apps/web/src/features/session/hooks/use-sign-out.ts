import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '../../../lib/session-store';
import { useApi } from '../../../lib/use-api';

/**
 * Sign out (spec section 4): the server ends the session, this tab forgets it (session storage
 * cleared, merchant kept), cached member data is dropped, and the person lands on `redirectTo`.
 * A failed call still signs out here: the person asked to leave.
 */
export function useSignOut(redirectTo: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await api('/wps/session/logout', { method: 'DELETE' });
    } catch {
      // The session ends here anyway; the server's own timeout ends it there.
    }
    endSession();
    queryClient.removeQueries({ queryKey: ['member-info'] });
    setSigningOut(false);
    navigate(redirectTo);
  };
  return { signOut, signingOut };
}

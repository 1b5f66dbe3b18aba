import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAuthDialogs } from '../features/auth/auth-dialogs-context';
import { AuthDialogsProvider } from '../features/auth/components/auth-dialogs';
import { TrialPromptProvider } from '../features/session/components/trial-prompt';

/**
 * Above both route trees (player and agent): the sign-in popups and the trial prompt, which any
 * page may open. Features meet here: the trial prompt's "Register" opens the auth feature's popup.
 */
export function AppRoot() {
  return (
    <AuthDialogsProvider>
      <TrialGate>
        <Outlet />
      </TrialGate>
    </AuthDialogsProvider>
  );
}

function TrialGate({ children }: { children: ReactNode }) {
  const { openRegister } = useAuthDialogs();
  return <TrialPromptProvider onRegister={openRegister}>{children}</TrialPromptProvider>;
}

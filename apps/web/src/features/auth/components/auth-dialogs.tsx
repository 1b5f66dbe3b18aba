import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession, passwordChanged, startSession, useSessionSnapshot } from '../../../lib/session-store';
import { storageKeys, writeStored } from '../../../lib/storage-keys';
import { useApi } from '../../../lib/use-api';
import type { LoginContext, LoginValue, SecondVerificationChallenge } from '../api/types';
import { type AuthDialogs, AuthDialogsContext } from '../auth-dialogs-context';

// The popups (and the form checks and payload sealing they carry) load when one is first opened,
// so the first page of a guest who never signs in does not download them.
const LoginDialog = lazy(async () => ({ default: (await import('./login-dialog')).LoginDialog }));
const RegisterDialog = lazy(async () => ({ default: (await import('./register-dialog')).RegisterDialog }));
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./forgot-password-dialog')).ForgotPasswordDialog,
}));
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('./change-password-dialog')).ChangePasswordDialog,
}));
const SecondVerificationDialog = lazy(async () => ({
  default: (await import('./second-verification-dialog')).SecondVerificationDialog,
}));

type Open =
  | { kind: 'login' }
  | { kind: 'register' }
  | { kind: 'forgot' }
  | { kind: 'changePassword' }
  | { kind: 'secondVerification'; challenge: SecondVerificationChallenge; context: LoginContext }
  | null;

/** Pages that exist only to open a popup: closing the popup leaves them for the home page. */
const popupRoutes = ['/login', '/register'];

/**
 * Owns the sign-in popups (login, register, forgot password, change password, second verification)
 * and what happens after a login (spec section 4): store the token, then either the forced password
 * change, or close and stay (the agent page goes on to /agentHome).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  const session = useSessionSnapshot();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const api = useApi();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const loginFrom = useRef<LoginContext['from']>('member');

  const leavePopupRoute = useCallback(() => {
    if (popupRoutes.includes(pathname.current)) navigate('/', { replace: true });
  }, [navigate]);

  const close = useCallback(() => {
    setOpen(null);
    leavePopupRoute();
  }, [leavePopupRoute]);

  const afterSignedIn = useCallback(
    (from: LoginContext['from']) => {
      if (from === 'agent') navigate('/agentHome');
      else leavePopupRoute();
    },
    [navigate, leavePopupRoute],
  );

  const completeLogin = useCallback(
    (value: LoginValue, context: LoginContext) => {
      // Spec section 4: an expired (or default) password must be changed first, except after an
      // SMS login, where the member proved who they are without it.
      const mustChange = value.passwordExpired && context.type !== 'sms';
      // Spec section 4: the first-login action. Popup announcements for first-time members (F) read it.
      if (value.firstTimeLogin) writeStored(sessionStorage, storageKeys.firstTimeLogin, '1');
      startSession(value.token, { passwordChangeRequired: mustChange });
      loginFrom.current = context.from;
      void queryClient.invalidateQueries();
      setOpen(null);
      if (!mustChange) afterSignedIn(context.from);
    },
    [queryClient, afterSignedIn],
  );

  const dialogs = useMemo<AuthDialogs>(
    () => ({
      openLogin: () => setOpen({ kind: 'login' }),
      openRegister: () => setOpen({ kind: 'register' }),
      openForgotPassword: () => setOpen({ kind: 'forgot' }),
      openChangePassword: () => setOpen({ kind: 'changePassword' }),
      close,
      completeLogin,
      startSecondVerification: (challenge, context) =>
        setOpen({ kind: 'secondVerification', challenge, context }),
    }),
    [close, completeLogin],
  );

  const onPasswordChanged = () => {
    passwordChanged();
    void queryClient.invalidateQueries();
    setOpen(null);
    // Spec section 4: after a password change, refresh the member and go home.
    const onAgentPages = pathname.current.startsWith('/agent') || loginFrom.current === 'agent';
    navigate(onAgentPages ? '/agentHome' : '/');
  };

  const signOutInstead = async () => {
    await api('/wps/session/logout', { method: 'DELETE' }).catch(() => undefined);
    endSession();
    queryClient.removeQueries();
    navigate(pathname.current.startsWith('/agent') ? '/agent' : '/');
  };

  const forced = Boolean(session.token && session.passwordChangeRequired);

  return (
    <AuthDialogsContext.Provider value={dialogs}>
      {children}
      <Suspense fallback={null}>
        {forced ? (
          <ChangePasswordDialog
            forced
            onClose={() => {}}
            onChanged={onPasswordChanged}
            onSignOut={signOutInstead}
          />
        ) : (
          <>
            {open?.kind === 'login' && <LoginDialog onClose={close} />}
            {open?.kind === 'register' && (
              <RegisterDialog
                onClose={close}
                onRegistered={(value) => {
                  completeLogin(value, { type: 'username', from: 'member' });
                  // Spec section 4: after registering, the popup closes and the player goes to /.
                  navigate('/');
                }}
              />
            )}
            {open?.kind === 'forgot' && <ForgotPasswordDialog onClose={close} />}
            {open?.kind === 'changePassword' && session.token && (
              <ChangePasswordDialog forced={false} onClose={close} onChanged={onPasswordChanged} />
            )}
            {open?.kind === 'secondVerification' && (
              <SecondVerificationDialog
                challenge={open.challenge}
                onClose={close}
                onVerified={(value) => completeLogin(value, open.context)}
                onRestart={() => setOpen(open.context.from === 'agent' ? null : { kind: 'login' })}
              />
            )}
          </>
        )}
      </Suspense>
    </AuthDialogsContext.Provider>
  );
}

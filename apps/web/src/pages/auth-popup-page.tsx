import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAuthDialogs } from '../features/auth/auth-dialogs-context';
import { useSession } from '../features/session/hooks/use-session';
import HomePage from './home-page';

/** /login and /register (spec section 2): the home page with the popup open over it. */
export function AuthPopupPage({ popup }: { popup: 'login' | 'register' }) {
  const { isLoggedIn } = useSession();
  const { openLogin, openRegister } = useAuthDialogs();
  useEffect(() => {
    if (isLoggedIn) return;
    if (popup === 'login') openLogin();
    else openRegister();
  }, [popup, isLoggedIn, openLogin, openRegister]);
  if (isLoggedIn) return <Navigate to="/" replace />;
  return <HomePage />;
}

export function LoginRoutePage() {
  return <AuthPopupPage popup="login" />;
}

export function RegisterRoutePage() {
  return <AuthPopupPage popup="register" />;
}

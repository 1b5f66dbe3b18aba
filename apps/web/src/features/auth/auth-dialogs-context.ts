import { createContext, useContext } from 'react';
import type { LoginContext, LoginValue, SecondVerificationChallenge } from './api/types';

export type AuthDialogs = {
  openLogin: () => void;
  openRegister: () => void;
  openForgotPassword: () => void;
  openChangePassword: () => void;
  close: () => void;
  /** Stores the login and decides what comes next (forced password change, agent centre, stay). */
  completeLogin: (value: LoginValue, context: LoginContext) => void;
  startSecondVerification: (challenge: SecondVerificationChallenge, context: LoginContext) => void;
};

export const AuthDialogsContext = createContext<AuthDialogs | null>(null);

export function useAuthDialogs(): AuthDialogs {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs needs <AuthDialogsProvider>');
  return value;
}

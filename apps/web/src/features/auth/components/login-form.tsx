import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Tabs } from '../../../components/ui/tabs';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useEncryptedApi } from '../../../lib/use-api';
import { useRegisterSettings, useWhitelabel } from '../api/settings';
import type { LoginFrom, LoginType, LoginValue, SecondVerificationChallenge } from '../api/types';
import { useAuthDialogs } from '../auth-dialogs-context';
import { useCaptcha } from '../hooks/use-captcha';
import { useSmsCode } from '../hooks/use-sms-code';
import { useHumanCheck } from '../human-check/use-human-check';
import { readRememberedUsername, rememberUsername } from '../remember-me';
import { errorValueOf, fieldErrorOf } from '../server-errors';
import { mobileError, mobileRuleOf, requiredError, smsCodeError } from '../validation';
import styles from './auth-forms.module.css';
import { CaptchaField } from './captcha-field';
import { MobileField, SmsCodeField } from './mobile-code-fields';
import { UnlockAccount } from './unlock-account';

type Props = {
  from: LoginFrom;
  /** Remember-me is offered on the player login only (spec section 6: not on the agent page). */
  showRememberMe?: boolean;
};

type Errors = Partial<Record<'username' | 'password' | 'mobile' | 'code' | 'captcha', string | null>>;

type HumanCheckFlag = { captchaRequired: boolean; image: boolean; unlock: boolean };

/**
 * Sign-in by username and password, or by mobile number and SMS code when the merchant enables
 * it. After a failure whose answer says so (spec section 4's captcha flag), each attempt first
 * solves a proof of work ("Verifying you are human…"); the image captcha appears too only where the
 * merchant asks for it. A locked account offers to unlock it with a code sent to the owner.
 */
export function LoginForm({ from, showRememberMe = false }: Props) {
  const { t } = useTranslation();
  const encryptedApi = useEncryptedApi();
  const dialogs = useAuthDialogs();
  const whitelabel = useWhitelabel().data;
  const registerSettings = useRegisterSettings().data;
  const captcha = useCaptcha();
  const humanCheck = useHumanCheck();
  const remembered = showRememberMe ? readRememberedUsername() : '';

  const [type, setType] = useState<LoginType>('username');
  const [username, setUsername] = useState(remembered);
  const [password, setPassword] = useState('');
  const sms = useSmsCode('login');
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [remember, setRemember] = useState(Boolean(remembered));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [unlockOffered, setUnlockOffered] = useState(false);
  // The sign-in a failure challenged: the server asks for proof of that account from here only, so
  // someone else signing in next on this browser is not asked to solve anything.
  const [challengedFor, setChallengedFor] = useState<string | null>(null);

  const smsEnabled = from === 'member' && Boolean(whitelabel?.SMS_LOGIN);
  const mobileRule = mobileRuleOf(registerSettings?.fields);
  const signInKey = `${type}:${(type === 'username' ? username : sms.mobile).trim().toLowerCase()}`;
  const challenged = challengedFor === signInKey;
  const captchaShown = captcha.shown && challenged;

  const validate = (): Errors => {
    const next: Errors =
      type === 'username'
        ? { username: requiredError(username, t), password: requiredError(password, t) }
        : { mobile: mobileError(sms.mobile, mobileRule, t), code: smsCodeError(sms.code, t) };
    if (captchaShown) next.captcha = requiredError(captchaAnswer, t);
    return next;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) return;
    setSubmitting(true);
    setUnlockOffered(false);
    const context = { type, from };
    const attempt = async (altcha: string | undefined) =>
      encryptedApi<LoginValue>('/wps/session/login', {
        method: 'POST',
        body: {
          username: type === 'username' ? username.trim() : sms.mobile.trim(),
          password: type === 'username' ? password : sms.code.trim(),
          type,
          loginFrom: from,
          ...(altcha ? { altcha } : {}),
          ...(captchaShown && captcha.captcha
            ? { captcha: captchaAnswer.trim(), captchaId: captcha.captcha.captchaId }
            : {}),
        },
      });
    const proving = humanCheck.required && challenged;
    try {
      let value: LoginValue;
      try {
        value = await attempt(proving ? await humanCheck.prove() : undefined);
      } catch (error) {
        // The server wants a proof this form did not know about (a failure elsewhere): solve, retry once.
        const wanted = error instanceof ApiError && error.code === 'CAPTCHA_REQUIRED';
        if (!wanted || proving || errorValueOf<HumanCheckFlag>(error).image) throw error;
        humanCheck.require();
        setChallengedFor(signInKey);
        value = await attempt(await humanCheck.prove());
      }
      if (showRememberMe && type === 'username') rememberUsername(remember ? username.trim() : null);
      dialogs.completeLogin(value, context);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SECOND_VERIFICATION_REQUIRED') {
        dialogs.startSecondVerification(error.value as SecondVerificationChallenge, context);
        return;
      }
      const flag = errorValueOf<HumanCheckFlag>(error);
      if (flag.captchaRequired) {
        humanCheck.require();
        setChallengedFor(signInKey);
      }
      // The image captcha is the merchant's optional extra, shown only when the server asks for it.
      if (flag.image || (flag.captchaRequired && whitelabel?.LOGIN_IMAGE_CAPTCHA)) {
        setCaptchaAnswer('');
        captcha.require();
      }
      if (error instanceof ApiError && error.code === 'ACCOUNT_LOCKED' && flag.unlock) setUnlockOffered(true);
      const field = fieldErrorOf(error);
      if (field && ['username', 'password', 'captcha'].includes(field.field)) {
        setErrors({ [field.field]: field.message });
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const tabs = [
    { id: 'username' as const, label: t('auth.login.byPassword') },
    ...(smsEnabled ? [{ id: 'sms' as const, label: t('auth.login.bySms') }] : []),
  ];

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Tabs
        label={t('auth.login.method')}
        tabs={tabs}
        value={type}
        onChange={(next) => {
          setType(next);
          setErrors({});
          setFormError(null);
        }}
      >
        <div className={styles.fields}>
          {type === 'username' ? (
            <>
              <TextField
                label={t('auth.fields.username')}
                value={username}
                onChange={setUsername}
                error={errors.username}
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={64}
                data-autofocus={username ? undefined : true}
              />
              <PasswordField
                label={t('auth.fields.password')}
                value={password}
                onChange={setPassword}
                error={errors.password}
                autoComplete="current-password"
                maxLength={128}
                data-autofocus={username ? true : undefined}
              />
            </>
          ) : (
            <>
              <MobileField
                value={sms.mobile}
                onChange={sms.setMobile}
                error={errors.mobile}
                rule={mobileRule}
              />
              <SmsCodeField
                sms={sms}
                error={errors.code}
                rule={mobileRule}
                onMobileChecked={(problem) => setErrors((e) => ({ ...e, mobile: problem }))}
              />
            </>
          )}
          {captchaShown && (
            <CaptchaField
              value={captchaAnswer}
              onChange={setCaptchaAnswer}
              error={errors.captcha}
              captcha={captcha.captcha}
              loading={captcha.loading}
              onRefresh={captcha.refresh}
            />
          )}
        </div>
      </Tabs>
      <div className={styles.optionsRow}>
        {showRememberMe && type === 'username' ? (
          <Checkbox checked={remember} onChange={setRemember}>
            {t('auth.login.rememberMe')}
          </Checkbox>
        ) : (
          <span />
        )}
        <button type="button" className={styles.linkButton} onClick={dialogs.openForgotPassword}>
          {t('auth.login.forgot')}
        </button>
      </div>
      {formError && (
        <p className={styles.formError} role="alert">
          {formError}
        </p>
      )}
      {unlockOffered && type === 'username' && (
        <UnlockAccount username={username.trim()} onUnlocked={() => setFormError(null)} />
      )}
      {humanCheck.progress !== null && (
        <p className={styles.note} role="status" aria-live="polite">
          {t('auth.humanCheck.verifying')} {Math.round(humanCheck.progress * 100)}%
        </p>
      )}
      <Button type="submit" block busy={submitting}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}

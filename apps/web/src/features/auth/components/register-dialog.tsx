import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { currentMerchant } from '../../../lib/merchant';
import { useApi, useEncryptedApi } from '../../../lib/use-api';
import { useRegisterSettings, useWhitelabel } from '../api/settings';
import type { LoginValue } from '../api/types';
import { useAuthDialogs } from '../auth-dialogs-context';
import { useCaptcha } from '../hooks/use-captcha';
import { useSmsCode } from '../hooks/use-sms-code';
import {
  type OptionalRegisterField,
  type RegisterErrors,
  type RegisterMethod,
  registerMethodsOf,
  shownOptionalFields,
  validateRegister,
} from '../register-validation';
import { fieldErrorOf, messageOf } from '../server-errors';
import { maxBirthday, mobileRuleOf, ruleError } from '../validation';
import styles from './auth-forms.module.css';
import { BrandHero } from './brand-hero';
import { CaptchaField } from './captcha-field';
import { MobileField, SmsCodeField } from './mobile-code-fields';

type Props = { onClose: () => void; onRegistered: (value: LoginValue) => void };

/** An invitation link may carry the affiliate code: `/register?affiliateCode=AB12`. */
function affiliateCodeFromAddress(): string {
  const params = new URLSearchParams(window.location.search);
  return (params.get('affiliateCode') ?? params.get('code') ?? '').trim().slice(0, 32);
}

/**
 * The register popup (spec sections 2, 4, 5): username or mobile tabs (only the methods the merchant
 * enables, and tabs only when there are two), the fields its register config turns on, checked
 * with the shared rules before sending, and the terms box checked by default.
 */
export function RegisterDialog({ onClose, onRegistered }: Props) {
  const { t } = useTranslation();
  const api = useApi();
  const encryptedApi = useEncryptedApi();
  const dialogs = useAuthDialogs();
  const whitelabelQuery = useWhitelabel();
  const settingsQuery = useRegisterSettings();
  const whitelabel = whitelabelQuery.data;
  const settings = settingsQuery.data;
  const methods = registerMethodsOf(whitelabel);
  const merchant = currentMerchant();
  const captcha = useCaptcha();

  const [method, setMethod] = useState<RegisterMethod>('username');
  const [username, setUsername] = useState('');
  const sms = useSmsCode('register');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [optional, setOptional] = useState<Partial<Record<OptionalRegisterField, string>>>(() => ({
    affiliateCode: affiliateCodeFromAddress(),
  }));
  const [terms, setTerms] = useState(true);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [affiliateInvalid, setAffiliateInvalid] = useState<string | null>(null);
  const [affiliateAlert, setAffiliateAlert] = useState<string | null>(null);

  // The first enabled method is the default once the merchant's switches are known.
  const firstMethod = methods[0];
  useEffect(() => {
    if (firstMethod && !methods.includes(method)) setMethod(firstMethod);
  }, [firstMethod, method, methods]);

  const optionalFields = shownOptionalFields(settings, method);
  const showCaptcha = optionalFields.some((f) => f.name === 'captcha');
  const requireCaptcha = captcha.require;
  useEffect(() => {
    if (showCaptcha) requireCaptcha();
  }, [showCaptcha, requireCaptcha]);

  const minimumAge = settings?.minimumAge ?? 18;
  const mobileRule = mobileRuleOf(settings?.fields);
  const setField = (name: OptionalRegisterField, value: string) =>
    setOptional((o) => ({ ...o, [name]: value }));

  /**
   * Spec section 8: an invalid invitation code is reported as soon as the person leaves the field.
   * The code is read from the field itself (not from the last render), a code is checked once
   * (leaving the field again with the same code does not repeat the warning), and an
   * answer about a code no longer in the field is dropped: on a slow network the person may have
   * cleared or changed it before the answer came.
   */
  const affiliateChecked = useRef('');
  const checkAffiliate = async (event: FocusEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const code = field.value.trim();
    if (code === affiliateChecked.current) return;
    affiliateChecked.current = code;
    setAffiliateInvalid(null);
    const rule = settings?.fields.affiliateCode;
    if (!code || (rule && ruleError(code, rule, t))) return;
    try {
      await api(`/wps/agent/affiliate?code=${encodeURIComponent(code)}`);
    } catch (error) {
      const stale = field.value.trim() !== code;
      if (!stale && error instanceof ApiError && error.code === 'INVALID_AFFILIATE_CODE') {
        setAffiliateInvalid(error.message);
        setErrors((e) => ({ ...e, affiliateCode: error.message }));
        setAffiliateAlert(error.message);
        return;
      }
      // Dropped or failed (offline, not offered yet): the code counts as unchecked, so leaving the
      // field with it again asks again; the server checks it on submit in any case.
      if (affiliateChecked.current === code) affiliateChecked.current = '';
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateRegister(
      {
        method,
        username,
        mobileNum: sms.mobile,
        verificationCode: sms.code,
        password,
        confirmPassword,
        optional,
        terms,
      },
      settings,
      whitelabel,
      t,
    );
    if (affiliateInvalid && !found.affiliateCode) found.affiliateCode = affiliateInvalid;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setSubmitting(true);
    const extras: Record<string, string> = {};
    for (const { name } of optionalFields) {
      if (name === 'captcha') continue;
      const value = optional[name] ?? '';
      const sent = name === 'paymentPassword' ? value : value.trim();
      if (sent) extras[name] = sent;
    }
    if (showCaptcha && captcha.captcha) {
      extras.captcha = (optional.captcha ?? '').trim();
      extras.captchaId = captcha.captcha.captchaId;
    }
    const common = {
      password,
      confirmPassword,
      ...extras,
      countryDialingCode: merchant.countryDialingCode,
      domain: window.location.hostname,
      registerMethod: 'WEB',
      login: true,
    };
    try {
      const value =
        method === 'username'
          ? await encryptedApi<LoginValue>('/wps/member/register', {
              method: 'PUT',
              body: { username: username.trim(), ...common },
            })
          : await encryptedApi<LoginValue>('/wps/member/register/mobile', {
              method: 'PUT',
              body: {
                mobileNum: sms.mobile.trim(),
                ...(whitelabel?.REGMOBVERF3 ? { verificationCode: sms.code.trim() } : {}),
                ...common,
              },
            });
      onRegistered(value);
    } catch (error) {
      const field = fieldErrorOf(error);
      if (field) {
        setErrors({ [field.field]: field.message });
        if (!isShown(field.field)) setFormError(error instanceof Error ? error.message : null);
      } else if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') {
        setErrors({ username: error.message });
      } else if (error instanceof ApiError && error.code === 'MOBILE_TAKEN') {
        setErrors({ mobileNum: error.message });
      } else {
        setFormError(messageOf(error));
      }
      if (showCaptcha) captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const isShown = (name: string) =>
    ['username', 'mobileNum', 'verificationCode', 'password', 'confirmPassword'].includes(name) ||
    optionalFields.some((f) => f.name === name);

  const loading = whitelabelQuery.isPending || settingsQuery.isPending;
  const loadFailed = whitelabelQuery.isError || settingsQuery.isError;

  return (
    <Modal title={t('auth.register.title')} open onClose={onClose} hero={<BrandHero />}>
      {loading ? (
        <Spinner label={t('loading')} />
      ) : loadFailed ? (
        <p className={styles.formError} role="alert">
          {messageOf(whitelabelQuery.error ?? settingsQuery.error)}
        </p>
      ) : methods.length === 0 ? (
        <p className={styles.formError} role="alert">
          {t('errors:REGISTRATION_METHOD_DISABLED')}
        </p>
      ) : (
        <form ref={form} className={styles.form} onSubmit={onSubmit} noValidate>
          <Tabs
            label={t('auth.register.method')}
            tabs={methods.map((id) => ({
              id,
              label: id === 'username' ? t('auth.register.byUsername') : t('auth.register.byMobile'),
            }))}
            value={method}
            onChange={(next) => {
              setMethod(next);
              setErrors({});
              setFormError(null);
            }}
          >
            <div className={styles.fields}>
              {method === 'username' ? (
                <TextField
                  label={t('auth.fields.username')}
                  value={username}
                  onChange={setUsername}
                  error={errors.username}
                  hint={
                    settings?.fields.username
                      ? t(`auth:patterns.${settings.fields.username.patternId}`, {
                          range: `${settings.fields.username.minLength}-${settings.fields.username.maxLength}`,
                        })
                      : undefined
                  }
                  autoComplete="username"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={settings?.fields.username?.maxLength ?? 64}
                />
              ) : (
                <>
                  <MobileField
                    value={sms.mobile}
                    onChange={sms.setMobile}
                    error={errors.mobileNum}
                    rule={mobileRule}
                  />
                  {whitelabel?.REGMOBVERF3 && (
                    <SmsCodeField
                      sms={sms}
                      error={errors.verificationCode}
                      rule={mobileRule}
                      onMobileChecked={(problem) => setErrors((e) => ({ ...e, mobileNum: problem }))}
                    />
                  )}
                </>
              )}
              <PasswordField
                label={t('auth.fields.password')}
                value={password}
                onChange={setPassword}
                error={errors.password}
                hint={
                  settings?.fields.password
                    ? t(`auth:patterns.${settings.fields.password.patternId}`, {
                        range: `${settings.fields.password.minLength}-${settings.fields.password.maxLength}`,
                      })
                    : undefined
                }
                autoComplete="new-password"
                maxLength={128}
              />
              <PasswordField
                label={t('auth.fields.confirmPassword')}
                value={confirmPassword}
                onChange={setConfirmPassword}
                error={errors.confirmPassword}
                autoComplete="new-password"
                maxLength={128}
              />
              {optionalFields.map(({ name, rule }) => {
                if (name === 'captcha') {
                  return (
                    <CaptchaField
                      key={name}
                      value={optional.captcha ?? ''}
                      onChange={(v) => setField('captcha', v)}
                      error={errors.captcha}
                      captcha={captcha.captcha}
                      loading={captcha.loading}
                      onRefresh={captcha.refresh}
                    />
                  );
                }
                const label = rule.required
                  ? t(`auth.fields.${name}`)
                  : t('field.optional', { label: t(`auth.fields.${name}`) });
                const shared = {
                  label,
                  value: optional[name] ?? '',
                  onChange: (v: string) => setField(name, v),
                  error: errors[name],
                  maxLength: rule.maxLength,
                };
                if (name === 'paymentPassword') {
                  return (
                    <PasswordField
                      key={name}
                      {...shared}
                      inputMode="numeric"
                      autoComplete="off"
                      hint={t(`auth:patterns.${rule.patternId}`, {
                        range:
                          rule.minLength === rule.maxLength
                            ? rule.minLength
                            : `${rule.minLength}-${rule.maxLength}`,
                      })}
                    />
                  );
                }
                if (name === 'birthday') {
                  return <TextField key={name} {...shared} type="date" max={maxBirthday(minimumAge)} />;
                }
                return (
                  <TextField
                    key={name}
                    {...shared}
                    type={name === 'email' ? 'email' : name === 'mobileNum' ? 'tel' : 'text'}
                    inputMode={
                      name === 'mobileNum' || name === 'qqNum' || name === 'whatsapp' ? 'numeric' : undefined
                    }
                    leading={name === 'mobileNum' ? `+${merchant.countryDialingCode}` : undefined}
                    autoComplete={name === 'email' ? 'email' : name === 'payeeName' ? 'name' : 'off'}
                    onBlur={name === 'affiliateCode' ? checkAffiliate : undefined}
                  />
                );
              })}
            </div>
          </Tabs>
          <Checkbox
            checked={terms}
            onChange={(checked) => {
              setTerms(checked);
              if (checked) setErrors(({ terms: _, ...rest }) => rest);
            }}
            error={errors.terms}
          >
            {t('auth.register.terms', { age: minimumAge })}
          </Checkbox>
          {formError && (
            <p className={styles.formError} role="alert">
              {formError}
            </p>
          )}
          <Button type="submit" block busy={submitting}>
            {t('auth.register.submit')}
          </Button>
          <p className={styles.switchText}>
            {t('auth.register.haveAccount')}{' '}
            <button type="button" className={styles.linkButton} onClick={dialogs.openLogin}>
              {t('auth.register.toLogin')}
            </button>
          </p>
        </form>
      )}
      <AlertDialog
        open={affiliateAlert !== null}
        title={t('auth.fields.affiliateCode')}
        message={affiliateAlert ?? ''}
        onClose={() => setAffiliateAlert(null)}
      />
    </Modal>
  );
}

import { useState } from 'react';
import { currentMerchant } from '../../../lib/merchant';
import { useApi } from '../../../lib/use-api';

/** What a code is asked for (spec section 4): signing in, resetting the password, or registering. */
export type SmsPurpose = 'login' | 'reset' | 'register';

/**
 * A form's mobile number and SMS code, and the call that sends the code for the form's purpose:
 * registering has its own call (which names the number mobileNo); login and reset share noLogin.
 * SmsCodeField shows the code with its "send code" button.
 */
export function useSmsCode(purpose: SmsPurpose) {
  const api = useApi();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const send = () => {
    const { countryDialingCode } = currentMerchant();
    const number = mobile.trim();
    return purpose === 'register'
      ? api<{ expiredMinutes: number }>('/wps/verification/sms/register', {
          method: 'POST',
          body: { mobileNo: number, countryDialingCode },
        })
      : api<{ expiredMinutes: number }>('/wps/verification/sms/noLogin', {
          method: 'POST',
          body: { mobileNum: number, countryDialingCode, purpose },
        });
  };
  return { mobile, setMobile, code, setCode, send };
}

export type SmsCode = ReturnType<typeof useSmsCode>;

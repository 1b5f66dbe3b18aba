import { defaultMerchant, merchants } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { SMS_MERCHANT_DAILY_BUDGET, SMS_PER_ADDRESS_HOUR, smsBudgetKey } from './send-limits';
import { SMS_MAX_ATTEMPTS } from './verification.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: 'development' });
});
afterAll(() => t.app.close());

const send = (mobileNum: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/wps/verification/sms/noLogin', payload: { mobileNum }, headers });

/** Reads the code from the sandbox outbox, as a person reads it on the phone. */
async function codeSentTo(mobile: string): Promise<string> {
  const res = await t.app.inject({ url: `/dev/sms-outbox?mobile=${mobile}` });
  const body: string = res.json().value.body;
  return (body.match(/\b(\d{6})\b/) as RegExpMatchArray)[1] as string;
}

describe('SMS verification codes', () => {
  it('sends a 6-digit code to the sandbox outbox and answers expiredMinutes', async () => {
    const res = await send('11987654321');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    expect(await codeSentTo('11987654321')).toMatch(/^\d{6}$/);
    const stored = await t.db.query<{ code_hash: string }>('select code_hash from sms_codes');
    expect(stored.every((r) => !/^\d{6}$/.test(r.code_hash))).toBe(true);
  });

  it('accepts a code once, and refuses a wrong or reused one', async () => {
    await send('11911112222');
    const code = await codeSentTo('11911112222');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await t.app.verification.verifyCode(defaultMerchant, '11911112222', 'login', wrong)).toBe(false);
    expect(await t.app.verification.verifyCode(defaultMerchant, '11911112222', 'login', code)).toBe(true);
    expect(await t.app.verification.verifyCode(defaultMerchant, '11911112222', 'login', code)).toBe(false);
  });

  it('kills a code after too many wrong guesses', async () => {
    await send('11933334444');
    const code = await codeSentTo('11933334444');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      await t.app.verification.verifyCode(defaultMerchant, '11933334444', 'login', wrong);
    }
    expect(await t.app.verification.verifyCode(defaultMerchant, '11933334444', 'login', code)).toBe(false);
  });

  it('refuses an expired code', async () => {
    await send('11955556666');
    const code = await codeSentTo('11955556666');
    await t.db.query(
      "update sms_codes set expires_at = now() - interval '1 second' where mobile = '11955556666'",
    );
    expect(await t.app.verification.verifyCode(defaultMerchant, '11955556666', 'login', code)).toBe(false);
  });

  it('sends at most one SMS a second to a number', async () => {
    expect((await send('11977778888')).statusCode).toBe(200);
    const again = await send('11977778888');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it.each([['123'], ['1198765432100'], ['11 98765-4321']])(
    'refuses the mobile number %s with the spec message',
    async (mobile) => {
      const before = (await t.db.query('select id from sms_outbox')).length;
      const res = await send(mobile);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'mobileNum: Please enter a valid mobile number',
        value: { field: 'mobileNum' },
      });
      expect((await t.db.query('select id from sms_outbox')).length).toBe(before);
    },
  );

  it('wants 11 digits for Bangladesh and sends with its dialing code', async () => {
    const bd = merchants.find((m) => m.merchantCode === 'BD');
    expect((await send('1712345678', { merchantCode: 'BD' })).statusCode).toBe(400);
    expect((await send('01712345678', { merchantCode: 'BD' })).statusCode).toBe(200);
    const [row] = await t.db.query<{ mobile: string }>(
      'select mobile from sms_outbox order by id desc limit 1',
    );
    expect(row?.mobile).toBe(`${bd?.countryDialingCode}1712345678`);
  });

  it('sends a register code through the register call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { mobileNo: '11922223333', regType: 'MOBILE' },
    });
    expect(res.json().value.expiredMinutes).toBe(5);
    const code = await codeSentTo('11922223333');
    expect(await t.app.verification.verifyCode(defaultMerchant, '11922223333', 'register', code)).toBe(true);
  });
});

describe('SMS pumping', () => {
  const sendFrom = (mobileNum: string, remoteAddress: string, merchantCode = 'BR') =>
    t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum },
      headers: { merchantCode },
      remoteAddress,
    });
  const outboxCount = async () => (await t.db.query('select id from sms_outbox')).length;

  it(`refuses the ${SMS_PER_ADDRESS_HOUR + 1}st SMS from one address to different numbers`, async () => {
    for (let i = 0; i < SMS_PER_ADDRESS_HOUR; i++) {
      expect((await sendFrom(`119100${String(i).padStart(5, '0')}`, '10.80.0.1')).statusCode).toBe(200);
    }
    const before = await outboxCount();
    const refused = await sendFrom('11920000000', '10.80.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      value: { retryAfterSeconds: expect.any(Number) },
    });
    expect(await outboxCount()).toBe(before);
    expect((await sendFrom('11920000001', '10.80.0.2')).statusCode).toBe(200);
  });

  it('counts the same number once however it is typed, with or without the dialing code', async () => {
    expect((await sendFrom('11987650001', '10.80.1.1')).statusCode).toBe(200);
    for (const typed of ['+55 11 98765-0001', '5511987650001', '005511987650001']) {
      expect((await sendFrom(typed, '10.80.1.2')).statusCode).toBe(429);
    }
    expect((await sendFrom('+55 (11) 98765-0002', '10.80.1.3')).statusCode).toBe(200);
    const [row] = await t.db.query<{ mobile: string }>(
      'select mobile from sms_outbox order by id desc limit 1',
    );
    expect(row?.mobile).toBe('5511987650002');
    // The code is kept for the national number, the form the member signs in with.
    expect(
      await t.app.verification.verifyCode(
        defaultMerchant,
        '11987650002',
        'login',
        await codeSentTo('11987650002'),
      ),
    ).toBe(true);
  });

  it('sends the same digits under BR, MX and BD to three different international numbers', async () => {
    for (const merchantCode of ['BR', 'MX', 'BD']) {
      expect((await sendFrom('01712340000', `10.80.2.${merchantCode.length}`, merchantCode)).statusCode).toBe(
        200,
      );
    }
    const rows = await t.db.query<{ mobile: string }>(
      'select mobile from sms_outbox order by id desc limit 3',
    );
    expect(rows.map((r) => r.mobile).sort()).toEqual(['521712340000', '551712340000', '8801712340000']);
  });

  it('stops sending for a merchant whose daily SMS budget is spent, from any address', async () => {
    for (let i = 0; i < SMS_MERCHANT_DAILY_BUDGET; i++) {
      await t.app.rateLimiter.hit(smsBudgetKey('MX'), SMS_MERCHANT_DAILY_BUDGET, 86_400_000);
    }
    expect((await sendFrom('5512345678', '10.80.3.1', 'MX')).statusCode).toBe(429);
    expect((await sendFrom('11912345678', '10.80.3.1', 'BR')).statusCode).toBe(200);
  });
});

describe('SMS outbox page', () => {
  it('does not exist outside development', async () => {
    const prod = await buildTestApp({ env: 'production' });
    expect((await prod.app.inject('/dev/sms-outbox?mobile=11987654321')).statusCode).toBe(404);
    await prod.app.close();
  });
});

import { announcementsEnvelope, helpCenterEnvelope, merchantByCode } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { demoContentSeeder } from '../../seed/demo-content';
import { fillSettingQuotes } from './setting-quotes';

/**
 * Lobby texts that state a setting say what the setting is (issue 14, defect 10): the help centre,
 * the first-login popup and the welcome promotion quote the deposit form's own minimum.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The operator sets Mexico's minimum deposit before anyone reads the texts (they are cached a minute).
  await t.app.payments.channels.updateChannel('MX', 'SPEI', { depositMin: 12_345 });
  await demoContentSeeder.run(t.app);
});
afterAll(() => t.app.close());

const help = async (merchantCode: string, lang: string) => {
  const res = await t.app.inject({
    url: `/wps/system/helpCenter?lang=${lang}&device=WEB`,
    headers: { merchantCode },
  });
  expect(res.statusCode).toBe(200);
  return helpCenterEnvelope.parse(res.json()).value;
};
const article = async (merchantCode: string, lang: string, title: RegExp) => {
  const value = await help(merchantCode, lang);
  const found = value.categories.flatMap((c) => c.articles).find((a) => title.test(a.title));
  if (!found) throw new Error(`no article ${title} in ${merchantCode}/${lang}`);
  return found.content;
};
const announcements = async (merchantCode: string, lang: string, execution = 'F') => {
  const res = await t.app.inject({
    url: `/wps/relay/announcements?types=PU,PR&platform=W&execution=${execution}`,
    headers: { merchantCode, lang: lang.toLowerCase() },
  });
  expect(res.statusCode).toBe(200);
  return announcementsEnvelope.parse(res.json()).value;
};

describe('texts that quote settings', () => {
  it('the help centre and the welcome promotion show the deposit form minimum (R$ 10.00), not R$ 20', async () => {
    const deposit = await article('BR', 'EN', /make a deposit/i);
    expect(deposit).toContain('minimum R$ 10.00');
    expect(deposit).not.toContain('R$ 20');
    const { promotion, popup } = await announcements('BR', 'EN');
    const welcome = promotion.find((p) => /Welcome bonus/.test(p.title))?.content ?? '';
    expect(welcome).toContain('Minimum deposit: R$ 10.00.');
    expect(popup[0]?.content).toContain('minimum R$ 10.00');
    // The withdrawal minimum is the channel's too.
    expect(await article('BR', 'EN', /withdrawals take/i)).toContain('The minimum withdrawal is R$ 10.00.');
  });

  it('quotes it in the reader language, and follows what the operator configured', async () => {
    expect(await article('BR', 'PT', /depósito/i)).toContain('R$ 10,00');
    const mexico = await article('MX', 'ES', /depósito/i);
    expect(mexico).toContain('MX$ 123.45');
    expect(mexico).not.toContain('{{');
    const { promotion } = await announcements('MX', 'EN');
    expect(promotion.find((p) => /Welcome bonus/.test(p.title))?.content).toContain(
      'Minimum deposit: MX$ 123.45.',
    );
    expect(await article('BD', 'BN', /.*/)).not.toContain('{{');
  });

  it('advertises no live casino, which no vendor provides', async () => {
    for (const [merchantCode, lang] of [
      ['BR', 'EN'],
      ['BR', 'PT'],
      ['MX', 'ES'],
      ['BD', 'BN'],
    ] as const) {
      const { popup } = await announcements(merchantCode, lang, 'B');
      expect(popup[0]?.content).not.toMatch(/live casino|cassino ao vivo|casino en vivo|লাইভ ক্যাসিনো/i);
    }
  });

  it('says "—" rather than an amount when no channel is open', () => {
    const brazil = merchantByCode('BR');
    expect(
      fillSettingQuotes('min {{minDeposit}}', { minDeposit: null, minWithdrawal: null }, brazil, 'EN'),
    ).toBe('min —');
    expect(fillSettingQuotes('no quotes', { minDeposit: 1n, minWithdrawal: 1n }, brazil, 'EN')).toBe(
      'no quotes',
    );
  });
});

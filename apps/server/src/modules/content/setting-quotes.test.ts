import { announcementsEnvelope, bannersEnvelope, helpCenterEnvelope, merchantByCode } from '@sorte/shared';
import en from '@sorte/shared/locales/en/common.json';
import pt from '@sorte/shared/locales/pt/common.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { demoContentSeeder } from '../../seed/demo-content';
import { demoGamesSeeder } from '../../seed/demo-games';
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
  // The in-house catalogue is in place before the texts that list its categories are read.
  await demoGamesSeeder.run(t.app);
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
const announcements = async (merchantCode: string, lang: string, execution = 'F', types = 'PU,PR') => {
  const res = await t.app.inject({
    url: `/wps/relay/announcements?types=${types}&platform=W&execution=${execution}`,
    headers: { merchantCode, lang: lang.toLowerCase() },
  });
  expect(res.statusCode).toBe(200);
  return announcementsEnvelope.parse(res.json()).value;
};

describe('texts that quote settings', () => {
  it('the help centre and the deposit promotion show the deposit form minimum (R$ 10.00), not R$ 20', async () => {
    const deposit = await article('BR', 'EN', /make a deposit/i);
    expect(deposit).toContain('minimum R$ 10.00');
    expect(deposit).not.toContain('R$ 20');
    const { promotion, popup } = await announcements('BR', 'EN');
    const deposits = promotion.find((p) => /^Deposit by/.test(p.title))?.content ?? '';
    expect(deposits).toContain('Deposit by PIX from R$ 10.00.');
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
    expect(promotion.find((p) => /^Deposit by/.test(p.title))?.content).toContain('from MX$ 123.45.');
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
      fillSettingQuotes(
        'min {{minDeposit}}',
        { minDeposit: null, minWithdrawal: null, gameCategories: [] },
        brazil,
        'EN',
      ),
    ).toBe('min —');
    expect(
      fillSettingQuotes('no quotes', { minDeposit: 1n, minWithdrawal: 1n, gameCategories: [] }, brazil, 'EN'),
    ).toBe('no quotes');
  });

  it('lists the categories that have games for the merchant, from the catalogue, in the reader language', async () => {
    const offered = (await t.app.games.vendorSorting(merchantByCode('BR'))).map((entry) => entry.gameType);
    expect(offered.length).toBeGreaterThan(0);
    const list = (labels: Record<string, string>, locale: string) =>
      new Intl.ListFormat(locale, { type: 'conjunction' }).format(
        offered.map((type) => labels[type] ?? type),
      );
    // The guest welcome popup and the "new games" notice name exactly those categories.
    const guest = await announcements('BR', 'EN', 'B');
    expect(guest.popup[0]?.content).toContain(`<p>${list(en.menu, 'en')}, in Brazilian reais.`);
    const { player } = await announcements('BR', 'PT', 'A', 'PL');
    expect(player.find((n) => /Novos jogos/i.test(n.title))?.content).toContain(
      `O lobby agora oferece ${list(pt.menu, 'pt-BR')}.`,
    );
  });

  it('fills the category list from the values it is given, and a dash when none has games', () => {
    const brazil = merchantByCode('BR');
    const quotes = { minDeposit: null, minWithdrawal: null };
    expect(
      fillSettingQuotes(
        '{{gameCategories}}',
        { ...quotes, gameCategories: ['RNG', 'CRASH', 'FISH'] },
        brazil,
        'PT',
      ),
    ).toBe('Slots, Crash e Pescaria');
    expect(
      fillSettingQuotes('{{gameCategories}}', { ...quotes, gameCategories: ['CRASH'] }, brazil, 'EN'),
    ).toBe('Crash');
    expect(fillSettingQuotes('{{gameCategories}}', { ...quotes, gameCategories: [] }, brazil, 'EN')).toBe(
      '—',
    );
  });
});

/**
 * Things the product does not have (issue 14, defect 10): a reward centre, a bonus for inviting
 * friends (only agents invite players, with their links), table games, live chat, and any bonus,
 * cashback or prize (nothing credits a member's bonus account), and safer-gambling tools applied by
 * customer service (deposit limits, breaks, self-exclusion, closing an account on request): nothing
 * applies them yet. No seeded lobby text may promise them, in any merchant's language.
 */
const untrue = [
  /reward cent(re|er)|central de recompensas|centro de recompensas|পুরস্কার কেন্দ্র|রিওয়ার্ড সেন্টার/i,
  /table games?|jogos? de mesa|juegos? de mesa|টেবিল গেম/i,
  /invite friends|both get a bonus|convid(e|ar) amigos|invitar? amigos|বন্ধুদের আমন্ত্রণ|দুজনেই বোনাস/i,
  /live chat|chat ao vivo|chat en vivo|লাইভ চ্যাট/i,
  /welcome bonus|cashback|wager|b[ôo]nus de boas-vindas|bono de bienvenida|স্বাগতম বোনাস|ক্যাশব্যাক|weekend race|corrida de fim|carrera de fin|উইকএন্ড রেস/i,
  /deposit limit|a break (for you|from)|self-exclu|exclude you|close your account|limite de dep[óo]sito|uma pausa (para|de)|autoexclus|encerrar sua conta|l[íi]mite de dep[óo]sito|una pausa (en|de)|cerrar tu cuenta|excluirte|জমার সীমা|স্ব-বর্জন|বর্জন করতে/i,
  /\{\{/,
];

describe('seeded lobby texts', () => {
  const readings = [
    ['BR', 'EN'],
    ['BR', 'PT'],
    ['MX', 'EN'],
    ['MX', 'ES'],
    ['BD', 'EN'],
    ['BD', 'BN'],
  ] as const;

  it('promise no reward centre, friends bonus, table games, live chat, bonus, cashback or limits set by customer service, in any language', async () => {
    for (const [merchantCode, lang] of readings) {
      const texts: string[] = [];
      for (const execution of ['A', 'B', 'F']) {
        const value = await announcements(merchantCode, lang, execution, 'B,PL,PU,PR,H');
        for (const notice of [
          ...value.banners,
          ...value.player,
          ...value.popup,
          ...value.promotion,
          ...value.help,
        ]) {
          texts.push(notice.title, notice.content);
        }
      }
      for (const category of (await help(merchantCode, lang)).categories) {
        for (const article of category.articles) texts.push(article.title, article.content);
      }
      expect(texts.length).toBeGreaterThan(40);
      const claims = texts.filter((text) => untrue.some((pattern) => pattern.test(text)));
      expect(claims, `${merchantCode}/${lang}`).toEqual([]);
    }
  });

  it('the side-menu banner opens the agent programme, which is what agents invite with', async () => {
    const res = await t.app.inject({
      url: '/wps/relay/banners?groupName=w_leftmenu',
      headers: { merchantCode: 'BR', lang: 'en' },
    });
    const banner = bannersEnvelope.parse(res.json()).value[0];
    expect(banner?.linkageType).toBe('PROMOTION');
    const { promotion } = await announcements('BR', 'EN');
    const opened = promotion.find((p) => String(p.id) === banner?.link);
    expect(opened?.title).toBe('Become an agent: invite players, earn commission');
    expect(opened?.content).toContain('Invitation links');
  });
});

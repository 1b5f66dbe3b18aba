import { type Merchant, merchants, type ResourceType } from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import type { Localised } from '../modules/content/content.repository';
import { type ContentLanguage, type SiteFacts, type SiteTexts, siteTexts } from './demo-content-texts';
import type { Seeder } from './seeders';

type Amounts = SiteFacts['amounts'];

/** What differs between the demo merchants, per language where it is words. */
type MerchantProfile = {
  amounts: Amounts;
  domain: string;
  slug: string;
  /** Formats a whole amount of the merchant's currency in a language. */
  money: Record<string, (amount: number) => string>;
  payments: Record<string, string>;
  timeZone: Record<string, string>;
  currencyName: Record<string, string>;
};

const grouped = (locale: string) => (amount: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount);

const profiles: Record<string, MerchantProfile> = {
  BR: {
    slug: 'br',
    domain: 'sorte-br.example',
    amounts: {
      minDeposit: 20,
      minWithdrawal: 30,
    },
    money: {
      EN: (n) => `R$ ${grouped('en-US')(n)}`,
      PT: (n) => `R$ ${grouped('pt-BR')(n)}`,
    },
    payments: { EN: 'PIX', PT: 'PIX' },
    timeZone: { EN: 'Brasília time', PT: 'horário de Brasília' },
    currencyName: { EN: 'Brazilian reais', PT: 'reais' },
  },
  MX: {
    slug: 'mx',
    domain: 'sorte-mx.example',
    amounts: {
      minDeposit: 100,
      minWithdrawal: 150,
    },
    money: {
      EN: (n) => `MX$${grouped('en-US')(n)}`,
      ES: (n) => `$${grouped('es-MX')(n)} MXN`,
    },
    payments: { EN: 'SPEI bank transfer or OXXO cash', ES: 'transferencia SPEI o efectivo en OXXO' },
    timeZone: { EN: 'Mexico City time', ES: 'hora del centro de México' },
    currencyName: { EN: 'Mexican pesos', ES: 'pesos mexicanos' },
  },
  BD: {
    slug: 'bd',
    domain: 'sorte-bd.example',
    amounts: {
      minDeposit: 500,
      minWithdrawal: 1_000,
    },
    money: {
      EN: (n) => `৳${grouped('en-US')(n)}`,
      // Latin digits on Bengali pages too (packages/shared/src/digits.ts).
      BN: (n) => `৳${grouped('bn-BD-u-nu-latn')(n)}`,
    },
    payments: { EN: 'bKash, Nagad or Rocket', BN: 'বিকাশ, নগদ বা রকেট' },
    timeZone: { EN: 'Bangladesh time', BN: 'বাংলাদেশ সময়' },
    currencyName: { EN: 'Bangladeshi taka', BN: 'টাকা' },
  },
};

/** Pictures shared by every language (text-free but for the brand name), under apps/web/public. */
const art = {
  homeRoulette: '/art/banners/home-roulette.svg',
  homeSlots: '/art/banners/home-slots.svg',
  homeWelcome: '/art/banners/home-welcome.svg',
  login: '/art/banners/login.svg',
  forget: '/art/banners/forget.svg',
  promotions: [
    '/art/promotions/welcome.svg',
    '/art/promotions/cashback.svg',
    '/art/promotions/referral.svg',
    '/art/promotions/crash.svg',
  ],
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function textsFor(merchant: Merchant, profile: MerchantProfile): [ContentLanguage, SiteTexts][] {
  return merchant.langList.map((language) => {
    const facts: SiteFacts = {
      money: profile.money[language] ?? (profile.money.EN as (n: number) => string),
      payments: profile.payments[language] ?? (profile.payments.EN as string),
      timeZone: profile.timeZone[language] ?? (profile.timeZone.EN as string),
      currencyName: profile.currencyName[language] ?? (profile.currencyName.EN as string),
      domain: profile.domain,
      amounts: profile.amounts,
    };
    return [language as ContentLanguage, siteTexts[language as ContentLanguage](facts)];
  });
}

/** One localised text built from the same item of every language's texts. */
function localise(all: [ContentLanguage, SiteTexts][], pickText: (texts: SiteTexts) => string): Localised {
  return Object.fromEntries(all.map(([language, texts]) => [language, pickText(texts)]));
}

async function seedMerchant(app: FastifyInstance, merchant: Merchant, now: number) {
  const profile = profiles[merchant.merchantCode];
  if (!profile) return;
  const code = merchant.merchantCode;
  const all = textsFor(merchant, profile);
  // Every language has the same items; EN's texts give the counts.
  const sample = all.find(([language]) => language === 'EN')?.[1];
  if (!sample) return;
  const content = app.content;

  // Promotions first: the welcome banner links to the welcome promotion.
  const promotionIds: bigint[] = [];
  for (const [i] of sample.promotions.entries()) {
    promotionIds.push(
      await content.saveAnnouncement({
        merchantCode: code,
        key: `demo:promotion:${i + 1}`,
        type: 'PR',
        title: localise(all, (t) => t.promotions[i]?.title ?? ''),
        content: localise(all, (t) => t.promotions[i]?.content ?? ''),
        images: [{ url: art.promotions[i] as string, sequence: 1 }],
        sort: i,
        publishedAt: new Date(now - (i + 1) * DAY),
      }),
    );
  }

  const banners = [
    // No vendor offers live casino: the first banner leads to a category that has games.
    { key: 'home-1', group: 'w_home', url: art.homeRoulette, linkageType: 'ROUTE', link: '/crash' },
    { key: 'home-2', group: 'w_home', url: art.homeSlots, linkageType: 'ROUTE', link: '/rng' },
    {
      key: 'home-3',
      group: 'w_home',
      url: art.homeWelcome,
      linkageType: 'PROMOTION',
      link: String(promotionIds[0]),
    },
    { key: 'login', group: 'w_login', url: art.login, linkageType: 'NONE', link: null },
    { key: 'forget', group: 'w_forget', url: art.forget, linkageType: 'NONE', link: null },
    // The side menu's banner opens the agent programme (only agents invite players, with their links).
    {
      key: 'leftmenu',
      group: 'w_leftmenu',
      url: art.promotions[2] as string,
      linkageType: 'PROMOTION',
      link: String(promotionIds[2]),
    },
  ] as const;
  for (const [i, banner] of banners.entries()) {
    await content.saveBanner({
      merchantCode: code,
      key: `demo:banner:${banner.key}`,
      groupName: banner.group,
      imageUrls: { EN: banner.url },
      linkageType: banner.linkageType,
      link: banner.link,
      sort: i,
    });
  }

  // Marquee and player notices, newest first: a few hours or days apart.
  for (const [i] of sample.marquee.entries()) {
    await content.saveAnnouncement({
      merchantCode: code,
      key: `demo:marquee:${i + 1}`,
      type: 'B',
      title: localise(all, (t) => t.marquee[i]?.title ?? ''),
      content: localise(all, (t) => t.marquee[i]?.content ?? ''),
      sort: i,
      publishedAt: new Date(now - i * 6 * HOUR),
    });
  }
  for (const [i] of sample.notices.entries()) {
    await content.saveAnnouncement({
      merchantCode: code,
      key: `demo:notice:${i + 1}`,
      type: 'PL',
      title: localise(all, (t) => t.notices[i]?.title ?? ''),
      content: localise(all, (t) => t.notices[i]?.content ?? ''),
      publishedAt: new Date(now - (i * 2 + 1) * DAY),
    });
  }
  for (const [i, execution] of (['B', 'A', 'F'] as const).entries()) {
    await content.saveAnnouncement({
      merchantCode: code,
      key: `demo:popup:${execution}`,
      type: 'PU',
      execution,
      title: localise(all, (t) => t.popups[execution].title),
      content: localise(all, (t) => t.popups[execution].content),
      sort: i,
      publishedAt: new Date(now - DAY),
    });
  }
  for (const [i] of sample.helpNotices.entries()) {
    await content.saveAnnouncement({
      merchantCode: code,
      key: `demo:help-notice:${i + 1}`,
      type: 'H',
      title: localise(all, (t) => t.helpNotices[i]?.title ?? ''),
      content: localise(all, (t) => t.helpNotices[i]?.content ?? ''),
      sort: i,
      publishedAt: new Date(now - 7 * DAY),
    });
  }

  for (const [language, texts] of all) {
    for (const [categorySort, category] of texts.help.entries()) {
      for (const [sort, article] of category.articles.entries()) {
        await content.saveHelpArticle({
          merchantCode: code,
          key: `demo:${article.key}`,
          language,
          category: category.key,
          categoryTitle: category.title,
          categorySort,
          title: article.title,
          content: article.content,
          sort,
        });
      }
    }
  }

  // Placeholder addresses: an operator puts its own channels here.
  const slug = profile.slug;
  const resources: [ResourceType, string][] = [
    ['CUSTOMER_SERVICE', `https://support.sorte.example/${slug}`],
    ['TELEGRAM', `https://t.me/sorte_${slug}_demo`],
    ['WHATSAPP', `https://wa.me/message/SORTE${code}DEMO`],
    ['INSTAGRAM', `https://www.instagram.com/sorte_${slug}_demo`],
    ['FACEBOOK', `https://www.facebook.com/sorte.${slug}.demo`],
    ['APP_ANDROID', `https://${profile.domain}/app/sorte-${slug}.apk`],
    ['APP_IOS', `https://${profile.domain}/app/ios`],
  ];
  for (const [sort, [type, url]] of resources.entries()) {
    await content.saveResource({
      merchantCode: code,
      type,
      url,
      label: localise(all, (t) => t.resourceLabels[type as keyof SiteTexts['resourceLabels']]),
      sort,
    });
  }

  const domains = [
    { domain: profile.domain, route: '/', purpose: 'MAIN' },
    { domain: `www.${profile.domain}`, route: '/', purpose: 'MIRROR' },
    { domain: `agent.${profile.domain}`, route: '/agent', purpose: 'AGENT' },
  ] as const;
  for (const [sort, route] of domains.entries()) {
    await content.saveDomainRoute({ merchantCode: code, ...route, sort });
  }
}

/**
 * Lobby content for every merchant in its languages: banners, marquee and player notices, one popup
 * per audience, promotions with pictures, help notices, a help centre, links and domains. Keyed
 * writes: running it again updates the same rows.
 */
export const demoContentSeeder: Seeder = {
  name: 'demo-content',
  async run(app) {
    const now = Date.now();
    for (const merchant of merchants) await seedMerchant(app, merchant, now);
  },
};

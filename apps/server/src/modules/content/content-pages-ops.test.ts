import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { consoleKit, type SignedInOperator } from '../console/console-test-kit';
import { buildPaymentsApp, ROOT_OPERATOR_KEY } from '../payments/payments-test-kit';

/**
 * Notices, promotions, the help centre and the maintenance page's texts from the console (issue
 * 15): each write is in the site's very next public read, formatted content is sanitised, only
 * content.write may write, and a merchant-limited operator touches only their merchant's content.
 */
let t: TestApp;
let content: SignedInOperator;
let mexicoOnly: SignedInOperator;
beforeAll(async () => {
  t = await buildPaymentsApp();
  const kit = consoleKit(t.app, ROOT_OPERATOR_KEY);
  content = await kit.operatorWith(['content']);
  mexicoOnly = await kit.operatorWith(['content'], 'MX');
});
afterAll(() => t.app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (by: SignedInOperator, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: by.cookie }, ...(payload ? { payload } : {}) });
const site = async (url: string, merchantCode: string, lang = 'EN') =>
  (await t.app.inject({ url, headers: { merchantCode, lang } })).json().value;

const attack =
  '<p onclick="steal()">Deposit <b>today</b></p><script>alert(1)</script><img src=x onerror=alert(2)>';

describe('notices and promotions', () => {
  it('publishes a popup for members that the site shows at once, sanitised; edits and removes it', async () => {
    const created = await call(content, 'POST', '/ops/console/announcements', {
      merchantCode: 'BR',
      type: 'PU',
      execution: 'A',
      title: { EN: 'Weekend <i>boost</i>', PT: 'Bônus de fim de semana' },
      content: { EN: attack, PT: '<p>Deposite hoje</p>' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const popup = created.json().value;
    expect(popup).toMatchObject({ merchantCode: 'BR', type: 'PU', execution: 'A', live: true });
    expect(popup.title.EN).toBe('Weekend boost');
    expect(popup.content.EN).not.toMatch(/script|onclick|onerror|alert/);

    const popups = async (execution: string, lang = 'EN') =>
      (await site(`/wps/relay/announcements?types=PU&execution=${execution}`, 'BR', lang)).popup as Array<{
        id: number;
        title: string;
        content: string;
      }>;
    const shown = (await popups('A')).find((p) => p.id === Number(popup.id));
    expect(shown?.content).toBe('<p>Deposit <b>today</b></p><img src="x" />');
    expect((await popups('A', 'PT')).find((p) => p.id === Number(popup.id))?.title).toBe(
      'Bônus de fim de semana',
    );
    expect((await popups('B')).some((p) => p.id === Number(popup.id))).toBe(false);

    const edited = await call(content, 'PUT', `/ops/console/announcements/${popup.id}`, {
      merchantCode: 'BR',
      type: 'PU',
      execution: 'A',
      title: { EN: 'Weekend boost, extended' },
      content: { EN: '<p>Until Monday</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await popups('A')).find((p) => p.id === Number(popup.id))?.title).toBe('Weekend boost, extended');
    const [audit] = await t.db.query<{ before_state: { title: Record<string, string> } }>(
      `select before_state from operator_audit_log
        where action = 'PUT /ops/console/announcements/:announcementId' order by id desc limit 1`,
    );
    expect(audit?.before_state.title.EN).toBe('Weekend boost');

    const removed = await call(content, 'DELETE', `/ops/console/announcements/${popup.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await popups('A')).some((p) => p.id === Number(popup.id))).toBe(false);
    expect((await call(content, 'DELETE', `/ops/console/announcements/${popup.id}`)).statusCode).toBe(404);
  });

  it('lists by type, language and state; a promotion keeps its pictures; a scheduled one waits', async () => {
    const promotion = await call(content, 'POST', '/ops/console/announcements', {
      merchantCode: 'BR',
      type: 'PR',
      title: { EN: 'Cashback Tuesday' },
      content: { EN: '<p>10% back</p>' },
      images: [{ url: '/content-images/0123456789abcdef0123456789abcdef.png', sequence: 1 }],
    });
    expect(promotion.statusCode, promotion.body).toBe(200);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call(content, 'POST', '/ops/console/announcements', {
      merchantCode: 'BR',
      type: 'B',
      title: { EN: 'Tomorrow only', ES: 'Solo mañana' },
      startsAt: later,
    });
    expect(scheduled.json().value.live).toBe(false);
    // The site dates it from its start, not from when it was written.
    expect(Date.parse(scheduled.json().value.publishedAt)).toBe(Date.parse(later));

    const promotions = (await site('/wps/relay/announcements?types=PR', 'BR')).promotion as Array<{
      title: string;
      announcementImages: unknown[];
    }>;
    expect(promotions.find((p) => p.title === 'Cashback Tuesday')?.announcementImages).toEqual([
      { url: '/content-images/0123456789abcdef0123456789abcdef.png', sequence: 1 },
    ]);
    const marquee = (await site('/wps/relay/announcements?types=B', 'BR')).banners as Array<{
      title: string;
    }>;
    expect(marquee.some((n) => n.title === 'Tomorrow only')).toBe(false);

    const list = async (query: string) =>
      (await call(content, 'GET', `/ops/console/announcements?merchantCode=BR&${query}`)).json().value as {
        content: Array<{ title: Record<string, string>; type: string }>;
        total: number;
      };
    const waiting = await list('types=B,PL&active=false');
    expect(waiting.content.map((a) => a.title.EN)).toEqual(['Tomorrow only']);
    expect((await list('language=ES')).content.every((a) => 'ES' in a.title)).toBe(true);
    expect((await list('types=PR&pageSize=1')).content).toHaveLength(1);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = (await call(content, 'GET', '/ops/console/announcements?merchantCode=BR')).json().value
      .total;
    const cases: Array<[object, string]> = [
      [{ type: 'PU', title: { EN: 'No audience' } }, 'execution'],
      [{ type: 'PL', execution: 'B', title: { EN: 'Audience on a notice' } }, 'execution'],
      [{ type: 'PL', title: { PT: 'Sem inglês' } }, 'title.EN'],
      [{ type: 'PL', title: { EN: '<script>x</script>' } }, 'title.EN'],
      [{ type: 'PL', title: { EN: 'Hi' }, content: { PT: '<p>Olá</p>' } }, 'title.PT'],
      [{ type: 'PL', title: { EN: 'Pictures' }, images: [{ url: '/a.png', sequence: 1 }] }, 'images'],
      [{ type: 'XX', title: { EN: 'Unknown type' } }, 'type'],
      [
        {
          type: 'PL',
          title: { EN: 'Backwards' },
          startsAt: '2026-12-02T00:00:00Z',
          endsAt: '2026-12-01T00:00:00Z',
        },
        'endsAt',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call(content, 'POST', '/ops/console/announcements', { merchantCode: 'BR', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().value.field, JSON.stringify(body)).toBe(field);
    }
    const badId = await call(content, 'PUT', '/ops/console/announcements/abc', {
      merchantCode: 'BR',
      type: 'PL',
      title: { EN: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    expect((await call(content, 'GET', '/ops/console/announcements?types=B,NOPE')).statusCode).toBe(400);
    expect(
      (await call(content, 'GET', '/ops/console/announcements?merchantCode=BR')).json().value.total,
    ).toBe(before);
  });

  it('previews formatted content as the site would serve it, storing nothing', async () => {
    const auditRows = async () =>
      (await t.db.query<{ n: number }>('select count(*)::int as n from operator_audit_log'))[0]?.n;
    const logged = await auditRows();
    const res = await call(content, 'POST', '/ops/console/content/preview', {
      merchantCode: 'BR',
      language: 'EN',
      format: 'formatted',
      title: '<b>Hello</b>',
      content: attack,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      title: 'Hello',
      content: '<p>Deposit <b>today</b></p><img src="x" />',
    });
    // A look at a draft is not a write: the audit log stays as it was.
    expect(await auditRows()).toBe(logged);
  });
});

describe('help centre', () => {
  it('adds articles the site lists at once in the language, reorders them, and refuses a stale order', async () => {
    const add = (title: string, category: string) =>
      call(content, 'POST', '/ops/console/help-articles', {
        merchantCode: 'MX',
        language: 'PT',
        category,
        categoryTitle: category === 'vip' ? 'Clube VIP' : 'Saques',
        title,
        content: `<p>${title}</p><script>alert(1)</script>`,
      });
    const first = (await add('Níveis', 'vip')).json().value;
    const second = (await add('Benefícios', 'vip')).json().value;
    expect(second).toMatchObject({ category: 'vip', categoryTitle: 'Clube VIP', sort: first.sort + 1 });
    expect(second.content).toBe('<p>Benefícios</p>');

    const centre = async () =>
      (await site('/wps/system/helpCenter', 'MX', 'PT')) as {
        language: string;
        categories: Array<{ key: string; title: string; articles: Array<{ title: string }> }>;
      };
    const vip = (await centre()).categories.find((c) => c.key === 'vip');
    expect(vip?.articles.map((a) => a.title)).toEqual(['Níveis', 'Benefícios']);

    const articles = (
      await call(content, 'GET', '/ops/console/help-articles?merchantCode=MX&language=PT')
    ).json().value as Array<{ id: string; category: string }>;
    const grouped = new Map<string, string[]>();
    for (const a of articles) grouped.set(a.category, [...(grouped.get(a.category) ?? []), a.id]);
    // VIP first, its two articles swapped.
    const order = [
      { category: 'vip', articleIds: [second.id, first.id] },
      ...[...grouped]
        .filter(([key]) => key !== 'vip')
        .map(([category, articleIds]) => ({ category, articleIds })),
    ];
    const reordered = await call(content, 'PUT', '/ops/console/help-articles/order', {
      merchantCode: 'MX',
      language: 'PT',
      categories: order,
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const after = await centre();
    expect(after.categories[0]?.key).toBe('vip');
    expect(after.categories[0]?.articles.map((a) => a.title)).toEqual(['Benefícios', 'Níveis']);

    const stale = await call(content, 'PUT', '/ops/console/help-articles/order', {
      merchantCode: 'MX',
      language: 'PT',
      categories: [{ category: 'vip', articleIds: [second.id] }],
    });
    expect(stale.statusCode).toBe(409);

    const renamed = await call(content, 'PUT', `/ops/console/help-articles/${first.id}`, {
      merchantCode: 'MX',
      category: 'vip',
      categoryTitle: 'VIP',
      title: 'Níveis VIP',
      content: '<p>Bronze, prata, ouro</p>',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const vipNow = (await centre()).categories.find((c) => c.key === 'vip');
    expect(vipNow?.title).toBe('VIP');
    expect(vipNow?.articles.map((a) => a.title)).toContain('Níveis VIP');

    expect((await call(content, 'DELETE', `/ops/console/help-articles/${second.id}`)).statusCode).toBe(200);
    expect((await centre()).categories.find((c) => c.key === 'vip')?.articles).toHaveLength(1);

    const empty = await call(content, 'POST', '/ops/console/help-articles', {
      merchantCode: 'MX',
      language: 'PT',
      category: 'vip',
      categoryTitle: 'VIP',
      title: 'Vazio',
      content: '<script>only a script</script>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().value.field).toBe('content');
    expect((await call(content, 'GET', '/ops/console/help-articles')).json().value.field).toBe(
      'merchantCode',
    );
  });
});

describe('maintenance page texts', () => {
  it('shows the texts written here while the site is in maintenance, at once, in the visitor language', async () => {
    const setMaintenance = (maintenance: object | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/ops/system/maintenance',
        headers: { 'x-operator-key': ROOT_OPERATOR_KEY },
        payload: { merchantCode: 'BD', maintenance },
      });
    await setMaintenance({ title: { EN: 'Down for upgrades' }, info: { EN: 'Back soon.' } });
    const status = async (lang: string) =>
      (await site('/wps/system/status', 'BD', lang)).maintenance as { title: string; info: string };
    expect((await status('PT')).title).toBe('Down for upgrades');

    const saved = await call(content, 'PUT', '/ops/console/maintenance-texts', {
      merchantCode: 'BD',
      language: 'PT',
      title: 'Em <b>manutenção</b>',
      info: 'Voltamos às 14h.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await status('PT')).toMatchObject({ title: 'Em manutenção', info: 'Voltamos às 14h.' });
    expect((await status('EN')).title).toBe('Down for upgrades');

    const pages = (await call(content, 'GET', '/ops/console/maintenance-texts?merchantCode=BD')).json().value;
    expect(pages).toMatchObject([{ merchantCode: 'BD', isOn: true, texts: [{ language: 'PT' }] }]);

    expect((await call(content, 'DELETE', '/ops/console/maintenance-texts/BD/PT')).statusCode).toBe(200);
    expect((await status('PT')).title).toBe('Down for upgrades');
    const blank = await call(content, 'PUT', '/ops/console/maintenance-texts', {
      merchantCode: 'BD',
      language: 'EN',
      title: '   ',
      info: 'x',
    });
    expect(blank.statusCode).toBe(400);
    await setMaintenance(null);
  });
});

describe('who may write', () => {
  it('refuses an operator without content.write and keeps a merchant-limited one to that merchant', async () => {
    const support = await consoleKit(t.app, ROOT_OPERATOR_KEY).operatorWith(['support']);
    const notice = { merchantCode: 'BR', type: 'PL', title: { EN: 'Support cannot' } };
    expect((await call(support, 'POST', '/ops/console/announcements', notice)).statusCode).toBe(403);

    const brazil = (await call(content, 'POST', '/ops/console/announcements', notice)).json().value;
    expect((await call(mexicoOnly, 'POST', '/ops/console/announcements', notice)).statusCode).toBe(404);
    expect(
      (
        await call(mexicoOnly, 'PUT', `/ops/console/announcements/${brazil.id}`, {
          ...notice,
          merchantCode: 'MX',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(mexicoOnly, 'DELETE', `/ops/console/announcements/${brazil.id}`)).statusCode).toBe(
      404,
    );
    const listed = (await call(mexicoOnly, 'GET', '/ops/console/announcements?pageSize=100')).json().value;
    expect(listed.content.every((a: { merchantCode: string }) => a.merchantCode === 'MX')).toBe(true);
    expect((await call(mexicoOnly, 'GET', '/ops/console/help-articles?merchantCode=BR')).statusCode).toBe(
      404,
    );
    expect((await call(mexicoOnly, 'DELETE', '/ops/console/maintenance-texts/BR/EN')).statusCode).toBe(404);
    // Still on the Brazilian site.
    const notices = (await site('/wps/relay/announcements?types=PL', 'BR')).player as Array<{ id: number }>;
    expect(notices.some((n) => n.id === Number(brazil.id))).toBe(true);
  });
});

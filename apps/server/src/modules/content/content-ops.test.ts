import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { consoleKit, type SignedInOperator } from '../console/console-test-kit';
import { buildPaymentsApp, ROOT_OPERATOR_KEY } from '../payments/payments-test-kit';

/**
 * Banners from the console (issue 15): a content operator uploads a picture (checked by its bytes,
 * at most 2 MB) and publishes a banner; the site's banner call shows it at once; removing it takes
 * it off. A content operator limited to a merchant touches only that merchant's banners.
 */
let t: TestApp;
let content: SignedInOperator;
beforeAll(async () => {
  t = await buildPaymentsApp();
  content = await consoleKit(t.app, ROOT_OPERATOR_KEY).operatorWith(['content']);
});
afterAll(() => t.app.close());

const png = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(300, 7),
]);
const upload = (by: SignedInOperator, bytes: Buffer, type: string) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/console/content/images',
    headers: { cookie: by.cookie, 'content-type': type },
    payload: bytes,
  });
const save = (by: SignedInOperator, body: object) =>
  t.app.inject({ method: 'PUT', url: '/ops/console/banners', headers: { cookie: by.cookie }, payload: body });
const siteBanners = async (merchantCode = 'BR') =>
  (await t.app.inject({ url: '/wps/relay/banners?groupName=w_home', headers: { merchantCode } })).json()
    .value as Array<{ url: string }>;

describe('banners from the console', () => {
  it('uploads a picture, publishes a banner that the site shows at once, and takes it off again', async () => {
    const uploaded = await upload(content, png, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json().value;
    expect(url).toMatch(/^\/content-images\/[0-9a-f]{32}\.png$/);
    const picture = await t.app.inject({ url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);

    expect((await siteBanners()).map((b) => b.url)).not.toContain(url);
    const saved = await save(content, {
      merchantCode: 'BR',
      key: 'black-friday',
      groupName: 'w_home',
      imageUrls: { EN: url },
      linkageType: 'ROUTE',
      link: '/promotions',
      sort: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ key: 'black-friday', live: true, merchantCode: 'BR' });
    expect((await siteBanners()).map((b) => b.url)).toContain(url);
    expect((await siteBanners('MX')).map((b) => b.url)).not.toContain(url);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/ops/console/banners/${saved.json().value.id}`,
      headers: { cookie: content.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await siteBanners()).map((b) => b.url)).not.toContain(url);
  });

  it('refuses a picture that is not what its type says, or too large, and a banner without an EN picture', async () => {
    const lying = await upload(content, Buffer.from('<svg onload="alert(1)"/>'), 'image/png');
    expect(lying.statusCode).toBe(400);
    expect(lying.json().value.field).toBe('image');
    const json = await t.app.inject({
      method: 'POST',
      url: '/ops/console/content/images',
      headers: { cookie: content.cookie },
      payload: { image: 'not bytes' },
    });
    expect(json.statusCode).toBe(415);
    const huge = await upload(content, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(huge.statusCode).toBe(413);
    const noEnglish = await save(content, {
      merchantCode: 'BR',
      key: 'pt-only',
      groupName: 'w_home',
      imageUrls: { PT: '/art/x.png' },
    });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().value.field).toBe('imageUrls');
  });

  it("keeps a merchant-limited content operator to that merchant's banners", async () => {
    const mexico = await consoleKit(t.app, ROOT_OPERATOR_KEY).operatorWith(['content'], 'MX');
    const other = await save(mexico, {
      merchantCode: 'BR',
      key: 'not-mine',
      groupName: 'w_home',
      imageUrls: { EN: '/art/x.png' },
    });
    expect(other.statusCode).toBe(404);
    const listed = await t.app.inject({ url: '/ops/console/banners', headers: { cookie: mexico.cookie } });
    expect(listed.json().value.every((b: { merchantCode: string }) => b.merchantCode === 'MX')).toBe(true);
  });
});

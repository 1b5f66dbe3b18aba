import { describe, expect, it } from 'vitest';
import { buildMenu, isLargeVendorMenu, vendorTarget } from './build-menu';

const vendor = (vassalage: string) => ({ vassalage, name: vassalage });
const entry = (gameType: string, count = 1) => ({
  gameType,
  vendors: Array.from({ length: count }, (_, i) => vendor(`${gameType}${i}`)),
});
const keys = (menu: ReturnType<typeof buildMenu>) => menu.map((e) => e.key);

describe('buildMenu', () => {
  it('puts home first and promotions last around the categories in server order', () => {
    expect(keys(buildMenu([entry('LIVE'), entry('RNG'), entry('FISH')]))).toEqual([
      'HOME',
      'LIVE',
      'RNG',
      'FISH',
      'PROMOTIONS',
    ]);
  });

  it('shows only known categories that have at least one vendor', () => {
    expect(keys(buildMenu([entry('RNG'), entry('PVP', 0), entry('MYSTERY'), entry('rng')]))).toEqual([
      'HOME',
      'RNG',
      'PROMOTIONS',
    ]);
  });

  it('moves bonus just before crash', () => {
    expect(keys(buildMenu([entry('BONUS'), entry('RNG'), entry('CRASH'), entry('LIVE')]))).toEqual([
      'HOME',
      'RNG',
      'BONUS',
      'CRASH',
      'LIVE',
      'PROMOTIONS',
    ]);
  });

  it('puts bonus after the other categories when there is no crash', () => {
    expect(keys(buildMenu([entry('BONUS'), entry('RNG'), entry('LIVE')]))).toEqual([
      'HOME',
      'RNG',
      'LIVE',
      'BONUS',
      'PROMOTIONS',
    ]);
  });

  it('routes each category to its lowercase path, and bonus to RNG with vassalage WW', () => {
    const menu = buildMenu([entry('SPORTS'), entry('BONUS'), entry('ELOTT')]);
    expect(Object.fromEntries(menu.map((e) => [e.key, e.to]))).toEqual({
      HOME: '/',
      SPORTS: '/sports',
      ELOTT: '/elott',
      BONUS: '/rng?vassalage=WW',
      PROMOTIONS: '/promotions',
    });
  });

  it('treats a vendor drop-down as large above 10 vendors', () => {
    const [, ten, eleven] = buildMenu([entry('RNG', 10), entry('LIVE', 11)]);
    expect([isLargeVendorMenu(ten as never), isLargeVendorMenu(eleven as never)]).toEqual([false, true]);
  });
});

describe('vendorTarget', () => {
  it('opens FISH and RNG vendors as filtered lists and launches the others', () => {
    expect(vendorTarget('FISH', 'JDB')).toBe('/fish?vassalage=JDB');
    expect(vendorTarget('rng', 'PG')).toBe('/rng?vassalage=PG');
    expect(vendorTarget('LIVE', 'EVO')).toBeNull();
  });
});

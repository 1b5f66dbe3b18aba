import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { type CountryResponse, open, type Reader } from 'maxmind';

/**
 * Where a visitor is, as a two-letter country code, or null when nobody can tell. A CDN in front of
 * the site (Cloudflare's `cf-ipcountry`, CloudFront's `cloudfront-viewer-country`, …) knows best, so
 * its header wins when one is configured as trusted; otherwise a MaxMind-format database file is
 * asked about the address. With neither, callers fall back to the merchant's own country.
 */
export class GeoResolver {
  constructor(
    private readonly trustedHeader: string | undefined,
    private readonly database: Reader<CountryResponse> | null,
  ) {}

  static async create(options: { trustedHeader?: string; databaseFile?: string }): Promise<GeoResolver> {
    const database = options.databaseFile ? await open<CountryResponse>(options.databaseFile) : null;
    return new GeoResolver(options.trustedHeader?.toLowerCase(), database);
  }

  countryOf(request: FastifyRequest): string | null {
    if (this.trustedHeader) {
      const value = request.headers[this.trustedHeader];
      const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
      // 'XX' and 'T1' are Cloudflare's "unknown" and "Tor": no country.
      if (code && /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1') return code;
    }
    return this.lookup(request.ip);
  }

  lookup(ip: string): string | null {
    if (!this.database || !isIP(ip)) return null;
    return this.database.get(ip)?.country?.iso_code?.toUpperCase() ?? null;
  }
}

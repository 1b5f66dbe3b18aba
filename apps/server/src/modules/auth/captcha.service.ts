import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { AuthRepository } from './auth.repository';

const CAPTCHA_TTL_MS = 5 * 60_000;
const answerHash = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/** The picture's own background: it reads the same on the dark and the light theme. */
export const CAPTCHA_BACKGROUND = '#ffffff';
/** The picture's size in CSS pixels; the login dialog shows it at this size, never scaled down. */
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

/**
 * Image captchas (glyphs drawn as SVG paths, with noise), single use, kept hashed for 5 minutes.
 * Legible on a phone: dark grey glyphs (svg-captcha's greys #000 to #444, at least 9:1 on white;
 * its "color" mode picks light hues, some under 2:1) on an opaque white ground of the picture's own.
 */
export class CaptchaService {
  constructor(private readonly repository: AuthRepository) {}

  async create(): Promise<{ captchaId: string; image: string }> {
    const { text, data: drawn } = svgCaptcha.create({
      size: 5,
      noise: 3,
      ignoreChars: '0oO1lIi',
      color: false,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
    });
    // svg-captcha's own background option turns on its light random colours: add the ground here.
    const data = drawn.replace(
      /(<svg[^>]*>)/,
      `$1<rect width="100%" height="100%" fill="${CAPTCHA_BACKGROUND}"/>`,
    );
    const captchaId = randomBytes(16).toString('base64url');
    await this.repository.insertCaptcha(captchaId, answerHash(text), new Date(Date.now() + CAPTCHA_TTL_MS));
    // Occasional clean-up keeps the table small without a scheduled job.
    if (Math.random() < 0.01) await this.repository.deleteExpiredCaptchas();
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /** True once for the right answer to an unexpired captcha; a second use of the same one fails. */
  verify(captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!captchaId || !answer) return Promise.resolve(false);
    return this.repository.consumeCaptcha(captchaId, answerHash(answer));
  }

  /** For tests: the answer a captcha image shows is not readable from the stored hash. */
  static answerHash = answerHash;
}

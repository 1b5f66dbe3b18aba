import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { AuthRepository } from './auth.repository';

const CAPTCHA_TTL_MS = 5 * 60_000;
const answerHash = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/** Image captchas (glyphs drawn as SVG paths, with noise), single use, kept hashed for 5 minutes. */
export class CaptchaService {
  constructor(private readonly repository: AuthRepository) {}

  async create(): Promise<{ captchaId: string; image: string }> {
    const { text, data } = svgCaptcha.create({ size: 5, noise: 3, ignoreChars: '0oO1lIi', color: true });
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

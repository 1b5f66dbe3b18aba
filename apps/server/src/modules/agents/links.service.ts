import { isAgentType } from '@sorte/shared';
import type { AgentLinks } from '@sorte/shared/contracts/agent-links';
import { AppError } from '../../lib/app-error';
import type { SessionMember } from '../auth/auth.service';
import type { LinksRepository } from './links.repository';

/** The registration address of an invitation link: the sign-up dialog reads `affiliateCode`. */
export const linkUrl = (domain: string, code: string) =>
  `https://${domain}/register?affiliateCode=${encodeURIComponent(code)}`;

/**
 * Domain/link management (spec section 2): the agent's invitation link on each of the merchant's
 * domains, with the registrations and first depositors each brought. The domain the agent is using
 * comes first when the merchant has not listed it (a fresh install has no configured domains).
 */
export class LinksService {
  constructor(private readonly repository: LinksRepository) {}

  async of(member: SessionMember, currentDomain: string | null): Promise<AgentLinks> {
    if (!isAgentType(member.type)) throw new AppError(403, 'AGENT_ONLY');
    const domains = await this.repository.domainsOf(member.merchant_code);
    if (currentDomain && !domains.includes(currentDomain)) domains.unshift(currentDomain);
    const stats = new Map((await this.repository.statsOf(member.id)).map((row) => [row.domain, row]));
    const code = member.invite_code;
    const other = stats.get(null);
    // Domains people joined through that the merchant no longer lists still show their figures.
    for (const domain of stats.keys()) if (domain !== null && !domains.includes(domain)) domains.push(domain);
    return {
      inviteCode: code,
      links: code
        ? domains.map((domain) => ({
            domain,
            url: linkUrl(domain, code),
            registrations: stats.get(domain)?.registrations ?? 0,
            firstDepositors: stats.get(domain)?.first_depositors ?? 0,
          }))
        : [],
      other: { registrations: other?.registrations ?? 0, firstDepositors: other?.first_depositors ?? 0 },
    };
  }

  /** After a successful registration that carried an affiliate code: the domain it came through. */
  recordSignup(merchantCode: string, username: string, domain: string): Promise<void> {
    return this.repository.recordSignup(merchantCode, username.toLowerCase(), domain);
  }
}

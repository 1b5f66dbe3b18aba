import { isAgentType } from '@sorte/shared';
import type { AgentLinks } from '@sorte/shared/contracts/agent-links';
import { AppError } from '../../lib/app-error';
import type { SessionMember } from '../auth/auth.service';
import type { LinksRepository } from './links.repository';

/**
 * The registration address of an invitation link: the sign-up dialog reads `affiliateCode`. The
 * merchant's domains are served over HTTPS on the default port; an unlisted one in use keeps its own
 * origin (a local or staging address with its port).
 */
export const linkUrl = (origin: string, code: string) =>
  `${origin}/register?affiliateCode=${encodeURIComponent(code)}`;

/** Where the agent is: the domain (to match the merchant's) and the origin its link opens. */
export type CurrentSite = { domain: string; origin: string };

/**
 * Domain/link management (spec section 2): the agent's invitation link on each of the merchant's
 * domains, with the registrations and first depositors each brought. The domain the agent is using
 * comes first when the merchant has not listed it (a fresh install has no configured domains).
 */
export class LinksService {
  constructor(private readonly repository: LinksRepository) {}

  async of(member: SessionMember, current: CurrentSite | null): Promise<AgentLinks> {
    if (!isAgentType(member.type)) throw new AppError(403, 'AGENT_ONLY');
    const domains = await this.repository.domainsOf(member.merchant_code);
    const unlisted = current && !domains.includes(current.domain) ? current : null;
    if (unlisted) domains.unshift(unlisted.domain);
    const originOf = (domain: string) =>
      domain === unlisted?.domain ? unlisted.origin : `https://${domain}`;
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
            url: linkUrl(originOf(domain), code),
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

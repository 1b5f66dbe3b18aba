import { randomBytes } from 'node:crypto';
import { type Merchant, memberTypes, type SocialChannel } from '@sorte/shared';
import type { AuthRepository, MemberRow } from '../auth/auth.repository';
import type { AuthService, Caller } from '../auth/auth.service';
import { hashPassword } from '../auth/passwords';
import type { LedgerService } from '../ledger/ledger.service';
import type { SocialIdentityRow, SocialRepository } from './social.repository';

/** Who a provider says signed in; `subject` is its stable id for the person. */
export type SocialProfile = {
  channel: SocialChannel;
  subject: string;
  email: string | null;
  /** Only a provider-verified address becomes the member's e-mail (it is used for password resets). */
  emailVerified: boolean;
  nickname: string | null;
  profile: Record<string, string>;
};

export type LoginValue = { token: string; firstTimeLogin: boolean; passwordExpired: boolean };

const usernamePrefixes: Record<SocialChannel, string> = { google: 'gg_', facebook: 'fb_', telegram: 'tg_' };
const USERNAME_MAX = 20;
const USERNAME_ATTEMPTS = 5;

/** Finds or creates the member behind a social account, opens their wallet and signs them in. */
export class SocialMembers {
  constructor(
    private readonly repository: SocialRepository,
    private readonly members: AuthRepository,
    private readonly auth: AuthService,
    private readonly ledger: LedgerService,
  ) {}

  async signIn(merchant: Merchant, profile: SocialProfile, caller: Caller): Promise<LoginValue> {
    const known = await this.repository.findIdentity(merchant.merchantCode, profile.channel, profile.subject);
    if (known) await this.repository.updateIdentityEmail(known.id, profile.email);
    const identity = known ?? (await this.createMember(merchant, profile, caller));
    const member = await this.members.findMemberById(identity.member_id);
    if (!member) throw new Error(`social identity ${identity.id} names no member`);
    await this.ledger.openAccounts(member.id.toString(), merchant.currency);
    const firstTimeLogin = member.first_login;
    if (firstTimeLogin) await this.members.markLoggedIn(member.id);
    // The provider vouched for the person, so this address needs no second verification later.
    await this.auth.trustAddress(member.id, caller.ip);
    // Nobody knows the random password of a social member, so it can never be due for a change.
    return { token: await this.auth.openSession(member.id, caller), firstTimeLogin, passwordExpired: false };
  }

  /**
   * Creates a member with a password nobody knows and links the account to it. Two first sign-ins of
   * the same account at once both create a member; the unique identity decides which one is kept.
   */
  private async createMember(
    merchant: Merchant,
    profile: SocialProfile,
    caller: Caller,
  ): Promise<SocialIdentityRow> {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const base = `${usernamePrefixes[profile.channel]}${profile.subject.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
      const username =
        attempt === 0
          ? base.slice(0, USERNAME_MAX)
          : `${base.slice(0, USERNAME_MAX - 5)}_${randomBytes(2).toString('hex')}`;
      const member = await this.insertMember(merchant, profile, username, passwordHash, caller);
      if (!member) continue; // the username is taken: try a suffixed one
      const identity = await this.repository.insertIdentity({
        merchantCode: merchant.merchantCode,
        channel: profile.channel,
        subject: profile.subject,
        memberId: member.id,
        email: profile.email,
      });
      if (identity) return identity;
      await this.repository.deleteUnlinkedMember(member.id);
      const winner = await this.repository.findIdentity(
        merchant.merchantCode,
        profile.channel,
        profile.subject,
      );
      if (winner) return winner;
      throw new Error('social identity conflict without a linked identity');
    }
    throw new Error(`no free username for ${base}`);
  }

  private insertMember(
    merchant: Merchant,
    profile: SocialProfile,
    username: string,
    passwordHash: string,
    caller: Caller,
  ): Promise<MemberRow | undefined> {
    return this.members.insertMember({
      merchantCode: merchant.merchantCode,
      username,
      mobile: null,
      email: profile.emailVerified ? profile.email : null,
      passwordHash,
      paymentPasswordHash: null,
      type: memberTypes.member,
      nickname: profile.nickname?.trim().slice(0, 64) || username,
      payeeName: null,
      birthday: null,
      affiliateCode: null,
      referralCode: null,
      // A social sign-up comes through no agent's invitation.
      uplineId: null,
      profile: profile.profile,
      registrationIp: caller.ip,
    });
  }
}

import { isAgentType, memberTypes, merchantByCode, type PasswordResetChannel } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { AuthRepository } from '../auth/auth.repository';
import type { AuthService } from '../auth/auth.service';
import type { RecoveryService } from '../auth/recovery.service';
import type { VerificationService } from '../verification/verification.service';
import type { PlayerUplineRepository } from './player-upline.repository';
import type { PlayersService } from './players.service';

const FIELD = 'console-players';

/** "an***@example.com": enough for the operator to tell the player which mailbox to look in. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, Math.max(at, 0)))}***${email.slice(at)}`;
}

/** "*******7777": the last four digits. */
export const maskMobile = (mobile: string) =>
  `${'*'.repeat(Math.max(mobile.length - 4, 3))}${mobile.slice(-4)}`;

/**
 * What an operator does to a player's account beyond blocking: send them a password reset (the very
 * one their own "forgot password" sends; the operator never sees or sets a password) and move them
 * under another agent.
 */
export class PlayerAccountService {
  constructor(
    private readonly players: Pick<PlayersService, 'scoped' | 'detail'>,
    private readonly members: Pick<AuthRepository, 'findMemberById'>,
    private readonly auth: Pick<AuthService, 'getSettings'>,
    private readonly recovery: Pick<RecoveryService, 'sendResetLinkFor'>,
    private readonly verification: Pick<VerificationService, 'sendCode'>,
    private readonly upline: PlayerUplineRepository,
  ) {}

  /**
   * By e-mail: the single-use reset link (30 minutes). By SMS: the reset code the member types in the
   * site's "forgot password by mobile" form with their new password (only where the merchant offers
   * that form). Refused when the player has no such channel.
   */
  async sendPasswordReset(memberId: string, scope: string | null, channel: PasswordResetChannel) {
    const player = await this.players.scoped(memberId, scope);
    const member = await this.members.findMemberById(BigInt(player.id));
    if (!member) throw new AppError(404, 'NOT_FOUND');
    if (member.type === memberTypes.trial) throw new AppError(409, 'FREE_PLAY_ACCOUNT');
    if (!member.email && !member.mobile) throw new AppError(409, 'RESET_CHANNEL_MISSING');
    const merchant = merchantByCode(member.merchant_code);
    if (channel === 'email') {
      if (!member.email) throw AppError.field('channel', `${FIELD}:noEmail`);
      await this.recovery.sendResetLinkFor(merchant, { ...member, email: member.email });
      return { channel, sentTo: maskEmail(member.email) };
    }
    if (!member.mobile) throw AppError.field('channel', `${FIELD}:noMobile`);
    if (!(await this.auth.getSettings(merchant)).whitelabel.MOBILE_PASSWORD_RECOVERY)
      throw AppError.field('channel', `${FIELD}:mobileRecoveryOff`);
    // No caller address: the operator's office must not spend the per-address SMS allowance of members.
    await this.verification.sendCode(merchant, member.mobile, 'reset', null);
    return { channel, sentTo: maskMobile(member.mobile) };
  }

  /** The audit log's "before" of a move. */
  async uplineBefore(memberId: string, scope: string | null) {
    const player = await this.players.scoped(memberId, scope);
    return this.upline.uplineOf(player.id);
  }

  /** Moves the member (with their team) under an agent of their merchant, named by username. */
  async changeUpline(memberId: string, scope: string | null, uplineUsername: string) {
    const player = await this.players.scoped(memberId, scope);
    if (player.type === memberTypes.trial) throw new AppError(409, 'FREE_PLAY_ACCOUNT');
    const upline = await this.upline.byUsername(player.merchantCode, uplineUsername);
    if (!upline) throw AppError.field('uplineUsername', `${FIELD}:uplineNotFound`);
    const username = upline.username;
    if (upline.id === player.id)
      throw AppError.field('uplineUsername', `${FIELD}:uplineInOwnTeam`, { username });
    if (!isAgentType(upline.type))
      throw AppError.field('uplineUsername', `${FIELD}:uplineNotAgent`, { username });
    const refusal = await this.upline.move(player.id, upline.id);
    if (refusal === 'contractsOpen') throw new AppError(409, 'UPLINE_CONTRACTS_OPEN');
    if (refusal === 'unchanged')
      throw AppError.field('uplineUsername', `${FIELD}:uplineUnchanged`, { username });
    if (refusal === 'inOwnTeam')
      throw AppError.field('uplineUsername', `${FIELD}:uplineInOwnTeam`, { username });
    return this.players.detail(memberId, scope);
  }
}

import {
  memberTypes,
  PLAY_MONEY_CURRENCY,
  PLAY_MONEY_TOP_UP_TO_MINOR,
  type PlayMoneyTopUp,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { SessionMember } from '../auth/auth.service';
import type { LedgerService } from '../ledger/ledger.service';

/**
 * Play money of free-play (trial) members (DECISIONS.md "trial (free play) accounts"): their demo
 * balance for the house games, in the ledger's play-money currency. A member tops it up themselves,
 * back to PLAY_MONEY_TOP_UP_TO_MINOR and never past it. Real members have none: their play is
 * with their own money.
 */
export class PlayMoneyService {
  constructor(private readonly ledger: LedgerService) {}

  async topUp(member: SessionMember, requestId: string): Promise<PlayMoneyTopUp> {
    if (member.type !== memberTypes.trial) throw new AppError(403, 'PLAY_MONEY_TRIAL_ONLY');
    const done = await this.ledger.topUpPlayMoney(member.id.toString(), requestId);
    return {
      added: Number(done.added),
      balance: Number(done.balance),
      topUpTo: PLAY_MONEY_TOP_UP_TO_MINOR,
      currency: PLAY_MONEY_CURRENCY,
    };
  }
}

import {
  agentTypes,
  currencyInfo,
  type MemberTransferResult,
  mainWalletCode,
  memberTypes,
  merchantByCode,
  type TransferToDownlineBody,
  type TransferToUplineBody,
  type VendorWallets,
  type WalletTransferBody,
  type WalletTransferResult,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SessionMember } from '../auth/auth.service';
import { verifyPassword } from '../auth/passwords';
import type { LedgerService } from '../ledger/ledger.service';
import type { TransferParty, TransfersRepository } from './transfers.repository';

const merchantOfMember = (member: { merchant_code: string }) => merchantByCode(member.merchant_code);

/** Ledger kinds these transfers post (the account record shows both as `transfer`). */
export const WALLET_TRANSFER_KIND = 'wallet_transfer';
export const MEMBER_TRANSFER_KIND = 'member_transfer';

/** Wrong payment passwords a member may enter in a window before being made to wait. */
export const PAYMENT_PASSWORD_ATTEMPTS = 5;
export const PAYMENT_PASSWORD_WINDOW_MS = 15 * 60_000;

/**
 * Money a member moves themselves: between the main wallet and vendor transfer wallets (when the
 * merchant is not single-wallet), to their direct upline agent, and (agents) to a direct downline.
 * Each is one ledger transfer keyed by the member and their requestId, so a retry finds the first
 * transfer and an overdraft is refused by the ledger's conditional debit with nothing written.
 */
export class TransfersService {
  constructor(
    private readonly repository: TransfersRepository,
    private readonly ledger: LedgerService,
    private readonly limiter: RateLimiter,
  ) {}

  isSingleWallet(merchantCode: string): Promise<boolean> {
    return this.repository.isSingleWallet(merchantCode);
  }

  async vendorWallets(member: SessionMember): Promise<VendorWallets> {
    const { currency } = merchantOfMember(member);
    const memberId = member.id.toString();
    const isSingle = await this.repository.isSingleWallet(member.merchant_code);
    const vendors = isSingle ? [] : await this.repository.transferVendors(member.merchant_code);
    const balances = await this.ledger.memberBalances(
      memberId,
      currency,
      vendors.map((v) => v.vassalage),
    );
    return {
      isSingle,
      currency,
      currencySymbol: currencyInfo[currency].symbol,
      main: toSafeNumber(balances.cash),
      wallets: vendors.map((v) => ({
        vendor: v.vassalage,
        name: v.name,
        balance: toSafeNumber(balances.vendorWallets.get(v.vassalage) ?? 0n),
      })),
    };
  }

  async walletTransfer(member: SessionMember, body: WalletTransferBody): Promise<WalletTransferResult> {
    if (member.type === memberTypes.trial) throw new AppError(403, 'TRIAL_NOT_ALLOWED');
    if (await this.repository.isSingleWallet(member.merchant_code)) throw new AppError(409, 'SINGLE_WALLET');
    if (body.from === body.to) throw AppError.field('to', 'records:sameWallet');
    if (body.from !== mainWalletCode && body.to !== mainWalletCode)
      throw AppError.field('to', 'records:mainWalletSide');
    const toVendor = body.from === mainWalletCode;
    const vendor = toVendor ? body.to : body.from;
    const vendors = await this.repository.transferVendors(member.merchant_code);
    if (!vendors.some((v) => v.vassalage === vendor))
      throw AppError.field(toVendor ? 'to' : 'from', 'records:unknownWallet');
    if (toVendor) {
      // A blocked member may take money back from a vendor, not send more to play with.
      const party = await this.repository.findParty(member.id);
      if (party?.blocked) throw new AppError(403, 'FORBIDDEN');
    }

    const { currency } = merchantOfMember(member);
    const memberId = member.id.toString();
    const main = await this.ledger.cashAccountOf(memberId, currency);
    const wallet = await this.ledger.openVendorWallet(memberId, vendor, currency);
    const [debit, credit] = toVendor ? [main, wallet] : [wallet, main];
    const posted = await this.ledger.transfer({
      idempotencyKey: `wallet-transfer:${memberId}:${body.requestId}`,
      debitAccountId: debit,
      creditAccountId: credit,
      amount: BigInt(body.amount),
      currency,
      kind: WALLET_TRANSFER_KIND,
      metadata: { from: body.from, to: body.to, requestId: body.requestId },
    });
    return {
      transferId: posted.transferId.toString(),
      requestId: body.requestId,
      replayed: posted.replayed,
      from: body.from,
      to: body.to,
      amount: body.amount,
      fromBalance: toSafeNumber(posted.debitBalance),
      toBalance: toSafeNumber(posted.creditBalance),
    };
  }

  /** Spec section 6: a member sends money to their direct upline agent. */
  async transferToUpline(member: SessionMember, body: TransferToUplineBody): Promise<MemberTransferResult> {
    const sender = await this.senderOf(member);
    if (!sender.upline_id) throw new AppError(403, 'NO_UPLINE');
    const upline = await this.repository.findParty(sender.upline_id);
    if (!upline || upline.merchant_code !== sender.merchant_code) throw new AppError(403, 'NO_UPLINE');
    await this.checkPaymentPassword(sender, body.paymentPassword);
    return this.send(sender, upline, body, 'upline');
  }

  /** Spec section 6: an agent sends money to one of their direct downlines, and to no one else. */
  async transferToDownline(
    member: SessionMember,
    body: TransferToDownlineBody,
  ): Promise<MemberTransferResult> {
    const sender = await this.senderOf(member);
    if (!agentTypes.includes(sender.type)) throw new AppError(403, 'FORBIDDEN');
    const downline = await this.repository.findParty(BigInt(body.downlineId));
    // Unknown, indirect and foreign members get the same answer: nothing about them leaks.
    if (!downline || downline.upline_id !== sender.id || downline.merchant_code !== sender.merchant_code)
      throw new AppError(403, 'FORBIDDEN');
    await this.checkPaymentPassword(sender, body.paymentPassword);
    return this.send(sender, downline, body, 'downline');
  }

  private async senderOf(member: SessionMember): Promise<TransferParty> {
    if (member.type === memberTypes.trial) throw new AppError(403, 'TRIAL_NOT_ALLOWED');
    const sender = await this.repository.findParty(member.id);
    if (!sender) throw new AppError(401, 'UNAUTHORIZED');
    if (sender.blocked) throw new AppError(403, 'FORBIDDEN');
    return sender;
  }

  private async send(
    sender: TransferParty,
    receiver: TransferParty,
    body: { amount: number; requestId: string },
    direction: 'upline' | 'downline',
  ): Promise<MemberTransferResult> {
    const { currency } = merchantOfMember(sender);
    const from = await this.ledger.openAccounts(sender.id.toString(), currency);
    const to = await this.ledger.openAccounts(receiver.id.toString(), currency);
    const posted = await this.ledger.transfer({
      idempotencyKey: `member-transfer:${sender.id}:${body.requestId}`,
      debitAccountId: from.cash,
      creditAccountId: to.cash,
      amount: BigInt(body.amount),
      currency,
      kind: MEMBER_TRANSFER_KIND,
      // from/to name the other side in each member's account record.
      metadata: {
        direction,
        from: sender.username,
        to: receiver.username,
        fromMemberId: sender.id.toString(),
        toMemberId: receiver.id.toString(),
        requestId: body.requestId,
      },
    });
    return {
      transferId: posted.transferId.toString(),
      requestId: body.requestId,
      replayed: posted.replayed,
      amount: body.amount,
      balance: toSafeNumber(posted.debitBalance),
      currency,
      to: { id: receiver.id.toString(), account: receiver.username },
    };
  }

  /** Required when the member has set one; a few wrong tries, then a wait (a PIN is easy to guess). */
  private async checkPaymentPassword(sender: TransferParty, given: string | undefined): Promise<void> {
    if (!sender.payment_password_hash) return;
    if (!given) throw AppError.field('paymentPassword', 'auth:required');
    const key = `payment-password:${sender.id}`;
    if ((await this.limiter.peek(key)) >= PAYMENT_PASSWORD_ATTEMPTS)
      throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: PAYMENT_PASSWORD_WINDOW_MS / 60_000 });
    if (!(await verifyPassword(sender.payment_password_hash, given))) {
      await this.limiter.hit(key, PAYMENT_PASSWORD_ATTEMPTS, PAYMENT_PASSWORD_WINDOW_MS);
      throw AppError.field('paymentPassword', 'records:paymentPasswordWrong');
    }
  }
}

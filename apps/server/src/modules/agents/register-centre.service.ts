import { randomBytes } from 'node:crypto';
import { checkField, type FieldRule, isAgentType, memberTypes, merchantByCode } from '@sorte/shared';
import type { AgentContract, ContractTerms } from '@sorte/shared/contracts/agent-contracts';
import type { AgentRegisterBody, AgentRegisterResult } from '@sorte/shared/contracts/agent-register';
import { AppError } from '../../lib/app-error';
import type { AuthRepository } from '../auth/auth.repository';
import type { AuthService, SessionMember } from '../auth/auth.service';
import { hashPassword } from '../auth/passwords';
import type { ContractsService } from '../contracts/contracts.service';
import { capViolation, firstTierOutOfOrder } from '../contracts/settlement-math';
import type { LedgerService } from '../ledger/ledger.service';
import type { RegisterCentreRepository } from './register-centre.repository';

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;
/** Invitation codes of agents made here: 8 letters and digits without look-alikes (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () =>
  Array.from(randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

/**
 * Register centre (spec section 2, DECISIONS): an agent creates a direct downline member or agent
 * with the merchant's default weak password, to be changed at first login, and may offer the new
 * agent a contract at once.
 */
export class RegisterCentreService {
  constructor(
    private readonly repository: RegisterCentreRepository,
    private readonly auth: AuthService,
    private readonly authRepository: AuthRepository,
    private readonly ledger: LedgerService,
    private readonly contracts: ContractsService,
  ) {}

  async register(caller: SessionMember, body: AgentRegisterBody, ip: string): Promise<AgentRegisterResult> {
    if (!isAgentType(caller.type)) throw new AppError(403, 'FORBIDDEN');
    const merchant = merchantByCode(caller.merchant_code);
    if (!merchant) throw new AppError(403, 'FORBIDDEN');
    const settings = await this.auth.getSettings(merchant);
    const usernameRule = settings.registerRules.username as FieldRule;
    const check = checkField(body.username, { ...usernameRule, enabled: true, required: true });
    if (!check.ok) {
      throw check.reason === 'required'
        ? AppError.field('username', 'auth:required')
        : AppError.field('username', `auth:patterns.${check.patternId}`, { range: check.range });
    }
    const makesAgent = isAgentType(body.type);
    if (body.contract) {
      if (!makesAgent) throw AppError.field('contract', 'contracts:notDirectDownlineAgent');
      // Checked before the account exists, so a refused offer leaves nothing half made.
      await this.checkOfferable(caller, body.contract);
    }
    const password = await this.repository.defaultPasswordOf(merchant.merchantCode);
    if (!password) throw new AppError(403, 'FORBIDDEN');

    const member = await this.authRepository.insertMember({
      merchantCode: merchant.merchantCode,
      username: body.username,
      mobile: null,
      email: null,
      passwordHash: await hashPassword(password),
      paymentPasswordHash: null,
      type: memberTypes.member,
      nickname: body.nickname || body.username,
      payeeName: null,
      birthday: null,
      affiliateCode: caller.invite_code,
      referralCode: null,
      profile: {},
      registrationIp: ip,
      uplineId: caller.id,
    });
    if (!member) throw new AppError(409, 'USERNAME_TAKEN');
    const inviteCode = makesAgent ? newInviteCode() : null;
    await this.repository.markCreatedByAgent(member.id, body.type, inviteCode);
    await this.ledger.openAccounts(member.id.toString(), merchant.currency);

    let contract: AgentContract | null = null;
    if (body.contract) {
      try {
        contract = await this.contracts.offer(caller, member.id, body.contract);
      } catch (error) {
        // Only if the agent's own contract changed since the check above: the account stands, and
        // the offer can be made again from team management.
        if (!(error instanceof AppError)) throw error;
      }
    }
    return {
      id: member.id.toString(),
      username: member.username,
      nickname: member.nickname ?? member.username,
      type: body.type,
      initialPassword: password,
      inviteCode,
      contractId: contract?.id ?? null,
    };
  }

  /** The offer's rules (ordered tiers, within the agent's own active contract), as offer() has them. */
  private async checkOfferable(caller: SessionMember, terms: ContractTerms): Promise<void> {
    if (terms.kind !== 'realtimeSalary') {
      const bad = firstTierOutOfOrder(terms.tiers);
      if (bad >= 0) throw AppError.field(`contract.tiers.${bad}`, 'contracts:tiersOutOfOrder');
    }
    const own = (await this.contracts.view(caller, terms.kind)).active;
    if (!own) throw AppError.field('contract.kind', 'contracts:noOwnContract', { kind: terms.kind });
    const violation = capViolation(terms, own.terms);
    if (!violation) return;
    if (violation.field === 'period' && own.terms.kind === 'dividend')
      throw AppError.field('contract.period', 'contracts:periodMismatch', { period: own.terms.period });
    if (violation.field === 'kind') throw AppError.field('contract.kind', 'contracts:kindMismatch');
    throw AppError.field(`contract.${violation.field}`, 'contracts:rateAboveUpline', {
      rate: percent(violation.rateBp),
      uplineRate: percent(violation.uplineRateBp),
    });
  }
}

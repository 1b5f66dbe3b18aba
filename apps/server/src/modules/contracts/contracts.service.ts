import { agentTypes } from '@sorte/shared';
import type {
  AgentContract,
  ConsolidatedInfo,
  ContractKind,
  ContractTerms,
} from '@sorte/shared/contracts/agent-contracts';
import type { Connection, Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MessagesService } from '../messages/messages.service';
import type { ContractRow, ContractsRepository, PartyRow } from './contracts.repository';
import { capTerms, capViolation, firstTierOutOfOrder } from './settlement-math';

/** Who asks: a signed-in member (the session's row). */
export type Caller = { id: bigint; type: number; merchant_code: string; upline_id: bigint | null };

/** A downline contract an acceptance ends, and the offer that takes its place. */
export type Cascaded = { contractId: string; downlineId: string; downlineName: string };

const isAgent = (type: number) => agentTypes.includes(type);
const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

export const toContract = (row: ContractRow): AgentContract => ({
  id: row.id.toString(),
  kind: row.kind,
  status: row.status,
  uplineId: row.upline_id?.toString() ?? null,
  uplineName: row.upline_name,
  downlineId: row.downline_id.toString(),
  downlineName: row.downline_name,
  terms: row.terms,
  offeredAt: new Date(row.offered_at).toISOString(),
  decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
  endReason: row.end_reason,
});

/** Runs fn in one transaction on one connection (PGlite: nobody else's statements in between). */
async function inTransaction<T>(db: Database, fn: (on: Connection) => Promise<T>): Promise<T> {
  return db.withConnection(async (on) => {
    await on.exec('begin');
    try {
      const result = await fn(on);
      await on.exec('commit');
      return result;
    } catch (error) {
      await on.exec('rollback');
      // Two racing decisions on one agent meet at the one-active/one-offer indexes: the loser is told
      // the state moved, not a 500.
      if ((error as { code?: string }).code === '23505') throw new AppError(409, 'CONTRACT_NOT_OPEN');
      throw error;
    }
  });
}

/**
 * Contracts between an upline (or the house) and a downline agent (spec section 4, DECISIONS):
 * offer, accept, reject, terminate, the rate cap and the termination cascade. Only the two parties
 * of a contract ever see it; anyone else is told it does not exist.
 */
export class ContractsService {
  constructor(
    private readonly db: Database,
    private readonly repository: ContractsRepository,
    private readonly messages: Pick<MessagesService, 'send'>,
  ) {}

  /** Consolidated info (spec section 3): which contract features the member has, for the menu. */
  async consolidated(caller: Caller): Promise<ConsolidatedInfo> {
    const open = await this.repository.openOf(caller.id);
    const flag = (kind: ContractKind) =>
      open.some((c) => c.kind === kind && c.status === 'active')
        ? 1
        : open.some((c) => c.kind === kind && c.status === 'offered')
          ? 2
          : 0;
    const dividend = open.find((c) => c.kind === 'dividend' && c.status === 'active');
    return {
      dividend: flag('dividend'),
      divtypereq: dividend?.terms.kind === 'dividend' ? dividend.terms.period : '',
      dailysalreqtype: flag('dailySalary'),
      contracthoursalreq: flag('hourlySalary'),
      realtimesalreqtype: flag('realtimeSalary'),
      info: {
        isAgent: isAgent(caller.type),
        pendingOffers: open.filter((c) => c.status === 'offered').length,
        hasUpline: caller.upline_id !== null,
      },
    };
  }

  /** One kind's page: the caller's contract, offers waiting for it, and what it gave its downlines. */
  async view(caller: Caller, kind: ContractKind, downlineId?: bigint) {
    const open = (await this.repository.openOf(caller.id)).filter((c) => c.kind === kind);
    const given = (await this.repository.givenBy(caller.id, kind)).filter(
      (c) => downlineId === undefined || c.downline_id === downlineId,
    );
    const active = open.find((c) => c.status === 'active');
    return {
      kind,
      active: active ? toContract(active) : null,
      offers: open.filter((c) => c.status === 'offered').map(toContract),
      downlines: given.map(toContract),
    };
  }

  /** An upline offers one of its direct downline agents a contract, within its own rates. */
  async offer(caller: Caller, downlineId: bigint, terms: ContractTerms): Promise<AgentContract> {
    if (!isAgent(caller.type)) throw new AppError(403, 'FORBIDDEN');
    checkTiers(terms);
    const downline = await this.repository.party(downlineId);
    if (!downline || downline.upline_id !== caller.id || !isAgent(downline.type))
      throw AppError.field('downlineId', 'contracts:notDirectDownlineAgent');
    const id = await inTransaction(this.db, async (on) => {
      const own = await this.repository.activeOf(caller.id, terms.kind, on);
      if (!own) throw AppError.field('terms.kind', 'contracts:noOwnContract', { kind: terms.kind });
      checkCap(terms, own.terms);
      await this.repository.withdrawOffer(downlineId, terms.kind, on);
      return this.repository.insertOffer(
        {
          merchantCode: downline.merchant_code,
          kind: terms.kind,
          uplineId: caller.id,
          downlineId,
          terms,
          givenBy: null,
          replacesId: null,
          status: 'offered',
        },
        on,
      );
    });
    return toContract((await this.repository.byId(id)) as ContractRow);
  }

  /**
   * The downline accepts an offer. Its downlines' contracts of the same kind above the new rate end
   * only once the agent confirms (DECISIONS): without `confirm` nothing changes and the answer lists
   * them; with it, they end, each of those downlines gets a message and a new offer at the rate the
   * agent can now give.
   *
   * The cascade goes one level per consent, on purpose: a downline B whose contract ended here keeps
   * the contracts it gave its own downlines until B accepts the new offer and confirms (then B's
   * acceptance runs this same cascade below it). DECISIONS makes the end of a downline contract
   * depend on the confirming agent's consent, and only B can consent for B's contracts; until then B
   * still owes them what B promised (level difference: B pays its downlines from its own balance),
   * and B can neither raise them nor offer new ones without a contract of its own (offer() needs it).
   * Ending them at once would break contracts nobody who is party to them agreed to end.
   */
  async accept(caller: Caller, id: bigint, confirm: boolean) {
    const { contract, ended } = await inTransaction(this.db, async (on) => {
      const offer = await this.repository.byId(id, on, true);
      if (!offer || offer.downline_id !== caller.id) throw new AppError(404, 'NOT_FOUND');
      if (offer.status !== 'offered') throw new AppError(409, 'CONTRACT_NOT_OPEN');
      // Made to a place in the tree the agent has left since (moved under another upline).
      if (offer.upline_id !== caller.upline_id) throw new AppError(409, 'CONTRACT_NOT_OPEN');
      if (offer.upline_id !== null) {
        // The upline's own contract may have changed since it offered.
        const uplines = await this.repository.activeOf(offer.upline_id, offer.kind, on);
        if (!uplines) throw AppError.field('id', 'contracts:uplineContractEnded');
        checkCap(offer.terms, uplines.terms);
      }
      const given = await this.repository.givenBy(caller.id, offer.kind, on, true);
      const above = given.filter((c) => capViolation(c.terms, offer.terms) !== null);
      const listed = above.map((c) => ({
        contractId: c.id.toString(),
        downlineId: c.downline_id.toString(),
        downlineName: c.downline_name,
      }));
      if (above.length > 0 && !confirm)
        throw new AppError(409, 'CONTRACT_CONFIRM_REQUIRED', { count: above.length }, { contracts: listed });
      const current = await this.repository.activeOf(caller.id, offer.kind, on, true);
      if (current) await this.repository.transition(current.id, 'active', 'terminated', 'replaced', on);
      await this.repository.transition(offer.id, 'offered', 'active', null, on);
      const newOffers: { downlineId: bigint; offerId: bigint }[] = [];
      for (const old of above) {
        await this.repository.transition(
          old.id,
          old.status,
          'terminated',
          old.status === 'active' ? 'uplineRateLowered' : 'withdrawn',
          on,
        );
        const offerId = await this.repository.insertOffer(
          {
            merchantCode: old.merchant_code,
            kind: old.kind,
            uplineId: caller.id,
            downlineId: old.downline_id,
            terms: capTerms(old.terms, offer.terms),
            givenBy: null,
            replacesId: old.id,
            status: 'offered',
          },
          on,
        );
        newOffers.push({ downlineId: old.downline_id, offerId });
      }
      return {
        contract: (await this.repository.byId(offer.id, on)) as ContractRow,
        ended: { listed, newOffers },
      };
    });
    // After commit: a message is news only about what really happened.
    for (const { downlineId, offerId } of ended.newOffers)
      await this.messages.send(downlineId, 'contractEnded', { orderId: offerId.toString() });
    return { contract: toContract(contract), ended: ended.listed };
  }

  async reject(caller: Caller, id: bigint): Promise<AgentContract> {
    const offer = await this.repository.byId(id);
    if (!offer || offer.downline_id !== caller.id) throw new AppError(404, 'NOT_FOUND');
    if (!(await this.repository.transition(id, 'offered', 'rejected', 'rejected')))
      throw new AppError(409, 'CONTRACT_NOT_OPEN');
    return toContract((await this.repository.byId(id)) as ContractRow);
  }

  /** Either party ends an active contract; the upline may also withdraw its open offer. */
  async terminate(caller: Caller, id: bigint): Promise<AgentContract> {
    const contract = await this.repository.byId(id);
    const isUpline = contract?.upline_id === caller.id;
    const isDownline = contract?.downline_id === caller.id;
    if (!contract || !(isUpline || isDownline)) throw new AppError(404, 'NOT_FOUND');
    const done =
      contract.status === 'active'
        ? await this.repository.transition(
            id,
            'active',
            'terminated',
            isUpline ? 'terminatedByUpline' : 'terminatedByDownline',
          )
        : contract.status === 'offered' && isUpline
          ? await this.repository.transition(id, 'offered', 'terminated', 'withdrawn')
          : false;
    if (!done) throw new AppError(409, 'CONTRACT_NOT_OPEN');
    return toContract((await this.repository.byId(id)) as ContractRow);
  }

  /** Operator: makes a member an agent of a type (1, 2, 41, 42). */
  async makeAgent(memberId: bigint, type: number): Promise<void> {
    const rows = await this.repository.setAgentType(memberId, type);
    if (rows.length === 0) throw new AppError(404, 'NOT_FOUND');
  }

  /** Operator: offers a top-level agent a contract the house pays; the agent accepts it as any offer. */
  async offerFromHouse(operator: string, agentId: bigint, terms: ContractTerms): Promise<AgentContract> {
    checkTiers(terms);
    const agent = await this.repository.party(agentId);
    if (!agent || !isAgent(agent.type) || agent.upline_id !== null)
      throw AppError.field('agentId', 'contracts:notTopLevelAgent');
    const id = await inTransaction(this.db, async (on) => {
      await this.repository.withdrawOffer(agentId, terms.kind, on);
      return this.repository.insertOffer(
        {
          merchantCode: (agent as PartyRow).merchant_code,
          kind: terms.kind,
          uplineId: null,
          downlineId: agentId,
          terms,
          givenBy: operator,
          replacesId: null,
          status: 'offered',
        },
        on,
      );
    });
    return toContract((await this.repository.byId(id)) as ContractRow);
  }
}

function checkTiers(terms: ContractTerms): void {
  if (terms.kind === 'realtimeSalary') return;
  const bad = firstTierOutOfOrder(terms.tiers);
  if (bad >= 0) throw AppError.field(`terms.tiers.${bad}`, 'contracts:tiersOutOfOrder');
}

/** Refuses terms above the upline's, naming the term and both rates. */
function checkCap(terms: ContractTerms, uplineTerms: ContractTerms): void {
  const violation = capViolation(terms, uplineTerms);
  if (!violation) return;
  if (violation.field === 'period' && uplineTerms.kind === 'dividend')
    throw AppError.field('terms.period', 'contracts:periodMismatch', { period: uplineTerms.period });
  if (violation.field === 'kind') throw AppError.field('terms.kind', 'contracts:kindMismatch');
  throw AppError.field(`terms.${violation.field}`, 'contracts:rateAboveUpline', {
    rate: percent(violation.rateBp),
    uplineRate: percent(violation.uplineRateBp),
  });
}

import type { ContractKind, ContractStatus, ContractTerms } from '@sorte/shared/contracts/agent-contracts';
import type { Connection } from '../../db/client';

/** A contract row with the parties' display names. */
export type ContractRow = {
  id: bigint;
  merchant_code: string;
  kind: ContractKind;
  upline_id: bigint | null;
  upline_name: string | null;
  downline_id: bigint;
  downline_name: string;
  terms: ContractTerms;
  status: ContractStatus;
  given_by: string | null;
  offered_at: Date;
  decided_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
  replaces_id: bigint | null;
};

export type PartyRow = {
  id: bigint;
  merchant_code: string;
  type: number;
  upline_id: bigint | null;
  username: string;
};

const selectContract = `
  select c.id, c.merchant_code, c.kind, c.upline_id, u.username as upline_name, c.downline_id,
         d.username as downline_name, c.terms, c.status, c.given_by, c.offered_at, c.decided_at,
         c.ended_at, c.end_reason, c.replaces_id
    from agent_contracts c
    join members d on d.id = c.downline_id
    left join members u on u.id = c.upline_id`;

/** All SQL of the contracts module. Every method takes the connection to run on (a transaction's). */
export class ContractsRepository {
  constructor(private readonly db: Connection) {}

  party(id: bigint, on: Connection = this.db): Promise<PartyRow | undefined> {
    return on
      .query<PartyRow>('select id, merchant_code, type, upline_id, username from members where id = $1', [id])
      .then((rows) => rows[0]);
  }

  async byId(id: bigint, on: Connection = this.db, lock = false): Promise<ContractRow | undefined> {
    const [row] = await on.query<ContractRow>(
      `${selectContract} where c.id = $1${lock ? ' for update of c' : ''}`,
      [id],
    );
    return row;
  }

  /** The member's open (offered or active) contracts, every kind. */
  openOf(memberId: bigint, on: Connection = this.db): Promise<ContractRow[]> {
    return on.query<ContractRow>(
      `${selectContract} where c.downline_id = $1 and c.status in ('offered', 'active') order by c.id`,
      [memberId],
    );
  }

  /** The member's active contract of a kind. */
  async activeOf(memberId: bigint, kind: ContractKind, on: Connection = this.db, lock = false) {
    const [row] = await on.query<ContractRow>(
      `${selectContract} where c.downline_id = $1 and c.kind = $2 and c.status = 'active'${lock ? ' for update of c' : ''}`,
      [memberId, kind],
    );
    return row;
  }

  /** Open contracts of a kind an upline gave or offered its direct downlines. */
  givenBy(
    uplineId: bigint,
    kind: ContractKind,
    on: Connection = this.db,
    lock = false,
  ): Promise<ContractRow[]> {
    return on.query<ContractRow>(
      `${selectContract} where c.upline_id = $1 and c.kind = $2 and c.status in ('offered', 'active')
        order by c.id${lock ? ' for update of c' : ''}`,
      [uplineId, kind],
    );
  }

  async insertOffer(
    input: {
      merchantCode: string;
      kind: ContractKind;
      uplineId: bigint | null;
      downlineId: bigint;
      terms: ContractTerms;
      givenBy: string | null;
      replacesId: bigint | null;
      status: 'offered' | 'active';
    },
    on: Connection = this.db,
  ): Promise<bigint> {
    const [row] = await on.query<{ id: bigint }>(
      `insert into agent_contracts (merchant_code, kind, upline_id, downline_id, terms, status, given_by,
                                    replaces_id, decided_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, case when $6 = 'active' then now() end)
       returning id`,
      [
        input.merchantCode,
        input.kind,
        input.uplineId,
        input.downlineId,
        JSON.stringify(input.terms),
        input.status,
        input.givenBy,
        input.replacesId,
      ],
    );
    return (row as { id: bigint }).id;
  }

  /** Moves a contract from one status to another; false when it was not in `from` any more. */
  async transition(
    id: bigint,
    from: ContractStatus,
    to: ContractStatus,
    endReason: string | null,
    on: Connection = this.db,
  ): Promise<boolean> {
    const rows = await on.query(
      `update agent_contracts
          set status = $3,
              decided_at = case when $2 = 'offered' then now() else decided_at end,
              ended_at = case when $3 in ('rejected', 'terminated') then now() else ended_at end,
              end_reason = coalesce($4, end_reason)
        where id = $1 and status = $2
       returning id`,
      [id, from, to, endReason],
    );
    return rows.length === 1;
  }

  /** Withdraws the open offer of a kind to a downline (a newer offer takes its place). */
  withdrawOffer(downlineId: bigint, kind: ContractKind, on: Connection = this.db) {
    return on.query(
      `update agent_contracts set status = 'terminated', ended_at = now(), end_reason = 'withdrawn'
        where downline_id = $1 and kind = $2 and status = 'offered'`,
      [downlineId, kind],
    );
  }

  setAgentType(memberId: bigint, type: number, on: Connection = this.db) {
    return on.query<{ id: bigint }>('update members set type = $2 where id = $1 returning id', [
      memberId,
      type,
    ]);
  }
}

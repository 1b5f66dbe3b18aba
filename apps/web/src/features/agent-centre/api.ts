import type {
  DownlinePage,
  TeamBettingPage,
  TeamOverview,
  TeamProfitLossPage,
  TeamTransactionsPage,
} from '@sorte/shared';
import type {
  AgentContract,
  ConsolidatedInfo,
  ContractKind,
  ContractSettlement,
  ContractTerms,
} from '@sorte/shared/contracts/agent-contracts';
import type { AgentRegisterBody, AgentRegisterResult } from '@sorte/shared/contracts/agent-register';
import { currencyInfo } from '@sorte/shared/currency';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentMerchant } from '../../lib/merchant';
import { useApi } from '../../lib/use-api';

export const agentKeys = {
  all: ['agent'] as const,
  consolidated: ['agent', 'consolidated'] as const,
  overview: (q: object) => ['agent', 'overview', q] as const,
  downlines: (q: object) => ['agent', 'downlines', q] as const,
  betting: (q: object) => ['agent', 'betting', q] as const,
  profitLoss: (q: object) => ['agent', 'profitLoss', q] as const,
  transactions: (q: object) => ['agent', 'transactions', q] as const,
  contract: (kind: ContractKind, memberId?: string) => ['agent', 'contract', kind, memberId ?? ''] as const,
  settlements: (kind: ContractKind) => ['agent', 'settlements', kind] as const,
};

export const agentPageSize = 20;

/** A query string of the defined, non-blank values. */
export const queryOf = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** Consolidated info (spec section 3): which contract pages the menu shows. */
export function useConsolidatedInfo(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.consolidated,
    enabled,
    queryFn: ({ signal }) => api<ConsolidatedInfo>('/wps/member/info/funds/consolidated', { signal }),
  });
}

export function useTeamOverview(range: { startDate?: string; endDate?: string }) {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.overview(range),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api<TeamOverview>(`/wps/agent/team/overview?${queryOf(range)}`, { signal }),
  });
}

export type DownlineFilters = {
  parentId?: string | undefined;
  username?: string | undefined;
  level?: number | undefined;
  type?: number | undefined;
  status?: string | undefined;
  page: number;
};

export function useDownlines(filters: DownlineFilters) {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.downlines(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<DownlinePage>(
        `/wps/agent/team/downlines?${queryOf({
          parentId: filters.parentId,
          username: filters.username,
          level: filters.level,
          type: filters.type,
          status: filters.status,
          pageNo: filters.page,
          pageSize: agentPageSize,
        })}`,
        { signal },
      ),
  });
}

export type TeamRecordFilters = {
  username?: string | undefined;
  gameType?: string | undefined;
  type?: string | undefined;
  startDate: string;
  endDate: string;
  page: number;
};

const recordQuery = (f: TeamRecordFilters) =>
  queryOf({
    username: f.username,
    gameType: f.gameType,
    type: f.type,
    startDate: f.startDate,
    endDate: f.endDate,
    pageNo: f.page,
    pageSize: agentPageSize,
  });

export function useTeamBetting(filters: TeamRecordFilters) {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.betting(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<TeamBettingPage>(`/wps/agent/team/betting?${recordQuery(filters)}`, { signal }),
  });
}

export function useTeamProfitLoss(filters: TeamRecordFilters) {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.profitLoss(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<TeamProfitLossPage>(`/wps/agent/team/profitLoss?${recordQuery(filters)}`, { signal }),
  });
}

export function useTeamTransactions(filters: TeamRecordFilters) {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.transactions(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<TeamTransactionsPage>(`/wps/agent/team/transactions?${recordQuery(filters)}`, { signal }),
  });
}

export type ContractKindView = {
  kind: ContractKind;
  active: AgentContract | null;
  offers: AgentContract[];
  downlines: AgentContract[];
};

/** One kind's contract page: my contract, offers to me, what I gave my downlines (or one of them). */
export function useContractView(kind: ContractKind, memberId?: string) {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.contract(kind, memberId),
    queryFn: ({ signal }) =>
      api<ContractKindView>(`/wps/relay/contracts/${kind}`, {
        method: 'POST',
        body: memberId ? { memberId } : {},
        signal,
      }),
  });
}

export function useSettlements(kind: ContractKind) {
  const api = useApi();
  return useQuery({
    queryKey: agentKeys.settlements(kind),
    queryFn: ({ signal }) =>
      api<{ content: ContractSettlement[] }>(`/wps/relay/contracts/${kind}/settlements`, {
        method: 'POST',
        body: {},
        signal,
      }),
  });
}

/** Answers change the menu (consolidated info) and every contract list: refetch them all. */
function useContractMutation<V, R>(call: (api: ReturnType<typeof useApi>, vars: V) => Promise<R>) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(api, vars),
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export const useAcceptContract = () =>
  useContractMutation((api, { id, confirm }: { id: string; confirm: boolean }) =>
    api<{ contract: AgentContract }>(`/wps/agent/contracts/${id}/accept`, {
      method: 'POST',
      body: { confirm },
    }),
  );

export const useRejectContract = () =>
  useContractMutation((api, id: string) =>
    api<AgentContract>(`/wps/agent/contracts/${id}/reject`, { method: 'POST', body: {} }),
  );

export const useOfferContract = () =>
  useContractMutation((api, vars: { downlineId: string; terms: ContractTerms }) =>
    api<AgentContract>('/wps/agent/contracts/offer', { method: 'POST', body: vars }),
  );

/** An upline pays what it owes a downline for one period (spec section 7: request process). */
export const useProcessSettlement = () =>
  useContractMutation((api, { kind, settlementId }: { kind: ContractKind; settlementId: string }) =>
    api<ContractSettlement>(`/wps/relay/contracts/${kind}/process`, {
      method: 'POST',
      body: { settlementId },
    }),
  );

export const useRegisterDownline = () =>
  useContractMutation((api, body: AgentRegisterBody) =>
    api<AgentRegisterResult>('/wps/agent/register', { method: 'POST', body }),
  );

/** Minor digits of the merchant's currency, for amounts typed in major units. */
export const currencyDecimals = () => currencyInfo[currentMerchant().currency].minorDigits;

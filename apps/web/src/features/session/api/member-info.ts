import type { memberInfoSchema } from '@sorte/shared/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSessionSnapshot } from '../../../lib/session-store';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys';
import { useApi } from '../../../lib/use-api';

export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const memberInfoQueryKey = (token: string | null) => ['member-info', token] as const;

/** The member info kept in session storage (spec section 3), so a reload paints the header at once. */
function cachedMemberInfo(): MemberInfo | undefined {
  const raw = readStored(sessionStorage, storageKeys.memberInfo);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as MemberInfo;
  } catch {
    return undefined;
  }
}

/** GET /wps/member/info for the signed-in member; nothing for guests. */
export function useMemberInfo() {
  const { token } = useSessionSnapshot();
  const api = useApi();
  return useQuery({
    queryKey: memberInfoQueryKey(token),
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      const info = await api<MemberInfo>('/wps/member/info', { signal });
      writeStored(sessionStorage, storageKeys.memberInfo, JSON.stringify(info));
      return info;
    },
    initialData: token ? cachedMemberInfo : undefined,
    // The cached copy paints immediately, and is refreshed from the server right after.
    initialDataUpdatedAt: 0,
  });
}
